/**
 * The web app: search, papers, the library, subscriptions with their digests and live runs, and
 * the research agent's chat with voice, served by Hono on Node. It receives the RadarService and
 * AgentService that the CLI, the Discord bot and the MCP server use (it never builds them), so
 * there is no second implementation of anything. Pages are rendered on the server and work
 * without JavaScript; web/assets/app.js adds SSE progress, in-place actions, chat streaming and
 * voice. Security (web/security.ts, web/guards.ts): loopback by default (WEB_TOKEN required
 * elsewhere), Host check, CSRF on every state-changing request, sanitised Markdown, rate limits on
 * search, chat and voice. Each area's routes are in web/routes/<area>.ts, listed in
 * web/routes/index.ts; its pages in web/views/<area>.ts. The design is in docs/web.md.
 */
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { AppError } from '../domain/errors.ts';
import { assertNoProblems, isLoopbackHost, parseListenAddress, webProblems } from '../lib/listen-address.ts';
import { createWebContext, type WebEnv, type WebServerDeps } from './context.ts';
import { registerErrorPages, registerFrontGuards, registerRequestGuards } from './guards.ts';
import { AUTH_AREA, PUBLIC_AREAS, WEB_AREAS } from './routes/index.ts';

export type { WebServerDeps } from './context.ts';

export interface WebServer {
  /** e.g. http://127.0.0.1:8080 */
  url: string;
  stop(): Promise<void>;
}

/**
 * The Hono app over the given services. `allowedHost` decides which Host headers are answered
 * (set once the port is known); exported for tests that drive it without a socket. The order
 * matters: headers and Host check, the public areas, the session/body/CSRF checks, sign-in, then
 * every other area.
 */
export function createWebApp(deps: WebServerDeps, opts: { allowedHost: (host: string) => boolean }) {
  const web = createWebContext(deps);
  const app = new Hono<WebEnv>();
  registerErrorPages(app, web);
  registerFrontGuards(app, opts.allowedHost);
  for (const area of PUBLIC_AREAS) area.register(app, web);
  registerRequestGuards(app, web);
  AUTH_AREA.register(app, web);
  for (const area of WEB_AREAS) area.register(app, web);
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
