/**
 * The one HTTP transport for all arXiv traffic (API, RSS, PDF, HTML). It enforces arXiv's terms
 * of use inside this process (info.arxiv.org/help/api/tou): a descriptive User-Agent with a
 * contact, one connection, one request at a time, requests spaced by the configured interval
 * (never below 3 s for arxiv.org hosts), a timeout and a response size cap; and it only ever talks
 * to allowed hosts. Across processes and machines, a RequestGate (in workers: the Temporal arXiv
 * gate, workflows/arxiv-gate.ts) grants one request at a time, spaced after the previous one ended
 * anywhere in the cluster, and spreads a 429/503 backoff to every worker. No retries here:
 * Temporal owns them.
 */
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isArxivHost } from '../../domain/arxiv-ids.ts';
import { AppError } from '../../domain/errors.ts';
import { parseRetryAfter } from '../../lib/http-failure.ts';
import { silentLogger, type Logger } from '../../lib/logger.ts';

/** arXiv's terms of use: at most one request every 3 seconds. */
export const ARXIV_FLOOR_MS = 3000;

/** How a request ended, as the gate needs to know it. */
export interface TurnOutcome {
  /** arXiv answered 429 or 503: everyone backs off. */
  throttled?: boolean;
  retryAfterMs?: number;
  /** The throttled answer's status (429 or 503), for the gate's waiting users. */
  status?: number;
}

/** What one request brings to the gate: its own cancellation (a user's Ctrl-C, a closed web request). */
export interface TurnRequestOptions {
  /** Stops this request's wait for its turn, and only this request's (outside an activity). */
  signal?: AbortSignal | undefined;
}

/** A cluster-wide turn to send one request; `acquire` resolves when it is ours. */
export interface RequestGate {
  acquire(intervalMs: number, request?: TurnRequestOptions): Promise<(outcome: TurnOutcome) => Promise<void>>;
  /** Releases what the gate holds (a connection). */
  close?(): Promise<void>;
}

export interface TransportOptions {
  /** Sent as User-Agent, e.g. `arxiv-radar/0.1.0 (+mailto:me@example.org)`. */
  userAgent: string;
  minIntervalMs: number;
  timeoutMs: number;
  maxResponseBytes: number;
  /** Hosts besides arxiv.org and its subdomains that may be fetched (the configured base URLs' hosts). */
  extraAllowedHosts?: string[];
  /**
   * Origins (scheme, host and port) a redirect may lead to: the configured arXiv base URLs'. A
   * redirect anywhere else is refused, even to another port of an allowed host. Unset: a redirect
   * may only stay on the origin that was requested.
   */
  redirectOrigins?: string[];
  logger?: Logger;
  /** Cluster-wide turns (workers); without one, only this process's requests are spaced. */
  gate?: RequestGate;
  /** DNS override; tests point arXiv host names at a loopback fake with it. */
  lookup?: LookupFunction;
  /** Injected in tests. */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export interface TransportResponse {
  status: number;
  url: string;
  contentType: string;
  body: Buffer;
}

export interface GetOptions {
  /** Statuses returned to the caller instead of thrown (400: the API's error feed). */
  passStatuses?: number[];
  accept?: string;
  /** Return a redirect as the response instead of following it (ar5iv redirects to the abstract page when it has no HTML). */
  noRedirect?: boolean;
  /** Stops this request's wait (behind this process's other requests, for the spacing, at the gate); not a request in flight. */
  signal?: AbortSignal | undefined;
}

/** The spacing that applies to `hostname`: arxiv.org and its subdomains never go below 3 s. */
export function effectiveIntervalMs(hostname: string, configuredMs: number): number {
  return isArxivHost(hostname) ? Math.max(configuredMs, ARXIV_FLOOR_MS) : Math.max(0, configuredMs);
}

/** How long to wait before the next request to `hostname`, given when the previous one ended. */
export function delayBeforeNext(
  hostname: string,
  configuredMs: number,
  lastEndedAt: number | undefined,
  now: number,
): number {
  if (lastEndedAt === undefined) return 0;
  return Math.max(0, lastEndedAt + effectiveIntervalMs(hostname, configuredMs) - now);
}

/** True when `hostname` is arxiv.org, a subdomain, or one of `extra` (exact, case-insensitive). */
export function isAllowedHost(hostname: string, extra: readonly string[] = []): boolean {
  const h = hostname.toLowerCase().replace(/\.$/, '');
  return isArxivHost(h) || extra.some((x) => x.toLowerCase() === h);
}

const MAX_REDIRECTS = 3;

export class ArxivTransport {
  private readonly log: Logger;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  // One socket per protocol, reused: "one connection at a time" (arXiv terms of use).
  private readonly agents = {
    'http:': new http.Agent({ keepAlive: true, maxSockets: 1 }),
    'https:': new https.Agent({ keepAlive: true, maxSockets: 1 }),
  };
  private chain: Promise<unknown> = Promise.resolve();
  private lastEndedAt: number | undefined;

