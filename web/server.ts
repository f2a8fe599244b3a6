/**
 * The web app: search, papers, the library, subscriptions with their digests and live runs, and
 * the research agent's chat with voice, served by Hono on Node. It receives the RadarService and
 * AgentService that the CLI, the Discord bot and the MCP server use (it never builds them), so
 * there is no second implementation of anything. Pages are rendered on the server and work
 * without JavaScript; web/assets/app.js adds SSE progress, in-place actions, chat streaming and
 * voice. Security (web/security.ts): loopback by default (WEB_TOKEN required elsewhere), Host
 * check, CSRF on every state-changing request, sanitised Markdown, rate limits on search, chat
 * and voice. The design is in docs/web.md.
 */
import { createHash } from 'node:crypto';
import { isContentSource, type ContentSource } from '../domain/content-source.ts';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { getCookie, setCookie } from 'hono/cookie';
import { streamSSE } from 'hono/streaming';
import { z } from 'zod';
import type { AgentReply, AgentService } from '../app/agent-service.ts';
import type { RadarService, SubscriptionRequest } from '../app/radar-service.ts';
import { listPapersShape, seedPapersShape, subscribeTopicShape } from '../domain/tool-schemas.ts';
import type { Config } from '../config/env.ts';
import { extractArxivId } from '../domain/arxiv-ids.ts';
import { AppError, errorMessage, isAppError, type ErrorCode } from '../domain/errors.ts';
import { assertNoProblems, isLoopbackHost, parseListenAddress, webProblems } from '../lib/listen-address.ts';
import type { Logger } from '../lib/logger.ts';
import { createAudioClient, MAX_SPEECH_CHARS } from './audio.ts';
import { DigestRuns, type DigestRun, type RunEvent } from './runs.ts';
import {
  equalSecret,
  originAllowed,
  SESSION_COOKIE,
  Sessions,
  type ChatProposal,
  type Session,
} from './security.ts';
import * as views from './views.ts';
import { createRateLimiter } from '../lib/rate-limit.ts';
import { formatIssues } from '../lib/zod-issues.ts';

export interface WebServerDeps {
  service: RadarService;
  agent: AgentService;
  config: Config;
  logger: Logger;
  /** The Temporal Web UI (runs link to their workflow there); null or absent hides the links. */
  temporalUiUrl?: string | null | undefined;
  /** host:port to listen on instead of WEB_ADDR (tests use 127.0.0.1:0). */
  addr?: string;
  /** Rate limits as [burst, milliseconds per extra request] per browser session and address. */
  rateLimits?: Partial<Record<'search' | 'chat' | 'audio', [number, number]>>;
}

export interface WebServer {
  /** e.g. http://127.0.0.1:8080 */
  url: string;
  stop(): Promise<void>;
}

const DEFAULT_LIMITS: Record<'search' | 'chat' | 'audio', [number, number]> = {
  search: [5, 12_000],
  chat: [5, 15_000],
  audio: [10, 6_000],
};
const FORM_MAX_BYTES = 64 * 1024;

type Env = { Variables: { session: Session } };

/** Where web/assets is: beside this module, or (compiled into dist/web) the source folder. */
function assetsDir(): string {
  const here = import.meta.dirname;
  const candidates = [path.join(here, 'assets'), path.resolve(here, '../../web/assets')];
  const found = candidates.find((d) => existsSync(path.join(d, 'app.js')));
  if (!found)
    throw new AppError('CONFIG_INVALID', `web/assets is missing (looked in ${candidates.join(', ')})`);
  return found;
}

interface Asset {
  body: Buffer;
  type: string;
}

/** The client script, the stylesheet and KaTeX's CSS and fonts (from node_modules, never a CDN), in memory. */
function loadAssets(): { assets: Map<string, Asset>; version: string } {
  const dir = assetsDir();
  const assets = new Map<string, Asset>();
  assets.set('app.js', {
    body: readFileSync(path.join(dir, 'app.js')),
    type: 'text/javascript; charset=utf-8',
  });
  assets.set('app.css', { body: readFileSync(path.join(dir, 'app.css')), type: 'text/css; charset=utf-8' });
  // The icon (scripts/make-favicon.mjs draws both): SVG for <link rel="icon">, ICO at /favicon.ico.
  assets.set('favicon.svg', { body: readFileSync(path.join(dir, 'favicon.svg')), type: 'image/svg+xml' });
  assets.set('favicon.ico', { body: readFileSync(path.join(dir, 'favicon.ico')), type: 'image/x-icon' });
  const katexDist = path.join(
    path.dirname(createRequire(import.meta.url).resolve('katex/package.json')),
    'dist',
  );
  assets.set('katex/katex.min.css', {
    body: readFileSync(path.join(katexDist, 'katex.min.css')),
    type: 'text/css; charset=utf-8',
  });
  const fontTypes: Record<string, string> = { woff2: 'font/woff2', woff: 'font/woff', ttf: 'font/ttf' };
  for (const f of readdirSync(path.join(katexDist, 'fonts'))) {
    const ext = f.split('.').pop() ?? '';
    if (fontTypes[ext])
      assets.set(`katex/fonts/${f}`, {
        body: readFileSync(path.join(katexDist, 'fonts', f)),
        type: fontTypes[ext],
      });
  }
  const hash = createHash('sha256');
  for (const [name, a] of assets) if (!name.includes('/fonts/')) hash.update(a.body);
  return { assets, version: hash.digest('hex').slice(0, 12) };
}

const STATUS: Partial<Record<ErrorCode, 400 | 401 | 403 | 404 | 413 | 429 | 503 | 504>> = {
  INVALID_INPUT: 400,
  ARXIV_API_ERROR: 400,
  HOST_NOT_ALLOWED: 400,
  CONFIG_INVALID: 400,
  NOT_FOUND: 404,
  PERMISSION_DENIED: 403,
  RATE_LIMITED: 429,
  TEMPORAL_UNAVAILABLE: 503,
  TIMED_OUT: 504,
};

