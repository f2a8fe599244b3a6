import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { ArxivClient } from '../../../../adapters/arxiv/client.ts';
import {
  ArxivTransport,
  delayBeforeNext,
  effectiveIntervalMs,
  isAllowedHost,
} from '../../../../adapters/arxiv/transport.ts';
import { parseRetryAfter } from '../../../../lib/http-failure.ts';
import { isAppError } from '../../../../domain/errors.ts';
import { startFakeArxiv, type FakeArxiv } from '../../../fakes/arxiv-server.ts';

describe('arXiv 3 s floor', () => {
  it('never spaces arxiv.org or its subdomains below 3000 ms', () => {
    for (const host of ['arxiv.org', 'export.arxiv.org', 'rss.arxiv.org', 'EXPORT.ARXIV.ORG', 'arxiv.org.']) {
      assert.equal(effectiveIntervalMs(host, 0), 3000, host);
      assert.equal(effectiveIntervalMs(host, 300), 3000, host);
      assert.equal(effectiveIntervalMs(host, 5000), 5000, host);
    }
  });
  it('lets loopback test servers use the configured interval', () => {
    assert.equal(effectiveIntervalMs('127.0.0.1', 300), 300);
    assert.equal(effectiveIntervalMs('notarxiv.org', 300), 300);
    assert.equal(effectiveIntervalMs('arxiv.org.evil.com', 300), 300);
  });
  it('computes the wait from the end of the previous request', () => {
    assert.equal(delayBeforeNext('export.arxiv.org', 300, undefined, 10_000), 0);
    assert.equal(delayBeforeNext('export.arxiv.org', 300, 10_000, 10_500), 2500);
    assert.equal(delayBeforeNext('127.0.0.1', 300, 10_000, 10_100), 200);
    assert.equal(delayBeforeNext('127.0.0.1', 300, 10_000, 20_000), 0);
  });
  it('the transport sleeps 3000 ms between two arxiv.org requests even when configured lower', async () => {
    // export.arxiv.org resolves to the loopback fake: nothing leaves the machine.
    const fake = await startFakeArxiv();
    const port = new URL(fake.url).port;
    const slept: number[] = [];
    const t = new ArxivTransport({
      userAgent: 'test',
      minIntervalMs: 100,
      timeoutMs: 2000,
      maxResponseBytes: 1024 * 1024,
      lookup: (_host, opts, cb) => {
        const done = cb as (e: null, a: unknown, f?: number) => void;
        if ((opts as { all?: boolean }).all) done(null, [{ address: '127.0.0.1', family: 4 }]);
        else done(null, '127.0.0.1', 4);
      },
      // Time stands still, so the second request must wait the whole floor.
      now: () => 1_000_000,
      sleep: async (ms) => void slept.push(ms),
    });
    try {
      await t.get(`http://export.arxiv.org:${port}/api/query?id_list=1707.08567`);
      await t.get(`http://export.arxiv.org:${port}/api/query?id_list=1605.08386`);
      assert.deepEqual(slept, [3000]);
      assert.equal(fake.requests.length, 2);
    } finally {
      t.close();
      await fake.close();
    }
  });
});

describe('Retry-After and host allow-list', () => {
  it('parses delta-seconds and HTTP dates', () => {
    assert.equal(parseRetryAfter('5'), 5000);
    assert.equal(parseRetryAfter(undefined), undefined);
    assert.equal(parseRetryAfter('soon'), undefined);
    const now = Date.parse('Wed, 21 Oct 2015 07:28:00 GMT');
    assert.equal(parseRetryAfter('Wed, 21 Oct 2015 07:28:10 GMT', now), 10_000);
  });
  it('allows arXiv hosts and configured extras only', () => {
    assert.ok(isAllowedHost('arxiv.org'));
    assert.ok(isAllowedHost('ar5iv.labs.arxiv.org'));
    assert.ok(isAllowedHost('127.0.0.1', ['127.0.0.1']));
    assert.ok(!isAllowedHost('example.com'));
    assert.ok(!isAllowedHost('arxiv.org.example.com'));
    assert.ok(!isAllowedHost('evilarxiv.org'));
  });
});

