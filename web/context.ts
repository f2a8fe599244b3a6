/**
 * What every web area receives: the services, the config, the per-browser state (sessions, digest
 * runs, rate limits) and the helpers that answer a request (a page in the layout, a finished
 * action, a rate-limit token). Built once per app by createWebContext; each area's
 * `register(app, web)` (web/routes/) adds its routes with it.
 */
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, Hono } from 'hono';
import { setCookie } from 'hono/cookie';
import type { AgentService } from '../app/agent-service.ts';
import type { RadarService } from '../app/radar-service.ts';
import type { Config } from '../config/env.ts';
import { AppError } from '../domain/errors.ts';
import type { Logger } from '../lib/logger.ts';
import { createAudioClient, type AudioClient } from './audio.ts';
import { wantsJson } from './http.ts';
import { DigestRuns } from './runs.ts';
import { SESSION_COOKIE, Sessions, type Session } from './security.ts';
import { createRateLimiter, type RateLimiter } from '../lib/rate-limit.ts';
import { loadAssets, type Asset } from './static-files.ts';
import { layout, type Html, type PageContext } from './views/layout.ts';
import type { DestinationInfo } from '../domain/digest-targets.ts';
import type { SubscriptionDefaults } from './views/subscriptions.ts';

export type WebEnv = { Variables: { session: Session } };
export type WebApp = Hono<WebEnv>;
export type WebRequest = Context<WebEnv>;

/** One area of the web app (search, paper, chat…): its routes, added in web/routes/index.ts's order. */
export interface WebArea {
  name: string;
  register(app: WebApp, web: WebContext): void;
}

export type LimitKind = 'search' | 'chat' | 'audio' | 'login';

export interface PageOptions {
  title: string;
  body: Html;
  math?: boolean;
  status?: 200 | 400 | 401 | 403 | 404 | 413 | 429 | 500 | 503 | 504;
  refreshSeconds?: number;
}

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
  /** Destinations beyond the built-in three (workers pass the publisher registry's): the form offers each one's target. */
  destinations?: readonly DestinationInfo[];
}

export interface WebContext {
  service: RadarService;
  agent: AgentService;
  config: Config;
  logger: Logger;
  sessions: Sessions;
  runs: DigestRuns;
  audio: AudioClient;
  assets: Map<string, Asset>;
  assetVersion: string;
  limiters: Record<LimitKind, RateLimiter>;
  /** New subscriptions' schedule, time zone and size unless the form says otherwise. */
  defaults: SubscriptionDefaults;
  /** What the views need to know about this request and server (CSRF token, features). */
  pageContext(c: WebRequest): PageContext;
  /** A page in the layout, with the session's one-time message. */
  page(c: WebRequest, p: PageOptions): Response | Promise<Response>;
  /** A finished action: JSON for the enhanced forms, else a redirect with the message shown once. */
  actionDone(c: WebRequest, message: string, redirect: string): Response;
  /** The request's session, kept from now on with its cookie set (a page with a form needs its CSRF token). */
  keepSession(c: WebRequest): Session;
  /** The client's address ('unknown' off a socket: tests through app.request). */
  addressOf(c: WebRequest): string;
  /** One token of `kind` for this browser (session and address), or a RATE_LIMITED error. */
  limit(c: WebRequest, kind: LimitKind): void;
}

const DEFAULT_LIMITS: Record<'search' | 'chat' | 'audio', [number, number]> = {
  search: [5, 12_000],
  chat: [5, 15_000],
  audio: [10, 6_000],
};

function createLimiters(given: WebServerDeps['rateLimits']): Record<LimitKind, RateLimiter> {
  const limits = { ...DEFAULT_LIMITS, ...given };
  return {
    search: createRateLimiter({ capacity: limits.search[0], refillMs: limits.search[1] }),
    chat: createRateLimiter({ capacity: limits.chat[0], refillMs: limits.chat[1] }),
    audio: createRateLimiter({ capacity: limits.audio[0], refillMs: limits.audio[1] }),
    // Sign-in attempts per address: 5, then one every 10 s (a token cannot be guessed by volume).
    login: createRateLimiter({ capacity: 5, refillMs: 10_000 }),
  };
}

