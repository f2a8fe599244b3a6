/**
 * A loopback fake of arXiv speaking the real wire formats, fed with the recordings vendored in test/fixtures/corpus: the query API
 * (id_list from the recorded entries, search_query from the recorded search feeds), the RSS/Atom
 * announce feeds, PDFs and HTML. Faults can be injected (429 with/without Retry-After, 503, slow,
 * truncated, empty), and every request is recorded with its arrival time.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { corpus } from '../support/corpus.ts';
import type { ArxivCalendar } from './arxiv-calendar.ts';

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
  requests: RecordedRequest[];
  /** Queues a fault for the next request(s), in order. */
  inject(fault: Fault): void;
  /** Drops every queued fault: arXiv has recovered. */
  clearFaults(): void;
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
   * Full-text documents served instead of the corpus files, keyed `pdf/<id>` or `html/<id>` (a key
   * without a version answers every version): the body to send with arXiv's content type, or null
   * for arXiv's 404. For papers the corpus has no file for, and for damaged downloads.
   */
  documents?: Record<string, Uint8Array | string | null>;
  /**
   * arXiv's announcement calendar (test/fakes/arxiv-calendar.ts): feeds follow its simulated
   * clock and OAI-PMH answers from it. Without one, every feed request gets a recorded feed.
   */
  calendar?: ArxivCalendar;
}

const ENTRY = /<entry>[\s\S]*?<\/entry>/g;

function loadCorpus(dir: string) {
  const atomDir = path.join(dir, 'atom');
  const entries = new Map<string, string>();
  const searches = new Map<string, string>();
  const idLists = new Map<string, { status: number; body: string }>();
  for (const f of readdirSync(atomDir).filter((n) => n.endsWith('.xml'))) {
    const body = readFileSync(path.join(atomDir, f), 'utf8');
    const title = /<title[^>]*>(?:arXiv|ArXiv) Query: search_query=(.*?)&amp;id_list=(.*?)&amp;start=(\d+)&amp;max_results=(\d+)<\/title>/.exec(body);
    if (f.startsWith('error_')) idLists.set('abc', { status: 400, body });
    if (title) {
      const [, q = '', ids = '', start = '0', max = '10'] = title;
      if (q) searches.set(`${q.replace(/&quot;/g, '"').replace(/^all:/, '')}|${start}|${max}`, body);
      else if (!body.includes('<entry>')) idLists.set(ids, { status: 200, body });
    }
    for (const e of body.match(ENTRY) ?? []) {
      const id = /<id>https?:\/\/arxiv\.org\/abs\/(.+?)<\/id>/.exec(e)?.[1];
      if (!id) continue;
      const base = id.replace(/v\d+$/, '');
      entries.set(id, e);
      if (!entries.has(base)) entries.set(base, e);
    }
  }
  // The envelope of a real id_list response, to carry entries found across the corpus.
  const envelope = readFileSync(path.join(atomDir, 'id_list_1707.08567.xml'), 'utf8');
  return { entries, searches, idLists, envelope };
}

function feedWith(envelope: string, entries: string[], total: number, max: number): string {
  const head = envelope.slice(0, envelope.indexOf('<entry>'));
  return `${head
    .replace(/<opensearch:totalResults>\d+/, `<opensearch:totalResults>${total}`)
    .replace(/<opensearch:itemsPerPage>\d+/, `<opensearch:itemsPerPage>${max}`)}${entries.join('\n  ')}\n</feed>\n`;
}

/** `(<query>) AND submittedDate:[YYYYMMDDHHMM TO YYYYMMDDHHMM]`, as topicDigest sends it. */
const WINDOWED = /^\((.+)\) AND submittedDate:\[\d{12} TO \d{12}\]$/;

/** The entries of the largest recorded first page of results for `query`. */
function recordedResults(searches: Map<string, string>, query: string): string[] {
  const firstPages = [...searches.entries()].filter(([key]) => key.startsWith(`${query}|0|`));
  const largest = firstPages.sort(([a], [b]) => Number(b.split('|')[2]) - Number(a.split('|')[2]))[0];
  return largest?.[1].match(ENTRY) ?? [];
}

/** Finds `dir/<name>(.ext)` for an id (path-safe, with or without version). */
function findFile(dir: string, idWithVersion: string, exts: string[]): string | undefined {
  const safe = idWithVersion.replace('/', '_');
  const base = safe.replace(/v\d+$/, '');
  const files = readdirSync(dir);
  for (const want of [safe, base]) {
    const hit = files.find((f) => exts.some((x) => f === `${want}${x}`) || (f.startsWith(`${want}v`) && want === base) || f.startsWith(`${want}_`));
    if (hit) return path.join(dir, hit);
  }
  return undefined;
}

/** An OAI-PMH error response in the envelope of the recorded ListRecords response. */
function oaiError(code: string, message: string): string {
  const recorded = readFileSync(corpus('atom', 'oai-pmh', 'oai_ListRecords_physics-hep-th_2017-12-14.xml'), 'utf8');
  return `${recorded.slice(0, recorded.indexOf('<request'))}<request>https://oaipmh.arxiv.org/oai</request>\n<error code="${code}">${message}</error>\n</OAI-PMH>\n`;
}

