/**
 * ArxivClient: every arXiv operation the service needs, over the one transport. Each method makes
 * exactly one HTTP request, except searchAll and lookupIds, which page / batch over the
 * single-request methods (Temporal workflows call the single-request ones, one per activity).
 */
import { createRequire } from 'node:module';
import { AppError, isAppError } from '../../domain/errors.ts';
import { silentLogger, type Logger } from '../../lib/logger.ts';
import { parseAtomFeed, type AtomFeed } from './atom.ts';
import { extractArxivId } from '../../domain/arxiv-ids.ts';
import { ARXIV_ORIGIN, type Paper } from '../../domain/paper.ts';
import { paperOnSite } from '../../domain/links.ts';
import { buildQueryUrl } from './query.ts';
import type { RequestOptions, SearchOptions } from '../../app/ports/arxiv.ts';
import { ARXIV_LIMITS } from '../../domain/arxiv-query.ts';
import { oaiListUrl, parseOaiListRecords, type OaiListRequest, type OaiPage } from './oai.ts';
import { parseAnnounceFeed, type AnnounceFeed } from './rss.ts';
import { ArxivTransport, type RequestGate } from './transport.ts';

export interface ArxivClientOptions {
  /** e.g. https://export.arxiv.org/api/query */
  apiUrl: string;
  /** e.g. https://rss.arxiv.org/atom */
  rssUrl: string;
  /** e.g. https://arxiv.org (PDF and HTML) */
  webUrl: string;
  /** e.g. https://ar5iv.labs.arxiv.org (LaTeXML HTML of older papers); optional: no ar5iv step without it. */
  ar5ivUrl?: string | undefined;
  /** e.g. https://oaipmh.arxiv.org/oai (catching up missed announcements); optional for callers that never catch up. */
  oaiUrl?: string | undefined;
  /** The origin of the paper links handed out (ARXIV_SITE_URL); arXiv's own when unset. */
  siteUrl?: string | undefined;
  /** Who to contact about this client (email or URL), sent in the User-Agent. */
  contact?: string | undefined;
  minIntervalMs: number;
  timeoutMs: number;
  maxResponseBytes: number;
  logger?: Logger;
  /** Cluster-wide request turns (workers pass the Temporal arXiv gate). */
  gate?: RequestGate | undefined;
}

export type { SearchOptions } from '../../app/ports/arxiv.ts';

export interface LookupResult {
  papers: Paper[];
  /** Requested ids (as given, normalised) that arXiv returned nothing for. */
  missing: string[];
}

const VERSION = (createRequire(import.meta.url)('../../package.json') as { version: string }).version;

/** The User-Agent arXiv asks for: product, version and a way to reach the operator. */
export function userAgent(contact: string | undefined): string {
  return `arxiv-radar/${VERSION} (+${contact ?? 'set ARXIV_CONTACT to an email or URL'})`;
}

export class ArxivClient {
  readonly transport: ArxivTransport;
  private readonly log: Logger;

  constructor(private readonly opts: ArxivClientOptions) {
    this.log = opts.logger ?? silentLogger;
    const bases = [
      opts.apiUrl,
      opts.rssUrl,
      opts.webUrl,
      ...(opts.oaiUrl ? [opts.oaiUrl] : []),
      ...(opts.ar5ivUrl ? [opts.ar5ivUrl] : []),
    ].map((u) => new URL(u));
    const hosts = bases.map((u) => u.hostname);
    this.transport = new ArxivTransport({
      userAgent: userAgent(opts.contact),
      minIntervalMs: opts.minIntervalMs,
      timeoutMs: opts.timeoutMs,
      maxResponseBytes: opts.maxResponseBytes,
      extraAllowedHosts: hosts,
      redirectOrigins: bases.map((u) => u.origin),
      logger: this.log,
      ...(opts.gate ? { gate: opts.gate } : {}),
    });
  }

  /**
   * One page of search results (one request). A page that comes back empty although the total
   * says there are results there is a known intermittent arXiv failure (lukasschwab/arxiv.py
   * issues 43, 175): it throws a retryable ARXIV_EMPTY_PAGE.
   */
  async search(query: string, opts: SearchOptions & RequestOptions = {}): Promise<AtomFeed> {
    const start = opts.start ?? 0;
    const url = buildQueryUrl(this.opts.apiUrl, {
      searchQuery: query,
      start,
      maxResults: opts.maxResults ?? 10,
      ...(opts.sortBy ? { sortBy: opts.sortBy } : {}),
      ...(opts.sortOrder ? { sortOrder: opts.sortOrder } : {}),
    });
    const feed = await this.getFeed(url, opts.signal);
    if (feed.papers.length === 0 && feed.totalResults > start) {
      throw new AppError(
        'ARXIV_EMPTY_PAGE',
        `arXiv returned an empty page at start=${start} although it reports ${feed.totalResults} results.`,
        {
          retryable: true,
        },
      );
    }
    return feed;
  }