  constructor(private readonly opts: TransportOptions) {
    this.log = opts.logger ?? silentLogger;
    this.now = opts.now ?? Date.now;
    this.sleep = opts.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
  }

  /** Throws HOST_NOT_ALLOWED unless `url` is http(s) on an allowed host. */
  checkUrl(url: string): URL {
    let u: URL;
    try {
      u = new URL(url);
    } catch {
      throw new AppError('INVALID_INPUT', `Not a URL: "${url}".`);
    }
    if (u.protocol !== 'http:' && u.protocol !== 'https:')
      throw new AppError('HOST_NOT_ALLOWED', `Only http(s) URLs can be fetched, not ${u.protocol} (${url}).`);
    if (!isAllowedHost(u.hostname, this.opts.extraAllowedHosts)) {
      throw new AppError(
        'HOST_NOT_ALLOWED',
        `Refusing to fetch ${u.hostname}: only arxiv.org and the configured arXiv base URLs are fetched.`,
      );
    }
    return u;
  }

  /**
   * The absolute target of a redirect from `from`, or HOST_NOT_ALLOWED when its origin (scheme,
   * host and port) is not one of the configured arXiv origins: host names alone would let a
   * redirect reach any other service on an allowed host.
   */
  checkRedirect(location: string, from: URL): string {
    let target: URL;
    try {
      target = new URL(location, from);
    } catch {
      throw new AppError('ARXIV_HTTP', `${from.origin} redirected to an unusable location.`, {
        retryable: false,
      });
    }
    const allowed = new Set((this.opts.redirectOrigins ?? [from.origin]).map((o) => new URL(o).origin));
    if (!allowed.has(target.origin)) {
      throw new AppError(
        'HOST_NOT_ALLOWED',
        `Refusing to follow a redirect from ${from.origin} to ${target.origin}: only the configured arXiv origins (${[...allowed].join(', ')}) are followed.`,
        { retryable: false },
      );
    }
    return target.toString();
  }

  /**
   * One GET, queued behind any other request of this process and spaced after it. A request whose
   * signal aborts while it waits leaves the queue; the next one still waits for those before it.
   */
  get(url: string, options: GetOptions = {}): Promise<TransportResponse> {
    const previous = this.chain;
    const run = untilAborted(previous, options.signal).then(() => this.getFollowing(url, options, 0));
    this.chain = previous.then(() => run).catch(() => undefined);
    return run;
  }

  /** Releases the kept-alive sockets and the gate's connection. */
  close(): void {
    this.agents['http:'].destroy();
    this.agents['https:'].destroy();
    void this.opts.gate?.close?.();
  }

  private async getFollowing(url: string, options: GetOptions, hops: number): Promise<TransportResponse> {
    const u = this.checkUrl(url);
    const { signal } = options;
    if (signal?.aborted) throw cancelled(signal);
    const wait = delayBeforeNext(u.hostname, this.opts.minIntervalMs, this.lastEndedAt, this.now());
    if (wait > 0) await untilAborted(this.sleep(wait), signal);
    const release = await this.opts.gate?.acquire(effectiveIntervalMs(u.hostname, this.opts.minIntervalMs), {
      signal,
    });
    let res: (TransportResponse & { location?: string; retryAfter?: string }) | undefined;
    try {
      res = await this.once(u, options);
    } finally {
      this.lastEndedAt = this.now();
      const throttled = res?.status === 429 || res?.status === 503;
      const retryAfterMs = throttled ? parseRetryAfter(res?.retryAfter, this.now()) : undefined;
      // A failed release is logged, not thrown: the gate takes the turn back when the lease runs out.
      const outcome = {
        throttled,
        ...(throttled ? { status: res?.status } : {}),
        ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
      };
      await release?.(outcome).catch((e: unknown) =>
        this.log.warn(
          { err: e },
          'could not release the arXiv turn; the gate will reclaim it when the lease expires',
        ),
      );
    }
    if (res.status >= 300 && res.status < 400 && res.location && options.noRedirect) return res;
    if (res.status >= 300 && res.status < 400 && res.location) {
      if (hops >= MAX_REDIRECTS)
        throw new AppError('ARXIV_HTTP', `Too many redirects fetching ${url}.`, { retryable: false });
      // Each hop is a request of its own: it is checked against the allow-list and spaced.
      return this.getFollowing(this.checkRedirect(res.location, u), options, hops + 1);
    }
    if (res.status >= 200 && res.status < 300) return res;
    if (options.passStatuses?.includes(res.status)) return res;
    throw statusError(res.status, url, parseRetryAfter(res.retryAfter, this.now()));
  }

