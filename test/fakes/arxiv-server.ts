/**
 * A loopback fake of arXiv speaking the real wire formats, fed with the recordings vendored in test/fixtures/corpus: the query API
 * (id_list from the recorded entries; search_query evaluated by the fake itself over every
 * recorded entry, test/fakes/arxiv-search.ts), the RSS/Atom announce feeds, PDFs and HTML, ar5iv's HTML (under /ar5iv) and the LaTeX source (/e-print). Faults
 * can be injected (429 with/without Retry-After, 503, slow, truncated, empty), full-text responses
 * can be held back until a test releases them, and every request is recorded with its arrival time.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { corpus } from '../support/corpus.ts';
import type { ArxivCalendar } from './arxiv-calendar.ts';
import {
  entryMatches,
  parseSearchQuery,
  readEntry,
  SearchQueryError,
  type SearchEntry,
} from './arxiv-search.ts';

export type Fault =
  | { kind: '429'; retryAfterSeconds?: number; times?: number }
  | { kind: '503'; retryAfterSeconds?: number; times?: number }
  | { kind: 'slow'; delayMs: number; times?: number }
  | { kind: 'truncated'; times?: number }
  | { kind: 'empty'; times?: number };

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** Date.now() when the request arrived. */
  at: number;
  /** Date.now() when the response was finished or the connection dropped. */
  endedAt?: number;
}

export interface FakeArxiv {
  url: string;
  apiUrl: string;
  rssUrl: string;
  webUrl: string;
  /** OAI-PMH base URL (answers from the calendar; without one, every window is empty). */
  oaiUrl: string;
  /** ar5iv's base URL (`/html/ID` under it), for ARXIV_AR5IV_URL. */
  ar5ivUrl: string;
  requests: RecordedRequest[];
  /** Queues a fault for the next request(s), in order. */
  inject(fault: Fault): void;
  /** Drops every queued fault: arXiv has recovered. */
  clearFaults(): void;
  /**
   * Holds every full-text response (/pdf, /html, /ar5iv, /e-print) until `release()`: a test can check what was
   * shown before any full text arrived. Requests still arrive (and are recorded) at once.
   */
  holdFullTexts(): void;
  /** Sends the held full-text responses and stops holding. */
  release(): void;
  /** Requests to the query API (/api/query) so far: what a search cost in arXiv requests. */
  apiRequests(): RecordedRequest[];
  /**
   * Holds back the answers to requests whose path starts with `pathPrefix` (e.g. `/html/2401.00001`)
   * until the returned function is called: a slow download, for as long as a test needs.
   */
  hold(pathPrefix: string): () => void;
  close(): Promise<void>;
}

export interface FakeArxivOptions {
  corpusDir?: string;
  /**
   * Full-text documents served instead of the corpus files, keyed `pdf/<id>`, `html/<id>`,
   * `ar5iv/<id>` or `e-print/<id>` (a key without a version answers every version): the body to
   * send with arXiv's content type, or null for "none" (404; ar5iv redirects to the abstract page).
   * An `e-print` body starting `%PDF` is a PDF-only submission, served as arXiv serves it: the PDF.
   * For papers the corpus has no file for, and for damaged downloads.
   */
  documents?: Record<string, Uint8Array | string | null>;
  /**
   * arXiv's announcement calendar (test/fakes/arxiv-calendar.ts): feeds follow its simulated
   * clock and OAI-PMH answers from it. Without one, every feed request gets a recorded feed.
   */
  calendar?: ArxivCalendar;
  /**
   * Re-dated entries (base id → ISO instant of submission), as the calendar re-dates its items:
   * the entry's <published> (and <updated>, when earlier) becomes this date, for the search's date
   * ranges and in the response. For tests of date-window searches over recorded papers.
   */
  submittedDates?: ReadonlyMap<string, string>;
}

const ENTRY = /<entry>[\s\S]*?<\/entry>/g;

/** Search feeds first, largest page first: an entry's rank for relevance is where it first appears. */
function corpusOrder(files: string[]): string[] {
  const max = (f: string) => Number(/_max(\d+)/.exec(f)?.[1] ?? 10);
  const search = files
    .filter((f) => f.startsWith('search_'))
    .sort((a, b) => max(b) - max(a) || a.localeCompare(b));
  return [...search, ...files.filter((f) => !f.startsWith('search_')).sort()];
}