/** Starts the fake on 127.0.0.1 with a free port. */
export async function startFakeArxiv(opts: FakeArxivOptions = {}): Promise<FakeArxiv> {
  const dir = opts.corpusDir ?? corpus();
  const data = loadCorpus(dir);
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

  const route = (u: URL): { status: number; type: string; body: Buffer | string } => {
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
        return { status: 200, type: 'application/atom+xml', body: feedWith(data.envelope, found, found.length, max) };
      }
      const windowed = WINDOWED.exec(q);
      if (windowed) {
        // A digest's date-window search: the recorded results of the inner query stand for the
        // window's submissions, paged the way arXiv pages them.
        const pool = recordedResults(data.searches, (windowed[1] ?? '').replace(/^all:/, ''));
        return { status: 200, type: 'application/atom+xml', body: feedWith(data.envelope, pool.slice(start, start + max), pool.length, max) };
      }
      const hit = data.searches.get(`${q.replace(/^all:/, '')}|${start}|${max}`);
      return { status: 200, type: 'application/atom+xml', body: hit ?? feedWith(data.envelope, [], 0, max) };
    }
    if (p === '/oai') {
      if (u.searchParams.get('verb') !== 'ListRecords') return { status: 200, type: 'text/xml', body: oaiError('badVerb', 'Only ListRecords is served by this fake') };
      return { status: 200, type: 'text/xml', body: opts.calendar ? opts.calendar.oai(u.searchParams) : oaiError('noRecordsMatch', 'No records match the query') };
    }
    const feed = /^\/(rss|atom)\/(.+)$/.exec(p);
    if (feed && opts.calendar) {
      return { status: 200, type: 'application/xml', body: opts.calendar.feed(decodeURIComponent(feed[2] ?? '').split(/[+ ]/)) };
    }
    if (feed) {
      const [, kind = '', cats = ''] = feed;
      const rssDir = path.join(dir, 'rss');
      const files = readdirSync(rssDir);
      const wanted = decodeURIComponent(cats).split(/[+ ]/);
      const name =
        wanted.length > 1 ? files.find((f) => f.startsWith(`${kind === 'atom' ? 'rss' : kind}_all-20`)) : files.find((f) => f.startsWith(`${kind}_${wanted[0]}_`)) ?? files.find((f) => f.includes(`_${wanted[0]}_`));
      const file = name ?? files.find((f) => f.includes('empty'));
      return { status: 200, type: 'application/xml', body: readFileSync(path.join(rssDir, file ?? '')) };
    }
    const doc = /^\/(pdf|html)\/(.+?)(\.pdf)?\/?$/.exec(p);
    if (doc) {
      const [, kind = '', id = ''] = doc;
      const type = kind === 'pdf' ? 'application/pdf' : 'text/html; charset=utf-8';
      const key = [`${kind}/${id}`, `${kind}/${id.replace(/v\d+$/, '')}`].find((k) => opts.documents && k in opts.documents);
      if (key !== undefined) {
        const served = opts.documents?.[key];
        if (served === null || served === undefined) return { status: 404, type: 'text/html', body: `<html><body>No ${kind} for ${id}</body></html>` };
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
    const record: RecordedRequest = { method: req.method ?? 'GET', path: u.pathname, query: Object.fromEntries(u.searchParams), at: Date.now() };
    requests.push(record);
    res.on('close', () => (record.endedAt = Date.now()));
    const fault = nextFault();
    const send = () => {
      if (fault?.kind === '429' || fault?.kind === '503') {
        const headers: Record<string, string> = { 'content-type': 'text/plain' };
        if (fault.retryAfterSeconds !== undefined) headers['retry-after'] = String(fault.retryAfterSeconds);
        res.writeHead(Number(fault.kind), headers).end(fault.kind === '429' ? 'Rate exceeded.' : 'Service Unavailable');
        return;
      }
      const r = route(u);
      const body = Buffer.isBuffer(r.body) ? r.body : Buffer.from(r.body, 'utf8');
      if (fault?.kind === 'empty') {
        // An "unexpectedly empty page": a well-formed feed claiming results but carrying none.
        const empty = u.pathname === '/api/query' ? Buffer.from(feedWith(data.envelope, [], 100, 10)) : Buffer.alloc(0);
        res.writeHead(200, { 'content-type': r.type, 'content-length': empty.length }).end(empty);
        return;
      }
      if (fault?.kind === 'truncated') {
        res.writeHead(r.status, { 'content-type': r.type, 'content-length': body.length });
        res.write(body.subarray(0, Math.floor(body.length / 2)));
        res.socket?.destroy();
        return;
      }
      res.writeHead(r.status, { 'content-type': r.type, 'content-length': body.length }).end(body);
    };
    const held = [...holds].find(([prefix]) => u.pathname.startsWith(prefix))?.[1].held;
    if (fault?.kind === 'slow') setTimeout(send, fault.delayMs);
    else if (held) void held.then(send);
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
    requests,
    inject: (fault) => void faults.push(fault),
    clearFaults: () => void faults.splice(0),
    hold(pathPrefix) {
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      holds.set(pathPrefix, { held, release });
      return () => {
        holds.delete(pathPrefix);
        release();
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
