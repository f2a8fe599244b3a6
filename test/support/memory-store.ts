/**
 * A `PaperStore` in plain Maps, for tests that need a library without a database. It passes the
 * same per-port contract suites as the SQLite and Postgres drivers
 * (test/unit/adapters/store/contract/), so a test that passes on it holds on them too: the same input
 * checks (the drivers' shared `paper-row.ts` / `alert-rows.ts` and the domain rules), the same
 * orders, and the same FTS5-compatible BM25 ranking (`postgres/text-search.ts`).
 * Records are copied in and out (JSON), so a caller mutating a result cannot change the store.
 */
import { memoryProposals } from './memory-proposals.ts';
import { createHash } from 'node:crypto';
import type { Digest, Receipt, Summary } from '../../domain/digest.ts';
import { AppError } from '../../domain/errors.ts';
import { CONTENT_SOURCES, isContentSource } from '../../app/ports/store.ts';
import type { ListResult, StoredPaper } from '../../domain/library.ts';
import {
  baseId,
  nameKeys,
  normalizeFilters,
  normalizeName,
  validateTopicName,
  validateVersion,
} from '../../domain/library.ts';
import { normalizeSubscription, validateSubscriptionName } from '../../domain/subscription.ts';
import {
  checkAnnouncement,
  checkConversationId,
  checkDigest,
  checkKey,
  checkReceipt,
  nextFailures,
  toDelivery,
  toSubscription,
  type DeliveryRow,
} from '../../adapters/store/alert-rows.ts';
import {
  checkPaper,
  paperColumns,
  rowToListedPaper,
  rowToPaper,
  type PaperRow,
} from '../../adapters/store/paper-row.ts';
import { checkRatingInput, toRating, type RatingRow } from '../../adapters/store/rating-rows.ts';
import type {
  ChunkHit,
  Conversation,
  ConversationMessage,
  PaperStore,
  StoredContent,
} from '../../app/ports/store.ts';
import {
  bm25,
  queryTerms,
  tokenize,
  WEIGHT_OF,
  type FieldWeight,
} from '../../adapters/store/postgres/text-search.ts';

/** With a query, relevance ranking covers at most this many of the newest matches (as both drivers). */
const RANK_WINDOW = 2000;

const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
/** SQLite's BINARY collation and Postgres's C locale: UTF-8 byte order. */
const byteOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));
/** Versions are kept under `vkey` = version or 0, as in both drivers. */
const vkey = (v: number | null) => v ?? 0;

/** A document of a full-text index: weighted term counts and its length in tokens. */
interface Indexed {
  freqs: Map<string, number>;
  ntok: number;
}

function indexFields(fields: Array<[string, FieldWeight]>): Indexed {
  const freqs = new Map<string, number>();
  let ntok = 0;
  for (const [text, w] of fields) {
    for (const t of tokenize(text)) {
      ntok++;
      freqs.set(t, (freqs.get(t) ?? 0) + WEIGHT_OF[w]);
    }
  }
  return { freqs, ntok };
}

/** FTS5's bm25() of each of `matches`, with the statistics (documents, tokens, hits per term) of the whole index `all`. */
function rank<T extends { index: Indexed }>(
  all: Iterable<{ index: Indexed }>,
  terms: string[],
  matches: T[],
): Array<{ doc: T; rank: number }> {
  let docs = 0;
  let tokens = 0;
  const hits = terms.map(() => 0);
  for (const d of all) {
    docs++;
    tokens += d.index.ntok;
    terms.forEach((t, i) => {
      if (d.index.freqs.has(t)) hits[i] = (hits[i] ?? 0) + 1;
    });
  }
  return matches.map((doc) => ({
    doc,
    rank: bm25(
      terms.map((t) => doc.index.freqs.get(t) ?? 0),
      doc.index.ntok,
      { docs, tokens, hits },
    ),
  }));
}

const holdsAll = (index: Indexed, terms: string[]) => terms.every((t) => index.freqs.has(t));

interface PaperRecord {
  pk: number;
  row: Omit<PaperRow<boolean>, 'pk'>;
  index: Indexed;
  authorKeys: Set<string>;
  /** version -> `updated` of the first record of it seen. */
  versions: Map<number, string>;
}

interface ChunkRecord {
  pk: number;
  paperId: string;
  version: number | null;
  seq: number;
  sectionPath: string[];
  text: string;
  index: Indexed;
}