function loadCorpus(dir: string, submittedDates: ReadonlyMap<string, string> | undefined) {
  const atomDir = path.join(dir, 'atom');
  const entries = new Map<string, string>();
  const idLists = new Map<string, { status: number; body: string }>();
  /** Every recorded entry once (by base id), in relevance order. */
  const searchable: SearchEntry[] = [];
  for (const f of corpusOrder(readdirSync(atomDir).filter((n) => n.endsWith('.xml')))) {
    const body = readFileSync(path.join(atomDir, f), 'utf8');
    const title =
      /<title[^>]*>(?:arXiv|ArXiv) Query: search_query=(.*?)&amp;id_list=(.*?)&amp;start=(\d+)&amp;max_results=(\d+)<\/title>/.exec(
        body,
      );
    if (f.startsWith('error_')) idLists.set('abc', { status: 400, body });
    if (title) {
      const [, q = '', ids = ''] = title;
      if (!q && !body.includes('<entry>')) idLists.set(ids, { status: 200, body });
    }
    for (const e of body.match(ENTRY) ?? []) {
      const id = /<id>https?:\/\/arxiv\.org\/abs\/(.+?)<\/id>/.exec(e)?.[1];
      if (!id) continue;
      const base = id.replace(/v\d+$/, '');
      const redated = redate(e, submittedDates?.get(base));
      entries.set(id, redated);
      if (!entries.has(base)) {
        entries.set(base, redated);
        const entry = readEntry(redated);
        if (entry) searchable.push(entry);
      }
    }
  }
  // The envelope of a real id_list response, to carry entries found across the corpus.
  const envelope = readFileSync(path.join(atomDir, 'id_list_1707.08567.xml'), 'utf8');
  return { entries, idLists, envelope, searchable };
}

function redate(entry: string, at: string | undefined): string {
  if (!at) return entry;
  const instant = new Date(at).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const updated = /<updated>([^<]+)<\/updated>/.exec(entry)?.[1] ?? '';
  const withPublished = entry.replace(/<published>[^<]+<\/published>/, `<published>${instant}</published>`);
  return updated && updated < instant
    ? withPublished.replace(/<updated>[^<]+<\/updated>/, `<updated>${instant}</updated>`)
    : withPublished;
}

/** arXiv's answer to a query it cannot read: HTTP 400 with one error entry (the recorded id_list error's envelope). */
function errorFeed(envelope: string, message: string): string {
  const slug = message.replace(/[^A-Za-z0-9]+/g, '_');
  const escape = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return envelope
    .replace(/incorrect_id_format_for_abc/g, slug)
    .replace(/<summary>[^<]*<\/summary>/, `<summary>${escape(message)}</summary>`);
}

/** The fake's own evaluation of a search: every recorded entry that matches, sorted as asked. */
function evaluateSearch(
  all: SearchEntry[],
  query: string,
  sortBy: string | null,
  sortOrder: string | null,
): SearchEntry[] {
  const tree = parseSearchQuery(query);
  const hits = all.filter((e) => entryMatches(tree, e));
  if (sortBy === 'submittedDate' || sortBy === 'lastUpdatedDate') {
    const key = (e: SearchEntry) => (sortBy === 'submittedDate' ? e.published : e.updated);
    hits.sort((a, b) =>
      sortOrder === 'ascending' ? key(a).localeCompare(key(b)) : key(b).localeCompare(key(a)),
    );
  }
  return hits;
}

function feedWith(envelope: string, entries: string[], total: number, max: number): string {
  const head = envelope.slice(0, envelope.indexOf('<entry>'));
  return `${head
    .replace(/<opensearch:totalResults>\d+/, `<opensearch:totalResults>${total}`)
    .replace(
      /<opensearch:itemsPerPage>\d+/,
      `<opensearch:itemsPerPage>${max}`,
    )}${entries.join('\n  ')}\n</feed>\n`;
}