describe('ArxivTransport against the fake', () => {
  let fake: FakeArxiv;
  let t: ArxivTransport;
  before(async () => {
    fake = await startFakeArxiv();
    t = new ArxivTransport({
      userAgent: 'arxiv-radar/test (+test@example.org)',
      minIntervalMs: 50,
      timeoutMs: 500,
      maxResponseBytes: 2 * 1024 * 1024,
      extraAllowedHosts: ['127.0.0.1'],
    });
  });
  after(async () => {
    t.close();
    await fake.close();
  });

  it('refuses hosts outside the allow-list without sending anything', async () => {
    const before = fake.requests.length;
    await assert.rejects(t.get('https://example.com/abs/1706.03762'), (e: unknown) =>
      isAppError(e, 'HOST_NOT_ALLOWED'),
    );
    await assert.rejects(t.get('file:///etc/passwd'), (e: unknown) => isAppError(e, 'HOST_NOT_ALLOWED'));
    assert.equal(fake.requests.length, before);
  });

  it('maps 429 with Retry-After to a retryable ARXIV_RATE_LIMITED carrying the delay', async () => {
    fake.inject({ kind: '429', retryAfterSeconds: 7 });
    await assert.rejects(
      t.get(`${fake.apiUrl}?id_list=1707.08567`),
      (e: unknown) => isAppError(e, 'ARXIV_RATE_LIMITED') && e.retryable && e.options.retryAfterMs === 7000,
    );
  });
  it('maps 429 without Retry-After to a retryable error without a delay (backoff decides)', async () => {
    fake.inject({ kind: '429' });
    await assert.rejects(
      t.get(`${fake.apiUrl}?id_list=1707.08567`),
      (e: unknown) =>
        isAppError(e, 'ARXIV_RATE_LIMITED') && e.retryable && e.options.retryAfterMs === undefined,
    );
  });
  it('maps 503 to a retryable ARXIV_HTTP with Retry-After', async () => {
    fake.inject({ kind: '503', retryAfterSeconds: 2 });
    await assert.rejects(
      t.get(`${fake.apiUrl}?id_list=1707.08567`),
      (e: unknown) => isAppError(e, 'ARXIV_HTTP') && e.retryable && e.options.retryAfterMs === 2000,
    );
  });
  it('maps 404 to NOT_FOUND', async () => {
    await assert.rejects(
      t.get(`${fake.webUrl}/html/0706.3906`),
      (e: unknown) => isAppError(e, 'NOT_FOUND') && !e.retryable,
    );
  });
  it('a slow answer times out as a retryable error', async () => {
    fake.inject({ kind: 'slow', delayMs: 1500 });
    await assert.rejects(
      t.get(`${fake.apiUrl}?id_list=1707.08567`),
      (e: unknown) => isAppError(e, 'ARXIV_HTTP') && e.retryable && /within 500 ms/.test(e.message),
    );
  });
  it('a truncated body is a retryable error', async () => {
    fake.inject({ kind: 'truncated' });
    await assert.rejects(
      t.get(`${fake.apiUrl}?id_list=1707.08567`),
      (e: unknown) => isAppError(e, 'ARXIV_HTTP') && e.retryable,
    );
  });
  it('enforces the size cap', async () => {
    const small = new ArxivTransport({
      userAgent: 'x',
      minIntervalMs: 0,
      timeoutMs: 2000,
      maxResponseBytes: 10_000,
      extraAllowedHosts: ['127.0.0.1'],
    });
    await assert.rejects(
      small.get(`${fake.webUrl}/pdf/1503.07589v1`),
      (e: unknown) => isAppError(e, 'ARXIV_HTTP') && /ARXIV_MAX_RESPONSE_BYTES/.test(e.message),
    );
    small.close();
  });
  it('sends the User-Agent and one request per get', async () => {
    const n = fake.requests.length;
    const res = await t.get(`${fake.apiUrl}?id_list=1707.08567`);
    assert.equal(res.status, 200);
    assert.equal(fake.requests.length, n + 1);
  });
});

