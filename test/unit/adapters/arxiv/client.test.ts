import { createFsBlobStore } from '../../../../adapters/blobs/fs.ts';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ApplicationFailure } from '@temporalio/common';
import { createArxivActivities } from '../../../../activities/arxiv/activities.ts';
import { ArxivClient, userAgent } from '../../../../adapters/arxiv/client.ts';
import { buildQueryUrl } from '../../../../adapters/arxiv/query.ts';
import { isAppError } from '../../../../domain/errors.ts';
import { startFakeArxiv, type FakeArxiv } from '../../../fakes/arxiv-server.ts';
import { FIXTURES_DIR, corpus } from '../../../support/corpus.ts';

describe('query URL', () => {
  it('encodes spaces as + (not %2B), so date ranges survive', () => {
    const url = buildQueryUrl('https://export.arxiv.org/api/query', {
      searchQuery: 'cat:cs.LG AND submittedDate:[202401010500 TO 202401312359]',
      maxResults: 50,
      sortBy: 'submittedDate',
      sortOrder: 'descending',
    });
    assert.equal(
      url,
      'https://export.arxiv.org/api/query?search_query=cat:cs.LG+AND+submittedDate:%5B202401010500+TO+202401312359%5D&id_list=&start=0&max_results=50&sortBy=submittedDate&sortOrder=descending',
    );
    assert.doesNotMatch(url, /%2B/);
  });
  it('rejects requests beyond arXiv caps', () => {
    assert.throws(() => buildQueryUrl('u', { searchQuery: 'x', maxResults: 2001 }), /1-2000/);
    assert.throws(() => buildQueryUrl('u', { searchQuery: 'x', start: 29_990, maxResults: 20 }), /30000/);
    assert.throws(
      () => buildQueryUrl('u', {}),
      (e: unknown) => isAppError(e, 'INVALID_INPUT'),
    );
  });
});