/** Finds `dir/<name>(.ext)` for an id (path-safe, with or without version). */
function findFile(dir: string, idWithVersion: string, exts: string[]): string | undefined {
  const safe = idWithVersion.replace('/', '_');
  const base = safe.replace(/v\d+$/, '');
  const files = readdirSync(dir);
  for (const want of [safe, base]) {
    const hit = files.find(
      (f) =>
        exts.some((x) => f === `${want}${x}`) ||
        (f.startsWith(`${want}v`) && want === base) ||
        f.startsWith(`${want}_`),
    );
    if (hit) return path.join(dir, hit);
  }
  return undefined;
}

/** An OAI-PMH error response in the envelope of the recorded ListRecords response. */
function oaiError(code: string, message: string): string {
  const recorded = readFileSync(
    corpus('atom', 'oai-pmh', 'oai_ListRecords_physics-hep-th_2017-12-14.xml'),
    'utf8',
  );
  return `${recorded.slice(0, recorded.indexOf('<request'))}<request>https://oaipmh.arxiv.org/oai</request>\n<error code="${code}">${message}</error>\n</OAI-PMH>\n`;
}

/**
 * One category's feed cut from the recorded all-archives feed of the same day: the items listing
 * `category` among their `<category>` elements. In a category's own feed a paper whose primary
 * category (its first `<category>`) is another one is a cross-listing: the recorded cs.LG Atom feed
 * (rss/atom_cs.LG_2026-09-25_excerpt.xml) announces its hep-ph-primary entry as `cross`, so a
 * `new` becomes `cross` and a `replace` becomes `replace-cross` here, as arXiv's feed states them.
 */
function feedOfCategory(xml: string, category: string): string {
  return xml.replace(/\s*<item>[\s\S]*?<\/item>/g, (item) => {
    const categories = [...item.matchAll(/<category>([^<]*)<\/category>/g)].map((m) => m[1]);
    if (!categories.includes(category)) return '';
    if (categories[0] === category) return item;
    return item.replace(
      /<arxiv:announce_type>(new|replace)<\/arxiv:announce_type>/,
      (_, type: string) =>
        `<arxiv:announce_type>${type === 'new' ? 'cross' : 'replace-cross'}</arxiv:announce_type>`,
    );
  });
}