  private once(
    u: URL,
    options: GetOptions,
  ): Promise<TransportResponse & { location?: string; retryAfter?: string }> {
    const lib = u.protocol === 'https:' ? https : http;
    const { maxResponseBytes, timeoutMs } = this.opts;
    const started = this.now();
    let timer: NodeJS.Timeout | undefined;
    const done = new Promise<TransportResponse & { location?: string; retryAfter?: string }>(
      (resolve, reject) => {
        const req = lib.request(
          u,
          {
            method: 'GET',
            agent: this.agents[u.protocol as 'http:' | 'https:'],
            ...(this.opts.lookup ? { lookup: this.opts.lookup } : {}),
            headers: { 'User-Agent': this.opts.userAgent, Accept: options.accept ?? '*/*' },
          },
          (res) => {
            const declared = Number(res.headers['content-length'] ?? NaN);
            if (declared > maxResponseBytes) {
              req.destroy();
              reject(tooLarge(u, maxResponseBytes));
              return;
            }
            const chunks: Buffer[] = [];
            let size = 0;
            res.on('data', (c: Buffer) => {
              size += c.length;
              if (size > maxResponseBytes) {
                req.destroy();
                reject(tooLarge(u, maxResponseBytes));
                return;
              }
              chunks.push(c);
            });
            res.on('aborted', () => reject(transient(`the connection closed mid-response from ${u.host}`)));
            res.on('error', (e) =>
              reject(transient(`reading the response from ${u.host} failed: ${e.message}`, e)),
            );
            res.on('end', () => {
              const body = Buffer.concat(chunks);
              if (Number.isFinite(declared) && body.length < declared) {
                reject(
                  transient(`the response from ${u.host} was cut off (${body.length} of ${declared} bytes)`),
                );
                return;
              }
              this.log.debug(
                { url: u.toString(), status: res.statusCode, bytes: body.length, ms: this.now() - started },
                'arXiv request',
              );
              resolve({
                status: res.statusCode ?? 0,
                url: u.toString(),
                contentType: String(res.headers['content-type'] ?? ''),
                body,
                ...(res.headers.location ? { location: res.headers.location } : {}),
                ...(typeof res.headers['retry-after'] === 'string'
                  ? { retryAfter: res.headers['retry-after'] }
                  : {}),
              });
            });
          },
        );
        timer = setTimeout(() => {
          req.destroy();
          reject(transient(`no complete answer from ${u.host} within ${timeoutMs} ms`));
        }, timeoutMs);
        req.on('error', (e) => {
          reject(transient(`request to ${u.host} failed: ${e.message}`, e));
        });
        req.end();
      },
    );
    return done.finally(() => clearTimeout(timer));
  }
}

/** The error a request stops with when its signal aborts while it waits for its turn. */
export function cancelled(signal: AbortSignal): AppError {
  return new AppError('CANCELLED', 'Stopped waiting for arXiv: the request was cancelled.', {
    cause: signal.reason,
  });
}

/** `p`, or CANCELLED as soon as `signal` aborts (p keeps running; its outcome is ignored). */
export function untilAborted<T>(p: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return p;
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) return reject(cancelled(signal));
    const onAbort = () => reject(cancelled(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function transient(message: string, cause?: unknown): AppError {
  return new AppError('ARXIV_HTTP', `arXiv request failed: ${message}.`, { retryable: true, cause });
}

function tooLarge(u: URL, max: number): AppError {
  return new AppError(
    'ARXIV_HTTP',
    `The response from ${u.toString()} is larger than ARXIV_MAX_RESPONSE_BYTES (${max} bytes).`,
    { retryable: false },
  );
}

function statusError(status: number, url: string, retryAfterMs: number | undefined): AppError {
  const after = retryAfterMs === undefined ? {} : { retryAfterMs };
  const details = { status, url };
  if (status === 429)
    return new AppError('ARXIV_RATE_LIMITED', `arXiv answered 429 (rate exceeded) for ${url}.`, {
      retryable: true,
      details,
      ...after,
    });
  if (status === 503)
    return new AppError('ARXIV_HTTP', `arXiv is unavailable (503) for ${url}.`, {
      retryable: true,
      details,
      ...after,
    });
  if (status === 404)
    return new AppError('NOT_FOUND', `arXiv has nothing at ${url} (404).`, { retryable: false, details });
  if (status === 414)
    return new AppError(
      'ARXIV_HTTP',
      `The request URL is too long for arXiv (414); look up fewer ids per request.`,
      { retryable: false, details },
    );
  if (status >= 500)
    return new AppError('ARXIV_HTTP', `arXiv answered ${status} for ${url}.`, {
      retryable: true,
      details,
      ...after,
    });
  return new AppError('ARXIV_HTTP', `arXiv answered ${status} for ${url}.`, { retryable: false, details });
}