describe('redirects stay on the configured arXiv origins (scheme, host and port)', () => {
  // Two loopback servers on different ports: the "arXiv" one redirects, the other must never be reached.
  let arxiv: http.Server;
  let other: http.Server;
  let arxivOrigin: string;
  let otherOrigin: string;
  const otherHits: string[] = [];
  before(async () => {
    other = http.createServer((req, res) => {
      otherHits.push(req.url ?? '');
      res.end('internal service');
    });
    arxiv = http.createServer((req, res) => {
      if (req.url === '/to-other-port') res.writeHead(302, { location: `${otherOrigin}/secret` }).end();
      else if (req.url === '/to-same-origin') res.writeHead(301, { location: '/abs/1706.03762' }).end();
      else res.end('arxiv page');
    });
    for (const s of [arxiv, other]) await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
    arxivOrigin = `http://127.0.0.1:${(arxiv.address() as AddressInfo).port}`;
    otherOrigin = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
  });
  after(async () => {
    for (const s of [arxiv, other]) await new Promise<void>((r) => s.close(() => r()));
  });

  it('the client refuses a redirect to another port of the same host, and follows one within its origin', async () => {
    const client = new ArxivClient({
      apiUrl: `${arxivOrigin}/api/query`,
      rssUrl: `${arxivOrigin}/rss`,
      webUrl: arxivOrigin,
      minIntervalMs: 0,
      timeoutMs: 2000,
      maxResponseBytes: 1024 * 1024,
    });
    try {
      await assert.rejects(
        client.transport.get(`${arxivOrigin}/to-other-port`),
        (e: unknown) => isAppError(e, 'HOST_NOT_ALLOWED') && e.message.includes(otherOrigin) && !e.retryable,
      );
      assert.deepEqual(otherHits, [], 'nothing reached the other port');
      const ok = await client.transport.get(`${arxivOrigin}/to-same-origin`);
      assert.equal(ok.body.toString(), 'arxiv page');
      assert.equal(ok.url, `${arxivOrigin}/abs/1706.03762`);
    } finally {
      client.close();
    }
  });

  it('follows a redirect to another origin only when it is configured', async () => {
    const t = new ArxivTransport({
      userAgent: 'x',
      minIntervalMs: 0,
      timeoutMs: 2000,
      maxResponseBytes: 1024 * 1024,
      extraAllowedHosts: ['127.0.0.1'],
      redirectOrigins: [arxivOrigin, otherOrigin],
    });
    try {
      const r = await t.get(`${arxivOrigin}/to-other-port`);
      assert.equal(r.body.toString(), 'internal service');
      assert.deepEqual(otherHits, ['/secret']);
    } finally {
      t.close();
    }
    assert.throws(
      () => t.checkRedirect('https://127.0.0.1/x', new URL(arxivOrigin)),
      (e: unknown) => isAppError(e, 'HOST_NOT_ALLOWED'),
    );
  });
});

describe('a request’s own signal stops only its own wait', () => {
  it('aborting a queued request leaves the queue; the others keep their places and are spaced', async () => {
    const fake = await startFakeArxiv();
    // The spacing waits are held until the test lets them go: nothing depends on how long they take.
    const spacing: Array<() => void> = [];
    const t = new ArxivTransport({
      userAgent: 'arxiv-radar/test (+test@example.org)',
      minIntervalMs: 60_000,
      timeoutMs: 2000,
      maxResponseBytes: 2 * 1024 * 1024,
      extraAllowedHosts: ['127.0.0.1'],
      sleep: () => new Promise<void>((resolve) => spacing.push(resolve)),
    });
    const url = (id: string) => `${fake.apiUrl}?id_list=${id}`;
    const settled = (p: Promise<unknown>) => {
      const flag = { done: false };
      p.then(
        () => (flag.done = true),
        () => (flag.done = true),
      );
      return flag;
    };
    try {
      await t.get(url('1707.08567'));
      const b = new AbortController();
      const c = new AbortController();
      const second = t.get(url('1605.08386'), { signal: b.signal }); // waits out the spacing
      const third = t.get(url('1201.4869'), { signal: c.signal }); // queued behind the second
      const fourth = t.get(url('1005.5383'));
      const fourthDone = settled(fourth);
      await new Promise((r) => setImmediate(r));
      assert.equal(spacing.length, 1, 'the second request waits out the spacing');
      c.abort();
      await assert.rejects(third, (e: unknown) => isAppError(e, 'CANCELLED'));
      assert.equal(spacing.length, 1, 'the second request still waits');
      b.abort();
      await assert.rejects(second, (e: unknown) => isAppError(e, 'CANCELLED'));
      // The fourth request comes next, and waits out the spacing after the first.
      await new Promise((r) => setImmediate(r));
      assert.equal(spacing.length, 2);
      assert.equal(fourthDone.done, false);
      spacing[1]!();
      await fourth;
      assert.deepEqual(
        fake.requests.map((r) => r.query.id_list),
        ['1707.08567', '1005.5383'],
      );
      // An already-aborted signal sends nothing.
      await assert.rejects(t.get(url('1303.6954'), { signal: AbortSignal.abort() }), (e: unknown) =>
        isAppError(e, 'CANCELLED'),
      );
      assert.equal(fake.requests.length, 2);
    } finally {
      t.close();
      await fake.close();
    }
  });
});