/** Starts the fake on 127.0.0.1 with a free port. */
export async function startFakeArxiv(opts: FakeArxivOptions = {}): Promise<FakeArxiv> {
  const dir = opts.corpusDir ?? corpus();
  const data = loadCorpus(dir, opts.submittedDates);
  const errorEnvelope = readFileSync(path.join(dir, 'atom', 'error_id_list_abc_http400.xml'), 'utf8');
  let holding = false;
  const held: Array<() => void> = [];
  const requests: RecordedRequest[] = [];
  const faults: Fault[] = [];

  const nextFault = (): Fault | undefined => {
    const f = faults[0];
    if (!f) return undefined;
    const left = (f.times ?? 1) - 1;
    if (left <= 0) faults.shift();
    else faults[0] = { ...f, times: left };
    return f;
  };

  const route = (
    u: URL,
  ): { status: number; type: string; body: Buffer | string; location?: string; disposition?: string } => {
    const p = u.pathname;
    if (p === '/api/query') {
      const idList = u.searchParams.get('id_list') ?? '';
      const q = u.searchParams.get('search_query') ?? '';
      const start = Number(u.searchParams.get('start') ?? 0);
      const max = Number(u.searchParams.get('max_results') ?? 10);
      if (idList) {
        const recorded = data.idLists.get(idList);
        if (recorded) return { status: recorded.status, type: 'application/atom+xml', body: recorded.body };
        const found = idList.split(',').flatMap((id) => data.entries.get(id) ?? []);
        return {
          status: 200,
          type: 'application/atom+xml',
          body: feedWith(data.envelope, found, found.length, max),
        };
      }
      try {
        const hits = evaluateSearch(
          data.searchable,
          q,
          u.searchParams.get('sortBy'),
          u.searchParams.get('sortOrder'),
        );
        const page = hits.slice(start, start + max).map((e) => e.xml);
        return {
          status: 200,
          type: 'application/atom+xml',
          body: feedWith(data.envelope, page, hits.length, max).replace(
            /<opensearch:startIndex>\d+/,
            `<opensearch:startIndex>${start}`,
          ),
        };
      } catch (e) {
        if (!(e instanceof SearchQueryError)) throw e;
        return {
          status: 400,
          type: 'application/atom+xml',
          body: errorFeed(errorEnvelope, `malformed search_query: ${e.message}`),
        };
      }
    }
    if (p === '/oai') {
      if (u.searchParams.get('verb') !== 'ListRecords')
        return {
          status: 200,
          type: 'text/xml',
          body: oaiError('badVerb', 'Only ListRecords is served by this fake'),
        };
      return {
        status: 200,
        type: 'text/xml',
        body: opts.calendar
          ? opts.calendar.oai(u.searchParams)
          : oaiError('noRecordsMatch', 'No records match the query'),
      };
    }
    const feed = /^\/(rss|atom)\/(.+)$/.exec(p);
    if (feed && opts.calendar) {
      return {
        status: 200,
        type: 'application/xml',
        body: opts.calendar.feed(decodeURIComponent(feed[2] ?? '').split(/[+ ]/)),
      };
    }
    if (feed) {
      const [, kind = '', cats = ''] = feed;
      const rssDir = path.join(dir, 'rss');
      const files = readdirSync(rssDir);
      const wanted = decodeURIComponent(cats).split(/[+ ]/);
      const allArchives = files.find((f) => f.startsWith('rss_all-20'));
      const name =
        wanted.length > 1
          ? allArchives
          : (files.find((f) => f.startsWith(`${kind}_${wanted[0]}_`)) ??
            files.find((f) => f.includes(`_${wanted[0]}_`)));
      if (!name && allArchives && wanted.length === 1 && /^[a-z-]+\.[A-Za-z-]+$/.test(wanted[0] ?? '')) {
        // A category with no recording of its own: its feed of that day, i.e. the items of the
        // recorded all-archives feed (the union of every archive's feed) that carry the category.
        const body = readFileSync(path.join(rssDir, allArchives), 'utf8');
        return { status: 200, type: 'application/xml', body: feedOfCategory(body, wanted[0]!) };
      }
      const file = name ?? files.find((f) => f.includes('empty'));
      return { status: 200, type: 'application/xml', body: readFileSync(path.join(rssDir, file ?? '')) };
    }
    // ar5iv (ar5iv.labs.arxiv.org/html/ID): a paper it has no HTML for is redirected to the
    // abstract page on arxiv.org (observed behaviour, also described in /work/shared/arxiv-notes.md).
    const ar5iv = /^\/ar5iv\/html\/([^/]+?)\/?$/.exec(p);
    if (ar5iv) {
      const id = ar5iv[1] ?? '';
      const key = [`ar5iv/${id}`, `ar5iv/${id.replace(/v\d+$/, '')}`].find(
        (k) => opts.documents && k in opts.documents,
      );
      const served = key === undefined ? undefined : opts.documents?.[key];
      if (served === null || served === undefined)
        return { status: 302, type: 'text/html', body: '', location: `/abs/${id}` };
      return {
        status: 200,
        type: 'text/html; charset=utf-8',
        body: typeof served === 'string' ? served : Buffer.from(served),
      };
    }
    // The e-print (arxiv.org/e-print/ID): the submission's source as a gzip (a tar, or one .tex);
    // a PDF-only submission answers its PDF; an id without a source 404s.
    const eprint = /^\/e-print\/(.+?)\/?$/.exec(p);
    if (eprint) {
      const id = eprint[1] ?? '';
      const key = [`e-print/${id}`, `e-print/${id.replace(/v\d+$/, '')}`].find(
        (k) => opts.documents && k in opts.documents,
      );
      let served = key === undefined ? undefined : opts.documents?.[key];
      if (served === undefined) {
        const file = existsSync(path.join(dir, 'e-print'))
          ? findFile(path.join(dir, 'e-print'), id, ['.tar.gz', '.gz'])
          : null;
        served = file && existsSync(file) ? readFileSync(file) : null;
      }
      if (served === null || served === undefined)
        return { status: 404, type: 'text/html', body: `<html><body>No source for ${id}</body></html>` };
      const body = typeof served === 'string' ? Buffer.from(served) : Buffer.from(served);
      if (body.subarray(0, 4).toString('latin1') === '%PDF')
        return { status: 200, type: 'application/pdf', body };
      return {
        status: 200,
        type: 'application/gzip',
        body,
        disposition: `attachment; filename="arXiv-${id}.gz"`,
      };
    }
    const doc = /^\/(pdf|html)\/(.+?)(\.pdf)?\/?$/.exec(p);
    if (doc) {
      const [, kind = '', id = ''] = doc;
      const type = kind === 'pdf' ? 'application/pdf' : 'text/html; charset=utf-8';
      const key = [`${kind}/${id}`, `${kind}/${id.replace(/v\d+$/, '')}`].find(
        (k) => opts.documents && k in opts.documents,
      );
      if (key !== undefined) {
        const served = opts.documents?.[key];
        if (served === null || served === undefined)
          return { status: 404, type: 'text/html', body: `<html><body>No ${kind} for ${id}</body></html>` };
        return { status: 200, type, body: typeof served === 'string' ? served : Buffer.from(served) };
      }
      const file = findFile(path.join(dir, kind), id, kind === 'pdf' ? ['.pdf'] : ['.html']);
      if (file && existsSync(file)) return { status: 200, type, body: readFileSync(file) };
      return { status: 404, type: 'text/html', body: `<html><body>No ${kind} for ${id}</body></html>` };
    }
    return { status: 404, type: 'text/plain', body: 'not found' };
  };

  const holds = new Map<string, { held: Promise<void>; release: () => void }>();
  const server = http.createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://127.0.0.1');
    const record: RecordedRequest = {
      method: req.method ?? 'GET',
      path: u.pathname,
      query: Object.fromEntries(u.searchParams),
      at: Date.now(),
    };
    requests.push(record);
    res.on('close', () => (record.endedAt = Date.now()));
    const fault = nextFault();
    const send = () => {
      if (fault?.kind === '429' || fault?.kind === '503') {
        const headers: Record<string, string> = { 'content-type': 'text/plain' };
        if (fault.retryAfterSeconds !== undefined) headers['retry-after'] = String(fault.retryAfterSeconds);
        res
          .writeHead(Number(fault.kind), headers)
          .end(fault.kind === '429' ? 'Rate exceeded.' : 'Service Unavailable');
        return;
      }
      const r = route(u);
      const body = Buffer.isBuffer(r.body) ? r.body : Buffer.from(r.body, 'utf8');
      if (fault?.kind === 'empty') {
        // An "unexpectedly empty page": a well-formed feed claiming results but carrying none.
        const empty =
          u.pathname === '/api/query' ? Buffer.from(feedWith(data.envelope, [], 100, 10)) : Buffer.alloc(0);
        res.writeHead(200, { 'content-type': r.type, 'content-length': empty.length }).end(empty);
        return;
      }
      if (fault?.kind === 'truncated') {
        res.writeHead(r.status, { 'content-type': r.type, 'content-length': body.length });
        res.write(body.subarray(0, Math.floor(body.length / 2)));
        res.socket?.destroy();
        return;
      }
      const extra: Record<string, string> = {};
      if (r.location) extra.location = r.location;
      if (r.disposition) extra['content-disposition'] = r.disposition;
      res.writeHead(r.status, { 'content-type': r.type, 'content-length': body.length, ...extra }).end(body);
    };
    const fullText = /^\/(pdf|html|ar5iv|e-print)\//.test(u.pathname);
    const heldBy = [...holds].find(([prefix]) => u.pathname.startsWith(prefix))?.[1].held;
    if (fault?.kind === 'slow') setTimeout(send, fault.delayMs);
    else if (heldBy) void heldBy.then(send);
    else if (holding && fullText) held.push(send);
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    apiUrl: `${url}/api/query`,
    rssUrl: `${url}/atom`,
    webUrl: url,
    oaiUrl: `${url}/oai`,
    ar5ivUrl: `${url}/ar5iv`,
    requests,
    inject: (fault) => void faults.push(fault),
    clearFaults: () => void faults.splice(0),
    holdFullTexts: () => void (holding = true),
    release: () => {
      holding = false;
      for (const send of held.splice(0)) send();
    },
    apiRequests: () => requests.filter((r) => r.path === '/api/query'),
    hold(pathPrefix) {
      let release = () => {};
      const gate = new Promise<void>((resolve) => (release = resolve));
      holds.set(pathPrefix, { held: gate, release });
      return () => {
        holds.delete(pathPrefix);
        release();
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        held.splice(0);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