function createAudio(config: Config): AudioClient {
  return createAudioClient({
    baseUrl: config.AUDIO_BASE_URL,
    apiKey: config.AUDIO_API_KEY,
    sttModel: config.STT_MODEL,
    ttsModel: config.TTS_MODEL,
    voice: config.TTS_VOICE,
    maxBytes: config.AUDIO_MAX_BYTES,
    maxSeconds: config.AUDIO_MAX_SECONDS,
  });
}

const addressOf = (c: WebRequest): string => {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
};

/** The services and per-browser state, before the request helpers are added. */
type WebState = Omit<
  WebContext,
  'pageContext' | 'page' | 'actionDone' | 'keepSession' | 'addressOf' | 'limit'
> & { temporalUiUrl: string | null };

function requestHelpers(s: WebState): Omit<WebContext, keyof WebState> {
  const { config, sessions, limiters } = s;
  const keepSession = (c: WebRequest): Session => {
    const session = c.var.session;
    if (!sessions.isKept(session)) {
      sessions.keep(session, addressOf(c));
      setCookie(c, SESSION_COOKIE, session.id, { httpOnly: true, sameSite: 'Strict', path: '/' });
    }
    return session;
  };
  const pageContext = (c: WebRequest): PageContext => ({
    csrf: sessions.csrfToken(keepSession(c)),
    assetVersion: s.assetVersion,
    notion: Boolean(config.NOTION_TOKEN && config.NOTION_DATABASE_ID),
    stt: s.audio.enabled,
    tts: s.audio.enabled ? 'server' : 'browser',
    audioMaxSeconds: config.AUDIO_MAX_SECONDS,
    temporalUiUrl: s.temporalUiUrl,
    namespace: config.TEMPORAL_NAMESPACE,
  });
  return {
    pageContext,
    keepSession,
    addressOf,
    page: (c, p) => {
      const flash = c.var.session.flash;
      c.var.session.flash = null;
      return c.html(
        layout(pageContext(c), {
          title: p.title,
          path: c.req.path,
          body: p.body,
          math: p.math ?? false,
          flash,
          ...(p.refreshSeconds ? { refreshSeconds: p.refreshSeconds } : {}),
        }),
        p.status ?? 200,
      );
    },
    actionDone: (c, message, redirect) => {
      if (wantsJson(c)) return c.json({ ok: true, message, redirect });
      c.var.session.flash = message;
      return c.redirect(redirect, 303);
    },
    limit: (c, kind) => {
      const address = addressOf(c);
      // Per session, and per address so that dropping the cookie does not reset the count.
      const wait = limiters[kind].take(`s:${c.var.session.id}`) || limiters[kind].take(`a:${address}`);
      if (wait > 0)
        throw new AppError(
          'RATE_LIMITED',
          `Too many ${kind} requests: try again in ${Math.ceil(wait / 1000)} s.`,
        );
    },
  };
}

/** The context every area of one app shares (sessions, runs and limits live as long as the app). */
export function createWebContext(deps: WebServerDeps): WebContext {
  const { service, agent, config, logger } = deps;
  const { assets, version } = loadAssets();
  const state: WebState = {
    service,
    agent,
    config,
    logger,
    sessions: new Sessions(),
    runs: new DigestRuns(service),
    audio: createAudio(config),
    assets,
    assetVersion: version,
    limiters: createLimiters(deps.rateLimits),
    defaults: {
      cron: config.DIGEST_CRON,
      timezone: config.DIGEST_TIMEZONE,
      topK: config.DIGEST_TOP_K,
      destinations: deps.destinations ?? [],
    },
    temporalUiUrl: deps.temporalUiUrl ?? null,
  };
  return { ...state, ...requestHelpers(state) };
}