describe('ArxivClient against the fake', () => {
  let fake: FakeArxiv;
  let client: ArxivClient;
  let dir: string;
  before(async () => {
    // The corpus has no arXiv-served HTML page the repository may redistribute: Engrafo's LaTeXML
    // rendering of 1707.08043 (CC BY 4.0) stands in for its /html page.
    fake = await startFakeArxiv({
      documents: { 'html/1707.08043': readFileSync(corpus('html', 'engrafo_1707.08043.html')) },
    });
    client = new ArxivClient({
      apiUrl: fake.apiUrl,
      rssUrl: fake.rssUrl,
      webUrl: fake.webUrl,
      contact: 'test@example.org',
      minIntervalMs: 0,
      timeoutMs: 3000,
      maxResponseBytes: 10 * 1024 * 1024,
    });
    dir = mkdtempSync(path.join(os.tmpdir(), 'arxiv-dl-'));
  });
  after(async () => {
    client.close();
    await fake.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('identifies itself with version and contact', () =>
    assert.match(userAgent('test@example.org'), /^arxiv-radar\/\d+\.\d+\.\d+ \(\+test@example\.org\)$/));

  it('search sends one request with the encoded query and parses the recorded feed', async () => {
    const n = fake.requests.length;
    const feed = await client.search('au:del_maestro AND ti:"quantum criticality"', { maxResults: 10 });
    assert.equal(fake.requests.length, n + 1);
    assert.deepEqual(
      feed.papers.map((p) => p.id),
      ['1111.2011', 'cond-mat/0607501'],
    );
  });

  it('searchAll pages within the limit', async () => {
    const feed = await client.searchAll('all:testing', { limit: 20, pageSize: 10 });
    assert.equal(feed.papers.length, 20);
    const q = fake.requests.slice(-2).map((r) => [r.query.start, r.query.max_results]);
    assert.deepEqual(q, [
      ['0', '10'],
      ['10', '10'],
    ]);
  });

  it('an unexpectedly empty page is a retryable ARXIV_EMPTY_PAGE', async () => {
    fake.inject({ kind: 'empty' });
    await assert.rejects(
      client.search('all:testing', { maxResults: 10 }),
      (e: unknown) => isAppError(e, 'ARXIV_EMPTY_PAGE') && e.retryable,
    );
  });

  it('lookupBatch reports missing ids (partial id_list)', async () => {
    const r = await client.lookupBatch(['1707.08567', '0801.0001']);
    assert.deepEqual(
      r.papers.map((p) => p.id),
      ['1707.08567'],
    );
    assert.deepEqual(r.missing, ['0801.0001']);
  });

  it('lookupIds splits long lists into batches of 100', async () => {
    const n = fake.requests.length;
    const ids = Array.from({ length: 150 }, (_, i) => `1001.${String(1000 + i)}`);
    const r = await client.lookupIds(['1605.08386', ...ids]);
    assert.equal(fake.requests.length, n + 2);
    assert.deepEqual(
      r.papers.map((p) => p.id),
      ['1605.08386'],
    );
    assert.equal(r.missing.length, 150);
  });

  it('the error feed (HTTP 400) is a non-retryable ARXIV_API_ERROR', async () => {
    // lookupBatch validates ids first, so reach the recorded id_list=abc response directly.
    const getFeed = (client as unknown as { getFeed(url: string): Promise<unknown> }).getFeed.bind(client);
    await assert.rejects(
      getFeed(`${fake.apiUrl}?id_list=abc`),
      (e: unknown) =>
        isAppError(e, 'ARXIV_API_ERROR') &&
        e.message === 'arXiv API error: incorrect id format for abc' &&
        !e.retryable,
    );
  });

  it('announcements parse the Atom feed; an empty feed is normal', async () => {
    const feed = await client.announcements(['cs.LG']);
    assert.deepEqual(
      feed.items.map((i) => i.announceType),
      ['new', 'cross', 'replace'],
    );
    assert.deepEqual((await client.announcements(['test'])).items, []);
    await assert.rejects(client.announcements(['cs.LG/../x']), (e: unknown) =>
      isAppError(e, 'INVALID_INPUT'),
    );
  });

  it('fetchHtml returns null when arXiv has no HTML version, fetchUrl refuses other hosts', async () => {
    assert.equal(await client.fetchHtml('0706.3906', null), null);
    assert.match((await client.fetchHtml('1707.08043', 1)) ?? '', /<html|<!DOCTYPE/i);
    await assert.rejects(client.fetchUrl('https://example.com/pdf/1111.2011'), (e: unknown) =>
      isAppError(e, 'HOST_NOT_ALLOWED'),
    );
  });

  it('arxivDownload stores the PDF content-addressed and only returns its blob key', async () => {
    const blobs = createFsBlobStore(dir);
    const acts = createArxivActivities({ client, blobs });
    const r = await acts.arxivDownload({ kind: 'pdf', id: '1503.07589', version: 1 });
    assert.ok('key' in r);
    assert.equal(r.key, `${r.sha256}.pdf`);
    assert.equal('path' in r, false, 'no local path crosses Temporal');
    assert.deepEqual(await blobs.get(r.key), readFileSync(corpus('pdf', '1503.07589v1.pdf')));
    assert.deepEqual(await acts.arxivDownload({ kind: 'html', id: '0706.3906', version: null }), {
      notFound: true,
    });
    // The same bytes again: the same key, nothing rewritten.
    assert.equal(
      ((await acts.arxivDownload({ kind: 'pdf', id: '1503.07589', version: 1 })) as { key: string }).key,
      r.key,
    );
  });

  it("fetchAr5iv: the page, or null on ar5iv's redirect to the abstract page (not followed, one request); none without a URL", async () => {
    const ar5iv = new ArxivClient({
      apiUrl: fake.apiUrl,
      rssUrl: fake.rssUrl,
      webUrl: fake.webUrl,
      ar5ivUrl: fake.ar5ivUrl,
      minIntervalMs: 0,
      timeoutMs: 3000,
      maxResponseBytes: 10 * 1024 * 1024,
    });
    const paged = await startFakeArxiv({
      documents: { 'ar5iv/1707.08043': readFileSync(corpus('html', 'engrafo_1707.08043.html')) },
    });
    const other = new ArxivClient({
      apiUrl: paged.apiUrl,
      rssUrl: paged.rssUrl,
      webUrl: paged.webUrl,
      ar5ivUrl: paged.ar5ivUrl,
      minIntervalMs: 0,
      timeoutMs: 3000,
      maxResponseBytes: 10 * 1024 * 1024,
    });
    try {
      assert.match((await other.fetchAr5iv('1707.08043', 1)) ?? '', /<html|<!DOCTYPE/i);
      const n = fake.requests.length;
      assert.equal(await ar5iv.fetchAr5iv('0706.3906', null), null);
      assert.deepEqual(
        fake.requests.slice(n).map((r) => r.path),
        ['/ar5iv/html/0706.3906'],
      );
      assert.equal(await client.fetchAr5iv('0706.3906', null), null, 'no ar5iv URL: no request');
      assert.equal(fake.requests.length, n + 1);
    } finally {
      ar5iv.close();
      other.close();
      await paged.close();
    }
  });

  it('fetchSource: the gzipped e-print, null for a PDF-only submission or 404; the download activity stores it as .gz', async () => {
    const eprint = readFileSync(path.join(FIXTURES_DIR, 'latex', 'tinygp.tar.gz'));
    const pdf = readFileSync(corpus('pdf', '1503.07589v1.pdf'));
    const served = await startFakeArxiv({
      documents: { 'e-print/2301.00001': eprint, 'e-print/1503.07589': pdf },
    });
    const c = new ArxivClient({
      apiUrl: served.apiUrl,
      rssUrl: served.rssUrl,
      webUrl: served.webUrl,
      minIntervalMs: 0,
      timeoutMs: 3000,
      maxResponseBytes: 10 * 1024 * 1024,
    });
    try {
      assert.deepEqual(await c.fetchSource('2301.00001', 2), eprint);
      assert.equal(served.requests.at(-1)?.path, '/e-print/2301.00001v2');
      assert.equal(await c.fetchSource('1503.07589', null), null);
      assert.equal(await c.fetchSource('0706.3906', null), null);
      const acts = createArxivActivities({ client: c, blobs: createFsBlobStore(dir) });
      const r = await acts.arxivDownload({ kind: 'source', id: '2301.00001', version: null });
      assert.ok('key' in r && r.key.endsWith('.gz'), JSON.stringify(r));
      assert.deepEqual(await acts.arxivDownload({ kind: 'source', id: '1503.07589', version: null }), {
        notFound: true,
      });
    } finally {
      c.close();
      await served.close();
    }
  });

  it('activity failures: permanent errors non-retryable, rate limits carry nextRetryDelay', async () => {
    const acts = createArxivActivities({ client, blobs: createFsBlobStore(dir) });
    fake.inject({ kind: '429', retryAfterSeconds: 4 });
    await assert.rejects(
      acts.arxivLookupIds(['1707.08567']),
      (e: unknown) =>
        e instanceof ApplicationFailure &&
        e.type === 'ARXIV_RATE_LIMITED' &&
        !e.nonRetryable &&
        e.nextRetryDelay === 4000,
    );
    await assert.rejects(
      acts.arxivLookupIds(['not an id']),
      (e: unknown) => e instanceof ApplicationFailure && e.type === 'INVALID_INPUT' && e.nonRetryable,
    );
    fake.inject({ kind: 'truncated' });
    await assert.rejects(
      acts.arxivLookupIds(['1707.08567']),
      (e: unknown) => e instanceof ApplicationFailure && e.type === 'ARXIV_HTTP' && !e.nonRetryable,
    );
  });
});