interface ContentRecord {
  key: string;
  id: string;
  version: number | null;
  source: StoredContent['source'];
  markdown: string;
  warnings: string[];
}

/** A new, empty in-memory library. */
export function createMemoryStore(): PaperStore {
  const now = () => new Date().toISOString();
  let nextPk = 1;
  let nextChunkPk = 1;
  const papers = new Map<string, PaperRecord>();
  /** topic name -> paper ids in the order they joined. */
  const topics = new Map<string, Set<string>>();
  /** `${id} ${vkey}` -> content. */
  const contents = new Map<string, ContentRecord>();
  const chunks = new Map<string, ChunkRecord[]>();
  const summaries = new Map<string, string>();
  const subscriptions = new Map<string, { body_json: string; created_at: string; updated_at: string }>();
  const digests = new Map<string, { subscription: string; date: string; windowEnd: string; body: string }>();
  const receipts = new Map<string, Map<Receipt['destination'], Receipt>>();
  /** subscription -> base id -> digest key. */
  const seen = new Map<string, Map<string, string>>();
  /** `${subscription} ${announcement}` -> row. */
  const deliveries = new Map<string, DeliveryRow>();
  const conversations = new Map<string, { messages: string; updatedAt: string }>();
  /** `${subscription} ${base id}` -> row. */
  const ratings = new Map<string, RatingRow>();
  let closed = false;

  const versionKey = (id: string, v: number | null) => `${id} ${vkey(v)}`;
  const latest = <T>(map: Map<string, T>, id: string): T | null => {
    let best: { v: number; value: T } | null = null;
    for (const [k, value] of map) {
      const at = k.lastIndexOf(' ');
      if (k.slice(0, at) !== id) continue;
      const v = Number(k.slice(at + 1));
      if (!best || v > best.v) best = { v, value };
    }
    return best?.value ?? null;
  };
  const topicOf = (name: string, what = 'topic'): Set<string> => {
    const t = topics.get(name);
    if (!t)
      throw new AppError(
        'NOT_FOUND',
        `${what} "${name}" does not exist; list topics with the topics command`,
      );
    return t;
  };
  const newestFirst = (a: PaperRecord, b: PaperRecord) =>
    byteOrder(b.row.published_at, a.row.published_at) || b.pk - a.pk;
  const seenOf = (sub: string) => {
    let s = seen.get(sub);
    if (!s) seen.set(sub, (s = new Map()));
    return s;
  };

  const store: Omit<PaperStore, 'close'> = {
    async upsertPapers(list, opts) {
      if (!Array.isArray(list)) throw new AppError('INVALID_INPUT', 'upsertPapers takes a list of papers');
      const topic = opts?.topic === undefined ? null : validateTopicName(opts.topic);
      // Every paper is checked before any is stored: a failing batch leaves the library as it was.
      const checked = list.map((p) => ({ p, ...checkPaper(p) }));
      let inserted = 0;
      let updated = 0;
      for (const { p, id, version, publishedAt } of checked) {
        const row = paperColumns(copy(p), { id, version, publishedAt });
        const fresh = () => ({
          row,
          index: indexFields([
            [row.title, 'A'],
            [row.abstract, 'B'],
          ]),
          authorKeys: new Set(p.authors.flatMap((a) => nameKeys(normalizeName(a.name)))),
        });
        let rec = papers.get(id);
        if (!rec) {
          rec = { pk: nextPk++, versions: new Map(), ...fresh() };
          papers.set(id, rec);
          inserted++;
        } else {
          // An older version arriving late (a page of search results) must not overwrite newer metadata.
          const inV = version ?? 0;
          const exV = rec.row.version ?? 0;
          if (inV > exV || (inV === exV && row.updated >= rec.row.updated)) Object.assign(rec, fresh());
          updated++;
        }
        if (version !== null && !rec.versions.has(version)) rec.versions.set(version, row.updated);
        if (topic !== null) {
          let t = topics.get(topic);
          if (!t) topics.set(topic, (t = new Set()));
          t.add(id);
        }
      }
      if (topic !== null && !topics.has(topic)) topics.set(topic, new Set());
      return { inserted, updated };
    },

    async getPaper(id) {
      const rec = papers.get(baseId(id));
      if (!rec) return null;
      const paper: StoredPaper = {
        ...rowToPaper({ ...rec.row, pk: rec.pk }),
        versionsSeen: [...rec.versions.keys()].sort((a, b) => a - b),
        topics: [...topics]
          .filter(([, ids]) => ids.has(rec.row.id))
          .map(([name]) => name)
          .sort(byteOrder),
      };
      return copy(paper);
    },

    async listPapers(filters) {
      const f = normalizeFilters(filters ?? {});
      // Dates are inclusive days; published_at is an ISO timestamp, so the end bound is the next day.
      const until =
        f.endDate === null
          ? null
          : new Date(Date.parse(`${f.endDate}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      const inTopic = f.topic === null ? null : topicOf(f.topic);
      const authorKey = f.author === null ? null : normalizeName(f.author);
      const terms = f.query === null ? null : queryTerms(f.query);
      if (f.query !== null && terms === null)
        throw new AppError('INVALID_INPUT', `query "${f.query}" has no words to search for`);
      const matches = [...papers.values()].filter(
        (r) =>
          (authorKey === null || r.authorKeys.has(authorKey)) &&
          (f.categories.length === 0 ||
            f.categories.some((c) => (JSON.parse(r.row.categories_json) as string[]).includes(c))) &&
          (inTopic === null || inTopic.has(r.row.id)) &&
          (f.startDate === null || r.row.published_at >= f.startDate) &&
          (until === null || r.row.published_at < until) &&
          (terms === null || holdsAll(r.index, terms)),
      );
      let page: PaperRecord[];
      if (terms !== null) {
        // BM25 ranks the newest (highest-key) `window` matches; ties by key, as on SQLite.
        const window = matches
          .sort((a, b) => b.pk - a.pk)
          .slice(0, Math.max(RANK_WINDOW, f.offset + f.limit));
        page = rank(papers.values(), terms, window)
          .sort((x, y) => x.rank - y.rank || x.doc.pk - y.doc.pk)
          .map((x) => x.doc);
      } else {
        page = matches.sort(newestFirst);
      }
      const result: ListResult = {
        total_count: matches.length,
        returned: 0,
        papers: page.slice(f.offset, f.offset + f.limit).map(({ row }) => rowToListedPaper(row)),
      };
      result.returned = result.papers.length;
      return result;
    },

    async topics() {
      return [...topics]
        .map(([name, ids]) => ({ name, count: ids.size }))
        .sort((a, b) => byteOrder(a.name, b.name));
    },

    async removePaper(id) {
      const b = baseId(id);
      const had = papers.delete(b);
      for (const ids of topics.values()) ids.delete(b);
      const ofPaper = (k: string) => k.slice(0, k.lastIndexOf(' ')) === b;
      for (const map of [contents, chunks, summaries] as Array<Map<string, unknown>>)
        for (const k of [...map.keys()]) if (ofPaper(k)) map.delete(k);
      return had;
    },

    async topicPapers(name) {
      const topic = validateTopicName(name);
      const ids = topicOf(topic);
      const recs = [...ids].flatMap((id) => papers.get(id) ?? []).sort(newestFirst);
      return { name: topic, papers: recs.map((r) => copy(rowToPaper({ ...r.row, pk: r.pk }))) };
    },

    /** The key is the drivers': sha256 of [id, version, source, sha256(markdown)]. */
    async saveContent(c) {
      const id = baseId(c?.id);
      const version = validateVersion(c.version);
      if (!isContentSource(c.source))
        throw new AppError(
          'INVALID_INPUT',
          `content source must be one of ${CONTENT_SOURCES.join(', ')} (got ${String(c.source)})`,
        );
      if (typeof c.markdown !== 'string')
        throw new AppError('INVALID_INPUT', `content of ${id}: markdown must be a string`);
      const warnings = Array.isArray(c.warnings) ? c.warnings.map(String) : [];
      const key = sha256Hex(JSON.stringify([id, version, c.source, sha256Hex(c.markdown)]));
      contents.set(versionKey(id, version), {
        key,
        id,
        version,
        source: c.source,
        markdown: c.markdown,
        warnings,
      });
      return { key };
    },

    async getContent(id, version) {
      const b = baseId(id);
      const c =
        version === undefined ? latest(contents, b) : contents.get(versionKey(b, validateVersion(version)));
      return c ? copy(c) : null;
    },

    async getContentByKey(key) {
      if (typeof key !== 'string' || !/^[0-9a-f]{64}$/.test(key)) return null;
      const c = [...contents.values()].find((x) => x.key === key);
      return c ? copy(c) : null;
    },

    async replaceChunks(id, version, list) {
      const b = baseId(id);
      const v = validateVersion(version);
      if (!Array.isArray(list)) throw new AppError('INVALID_INPUT', `chunks of ${b} must be a list`);
      list.forEach((c, i) => {
        if (!c || !Array.isArray(c.sectionPath) || typeof c.text !== 'string') {
          throw new AppError(
            'INVALID_INPUT',
            `chunk ${i} of ${b} needs sectionPath (list) and text (string)`,
          );
        }
      });
      const meta = papers.get(b)?.row ?? { title: '', abstract: '' };
      chunks.set(
        versionKey(b, v),
        list.map((c, i) => {
          const sectionPath = c.sectionPath.map(String);
          return {
            pk: nextChunkPk++,
            paperId: b,
            version: v,
            seq: i,
            sectionPath,
            text: c.text,
            // The paper's title/abstract are indexed with each chunk so a query may match across them.
            index: indexFields([
              [meta.title, 'A'],
              [i === 0 ? meta.abstract : '', 'B'],
              [sectionPath.join(' '), 'C'],
              [c.text, 'D'],
            ]),
          };
        }),
      );
    },

    /** Ranked by FTS5's bm25(chunks_fts, 3, 1, 2, 1) as on SQLite, then paper id, then chunk order. */
    async searchChunks(query, opts = {}) {
      const limit = opts.limit ?? 10;
      if (!Number.isInteger(limit) || limit < 1 || limit > 200) {
        throw new AppError(
          'INVALID_INPUT',
          `limit must be a whole number from 1 to 200 (got ${String(opts.limit)})`,
        );
      }
      const terms = typeof query === 'string' ? queryTerms(query) : null;
      if (terms === null) return [];
      const ids = opts.ids?.map(baseId);
      if (ids && ids.length === 0) return [];
      const all = [...chunks.values()].flat();
      const newest = new Map<string, number>();
      for (const c of all) newest.set(c.paperId, Math.max(newest.get(c.paperId) ?? 0, vkey(c.version)));
      const matches = all.filter(
        (c) =>
          vkey(c.version) === newest.get(c.paperId) &&
          (!ids || ids.includes(c.paperId)) &&
          holdsAll(c.index, terms),
      );
      return rank(all, terms, matches)
        .sort((x, y) => x.rank - y.rank || byteOrder(x.doc.paperId, y.doc.paperId) || x.doc.seq - y.doc.seq)
        .slice(0, limit)
        .map(({ doc, rank: r }): ChunkHit => ({
          arxivId: doc.paperId,
          version: doc.version,
          title: papers.get(doc.paperId)?.row.title ?? '',
          sectionPath: [...doc.sectionPath],
          text: doc.text,
          score: -r,
        }));
    },

    async saveSummary(id, version, summary) {
      const v = validateVersion(version);
      if (
        !summary ||
        typeof summary.tldr !== 'string' ||
        !Array.isArray(summary.keyPoints) ||
        typeof summary.method !== 'string'
      ) {
        throw new AppError('INVALID_INPUT', `summary of ${id} needs tldr, keyPoints and method`);
      }
      summaries.set(versionKey(baseId(id), v), JSON.stringify(summary));
    },

    async getSummary(id, version) {
      const b = baseId(id);
      const s =
        version === undefined ? latest(summaries, b) : summaries.get(versionKey(b, validateVersion(version)));
      return s === null || s === undefined ? null : (JSON.parse(s) as Summary);
    },

    async upsertSubscription(input) {
      const body = normalizeSubscription(input);
      const at = now();
      const prior = subscriptions.get(body.name);
      const row = { body_json: JSON.stringify(body), created_at: prior?.created_at ?? at, updated_at: at };
      subscriptions.set(body.name, row);
      return toSubscription(row);
    },

    async getSubscription(name) {
      const r = subscriptions.get(validateSubscriptionName(name));
      return r ? toSubscription(r) : null;
    },

    async listSubscriptions() {
      return [...subscriptions.keys()].sort(byteOrder).map((n) => toSubscription(subscriptions.get(n)!));
    },

    async deleteSubscription(name) {
      const n = validateSubscriptionName(name);
      seen.delete(n);
      for (const [k, d] of deliveries) if (d.subscription === n) deliveries.delete(k);
      for (const [k, r] of ratings) if (r.subscription === n) ratings.delete(k);
      return subscriptions.delete(n);
    },

    async saveDigest(d) {
      checkDigest(d);
      digests.set(d.key, {
        subscription: d.subscription,
        date: d.date,
        windowEnd: d.windowEnd,
        body: JSON.stringify(d),
      });
    },

    async getDigest(key) {
      const d = digests.get(checkKey(key, 'digest key'));
      return d ? (JSON.parse(d.body) as Digest) : null;
    },

    async lastDigest(subscription) {
      return (await store.listDigests(subscription, 1))[0] ?? null;
    },

    async listDigests(subscription, limit) {
      if (!Number.isInteger(limit) || limit < 1)
        throw new AppError('INVALID_INPUT', `limit must be a whole number >= 1 (got ${String(limit)})`);
      checkKey(subscription, 'subscription');
      return [...digests]
        .filter(([, d]) => d.subscription === subscription)
        .sort(
          ([ka, a], [kb, b]) =>
            byteOrder(b.windowEnd, a.windowEnd) || byteOrder(b.date, a.date) || byteOrder(kb, ka),
        )
        .slice(0, limit)
        .map(([, d]) => JSON.parse(d.body) as Digest);
    },

    async recordReceipt(digestKey, r) {
      checkReceipt(digestKey, r);
      let m = receipts.get(digestKey);
      if (!m) receipts.set(digestKey, (m = new Map()));
      if (!m.has(r.destination))
        m.set(r.destination, {
          destination: r.destination,
          ref: r.ref,
          url: r.url ?? null,
          publishedAt: r.publishedAt,
        });
    },

    async getReceipts(digestKey) {
      const m = receipts.get(checkKey(digestKey, 'digest key'));
      return m ? [...m.values()].sort((a, b) => byteOrder(a.destination, b.destination)).map(copy) : [];
    },

    async filterUnseen(subscription, ids) {
      checkKey(subscription, 'subscription');
      const s = seen.get(subscription);
      return [...new Set(ids.map(baseId))].filter((id) => !s?.has(id));
    },

    async markSeen(subscription, ids, digestKey) {
      checkKey(subscription, 'subscription');
      checkKey(digestKey, 'digest key');
      const s = seenOf(subscription);
      for (const id of new Set(ids.map(baseId))) if (!s.has(id)) s.set(id, digestKey);
    },

    async saveDelivery(d) {
      checkKey(d?.subscription, 'subscription');
      checkAnnouncement(d.announcement);
      if (!Array.isArray(d.considered))
        throw new AppError(
          'INVALID_INPUT',
          `delivery ${d.subscription}:${d.announcement} needs a considered list`,
        );
      const k = `${d.subscription} ${d.announcement}`;
      if (deliveries.get(k)?.status === 'delivered') return;
      deliveries.set(k, {
        subscription: d.subscription,
        announcement: d.announcement,
        status: 'pending',
        digest_key: d.digestKey ?? null,
        window_end: d.windowEnd ?? null,
        considered_json: JSON.stringify([...new Set(d.considered.map(baseId))]),
        failures_json: deliveries.get(k)?.failures_json ?? null,
      });
    },

    async getDelivery(subscription, announcement) {
      const r = deliveries.get(
        `${checkKey(subscription, 'subscription')} ${checkAnnouncement(announcement)}`,
      );
      return r ? toDelivery(r) : null;
    },

    async completeDelivery(subscription, announcement, sentIds) {
      const r = deliveries.get(
        `${checkKey(subscription, 'subscription')} ${checkAnnouncement(announcement)}`,
      );
      if (!r)
        throw new AppError('NOT_FOUND', `no delivery of ${announcement} is recorded for ${subscription}`);
      if (r.status === 'delivered') return;
      const key = r.digest_key ?? `${subscription}:${announcement}`;
      const s = seenOf(subscription);
      // Sent and considered-not-sent ids both leave the unseen set (first digest wins).
      for (const id of [...new Set(sentIds.map(baseId)), ...(JSON.parse(r.considered_json) as string[])])
        if (!s.has(id)) s.set(id, key);
      r.status = 'delivered';
    },

    async lastDelivery(subscription) {
      checkKey(subscription, 'subscription');
      const done = [...deliveries.values()].filter(
        (d) => d.subscription === subscription && d.status === 'delivered',
      );
      const newest = done.sort((a, b) => byteOrder(b.announcement, a.announcement))[0];
      return newest ? toDelivery(newest) : null;
    },

    async pendingDeliveries(subscription) {
      checkKey(subscription, 'subscription');
      return [...deliveries.values()]
        .filter((d) => d.subscription === subscription && d.status === 'pending' && d.digest_key !== null)
        .sort((a, b) => byteOrder(a.announcement, b.announcement))
        .map(toDelivery);
    },

    async setPublishFailure(subscription, announcement, destination, failure) {
      const r = deliveries.get(
        `${checkKey(subscription, 'subscription')} ${checkAnnouncement(announcement)}`,
      );
      if (!r || r.status === 'delivered') return;
      r.failures_json = nextFailures(r.failures_json, destination, failure);
    },

    async adoptLegacyDeliveries() {
      let adopted = 0;
      const subs = new Set([...digests.values()].map((d) => d.subscription));
      for (const sub of subs) {
        const mine = [...deliveries.values()].filter((d) => d.subscription === sub);
        if (mine.some((d) => d.status === 'delivered')) continue;
        const named = new Set(mine.map((d) => d.digest_key));
        const sentKeys = new Set(seenOf(sub).values());
        const newest = [...digests]
          .filter(([k, d]) => d.subscription === sub && sentKeys.has(k) && !named.has(k))
          .sort(
            ([ka, a], [kb, b]) =>
              byteOrder(b.windowEnd, a.windowEnd) || byteOrder(b.date, a.date) || byteOrder(kb, ka),
          )[0];
        if (!newest || deliveries.has(`${sub} ${newest[1].date}`)) continue;
        deliveries.set(`${sub} ${newest[1].date}`, {
          subscription: sub,
          announcement: newest[1].date,
          status: 'delivered',
          digest_key: newest[0],
          window_end: newest[1].windowEnd,
          considered_json: '[]',
          failures_json: null,
        });
        adopted++;
      }
      return adopted;
    },

    async getConversation(id) {
      const c = conversations.get(checkConversationId(id));
      return c
        ? ({
            id,
            messages: JSON.parse(c.messages) as ConversationMessage[],
            updatedAt: c.updatedAt,
          } satisfies Conversation)
        : null;
    },

    async saveConversation(id, messages) {
      checkConversationId(id);
      if (
        !Array.isArray(messages) ||
        messages.some((m) => typeof m !== 'object' || m === null || Array.isArray(m))
      ) {
        throw new AppError('INVALID_INPUT', `conversation ${id}: messages must be a list of objects`);
      }
      conversations.set(id, { messages: JSON.stringify(messages), updatedAt: now() });
    },

    async deleteConversation(id) {
      return conversations.delete(checkConversationId(id));
    },
    ...memoryProposals(),

    async setRating(input) {
      const r = checkRatingInput(input);
      const k = `${r.subscription} ${r.id}`;
      if (r.value === null) {
        ratings.delete(k);
        return null;
      }
      const row: RatingRow = {
        subscription: r.subscription,
        base_id: r.id,
        rating: r.value,
        source: r.source,
        rated_at: now(),
      };
      ratings.set(k, row);
      return toRating(row);
    },

    async listRatings(subscription) {
      const n = validateSubscriptionName(subscription);
      return [...ratings.values()]
        .filter((r) => r.subscription === n)
        .sort((a, b) => byteOrder(a.rated_at, b.rated_at) || byteOrder(a.base_id, b.base_id))
        .map(toRating);
    },
  };

  // Every call on a closed store fails as the drivers' do.
  const guarded = Object.fromEntries(
    Object.entries(store).map(([name, fn]) => [
      name,
      (...args: unknown[]) => {
        if (closed)
          return Promise.reject(new AppError('STORE_ERROR', `the library is closed (while ${name})`));
        return (fn as (...a: unknown[]) => Promise<unknown>)(...args);
      },
    ]),
  ) as Omit<PaperStore, 'close'>;
  return {
    ...guarded,
    close: async () => {
      closed = true;
    },
  };
}
