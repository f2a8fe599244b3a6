/**
 * The web app's areas (web/routes/): each registers its own routes, no two claim the same one,
 * and the order server.ts adds them in keeps the checks in front: every area's route is refused
 * without the CSRF token (state-changing) and without sign-in when WEB_TOKEN is set, while the
 * public areas (assets, health) answer without a session or sign-in. A new area is covered by
 * being listed in WEB_AREAS.
 */
import assert from 'node:assert/strict';
import os from 'node:os';
import { describe, it } from 'node:test';
import { Hono } from 'hono';
import type { AgentService } from '../../app/agent-service.ts';
import type { RadarService } from '../../app/radar-service.ts';
import { loadConfig } from '../../config/env.ts';
import { silentLogger } from '../../lib/logger.ts';
import { createWebContext, type WebArea, type WebEnv, type WebServerDeps } from '../../web/context.ts';
import { AUTH_AREA, PUBLIC_AREAS, WEB_AREAS } from '../../web/routes/index.ts';
import { createWebApp } from '../../web/server.ts';

const TOKEN = 'b5f0c3e1a9d24e7f8c6b0a1d2e3f4a5b';
const HOST = 'radar.lab:8080';
const deps: WebServerDeps = {
  // Nothing here reaches the service: every request below is answered by a check or a public area.
  service: {} as RadarService,
  agent: { enabled: false } as AgentService,
  config: loadConfig({ WEB_TOKEN: TOKEN, WEB_ADDR: '0.0.0.0:8080', DATA_DIR: os.tmpdir() }, {}),
  logger: silentLogger,
};

/** The [method, path] routes an area adds, read from a scratch app it registers into. */
function routesOf(area: WebArea): Array<[string, string]> {
  const scratch = new Hono<WebEnv>();
  area.register(scratch, createWebContext(deps));
  return scratch.routes.filter((r) => r.method !== 'ALL').map((r) => [r.method, r.path]);
}

/** A concrete URL path for a route pattern (`:name` and `*` filled in). */
const concrete = (pattern: string) => pattern.replace(/:[a-z]+/gi, 'x').replace('*', '2401.00001');

describe('web areas (web/routes)', () => {
  const app = createWebApp(deps, { allowedHost: (h) => h === HOST });
  const req = (method: string, path: string, headers: Record<string, string> = {}, body?: string) =>
    app.request(`http://${HOST}${path}`, {
      method,
      headers: { host: HOST, ...headers },
      ...(body === undefined ? {} : { body }),
    });

  it('every area adds routes, under a unique name, and no two areas claim the same route', () => {
    const areas = [...PUBLIC_AREAS, AUTH_AREA, ...WEB_AREAS];
    assert.equal(new Set(areas.map((a) => a.name)).size, areas.length);
    const owner = new Map<string, string>();
    for (const area of areas) {
      const routes = routesOf(area);
      assert.ok(routes.length > 0, `${area.name} adds no route`);
      for (const [method, path] of routes) {
        const key = `${method} ${path}`;
        assert.equal(owner.get(key), undefined, `${key} is in ${owner.get(key)} and ${area.name}`);
        owner.set(key, area.name);
      }
    }
    // The areas the issue names, and the ones that existed besides.
    for (const name of ['search', 'paper', 'library', 'subscriptions', 'chat', 'audio', 'auth', 'runs'])
      assert.ok(
        areas.some((a) => a.name === name),
        name,
      );
  });

  it("every area's route is behind sign-in (GET) and behind CSRF, then sign-in (POST)", async () => {
    // A session with its CSRF token, not signed in.
    const login = await req('GET', '/login');
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const csrf = /name="csrf-token" content="([^"]+)"/.exec(await login.text())?.[1] ?? '';
    assert.ok(cookie && csrf, 'the sign-in page sets a session and a CSRF token');
    let checked = 0;
    for (const area of WEB_AREAS) {
      for (const [method, pattern] of routesOf(area)) {
        const path = concrete(pattern);
        const what = `${area.name}: ${method} ${path}`;
        if (method === 'GET') {
          const r = await req('GET', path, { cookie });
          assert.equal(r.status, 303, what);
          assert.equal(r.headers.get('location'), '/login', what);
        } else {
          const json = { 'content-type': 'application/json', cookie };
          const noToken = await req(method, path, json, '{}');
          assert.equal(noToken.status, 403, `${what} without the CSRF token`);
          const signedOut = await req(method, path, { ...json, 'x-csrf-token': csrf }, '{}');
          assert.equal(signedOut.status, 401, `${what} with the token, not signed in`);
        }
        checked++;
      }
    }
    assert.ok(checked >= 25, `${checked} routes checked`);
  });

  it('the public areas answer without a session cookie and without sign-in', async () => {
    for (const area of PUBLIC_AREAS) {
      for (const [method, pattern] of routesOf(area)) {
        const path = pattern === '/assets/*' ? '/assets/app.js' : pattern;
        const r = await req(method, path);
        assert.equal(r.status, 200, `${area.name}: ${method} ${path}`);
        assert.equal(r.headers.get('set-cookie'), null, `${path} sets no cookie`);
        assert.equal(r.headers.get('x-content-type-options'), 'nosniff', `${path} has the security headers`);
      }
    }
  });
});