  /** Pages through results up to `limit` (capped at arXiv's 30000), `pageSize` per request. */
  async searchAll(
    query: string,
    opts: Omit<SearchOptions, 'start' | 'maxResults'> & RequestOptions & { limit: number; pageSize?: number },
  ): Promise<AtomFeed> {
    const limit = Math.min(opts.limit, ARXIV_LIMITS.maxTotal);
    const pageSize = Math.min(opts.pageSize ?? 100, ARXIV_LIMITS.maxPerCall);
    const papers: Paper[] = [];
    let total = 0;
    for (let start = 0; start < limit; start += pageSize) {
      const page = await this.search(query, {
        ...opts,
        start,
        maxResults: Math.min(pageSize, limit - start),
      });
      total = page.totalResults;
      papers.push(...page.papers);
      if (start + page.papers.length >= total || page.papers.length === 0) break;
    }
    return { totalResults: total, startIndex: 0, itemsPerPage: papers.length, papers };
  }

  /** One id_list request for at most 100 ids; ids arXiv does not know are reported in `missing`. */
  async lookupBatch(ids: string[], options: RequestOptions = {}): Promise<LookupResult> {
    if (ids.length === 0) return { papers: [], missing: [] };
    if (ids.length > ARXIV_LIMITS.idListBatch) {
      throw new AppError(
        'INVALID_INPUT',
        `At most ${ARXIV_LIMITS.idListBatch} ids per lookup request (got ${ids.length}); use lookupIds to batch.`,
      );
    }
    const wanted = ids.map((raw) => extractArxivId(raw));
    const asText = wanted.map((w) => (w.version ? `${w.id}v${w.version}` : w.id));
    // An id_list longer than max_results is silently truncated by arXiv: ask for exactly as many.
    const feed = await this.getFeed(
      buildQueryUrl(this.opts.apiUrl, { idList: asText, maxResults: ids.length }),
      options.signal,
    );
    const missing = wanted
      .filter(
        (w) => !feed.papers.some((p) => p.id === w.id && (w.version === null || p.version === w.version)),
      )
      .map((w) => (w.version ? `${w.id}v${w.version}` : w.id));
    return { papers: feed.papers, missing };
  }

  /** Looks up any number of ids, 100 per request. */
  async lookupIds(ids: string[], options: RequestOptions = {}): Promise<LookupResult> {
    const out: LookupResult = { papers: [], missing: [] };
    for (let i = 0; i < ids.length; i += ARXIV_LIMITS.idListBatch) {
      const r = await this.lookupBatch(ids.slice(i, i + ARXIV_LIMITS.idListBatch), options);
      out.papers.push(...r.papers);
      out.missing.push(...r.missing);
    }
    return out;
  }

  /** Today's announcements for the categories (one request). An empty feed is logged, not an error. */
  async announcements(categories: string[]): Promise<AnnounceFeed> {
    if (categories.length === 0)
      throw new AppError('INVALID_INPUT', 'Give at least one arXiv category, e.g. cs.LG.');
    for (const c of categories) {
      if (!/^[a-z-]+(\.[A-Za-z-]+)?$/.test(c))
        throw new AppError('INVALID_INPUT', `"${c}" is not an arXiv category (e.g. cs.LG, hep-th, math.AG).`);
    }
    const url = `${this.opts.rssUrl.replace(/\/$/, '')}/${categories.join('+')}`;
    const res = await this.transport.get(url, { accept: 'application/atom+xml, application/rss+xml' });
    const parsed = parseAnnounceFeed(res.body.toString('utf8'));
    const feed = { ...parsed, items: parsed.items.map((i) => ({ ...i, paper: this.onSite(i.paper) })) };
    if (feed.items.length === 0) {
      this.log.info({ categories }, 'arXiv announcement feed is empty (normal on weekends and holidays)');
    }
    return feed;
  }

  /**
   * One OAI-PMH ListRecords page (one request): a `set` over `from`..`until` (days, inclusive), or
   * the page a `resumptionToken` names. An empty window is an empty page.
   */
  async oaiListRecords(req: OaiListRequest): Promise<OaiPage> {
    if (!this.opts.oaiUrl)
      throw new AppError(
        'INVALID_INPUT',
        'No OAI-PMH URL configured: set ARXIV_OAI_URL (default https://oaipmh.arxiv.org/oai).',
      );
    if (!('resumptionToken' in req)) {
      if (!/^[a-z-]+(:[a-z-]+)?$/.test(req.set))
        throw new AppError(
          'INVALID_INPUT',
          `"${req.set}" is not an OAI-PMH set of arXiv (e.g. cs, physics:hep-th).`,
        );
      for (const d of [req.from, req.until])
        if (!/^\d{4}-\d{2}-\d{2}$/.test(d))
          throw new AppError('INVALID_INPUT', `OAI-PMH dates are YYYY-MM-DD (got "${d}").`);
    }
    const res = await this.transport.get(oaiListUrl(this.opts.oaiUrl, req), {
      accept: 'text/xml, application/xml',
    });
    const page = parseOaiListRecords(res.body.toString('utf8'));
    return { ...page, records: page.records.map((r) => ({ ...r, paper: this.onSite(r.paper) })) };
  }