const statusOf = (e: unknown) => (isAppError(e) ? (STATUS[e.code] ?? 500) : 500);

/** The arXiv id or URL after `/paper/`, or a 400 when the path is not valid percent-encoding. */
function paperIdOf(path: string): string {
  try {
    return decodeURIComponent(path.slice('/paper/'.length)).slice(0, 300);
  } catch {
    throw new AppError(
      'INVALID_INPUT',
      'This paper address is not valid percent-encoding: use /paper/<arXiv id>, e.g. /paper/2401.12345.',
    );
  }
}

/** The request asked for JSON (the enhanced forms send `accept: application/json`). */
const wantsJson = (c: Context) => (c.req.header('accept') ?? '').includes('application/json');

const splitList = (s: string | undefined) =>
  (s ?? '')
    .split(/[\s,]+/)
    .map((x) => x.trim())
    .filter(Boolean);

/** Zod issues as one sentence ("name: …; interest: …"). */
const zodMessage = (e: z.ZodError): string => formatIssues(e.issues, 'input');

/**
 * The Hono app over the given services. `allowedHost` decides which Host headers are answered
 * (set once the port is known); exported for tests that drive it without a socket.
 */
export function createWebApp(deps: WebServerDeps, opts: { allowedHost: (host: string) => boolean }) {
  const { service, agent, config, logger } = deps;
  const { assets, version } = loadAssets();
  const sessions = new Sessions();
  const runs = new DigestRuns(service);
  const limits = { ...DEFAULT_LIMITS, ...deps.rateLimits };
  const limiters = {
    search: createRateLimiter({ capacity: limits.search[0], refillMs: limits.search[1] }),
    chat: createRateLimiter({ capacity: limits.chat[0], refillMs: limits.chat[1] }),
    audio: createRateLimiter({ capacity: limits.audio[0], refillMs: limits.audio[1] }),
    // Sign-in attempts per address: 5, then one every 10 s (a token cannot be guessed by volume).
    login: createRateLimiter({ capacity: 5, refillMs: 10_000 }),
  };
  const audio = createAudioClient({
    baseUrl: config.AUDIO_BASE_URL,
    apiKey: config.AUDIO_API_KEY,
    sttModel: config.STT_MODEL,
    ttsModel: config.TTS_MODEL,
    voice: config.TTS_VOICE,
    maxBytes: config.AUDIO_MAX_BYTES,
    maxSeconds: config.AUDIO_MAX_SECONDS,
  });
  const token = config.WEB_TOKEN;
  const defaults = { cron: config.DIGEST_CRON, timezone: config.DIGEST_TIMEZONE, topK: config.DIGEST_TOP_K };

  const ctxOf = (c: Context<Env>): views.PageContext => ({
    csrf: sessions.csrfToken(keepSession(c)),
    assetVersion: version,
    notion: Boolean(config.NOTION_TOKEN && config.NOTION_DATABASE_ID),
    stt: audio.enabled,
    tts: audio.enabled ? 'server' : 'browser',
    audioMaxSeconds: config.AUDIO_MAX_SECONDS,
    temporalUiUrl: deps.temporalUiUrl ?? null,
    namespace: config.TEMPORAL_NAMESPACE,
  });

  const page = (
    c: Context<Env>,
    p: {
      title: string;
      body: views.Html;
      math?: boolean;
      status?: 200 | 400 | 401 | 403 | 404 | 413 | 429 | 500 | 503 | 504;
      refreshSeconds?: number;
    },
  ) => {
    const flash = c.var.session.flash;
    c.var.session.flash = null;
    return c.html(
      views.layout(ctxOf(c), {
        title: p.title,
        path: c.req.path,
        body: p.body,
        math: p.math ?? false,
        flash,
        ...(p.refreshSeconds ? { refreshSeconds: p.refreshSeconds } : {}),
      }),
      p.status ?? 200,
    );
  };

  /** A finished action: JSON for the enhanced forms, else a redirect with the message shown once. */
  const actionDone = (c: Context<Env>, message: string, redirect: string) => {
    if (wantsJson(c)) return c.json({ ok: true, message, redirect });
    c.var.session.flash = message;
    return c.redirect(redirect, 303);
  };

  /** A safe place to go back to: a path on this site, never another origin. */
  const backOf = (v: unknown, fallback: string) =>
    typeof v === 'string' && /^\/(?!\/)[^\s\\]*$/.test(v) ? v : fallback;

  /** The client's address ('unknown' off a socket: tests through app.request). */
  const addressOf = (c: Context<Env>): string => {
    try {
      return getConnInfo(c).remote.address ?? 'unknown';
    } catch {
      return 'unknown';
    }
  };

  /** The request's session, kept from now on with its cookie set (a page with a form needs its CSRF token). */
  const keepSession = (c: Context<Env>): Session => {
    const s = c.var.session;
    if (!sessions.isKept(s)) {
      sessions.keep(s, addressOf(c));
      setCookie(c, SESSION_COOKIE, s.id, { httpOnly: true, sameSite: 'Strict', path: '/' });
    }
    return s;
  };

  /** One token of `kind` for this browser (session and address), or a RATE_LIMITED error. */
  const limit = (c: Context<Env>, kind: 'search' | 'chat' | 'audio' | 'login') => {
    const address = addressOf(c);
    // Per session, and per address so that dropping the cookie does not reset the count.
    const wait = limiters[kind].take(`s:${c.var.session.id}`) || limiters[kind].take(`a:${address}`);
    if (wait > 0)
      throw new AppError(
        'RATE_LIMITED',
        `Too many ${kind} requests: try again in ${Math.ceil(wait / 1000)} s.`,
      );
  };

  /**
   * A GET that would start arXiv work (fetching and converting a paper not stored yet): only from
   * this site or a typed/bookmarked address (Sec-Fetch-Site same-origin or none; a browser that
   * does not send it is let through), and under the search rate limit. Another site (an `<img>`,
   * a link) gets a page with a button instead, which is a same-origin request when pressed.
   */
  const arxivWorkByGet = (
    c: Context<Env>,
    id: string,
    source: ContentSource | 'auto',
  ): Response | Promise<Response> | null => {
    const site = c.req.header('sec-fetch-site');
    if (site !== undefined && site !== 'same-origin' && site !== 'none') {
      return page(c, {
        title: 'Open this paper?',
        body: views.confirmFetchPage(id, c.req.path, source === 'auto' ? null : source),
        status: 403,
      });
    }
    limit(c, 'search');
    return null;
  };

  const app = new Hono<Env>();

  app.onError((e, c) => {
    const status = statusOf(e);
    if (status === 500) logger.error({ err: e, path: c.req.path }, 'web request failed');
    const message =
      isAppError(e) || status !== 500 ? errorMessage(e) : `Something failed: ${errorMessage(e)}`;
    if (wantsJson(c) || c.req.path.startsWith('/audio/'))
      return c.json({ ok: false, error: message }, status);
    if (!c.var.session) return c.text(message, status);
    return page(c as Context<Env>, {
      title: views.errorHeading(message).heading,
      body: views.errorPage(message),
      status,
    });
  });

  // Headers every answer carries: no framing, no sniffing, scripts and styles from here only
  // (KaTeX's output uses style attributes, hence style-src-attr), the microphone for this origin.
  app.use('*', async (c, next) => {
    await next();
    c.header(
      'content-security-policy',
      "default-src 'none'; script-src 'self'; style-src 'self'; style-src-attr 'unsafe-inline'; img-src 'self' data:; font-src 'self'; connect-src 'self'; media-src 'self' blob:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    );
    c.header('x-content-type-options', 'nosniff');
    c.header('referrer-policy', 'same-origin');
    c.header('permissions-policy', 'microphone=(self), camera=(), geolocation=()');
    c.header('cross-origin-opener-policy', 'same-origin');
  });

  // DNS rebinding: answer only Host names of this server.
  app.use('*', async (c, next) => {
    const host = (c.req.header('host') ?? '').toLowerCase();
    if (!opts.allowedHost(host)) return c.text('Forbidden: the Host header does not name this server', 403);
    return next();
  });

  // Static assets, before sessions: no cookie needed.
  app.get('/assets/*', (c) => {
    const name = c.req.path.slice('/assets/'.length);
    const a = assets.get(name);
    if (!a) return c.text('Not found', 404);
    c.header('content-type', a.type);
    c.header(
      'cache-control',
      c.req.query('v') === version || name.includes('/fonts/')
        ? 'public, max-age=31536000, immutable'
        : 'no-cache',
    );
    return c.body(new Uint8Array(a.body));
  });
  app.get('/healthz', (c) => c.json({ ok: true }));
  // Browsers ask for /favicon.ico whatever the page links (and a 404 is a console error).
  app.get('/favicon.ico', (c) => {
    c.header('content-type', 'image/x-icon');
    c.header('cache-control', 'public, max-age=86400');
    return c.body(new Uint8Array(assets.get('favicon.ico')!.body));
  });

  // The session: a random id in an HttpOnly, SameSite=Strict cookie.
  app.use('*', async (c, next) => {
    // Kept (and its cookie set) only when needed: see keepSession.
    c.set('session', sessions.find(getCookie(c, SESSION_COOKIE)) ?? sessions.transient());
    return next();
  });

  // Bodies are capped before anything reads them; recordings get their own, larger cap.
  app.use('*', async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const max = c.req.path === '/audio/transcribe' ? config.AUDIO_MAX_BYTES : FORM_MAX_BYTES;
    return bodyLimit({
      maxSize: max,
      onError: (cc) =>
        cc.json(
          {
            ok: false,
            error: `The request body is over ${max} bytes${c.req.path === '/audio/transcribe' ? ' (AUDIO_MAX_BYTES): record a shorter question' : ''}.`,
          },
          413,
        ),
    })(c, next);
  });

  // A form body is parsed once, here (Hono keeps it for the route): one that does not parse is the
  // client's mistake, a 400 with one line, never a 500 from whichever route reads it first.
  app.use('*', async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const type = (c.req.header('content-type') ?? '').toLowerCase();
    const form =
      type.startsWith('multipart/form-data') || type.startsWith('application/x-www-form-urlencoded');
    if (!form) return next();
    if (c.req.path.startsWith('/audio/'))
      return c.json(
        {
          ok: false,
          error: 'Send the recording’s bytes with its audio Content-Type (e.g. audio/webm), not a form.',
        },
        400,
      );
    try {
      await c.req.parseBody();
    } catch {
      const message = `The request body is not valid ${type.startsWith('multipart') ? 'multipart/form-data (check its boundary)' : 'form data'}.`;
      return wantsJson(c) || c.req.path === '/chat/stream'
        ? c.json({ ok: false, error: message }, 400)
        : c.text(message, 400);
    }
    return next();
  });

  // CSRF: every state-changing request carries this session's token and, from browsers, our Origin.
  app.use('*', async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const host = (c.req.header('host') ?? '').toLowerCase();
    if (!originAllowed(c.req.header('origin'), host))
      return c.json({ ok: false, error: 'Forbidden: cross-origin request refused' }, 403);
    let given = c.req.header('x-csrf-token');
    const type = c.req.header('content-type') ?? '';
    if (
      given === undefined &&
      (type.startsWith('application/x-www-form-urlencoded') || type.startsWith('multipart/form-data'))
    ) {
      const body = await c.req.parseBody();
      given = typeof body._csrf === 'string' ? body._csrf : undefined;
    }
    if (!sessions.csrfValid(c.var.session, given)) {
      const message =
        'Forbidden: this form has expired or did not come from this page (CSRF check). Reload the page and try again.';
      return wantsJson(c) || type.startsWith('application/json')
        ? c.json({ ok: false, error: message }, 403)
        : page(c, { title: 'Refused', body: views.errorPage(message), status: 403 });
    }
    return next();
  });

  // WEB_TOKEN: sign in once per browser session (or send it as a bearer token).
  app.get('/login', (c) => page(c, { title: 'Sign in', body: views.loginPage(ctxOf(c), null) }));
  app.post('/login', async (c) => {
    const wait = limiters.login.take(`a:${addressOf(c)}`);
    if (wait > 0)
      return page(c, {
        title: 'Sign in',
        body: views.loginPage(
          ctxOf(c),
          `Too many sign-in attempts: try again in ${Math.ceil(wait / 1000)} s.`,
        ),
        status: 429,
      });
    const body = await c.req.parseBody();
    if (token && typeof body.token === 'string' && equalSecret(body.token, token)) {
      // A new session id at sign-in: one known before (planted in the browser) is worth nothing now.
      const renewed = sessions.signIn(c.var.session);
      setCookie(c, SESSION_COOKIE, renewed.id, { httpOnly: true, sameSite: 'Strict', path: '/' });
      c.set('session', renewed);
      return c.redirect('/search', 303);
    }
    return page(c, {
      title: 'Sign in',
      body: views.loginPage(
        ctxOf(c),
        token ? 'That is not the token.' : 'This server has no WEB_TOKEN: nothing to sign in to.',
      ),
      status: 401,
    });
  });
  app.use('*', async (c, next) => {
    if (!token || c.var.session.signedIn) return next();
    const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
    if (bearer && equalSecret(bearer, token)) return next();
    if (wantsJson(c) || c.req.method !== 'GET')
      return c.json({ ok: false, error: 'Sign in first (WEB_TOKEN).' }, 401);
    return c.redirect('/login', 303);
  });

  app.get('/', (c) => c.redirect('/search', 302));

  // ---- Search ----
  /** How many of the best get a full-text TL;DR streamed in after the results. */
  const FULL_TEXT_TOP_N = 3;
  const searchInput = (c: Context<Env>) => {
    const q = (c.req.query('q') ?? '').trim().slice(0, 500);
    const query = (c.req.query('query') ?? '').trim().slice(0, 500);
    const max = [10, 20, 50].includes(Number(c.req.query('max'))) ? Number(c.req.query('max')) : 10;
    // Full-text TL;DRs for the top 3 stream in after the results: on for a new search, then as the form says.
    const full = q ? c.req.query('full') === '1' : true;
    const back = `/search?${new URLSearchParams({ q, ...(query ? { query } : {}), max: String(max), ...(full ? { full: '1' } : {}) }).toString()}`;
    return { q, query, max, full, back };
  };
  app.get('/search', async (c) => {
    const s = searchInput(c);
    let result = null;
    let error: unknown = null;
    if (s.q) {
      try {
        limit(c, 'search');
        result = await service.searchPapers(
          { question: s.q, maxResults: s.max, ...(s.query ? { searchQuery: s.query } : {}) },
          undefined,
          { signal: c.req.raw.signal },
        );
      } catch (e) {
        error = e;
      }
    }
    const rateFor = result ? (await service.listSubscriptions()).map((x) => x.name) : [];
    const body = views.searchPage(ctxOf(c), {
      ...s,
      result,
      error: error ? errorMessage(error) : null,
      rateFor,
    });
    return page(c, { title: s.q ? `Search: ${s.q}` : 'Search', body, status: error ? statusOf(error) : 200 });
  });
  app.get('/search/events', (c) => {
    const s = searchInput(c);
    return streamSSE(c, async (stream) => {
      const ac = new AbortController();
      stream.onAbort(() => ac.abort());
      const send = (event: string, data: unknown) => stream.writeSSE({ event, data: JSON.stringify(data) });
      try {
        if (!s.q) throw new AppError('INVALID_INPUT', 'Type a question first.');
        limit(c, 'search');
        const r = await service.searchPapers(
          { question: s.q, maxResults: s.max, ...(s.query ? { searchQuery: s.query } : {}) },
          (message) => void send('progress', { message }).catch(() => {}),
          { signal: ac.signal },
        );
        // Results as soon as arXiv answered; then, if asked, the full texts of the top 3, each
        // TL;DR replacing its abstract one as it arrives.
        const papers = r.papers.length ? r.papers : (r.broader?.papers ?? []);
        const rateFor = (await service.listSubscriptions()).map((x) => x.name);
        const pending = s.full
          ? papers
              .slice(0, FULL_TEXT_TOP_N)
              .flatMap((p, i) => (p.summarySource === 'abstract' ? [{ p, rank: i + 1 }] : []))
          : [];
        await send('result', {
          html: (await views.searchResults(ctxOf(c), s.q, r, s.back, rateFor)).toString(),
          url: s.back,
          count: papers.length,
          pending: pending.length,
        });
        for (const [i, { p, rank }] of pending.entries()) {
          await send('progress', {
            message: `Fetching the full text of arXiv:${p.paper.id} (${i + 1} of ${pending.length})…`,
          });
          try {
            const doc = await service.fullTextSummary(p.paper, undefined, { signal: ac.signal });
            const fromText =
              doc.summary && doc.source
                ? { ...p, summary: doc.summary, summarySource: 'full-text' as const }
                : p;
            await send('fulltext', {
              rank,
              id: p.paper.id,
              html: views.summaryBlock(fromText, rank).toString(),
              ok: fromText !== p,
              ...(doc.note ? { message: doc.note } : {}),
            });
          } catch (e) {
            if (ac.signal.aborted) return;
            await send('fulltext', { rank, id: p.paper.id, html: null, ok: false, message: errorMessage(e) });
          }
        }
        if (pending.length) await send('done', { count: papers.length });
      } catch (e) {
        await send('error', { message: errorMessage(e) });
      }
    });
  });

  // ---- Papers ----
  app.get('/paper/*', async (c) => {
    const id = paperIdOf(c.req.path);
    const sourceParam = c.req.query('source');
    const source = isContentSource(sourceParam) ? sourceParam : 'auto';
    // A paper already converted opens from the library; otherwise (or when a source is asked for)
    // it is fetched, converted and stored by the workflow.
    const stored = source === 'auto' ? await service.readStoredPaper(id).catch(() => null) : null;
    if (stored)
      return page(c, {
        title: stored.paper.title.replace(/\s+/g, ' ').trim(),
        body: views.paperPage(ctxOf(c), stored, c.req.path),
        math: true,
      });
    const refused = arxivWorkByGet(c, id, source);
    if (refused) return refused;
    return streamPaper(c, id, source);
  });

  /**
   * A paper not converted yet: its metadata and abstract (from the library, else one arXiv
   * lookup) are sent at once, then the converted full text is streamed into the same page when the
   * workflow has it (no script needed; the stylesheet swaps the early abstract out).
   */
  const streamPaper = async (c: Context<Env>, id: string, source: ContentSource | 'auto') => {
    const { id: baseId, version } = extractArxivId(id);
    const known = version ? null : await service.extractInfo(baseId).catch(() => null);
    const meta =
      known ??
      (await service.lookupArxiv(version ? `${baseId}v${version}` : baseId, { signal: c.req.raw.signal }));
    if (!meta)
      throw new AppError(
        'NOT_FOUND',
        `arXiv has no paper ${id}. Check the id: the number in the paper's arXiv URL, such as 2401.12345.`,
      );
    const shell = await page(c, {
      title: meta.title.replace(/\s+/g, ' ').trim(),
      body: views.paperShell(ctxOf(c), meta, c.req.path),
      math: true,
    });
    const full = await shell.text();
    const cut = full.indexOf(views.PAPER_STREAM_MARK);
    const [head, tail] = [full.slice(0, cut), full.slice(cut + views.PAPER_STREAM_MARK.length)];
    const encoder = new TextEncoder();
    const signal = c.req.raw.signal;
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(encoder.encode(head));
        let late: string;
        try {
          const doc = await service.getPaper({ ref: id, source }, undefined, { signal });
          late = String(await views.paperLate(doc, null));
        } catch (e) {
          if (signal.aborted) return controller.close();
          if (statusOf(e) === 500) logger.error({ err: e, path: c.req.path }, 'web paper conversion failed');
          late = String(await views.paperLate(null, errorMessage(e)));
        }
        controller.enqueue(encoder.encode(late + tail));
        controller.close();
      },
    });
    const headers = new Headers(shell.headers);
    headers.delete('content-length');
    return new Response(body, { status: 200, headers });
  };
  app.post('/library/save', async (c) => {
    const body = await c.req.parseBody();
    const id = String(body.id ?? '').trim();
    const topic = String(body.topic ?? 'saved').trim() || 'saved';
    const saved = await service.savePaper({ id, topic });
    // Saving from a digest counts as 👍 for its subscription.
    const sub = typeof body.subscription === 'string' ? body.subscription.trim() : '';
    if (sub)
      await service.ratePaper(
        { subscription: sub, paper: saved.id, rating: 'up', source: 'web' },
        { signal: c.req.raw.signal },
      );
    return actionDone(
      c,
      `Saved arXiv:${saved.id} to the library under "${saved.topic}"${sub ? ` and rated it 👍 for ${sub}` : ''}.`,
      backOf(body.back, '/library'),
    );
  });
  app.post('/ratings', async (c) => {
    const body = await c.req.parseBody();
    const rating =
      body.rating === 'up' || body.rating === 'down'
        ? body.rating
        : body.rating === 'clear'
          ? null
          : undefined;
    if (rating === undefined) throw new AppError('INVALID_INPUT', 'rating must be up, down or clear');
    const subscription = String(body.subscription ?? '').trim();
    const r = await service.ratePaper(
      { subscription, paper: String(body.id ?? '').trim(), rating, source: 'web' },
      { signal: c.req.raw.signal },
    );
    const what = rating === null ? 'Cleared the rating of' : `Rated ${rating === 'up' ? '👍' : '👎'}`;
    return actionDone(
      c,
      `${what} arXiv:${r.paper.id} for ${subscription}; its next digest learns from it.`,
      backOf(body.back, '/subscriptions'),
    );
  });
  app.post('/library/remove', async (c) => {
    const body = await c.req.parseBody();
    const removed = await service.removePaper(String(body.id ?? '').trim());
    const message = `Removed arXiv:${removed.id} from the library (its digests stay).`;
    // Shown on the page the enhanced form reloads, too.
    c.var.session.flash = message;
    return actionDone(c, message, backOf(body.back, '/library'));
  });
  app.post('/notion/send', async (c) => {
    const body = await c.req.parseBody();
    const receipt = await service.sendToNotion(String(body.id ?? '').trim());
    return actionDone(
      c,
      `Sent to Notion${receipt.url ? `: ${receipt.url}` : ''}.`,
      backOf(body.back, '/library'),
    );
  });

  // ---- Library ----
  app.get('/library', async (c) => {
    const q = c.req.query();
    const limitN = [5, 20, 50].includes(Number(q.limit)) ? Number(q.limit) : 20;
    const pageN = Math.max(1, Math.min(10_000, Number.parseInt(q.page ?? '1', 10) || 1));
    const raw = {
      ...(q.query?.trim() ? { query: q.query.trim() } : {}),
      ...(q.author?.trim() ? { author: q.author.trim() } : {}),
      ...(splitList(q.categories).length ? { categories: splitList(q.categories) } : {}),
      ...(q.start_date ? { start_date: q.start_date } : {}),
      ...(q.end_date ? { end_date: q.end_date } : {}),
      ...(q.topic ? { topic: q.topic } : {}),
      limit: limitN,
      offset: (pageN - 1) * limitN,
    };
    const parsed = z.object(listPapersShape).safeParse(raw);
    const [topics, result, error] = parsed.success
      ? [await service.topics(), await service.listPapers(parsed.data), null]
      : [await service.topics(), { total_count: 0, returned: 0, papers: [] }, zodMessage(parsed.error)];
    const query = new URLSearchParams(
      Object.entries(q).filter(([k, v]) => k !== 'page' && v !== ''),
    ).toString();
    // Saved (filed under a topic folder) or only seen (stored because a search or digest read it).
    const folders = new Map(
      await Promise.all(
        result.papers.map(
          async (p) =>
            [p.arxiv_id, (await service.extractInfo(p.arxiv_id).catch(() => null))?.topics ?? []] as const,
        ),
      ),
    );
    const body = views.libraryPage(
      ctxOf(c),
      { ...raw, page: pageN },
      result,
      topics,
      query,
      folders,
      c.req.url.slice(c.req.url.indexOf('/library')),
    );
    return page(c, {
      title: 'Library',
      body: error ? views.errorPage(error) : body,
      status: error ? 400 : 200,
    });
  });

  // ---- Subscriptions, digests, runs ----
  const findSubscription = async (name: string) => {
    const s = (await service.listSubscriptions()).find((x) => x.name === name);
    if (!s) throw new AppError('NOT_FOUND', `No subscription named "${name}".`);
    return s;
  };
  app.get('/subscriptions', async (c) =>
    page(c, {
      title: 'Subscriptions',
      body: views.subscriptionsPage(
        ctxOf(c),
        await service.listSubscriptions(),
        defaults,
        await service.deliveryReport(),
      ),
    }),
  );
  app.get('/subscriptions/:name/edit', async (c) => {
    const s = await findSubscription(c.req.param('name'));
    return page(c, { title: `Edit ${s.name}`, body: views.editSubscriptionPage(ctxOf(c), s, defaults) });
  });
  app.post('/subscriptions', async (c) => {
    const b = await c.req.parseBody();
    const str = (k: string) => (typeof b[k] === 'string' ? (b[k] as string).trim() : '');
    const parsed = z.object({ ...subscribeTopicShape, ...seedPapersShape }).safeParse({
      name: str('name'),
      interest: str('interest'),
      ...(str('query') ? { query: str('query') } : {}),
      ...(splitList(str('categories')).length ? { categories: splitList(str('categories')) } : {}),
      ...(str('cron') ? { schedule: str('cron') } : {}),
      ...(str('timezone') ? { timezone: str('timezone') } : {}),
      ...(str('topK') ? { top_k: Number(str('topK')) } : {}),
      ...(splitList(str('like')).length ? { like: splitList(str('like')) } : {}),
    });
    if (!parsed.success) throw new AppError('INVALID_INPUT', zodMessage(parsed.error));
    const a = parsed.data;
    const prior = (await service.listSubscriptions()).find((x) => x.name === a.name);
    const request: SubscriptionRequest = {
      name: a.name,
      interest: a.interest,
      query: a.query ?? null,
      categories: a.categories ?? [],
      ...(a.schedule ? { cron: a.schedule } : {}),
      ...(a.timezone ? { timezone: a.timezone } : {}),
      ...(a.top_k ? { topK: a.top_k } : {}),
      // Discord: a channel id given here; a webhook URL only when typed (it is never shown back).
      ...(str('discordChannelId') ? { discordChannelId: str('discordChannelId') } : {}),
      ...(str('discordWebhookUrl') ? { discordWebhookUrl: str('discordWebhookUrl') } : {}),
      ...(a.like?.length ? { like: a.like } : {}),
    };
    await service.subscribe(request, { signal: c.req.raw.signal });
    // Editing keeps a paused subscription paused (subscribe stores it active).
    if (prior?.paused) await service.pauseSubscription(a.name, true);
    const seeded = a.like?.length
      ? ` ${a.like.length} seed paper${a.like.length === 1 ? '' : 's'} rated 👍.`
      : '';
    return actionDone(
      c,
      `${prior ? `Saved ${a.name}.` : `Subscribed: ${a.name}.`}${seeded}`,
      `/subscriptions#sub-${a.name}`,
    );
  });
  app.post('/subscriptions/:name/pause', async (c) => {
    const b = await c.req.parseBody();
    const s = await service.pauseSubscription(c.req.param('name'), b.paused === '1');
    return actionDone(
      c,
      s.paused ? `Paused ${s.name}: its schedule will not run.` : `Resumed ${s.name}.`,
      '/subscriptions',
    );
  });
  app.post('/subscriptions/:name/delete', async (c) => {
    const name = c.req.param('name');
    const existed = await service.unsubscribe(name);
    if (!existed) throw new AppError('NOT_FOUND', `No subscription named "${name}".`);
    return actionDone(c, `Deleted ${name}; its digests stay.`, '/subscriptions');
  });
  app.post('/subscriptions/:name/run', async (c) => {
    const s = await findSubscription(c.req.param('name'));
    const run = await runs.start(s.name);
    return actionDone(c, `Running the ${s.name} digest…`, `/runs/${encodeURIComponent(run.id)}`);
  });
  app.get('/runs/:id', async (c) => {
    const id = c.req.param('id');
    const run = runs.get(id) ?? (await runFromTemporal(id));
    if (!run) throw new AppError('NOT_FOUND', 'No such run.');
    return page(c, {
      title: `Run: ${run.subscription}`,
      body: views.runPage(ctxOf(c), run),
      ...(run.finished ? {} : { refreshSeconds: 2 }),
    });
  });
  /** A run this process does not hold (started before a restart), as Temporal keeps it: finished, or still running. */
  const runFromTemporal = async (workflowId: string): Promise<DigestRun | null> => {
    const state = await service.digestRun(workflowId);
    if (!state) return null;
    const events: RunEvent[] = [
      {
        type: 'progress',
        message:
          'This run started before the web app restarted: its state comes from Temporal (the progress lines were not kept).',
        at: Date.now(),
      },
      { type: 'started', workflowId: state.workflowId, runId: state.runId },
    ];
    if (state.status === 'published' || state.status === 'empty')
      events.push({
        type: 'done',
        status: state.status,
        digestKeys: state.digestKeys,
        ...(state.reason ? { reason: state.reason } : {}),
      });
    if (state.status === 'failed') events.push({ type: 'error', message: state.reason ?? 'failed' });
    // Still running: the page reloads itself (no event stream here); finished: as any finished run.
    return {
      id: workflowId,
      subscription: state.subscription,
      startedAt: Date.now(),
      events,
      workflow: { workflowId: state.workflowId, runId: state.runId },
      finished: state.status !== 'running',
      live: false,
    };
  };
  app.get('/runs/:id/events', (c) => {
    const id = c.req.param('id');
    if (!runs.get(id)) throw new AppError('NOT_FOUND', 'No such run.');
    const ctx = ctxOf(c);
    return streamSSE(c, async (stream) => {
      await new Promise<void>((resolve) => {
        // Writes in order, and the stream ends only after the last one is written.
        let written = Promise.resolve();
        const send = (e: RunEvent) => {
          const data =
            e.type === 'started'
              ? { ...e, url: views.temporalRunUrl(ctx, e) }
              : e.type === 'done'
                ? { ...e, links: e.digestKeys.map((k) => ({ key: k, href: views.digestHref(k) })) }
                : e;
          written = written
            .then(() => stream.writeSSE({ event: e.type, data: JSON.stringify(data) }))
            .catch(() => {});
          if (e.type === 'done' || e.type === 'error') void written.then(resolve);
        };
        const stop = runs.listen(id, send);
        stream.onAbort(() => {
          stop();
          resolve();
        });
      });
    });
  });
  app.get('/subscriptions/:name/digests', async (c) => {
    const name = c.req.param('name');
    return page(c, {
      title: `Digests of ${name}`,
      body: views.digestsPage(name, await service.listDigests(name, 100)),
    });
  });
  app.get('/digest', async (c) => {
    const key = c.req.query('key') ?? '';
    const d = await service.getDigest(key);
    if (!d) throw new AppError('NOT_FOUND', `No digest ${key}.`);
    // A digest outlives its subscription; then there is nothing to rate for.
    const ratings = await service.listRatings(d.subscription).catch(() => null);
    const body = ratings
      ? views.digestPage(ctxOf(c), d, new Map(ratings.map((r) => [r.arxivId, r.rating])))
      : views.digestPage(ctxOf(c), d);
    return page(c, { title: `${d.subscription} — ${d.date}`, body, math: true });
  });

  // ---- Chat ----
  const pushChat = (s: Session, entry: Session['chat'][number]) => {
    s.chat.push(entry);
    if (s.chat.length > 60) s.chat.splice(0, s.chat.length - 60);
  };
  const chatProposals = (reply: AgentReply): ChatProposal[] =>
    reply.proposals.map((p) => ({
      id: p.id,
      title: p.title,
      changes: p.changes,
      problem: p.problem,
      confirmable: p.confirmable,
      state: 'pending',
    }));
  const chatNotice = agent.enabled
    ? null
    : 'No LLM is configured, so answers come from the papers in your library (set LLM_BASE_URL and LLM_MODEL for the research agent).';
  app.get('/chat', (c) =>
    page(c, { title: 'Chat', body: views.chatPage(ctxOf(c), c.var.session, chatNotice, null), math: true }),
  );
  app.post('/chat', async (c) => {
    const b = await c.req.parseBody();
    const question = String(b.question ?? '')
      .trim()
      .slice(0, 2000);
    try {
      limit(c, 'chat');
      const tools: string[] = [];
      const reply = await agent.ask({ question, conversationId: c.var.session.conversationId }, undefined, {
        signal: c.req.raw.signal,
        onTool: (t) => tools.push(t.label),
      });
      pushChat(c.var.session, { role: 'user', text: question });
      pushChat(c.var.session, {
        role: 'assistant',
        text: reply.answer,
        cited: reply.cited,
        tools,
        proposals: chatProposals(reply),
      });
      return c.redirect(`/chat#msg-${c.var.session.chat.length - 1}`, 303);
    } catch (e) {
      return page(c, {
        title: 'Chat',
        body: views.chatPage(ctxOf(c), c.var.session, chatNotice, errorMessage(e)),
        math: true,
        status: statusOf(e) === 500 ? 500 : 400,
      });
    }
  });
  app.post('/chat/stream', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { question?: unknown };
    const question = typeof body.question === 'string' ? body.question.trim().slice(0, 2000) : '';
    const session = c.var.session;
    return streamSSE(c, async (stream) => {
      const ac = new AbortController();
      stream.onAbort(() => ac.abort());
      const send = (event: string, data: unknown) =>
        stream.writeSSE({ event, data: JSON.stringify(data) }).catch(() => {});
      try {
        if (!question) throw new AppError('INVALID_INPUT', 'Type a question first.');
        limit(c, 'chat');
        const tools: string[] = [];
        const reply = await agent.ask(
          { question, conversationId: session.conversationId },
          (message) => void send('progress', { message }),
          {
            signal: ac.signal,
            onTool: (t) => {
              tools.push(t.label);
              void send('tool', { label: t.label, isError: t.isError });
            },
            // The answer as the model writes it (plain text, shown with textContent until the
            // sanitised answer replaces it).
            onDraft: (d) => void send('draft', { restart: d.restart, delta: d.delta }),
          },
        );
        pushChat(session, { role: 'user', text: question });
        const proposals = chatProposals(reply);
        pushChat(session, { role: 'assistant', text: reply.answer, cited: reply.cited, tools, proposals });
        const n = session.chat.length - 1;
        await send('answer', {
          html: (
            await views.assistantMessage(reply.answer, reply.cited, tools, n, {
              list: proposals,
              csrf: ctxOf(c).csrf,
            })
          ).toString(),
          cited: reply.cited,
          notice: reply.notice,
          id: `msg-${n}`,
        });
      } catch (e) {
        await send('error', { message: errorMessage(e) });
      }
    });
  });
  // A proposal the agent made is applied only by the user's own Confirm (consent bound to a proposal).
  app.post('/chat/proposal', async (c) => {
    const b = await c.req.parseBody();
    const id = String(b.id ?? '');
    const decision = b.decision === 'confirm' ? 'confirm' : b.decision === 'decline' ? 'decline' : null;
    const s = c.var.session;
    try {
      if (!decision) throw new AppError('INVALID_INPUT', 'Choose Confirm or Decline.');
      const done = await agent[decision](id, { conversationId: s.conversationId });
      const at = s.chat.findIndex((m) => m.proposals?.some((p) => p.id === done.proposal.id));
      for (const p of s.chat[at]?.proposals ?? [])
        if (p.id === done.proposal.id) p.state = decision === 'confirm' ? 'applied' : 'declined';
      s.flash =
        decision === 'confirm'
          ? `Applied: ${done.proposal.title}.`
          : `Declined: ${done.proposal.title}; nothing changed.`;
      return c.redirect(at >= 0 ? `/chat#msg-${at}` : '/chat', 303);
    } catch (e) {
      return page(c, {
        title: 'Chat',
        body: views.chatPage(ctxOf(c), s, chatNotice, errorMessage(e)),
        math: true,
        status: statusOf(e) === 500 ? 500 : statusOf(e),
      });
    }
  });
  app.post('/chat/reset', async (c) => {
    const s = c.var.session;
    await agent.reset(s.conversationId).catch(() => {});
    s.conversationId = `${s.conversationId.replace(/~\d+$/, '')}~${Date.now()}`;
    s.chat = [];
    return actionDone(c, 'New conversation.', '/chat');
  });

  // ---- Voice ----
  app.post('/audio/transcribe', async (c) => {
    limit(c, 'audio');
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    const text = await audio.transcribe(bytes, c.req.header('content-type') ?? 'audio/webm');
    return c.json({ ok: true, text });
  });
  app.post('/audio/speech', async (c) => {
    if (!audio.enabled)
      return c.json(
        {
          ok: false,
          error: 'No audio server is configured (AUDIO_BASE_URL): the browser reads aloud instead.',
          fallback: 'browser',
        },
        501,
      );
    limit(c, 'audio');
    const body = (await c.req.json().catch(() => ({}))) as { text?: unknown };
    const text = typeof body.text === 'string' ? body.text.slice(0, MAX_SPEECH_CHARS) : '';
    const out = await audio.speak(text);
    c.header('content-type', out.contentType);
    c.header('cache-control', 'no-store');
    return c.body(new Uint8Array(out.audio));
  });

  app.notFound((c) =>
    c.var.session
      ? page(c as Context<Env>, {
          title: 'Not found',
          body: views.errorPage(
            `There is no page at ${c.req.path.slice(0, 200)}. Search, the library, subscriptions and chat are linked at the top.`,
          ),
          status: 404,
        })
      : c.text('Not found', 404),
  );

  return app;
}

