/**
 * The checks every request passes before (and the answers after) the areas' routes: security
 * headers, the Host check, the session cookie, body caps, form parsing, CSRF and origin, and the
 * error and not-found pages. server.ts adds them in this order around the areas (web/routes/).
 */
import { bodyLimit } from 'hono/body-limit';
import { getCookie } from 'hono/cookie';
import { errorMessage, isAppError } from '../domain/errors.ts';
import type { WebApp, WebContext, WebRequest } from './context.ts';
import { statusOf, wantsJson } from './http.ts';
import { originAllowed, SESSION_COOKIE } from './security.ts';
import { errorHeading, errorPage } from './views/layout.ts';

const FORM_MAX_BYTES = 64 * 1024;

/** Errors as JSON (enhanced forms, audio), plain text (no session yet) or an error page. */
export function registerErrorPages(app: WebApp, web: WebContext): void {
  app.onError((e, c) => {
    const status = statusOf(e);
    if (status === 500) web.logger.error({ err: e, path: c.req.path }, 'web request failed');
    const message =
      isAppError(e) || status !== 500 ? errorMessage(e) : `Something failed: ${errorMessage(e)}`;
    if (wantsJson(c) || c.req.path.startsWith('/audio/'))
      return c.json({ ok: false, error: message }, status);
    if (!c.var.session) return c.text(message, status);
    return web.page(c as WebRequest, {
      title: errorHeading(message).heading,
      body: errorPage(message),
      status,
    });
  });
  app.notFound((c) =>
    c.var.session
      ? web.page(c as WebRequest, {
          title: 'Not found',
          body: errorPage(
            `There is no page at ${c.req.path.slice(0, 200)}. Search, the library, subscriptions and chat are linked at the top.`,
          ),
          status: 404,
        })
      : c.text('Not found', 404),
  );
}

/** Before anything else, even the static files: the headers every answer carries, and the Host check. */
export function registerFrontGuards(app: WebApp, allowedHost: (host: string) => boolean): void {
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
    if (!allowedHost(host)) return c.text('Forbidden: the Host header does not name this server', 403);
    return next();
  });
}

/** After the static files: the session, body caps, form parsing and the CSRF/origin check. */
export function registerRequestGuards(app: WebApp, web: WebContext): void {
  // The session: a random id in an HttpOnly, SameSite=Strict cookie.
  app.use('*', async (c, next) => {
    // Kept (and its cookie set) only when needed: see keepSession.
    c.set('session', web.sessions.find(getCookie(c, SESSION_COOKIE)) ?? web.sessions.transient());
    return next();
  });
  registerBodyGuards(app, web);
  registerCsrfGuard(app, web);
}

function registerBodyGuards(app: WebApp, web: WebContext): void {
  // Bodies are capped before anything reads them; recordings get their own, larger cap.
  app.use('*', async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const max = c.req.path === '/audio/transcribe' ? web.config.AUDIO_MAX_BYTES : FORM_MAX_BYTES;
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
}

function registerCsrfGuard(app: WebApp, web: WebContext): void {
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
    if (!web.sessions.csrfValid(c.var.session, given)) {
      const message =
        'Forbidden: this form has expired or did not come from this page (CSRF check). Reload the page and try again.';
      return wantsJson(c) || type.startsWith('application/json')
        ? c.json({ ok: false, error: message }, 403)
        : web.page(c, { title: 'Refused', body: errorPage(message), status: 403 });
    }
    return next();
  });
}
