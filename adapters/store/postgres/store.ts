/**
 * The Postgres driver of the PaperStore port, for libraries shared by several hosts
 * (`DATABASE_URL=postgres://…`). Everything, Markdown included, lives in the database: no host
 * depends on another's disk. Migrations run when the store opens; every call waits for them.
 */
import type pg from 'pg';
import { silentLogger, type Logger } from '../../../lib/logger.ts';
import { AppError } from '../../../domain/errors.ts';
import type { PaperStore } from '../../../app/ports/store.ts';
import { createAlertTables } from './alerts.ts';
import { createContentTables } from './contents.ts';
import { createPool, inTransaction, storeError } from './database.ts';
import { migrate } from './migrations.ts';
import { createPaperTables } from './papers.ts';
import { createRatingTable } from './ratings.ts';
import { createProposalTable } from './proposals.ts';

export interface PostgresStoreOptions {
  /** `postgres://user:password@host:5432/database`. */
  url: string;
  logger?: Logger;
  /** Pool size per process (default 4). */
  maxConnections?: number;
}

/** The store plus its pool, for tools that copy whole tables (`library copy`). */
export interface PostgresStore extends PaperStore {
  /** Resolves once migrations ran; rejects with STORE_ERROR when the database is unreachable or newer. */
  ready: Promise<void>;
  pool: pg.Pool;
}

/**
 * Opens the library at `url`: returns at once, migrating in the background (each call waits for
 * it). Writers of papers and of chunks each take their index's statistics row first, so they
 * queue instead of losing updates; everything else is one upsert or one short transaction.
 */