  /** The PDF (one request); NOT_FOUND when arXiv has none. */
  async fetchPdf(id: string, version: number | null): Promise<Buffer> {
    const res = await this.transport.get(this.webPath('pdf', id, version), { accept: 'application/pdf' });
    if (!res.contentType.includes('pdf') && !res.body.subarray(0, 5).toString('latin1').startsWith('%PDF')) {
      throw new AppError(
        'ARXIV_HTTP',
        `arXiv did not return a PDF for ${id} (content type ${res.contentType || 'none'}).`,
        { retryable: true },
      );
    }
    return res.body;
  }

  /** arXiv's HTML full text (one request), or null when arXiv has no HTML version (404). */
  async fetchHtml(id: string, version: number | null): Promise<string | null> {
    try {
      const res = await this.transport.get(this.webPath('html', id, version), { accept: 'text/html' });
      return res.body.toString('utf8');
    } catch (e) {
      if (isAppError(e, 'NOT_FOUND')) return null;
      throw e;
    }
  }

  /**
   * ar5iv's HTML (one request), or null when ar5iv has none: it then redirects to the abstract page
   * (not followed: that would be a request nobody needs) or answers 404.
   */
  async fetchAr5iv(id: string, version: number | null): Promise<string | null> {
    if (!this.opts.ar5ivUrl) return null;
    const parsed = extractArxivId(id);
    const v = version ?? parsed.version;
    const url = `${this.opts.ar5ivUrl.replace(/\/$/, '')}/html/${parsed.id}${v ? `v${v}` : ''}`;
    try {
      const res = await this.transport.get(url, { accept: 'text/html', noRedirect: true });
      if (res.status >= 300 && res.status < 400) return null;
      return res.body.toString('utf8');
    } catch (e) {
      if (isAppError(e, 'NOT_FOUND')) return null;
      throw e;
    }
  }

  /**
   * The LaTeX source (`/e-print/ID`, one request): a gzipped tar or a gzipped single .tex, or null
   * when arXiv has none (404) or the submission is PDF-only (the e-print is then the PDF itself).
   */
  async fetchSource(id: string, version: number | null): Promise<Buffer | null> {
    try {
      const res = await this.transport.get(this.webPath('e-print', id, version), {
        accept: 'application/gzip, application/x-eprint-tar, application/x-eprint, */*',
      });
      if (res.contentType.includes('pdf') || res.body.subarray(0, 5).toString('latin1') === '%PDF-')
        return null;
      return res.body;
    } catch (e) {
      if (isAppError(e, 'NOT_FOUND')) return null;
      throw e;
    }
  }

  /** Fetches a URL a user gave (one request); HOST_NOT_ALLOWED unless it is an arXiv host. */
  async fetchUrl(url: string): Promise<{ status: number; contentType: string; body: Buffer }> {
    const res = await this.transport.get(url);
    return { status: res.status, contentType: res.contentType, body: res.body };
  }

  /** Closes the kept-alive connection. */
  close(): void {
    this.transport.close();
  }

  private webPath(kind: 'pdf' | 'html' | 'e-print', id: string, version: number | null): string {
    const parsed = extractArxivId(id);
    const v = version ?? parsed.version;
    return `${this.opts.webUrl.replace(/\/$/, '')}/${kind}/${parsed.id}${v ? `v${v}` : ''}`;
  }

  private async getFeed(url: string, signal: AbortSignal | undefined): Promise<AtomFeed> {
    // 400 carries the error feed with arXiv's reason: parse it rather than throw a bare status.
    const res = await this.transport.get(url, {
      passStatuses: [400],
      accept: 'application/atom+xml',
      signal,
    });
    if (res.status === 400) {
      try {
        parseAtomFeed(res.body.toString('utf8'));
      } catch (e) {
        if (isAppError(e, 'ARXIV_API_ERROR')) throw e;
      }
      throw new AppError('ARXIV_API_ERROR', `arXiv API error: HTTP 400 for ${url}.`, { retryable: false });
    }
    const feed = parseAtomFeed(res.body.toString('utf8'));
    return { ...feed, papers: feed.papers.map((p) => this.onSite(p)) };
  }

  /** A parsed paper with its links on the configured site (the parsers build them on arXiv's). */
  private onSite(p: Paper): Paper {
    return paperOnSite(p, this.opts.siteUrl ?? ARXIV_ORIGIN);
  }
}