/**
 * Starts the web app on WEB_ADDR (or `deps.addr`). Refuses (CONFIG_INVALID) a non-loopback
 * address without WEB_TOKEN, like the config check. Host headers other than this server's names
 * are refused; a wildcard address (0.0.0.0, ::) answers any Host, WEB_TOKEN being the guard.
 */
export async function startWebServer(deps: WebServerDeps): Promise<WebServer> {
  const addr = deps.addr ?? deps.config.WEB_ADDR;
  assertNoProblems(webProblems(addr, deps.config.WEB_TOKEN, deps.addr ? 'addr' : 'WEB_ADDR'));
  if (addr === 'off')
    throw new AppError(
      'CONFIG_INVALID',
      'WEB_ADDR is off: set it to host:port (e.g. 127.0.0.1:8080) to serve the web app.',
    );
  const { host, port } = parseListenAddress(addr, 'WEB_ADDR');
  const wildcard = host === '0.0.0.0' || host === '::';
  let allowed = new Set<string>();
  const app = createWebApp(deps, { allowedHost: (h) => allowed.has(h) || (wildcard && h !== '') });
  const server: ServerType = await new Promise((resolve, reject) => {
    const s = serve({ fetch: app.fetch, hostname: host, port }, () => resolve(s));
    s.once('error', reject);
  });
  const bound = (server.address() as AddressInfo).port;
  const name = host.includes(':') ? `[${host}]` : host;
  // The bound address is always a name of this server (127.0.0.2 is loopback too, and the URL printed).
  const names = ['127.0.0.1', 'localhost', '[::1]', ...(wildcard ? [] : [name.toLowerCase()])];
  allowed = new Set(names.map((n) => `${n}:${bound}`));
  const url = `http://${wildcard ? '127.0.0.1' : name}:${bound}`;
  if (!isLoopbackHost(host))
    deps.logger.warn(
      { url },
      'the web app is reachable from other machines; WEB_TOKEN guards it and the traffic is plain HTTP: put a TLS reverse proxy in front',
    );
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ('closeAllConnections' in server) server.closeAllConnections();
      }),
  };
}
