/**
 * The web app's pure parts: the Markdown sanitiser and math typesetting (on hostile input), the
 * schedule in words, the rate limiter, and the WEB_ADDR/WEB_TOKEN rules.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import os from 'node:os';
import { describe, it } from 'node:test';
import type { AgentService } from '../../app/agent-service.ts';
import type { RadarService, SubscriptionRequest } from '../../app/radar-service.ts';
import { loadConfig } from '../../config/env.ts';
import { webProblems } from '../../lib/listen-address.ts';
import { silentLogger } from '../../lib/logger.ts';
import { createWebApp, startWebServer } from '../../web/server.ts';
import { renderMarkdown } from '../../web/markdown.ts';
import { describeSchedule } from '../../web/schedule-words.ts';
import { createMemoryRadarService, papersFromCorpusFeed } from '../support/memory-radar-service.ts';

describe('web/markdown: sanitised Markdown with server-side KaTeX', () => {
  it('drops scripts, handlers, images, javascript: links and forged math slots; keeps text and safe links', () => {
    const r = renderMarkdown(
      [
        '# <img src=x onerror=alert(1)> Title',
        '',
        'Para <b onclick="x()">bold</b> [bad](javascript:alert(1)) [good](https://arxiv.org/abs/1706.03762) <iframe src="https://evil"></iframe>',
        '',
        '<script>alert(1)</script>',
        '',
        '<span class="math-slot">Mdeadbeefx0x</span> <h2 id="evil">H</h2> <a href="https://x" onmouseover="y()" style="color:red">s</a>',
      ].join('\n'),
    );
    assert.doesNotMatch(r.html, /<img|<script|<iframe|onerror|onclick|onmouseover|javascript:|style="color/i);
    assert.match(
      r.html,
      /<a href="https:\/\/arxiv.org\/abs\/1706.03762" rel="nofollow noopener noreferrer">good<\/a>/,
    );
    assert.match(r.html, /<h2>H<\/h2>/, 'an author-set id is dropped');
    assert.match(r.html, /Mdeadbeefx0x/, 'a forged slot stays text');
    assert.equal(r.mathCount, 0);
  });

  it('typesets inline and display math, not dollar amounts or code', () => {
    const r = renderMarkdown(
      '## 1 Intro\n\nEnergy $E=mc^2$ costs $5 and $6, `$x$` in code.\n\n$$\\int_0^1 f(x)\\,dx$$\n\nBad $\\frac{1}{$ stays.',
    );
    assert.equal(r.mathCount, 3);
    assert.equal((r.html.match(/class="katex"/g) ?? []).length, 2);
    assert.match(
      r.html,
      /<code class="math-source" title="not typeset">\$\\frac\{1\}\{\$<\/code>/,
      'TeX KaTeX cannot parse stays visible as source',
    );
    assert.match(r.html, /class="katex-display"/);
    assert.match(r.html, /costs \$5 and \$6/);
    assert.match(r.html, /<code>\$x\$<\/code>/);
    assert.deepEqual(r.outline, [{ level: 2, text: '1 Intro', id: 'sec-1-intro' }]);
  });

  it('KaTeX runs untrusted: \\href and \\url are not links', () => {
    const r = renderMarkdown('Link $\\href{javascript:alert(1)}{x}$ and $\\url{https://evil}$.');
    assert.doesNotMatch(r.html, /<a /);
  });
});

describe('web/schedule-words', () => {
  it('explains the default schedule and warns about one that misses feeds', () => {
    assert.equal(
      describeSchedule('15 1,7 * * 1-5', 'America/New_York'),
      "every weekday (Monday to Friday) at 01:15 and 07:15 America/New_York, after arXiv's midnight ET feed: every announcement is read.",
    );
    assert.match(
      describeSchedule('0 9 * * 1', 'Europe/Berlin'),
      /^every Monday at 09:00 Europe\/Berlin\. Note: .*never reads arXiv's Tuesday, Wednesday, Thursday, Friday feed/,
    );
    assert.match(
      describeSchedule('0 3 1 1 *', 'UTC'),
      /^on day 1 of the month in January at 03:00 UTC\. Note:/,
    );
  });
});

describe('WEB_ADDR and WEB_TOKEN rules', () => {
  it('loopback needs nothing; another address needs a long token; off is off', () => {
    assert.deepEqual(webProblems('127.0.0.1:8080', undefined), []);
    assert.deepEqual(webProblems('off', undefined), []);
    assert.match(
      webProblems('0.0.0.0:8080', undefined)[0] ?? '',
      /^WEB_TOKEN: is required: WEB_ADDR=0\.0\.0\.0:8080 is not a loopback address/,
    );
    assert.deepEqual(webProblems('0.0.0.0:8080', 'b5f0c3e1a9d24e7f8c6b0a1d2e3f4a5b'), []);
    assert.match(webProblems('127.0.0.1:8080', 'short')[0] ?? '', /^WEB_TOKEN: is too short/);
    assert.match(webProblems('nonsense', undefined)[0] ?? '', /^WEB_ADDR: must be host:port/);
  });
});

describe('WEB_TOKEN sign-in (the app over a stub service: these routes never reach it)', () => {
  const TOKEN = 'b5f0c3e1a9d24e7f8c6b0a1d2e3f4a5b';
  const app = createWebApp(
    {
      service: {} as RadarService,
      agent: { enabled: false } as AgentService,
      config: loadConfig({ WEB_TOKEN: TOKEN, WEB_ADDR: '0.0.0.0:8080', DATA_DIR: os.tmpdir() }, {}),
      logger: silentLogger,
    },
    { allowedHost: (h) => h === 'radar.lab:8080' },
  );
  const req = (path: string, init: RequestInit & { cookie?: string } = {}) =>
    app.request(`http://radar.lab:8080${path}`, {
      ...init,
      headers: {
        host: 'radar.lab:8080',
        ...(init.cookie ? { cookie: init.cookie } : {}),
        ...(init.headers as Record<string, string> | undefined),
      },
    });

  it('pages redirect to /login until the token is given; a wrong token is refused; a bearer token works; the session id is renewed at sign-in', async () => {
    const first = await req('/search');
    assert.equal(first.status, 303);
    assert.equal(first.headers.get('location'), '/login');
    assert.equal(first.headers.get('set-cookie'), null, 'a redirect needs no session');
    const loginPage = await req('/login');
    const cookie = (loginPage.headers.get('set-cookie') ?? '').split(';')[0]!;
    assert.match(cookie, /^radar_sid=/, 'the sign-in form needs its CSRF token: a session');
    assert.match(loginPage.headers.get('set-cookie') ?? '', /HttpOnly/i);
    assert.match(loginPage.headers.get('set-cookie') ?? '', /SameSite=Strict/i);
    const login = await loginPage.text();
    const csrf = /name="_csrf" value="([^"]+)"/.exec(login)?.[1] ?? '';
    const post = (token: string, withCsrf = true) =>
      req('/login', {
        method: 'POST',
        cookie,
        body: new URLSearchParams({ token, ...(withCsrf ? { _csrf: csrf } : {}) }),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    assert.equal((await post(TOKEN, false)).status, 403, 'the login form needs its CSRF token too');
    assert.equal((await post('wrong-token-wrong-token')).status, 401);
    assert.equal((await req('/search', { cookie })).status, 303, 'still signed out');
    const ok = await post(TOKEN);
    assert.equal(ok.status, 303);
    assert.equal(ok.headers.get('location'), '/search');
    const signedIn = (ok.headers.get('set-cookie') ?? '').split(';')[0]!;
    assert.match(signedIn, /^radar_sid=/);
    assert.notEqual(signedIn, cookie, 'a new session id at sign-in');
    assert.equal((await req('/search', { cookie: signedIn })).status, 200);
    assert.equal(
      (await req('/search', { cookie })).status,
      303,
      'the id known before sign-in is worth nothing',
    );
    assert.equal((await req('/search', { headers: { authorization: `Bearer ${TOKEN}` } })).status, 200);
    assert.equal((await req('/search', { headers: { authorization: 'Bearer nope' } })).status, 303);
  });

  it('2100 cookieless requests in a row keep few sessions and sign nobody out; /login is throttled per address (issue 28)', async () => {
    const page = await req('/login');
    const cookie = (page.headers.get('set-cookie') ?? '').split(';')[0]!;
    const csrf = /name="_csrf" value="([^"]+)"/.exec(await page.text())?.[1] ?? '';
    const ok = await req('/login', {
      method: 'POST',
      cookie,
      body: new URLSearchParams({ token: TOKEN, _csrf: csrf }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const signedIn = (ok.headers.get('set-cookie') ?? '').split(';')[0]!;
    const cookies = new Set<string>();
    for (let i = 0; i < 2100; i++) {
      const r = await req(i % 2 ? '/login' : '/search');
      const set = r.headers.get('set-cookie');
      if (set) cookies.add(set.split(';')[0]!);
    }
    assert.equal(cookies.size, 1050, 'only the pages with a form (the sign-in page) made one');
    assert.equal((await req('/search', { cookie: signedIn })).status, 200, 'still signed in');
    // The anonymous sessions of one address are capped: the oldest of this flood are gone (its
    // cookie gets a new session), the newest is kept (no new cookie).
    assert.ok(
      (await req('/login', { cookie: [...cookies][0]! })).headers.get('set-cookie'),
      'the first flood session was dropped',
    );
    assert.equal(
      (await req('/login', { cookie: [...cookies].at(-1)! })).headers.get('set-cookie'),
      null,
      'the newest is kept',
    );
    // Guessing the token: 5 tries, then one per 10 s from this address.
    const fresh = await req('/login');
    const fc = (fresh.headers.get('set-cookie') ?? '').split(';')[0]!;
    const fcsrf = /name="_csrf" value="([^"]+)"/.exec(await fresh.text())?.[1] ?? '';
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      const r = await req('/login', {
        method: 'POST',
        cookie: fc,
        body: new URLSearchParams({ token: `guess-${i}-guess-guess-guess`, _csrf: fcsrf }),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      statuses.push(r.status);
    }
    assert.ok(statuses.filter((x) => x === 429).length >= 14, statuses.join(','));
    assert.ok(
      statuses.every((x) => x === 401 || x === 429),
      statuses.join(','),
    );
  });

  it('WEB_TOKEN needs 16 characters that are not spaces', () => {
    assert.match(
      webProblems('0.0.0.0:8080', `${' '.repeat(16)}abc`)[0] ?? '',
      /^WEB_TOKEN: is too short \(3 characters that are not spaces\)/,
    );
    assert.match(webProblems('127.0.0.1:8080', 'a b c d e f g h')[0] ?? '', /too short \(8 characters/);
    assert.deepEqual(webProblems('0.0.0.0:8080', 'a b c d e f g h i j k l m n o p'), []);
  });

  it('refuses a Host that does not name the server, and sets the security headers', async () => {
    const rebound = await app.request('http://evil.example/search', { headers: { host: 'evil.example' } });
    assert.equal(rebound.status, 403);
    const asset = await req('/assets/app.css');
    assert.equal(asset.status, 200);
    assert.match(asset.headers.get('content-security-policy') ?? '', /script-src 'self'/);
    assert.equal(asset.headers.get('x-content-type-options'), 'nosniff');
    assert.match((await req('/assets/katex/katex.min.css')).headers.get('content-type') ?? '', /^text\/css/);
  });
});

describe('GET /paper/<id> that would start arXiv work (issue 28): same-site only, under the search limit', () => {
  const service = createMemoryRadarService(papersFromCorpusFeed('search_au-del_maestro.xml'));
  const app = createWebApp(
    {
      service,
      agent: { enabled: false } as AgentService,
      config: loadConfig({ DATA_DIR: os.tmpdir() }, {}),
      logger: silentLogger,
      rateLimits: { search: [3, 60_000] },
    },
    { allowedHost: (h) => h === '127.0.0.1:8080' },
  );
  const get = (path: string, site?: string) =>
    app.request(`http://127.0.0.1:8080${path}`, {
      headers: { host: '127.0.0.1:8080', ...(site ? { 'sec-fetch-site': site } : {}) },
    });
  // arXiv work a GET can start: the metadata lookup of a paper not stored, then its ingest.
  const getPaperCalls = () =>
    service.calls.filter((c) => c.method === 'getPaper' || c.method === 'lookupArxiv').length;

  it('20 cross-site requests (an <img> on another site) start no arXiv work: each gets a page with a button', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++)
      statuses.push((await get(`/paper/0607${String(i).padStart(3, '0')}`, 'cross-site')).status);
    assert.deepEqual([...new Set(statuses)], [403]);
    assert.equal(getPaperCalls(), 0);
    const page = await (await get('/paper/cond-mat/0607501?source=pdf', 'same-site')).text();
    assert.match(
      page,
      /<form method="get" action="\/paper\/cond-mat\/0607501">\s*<input type="hidden" name="source" value="pdf" \/><button type="submit">\s*Fetch and open the paper\s*<\/button>\s*<\/form>/,
    );
    assert.equal(getPaperCalls(), 0, 'same-site (another port of this host) is refused too');
  });

  it('the same-origin button press (or a typed address) starts it, under the search rate limit', async () => {
    const statuses: number[] = [];
    for (const site of ['same-origin', 'none', undefined, 'same-origin'])
      statuses.push((await get('/paper/2401.00009', site)).status);
    assert.equal(getPaperCalls(), 3, 'three went to the service');
    assert.equal(statuses[3], 429);
  });

  it('a malformed multipart body on /chat/stream, /chat and /audio/* is a 400 with one readable line, not a 500', async () => {
    const post = (path: string, csrfHeader: boolean) =>
      app.request(`http://127.0.0.1:8080${path}`, {
        method: 'POST',
        headers: {
          host: '127.0.0.1:8080',
          'content-type': 'multipart/form-data; boundary=zzz',
          ...(csrfHeader ? { 'x-csrf-token': 'x' } : {}),
        },
        body: '--zzz\r\nContent-Disposition: form-data; name="question"\r\n\r\nno closing boundary',
      });
    for (const path of ['/chat/stream', '/chat', '/audio/transcribe', '/audio/speech']) {
      for (const csrfHeader of [false, true]) {
        const r = await post(path, csrfHeader);
        assert.equal(r.status, 400, `${path} ${csrfHeader}`);
        const text = await r.text();
        assert.ok(!text.includes('\n') && text.length < 200, `${path}: ${text}`);
      }
    }
    assert.match(await (await post('/chat/stream', false)).text(), /not valid multipart\/form-data/);
  });

  it('a path that is not valid percent-encoding is a 400 with one readable line, not a 500', async () => {
    const r = await get('/paper/%E0%A4%A', 'same-origin');
    assert.equal(r.status, 400);
    assert.match(await r.text(), /not valid percent-encoding: use \/paper\/&lt;arXiv id&gt;/);
  });
});

describe('the subscriptions page names digests still pending (the app over the in-memory service)', () => {
  it('shows a banner with the destination that refused the digest and since when, and none once it landed', async () => {
    const { createMemoryRadarService } = await import('../support/memory-radar-service.ts');
    const service = createMemoryRadarService([]);
    try {
      const app = createWebApp(
        {
          service,
          agent: { enabled: false } as AgentService,
          config: loadConfig({ DATA_DIR: os.tmpdir() }, {}),
          logger: silentLogger,
        },
        { allowedHost: (h) => h === '127.0.0.1' },
      );
      const page = async () =>
        (await app.request('http://127.0.0.1/subscriptions', { headers: { host: '127.0.0.1' } })).text();
      await service.subscribe({ name: 'agents', interest: 'language model agents', categories: ['cs.AI'] });
      assert.doesNotMatch(await page(), /role="alert"/);
      await service.store.saveDelivery({
        subscription: 'agents',
        announcement: '2026-11-18',
        digestKey: 'agents:2026-11-18',
        windowEnd: null,
        considered: [],
      });
      await service.store.setPublishFailure('agents', '2026-11-18', 'notion', {
        message: 'Notion answered HTTP 401 <unauthorized>',
        permanent: true,
        at: '2026-11-18T09:15:00.000Z',
      });
      const html = await page();
      assert.match(html, /role="alert"/);
      assert.match(
        html,
        /agents: the 2026-11-18 digest is pending: notion failing since\s+2026-11-18 09:15 UTC: Notion answered HTTP 401 &lt;unauthorized&gt;/,
        'escaped',
      );
      await service.store.completeDelivery('agents', '2026-11-18', []);
      assert.doesNotMatch(await page(), /is pending/);
    } finally {
      await service.close();
    }
  });
});

describe('the subscription form offers every registered destination (the publisher registry)', () => {
  it("shows Slack's webhook field and hands a typed one to the service as the subscription's own target", async () => {
    const { registeredDestinations } = await import('../../adapters/publish/registry.ts');
    const { publishingSettings } = await import('../../workers/settings.ts');
    const config = loadConfig({ DATA_DIR: os.tmpdir() }, {});
    const service = createMemoryRadarService([], { publishing: publishingSettings(config) });
    const requests: SubscriptionRequest[] = [];
    const recording: RadarService = {
      ...service,
      subscribe: (req, options) => (requests.push(req), service.subscribe(req, options)),
    };
    try {
      const app = createWebApp(
        {
          service: recording,
          agent: { enabled: false } as AgentService,
          config,
          logger: silentLogger,
          destinations: registeredDestinations(config),
        },
        { allowedHost: (h) => h === '127.0.0.1' },
      );
      const form = await app.request('http://127.0.0.1/subscriptions', {
        headers: { host: '127.0.0.1' },
      });
      const page = await form.text();
      assert.match(page, /<input id="s-target-slack" name="target\.slack" type="password"/);
      assert.match(page, /Slack: [^<]*\(optional; never shown again; none set for the deployment\)/);
      const cookie = (form.headers.get('set-cookie') ?? '').split(';')[0]!;
      const csrf = /name="_csrf" value="([^"]+)"/.exec(page)?.[1] ?? '';
      const hook = 'https://hooks.slack.com/services/T000/B000/XXXXXXXX';
      const post = (extra: Record<string, string>) =>
        app.request('http://127.0.0.1/subscriptions', {
          method: 'POST',
          headers: {
            host: '127.0.0.1',
            cookie,
            origin: 'http://127.0.0.1',
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: new URLSearchParams({
            _csrf: csrf,
            name: 'agents',
            interest: 'agents',
            categories: 'cs.AI',
            ...extra,
          }),
        });
      const saved = await post({ 'target.slack': hook });
      assert.ok(saved.status < 400, `${saved.status}: ${await saved.text()}`);
      assert.deepEqual(requests.at(-1)?.targets, { slack: hook });
      const refused = await post({ 'target.slack': 'https://evil.example/services/T000/B000/XXXXXXXX' });
      assert.equal(refused.status, 400, 'a webhook off the Slack origin is refused at the edge');
      assert.match(await refused.text(), /role="alert"/);
      assert.ok((await post({ 'target.slack': '' })).status < 400);
      assert.equal(requests.at(-1)?.targets, undefined, 'left empty: the stored target is kept');
    } finally {
      await service.close();
    }
  });
});

describe('the Host allowlist includes the bound address (issue 28)', () => {
  it('bound to 127.0.0.2, the web app answers the URL it printed', async () => {
    const service = createMemoryRadarService([]);
    const web = await startWebServer({
      service,
      agent: { enabled: false } as AgentService,
      config: loadConfig({ DATA_DIR: os.tmpdir() }, {}),
      logger: silentLogger,
      addr: '127.0.0.2:0',
    });
    try {
      assert.match(web.url, /^http:\/\/127\.0\.0\.2:\d+$/);
      const r = await fetch(`${web.url}/healthz`);
      assert.equal(r.status, 200);
      // (fetch may not set Host: a raw request does.)
      const foreign = await new Promise<number>((resolve, reject) => {
        const u = new URL(web.url);
        http
          .get(
            { host: u.hostname, port: u.port, path: '/healthz', headers: { host: 'evil.example' } },
            (res) => {
              res.resume();
              resolve(res.statusCode ?? 0);
            },
          )
          .on('error', reject);
      });
      assert.equal(foreign, 403, 'a foreign Host is still refused');
    } finally {
      await web.stop();
      await service.close();
    }
  });
});