export function openPostgresStore(opts: PostgresStoreOptions): PostgresStore {
  const logger = opts.logger ?? silentLogger;
  const pool = createPool(opts.url, opts.maxConnections);
  const ready = migrate(pool).then(
    ({ from, to }) => {
      if (from !== to) logger.info({ from, to }, 'library database migrated');
    },
    (e: unknown) => {
      throw storeError(e, 'opening the library database');
    },
  );
  ready.catch(() => undefined); // reported by the first call that awaits it
  const papers = createPaperTables();
  const contents = createContentTables(pool);
  const alerts = createAlertTables(pool);
  const ratings = createRatingTable(pool);
  const proposals = createProposalTable(pool);
  let closed = false;

  const call = async <T>(what: string, fn: () => Promise<T>): Promise<T> => {
    if (closed) throw new AppError('STORE_ERROR', `the library is closed (while ${what})`);
    await ready;
    try {
      return await fn();
    } catch (e) {
      throw storeError(e, what);
    }
  };

  return {
    ready,
    pool,
    upsertPapers: (list, o) =>
      call(`storing ${Array.isArray(list) ? list.length : 0} papers`, async () => {
        if (!Array.isArray(list)) throw new AppError('INVALID_INPUT', 'upsertPapers takes a list of papers');
        return inTransaction(pool, (c) => papers.upsert(c, list, o?.topic));
      }),
    getPaper: (id) => call(`reading paper ${id}`, () => papers.getPaper(pool, id)),
    listPapers: (filters) => call('listing papers', () => papers.listPapers(pool, filters ?? {})),
    topics: () => call('listing topics', () => papers.topics(pool)),
    topicPapers: (topic) => call(`reading topic ${topic}`, () => papers.topicPapers(pool, topic)),
    removePaper: (id) => call(`removing paper ${id}`, () => inTransaction(pool, (c) => papers.remove(c, id))),

    saveContent: (c) => call(`saving content of ${c?.id}`, () => contents.saveContent(c)),
    getContent: (id, version) => call(`reading content of ${id}`, () => contents.getContent(id, version)),
    getContentByKey: (key) => call(`reading content ${key}`, () => contents.getContentByKey(key)),
    replaceChunks: (id, version, chunks) =>
      call(`indexing chunks of ${id}`, () => contents.replaceChunks(id, version, chunks)),
    searchChunks: (query, o) => call('searching chunks', () => contents.searchChunks(query, o)),
    saveSummary: (id, version, summary) =>
      call(`saving summary of ${id}`, () => contents.saveSummary(id, version, summary)),
    getSummary: (id, version) => call(`reading summary of ${id}`, () => contents.getSummary(id, version)),

    upsertSubscription: (s) => call(`saving subscription ${s?.name}`, () => alerts.upsertSubscription(s)),
    getSubscription: (name) => call(`reading subscription ${name}`, () => alerts.getSubscription(name)),
    listSubscriptions: () => call('listing subscriptions', () => alerts.listSubscriptions()),
    deleteSubscription: (name) =>
      call(`deleting subscription ${name}`, () => alerts.deleteSubscription(name)),
    saveDigest: (d) => call(`saving digest ${d?.key}`, () => alerts.saveDigest(d)),
    getDigest: (key) => call(`reading digest ${key}`, () => alerts.getDigest(key)),
    lastDigest: (sub) =>
      call(`reading the last digest of ${sub}`, async () => (await alerts.listDigests(sub, 1))[0] ?? null),
    listDigests: (sub, limit) => call(`listing digests of ${sub}`, () => alerts.listDigests(sub, limit)),
    recordReceipt: (key, r) => call(`recording a receipt for ${key}`, () => alerts.recordReceipt(key, r)),
    getReceipts: (key) => call(`reading receipts of ${key}`, () => alerts.getReceipts(key)),
    filterUnseen: (sub, ids) => call(`filtering seen papers of ${sub}`, () => alerts.filterUnseen(sub, ids)),
    markSeen: (sub, ids, key) => call(`marking papers seen for ${sub}`, () => alerts.markSeen(sub, ids, key)),
    saveDelivery: (d) =>
      call(`recording the selection of ${d?.announcement} for ${d?.subscription}`, () =>
        alerts.saveDelivery(d),
      ),
    getDelivery: (sub, date) =>
      call(`reading the delivery of ${date} for ${sub}`, () => alerts.getDelivery(sub, date)),
    completeDelivery: (sub, date, ids) =>
      call(`completing the delivery of ${date} for ${sub}`, () => alerts.completeDelivery(sub, date, ids)),
    lastDelivery: (sub) => call(`reading the last delivery of ${sub}`, () => alerts.lastDelivery(sub)),
    pendingDeliveries: (sub) =>
      call(`reading the pending deliveries of ${sub}`, () => alerts.pendingDeliveries(sub)),
    setPublishFailure: (sub, date, destination, failure) =>
      call(`recording the ${destination} outcome of ${date} for ${sub}`, () =>
        alerts.setPublishFailure(sub, date, destination, failure),
      ),
    adoptLegacyDeliveries: () =>
      call('recording deliveries of libraries from before deliveries', () => alerts.adoptLegacyDeliveries()),
    getConversation: (id) => call(`reading conversation ${id}`, () => alerts.getConversation(id)),
    saveConversation: (id, messages) =>
      call(`saving conversation ${id}`, () => alerts.saveConversation(id, messages)),
    deleteConversation: (id) => call(`deleting conversation ${id}`, () => alerts.deleteConversation(id)),
    saveProposal: (p) => call(`saving proposal ${p?.id}`, () => proposals.save(p)),
    getProposal: (id) => call(`reading proposal ${id}`, () => proposals.get(id)),
    transitionProposal: (id, c) => call(`deciding proposal ${id}`, () => proposals.transition(id, c)),
    expireProposals: (cid, keep, at) =>
      call(`expiring proposals of ${cid}`, () => proposals.expire(cid, keep, at)),
    deleteProposals: (cid) => call(`deleting proposals of ${cid}`, () => proposals.delete(cid)),
    purgeProposals: (before) => call('purging old proposals', () => proposals.purge(before)),
    setRating: (r) => call(`rating ${r?.arxivId} for ${r?.subscription}`, () => ratings.set(r)),
    listRatings: (sub) => call(`listing the ratings of ${sub}`, () => ratings.list(sub)),

    close: async () => {
      if (closed) return;
      closed = true;
      await ready.catch(() => undefined);
      await pool.end();
    },
  };
}

/** Runs the migrations on their own (`arxiv-radar library migrate`): the schema versions before and after. */
export async function migratePostgres(url: string): Promise<{ from: number; to: number }> {
  const pool = createPool(url, 1);
  try {
    return await migrate(pool);
  } catch (e) {
    throw storeError(e, 'migrating the library database');
  } finally {
    await pool.end();
  }
}
