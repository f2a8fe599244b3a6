import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { isAppError } from '../../../../domain/errors.ts';
import { createNotionPublisher, digestToNotionBlocks } from '../../../../adapters/publish/notion.ts';
import { startNotionServer, type NotionFake, type NotionFakeOptions } from '../../../fakes/notion-server.ts';
import { corpusDigest, corpusEntries, longDigest } from './corpus-digest.ts';

const TOKEN = 'ntn_test_secret';
const digest = corpusDigest(corpusEntries('search_testing_start0_max10.xml'));

const fakes: NotionFake[] = [];
async function fake(opts: NotionFakeOptions = {}): Promise<NotionFake> {
  const f = await startNotionServer({ token: TOKEN, ...opts });
  fakes.push(f);
  return f;
}
after(async () => {
  await Promise.all(fakes.map((f) => f.close()));
});

const publisherFor = (f: NotionFake, extra: { token?: string; minIntervalMs?: number } = {}) =>
  createNotionPublisher({
    token: extra.token ?? TOKEN,
    databaseId: f.databaseId,
    baseUrl: f.url,
    ...(extra.minIntervalMs === undefined ? {} : { minIntervalMs: extra.minIntervalMs }),
  });

/** The text each block of the digest should show, one line per block (what the fake's pageText gives). */
function expectedText(d: typeof digest): string {
  return digestToNotionBlocks(d)
    .map((b) => {
      const content = (b as Record<string, unknown>)[(b as { type: string }).type] as {
        rich_text?: { text: { content: string } }[];
      };
      return (content.rich_text ?? []).map((r) => r.text.content).join('');
    })
    .join('\n');
}

describe('Notion publisher against the fake Notion API', () => {
  it('creates exactly one page with the digest properties and a section per paper in ranked order', async () => {
    const f = await fake();
    const receipt = await publisherFor(f).publish(digest);
    const pages = f.pages();
    assert.equal(pages.length, 1);
    const page = pages[0];
    assert.ok(page);
    assert.deepEqual(receipt, {
      destination: 'notion',
      ref: page.id,
      url: page.url,
      publishedAt: receipt.publishedAt,
    });
    const prop = (name: string) => page.properties[name] as Record<string, unknown>;
    assert.equal(
      (prop('Name').title as { plain_text: string }[])[0]?.plain_text,
      'testing-research — 2026-04-13',
    );
    assert.deepEqual(prop('Date').date, { start: '2026-04-13' });
    assert.equal(prop('Papers').number, 10);
    assert.equal((prop('Digest key').rich_text as { plain_text: string }[])[0]?.plain_text, digest.key);
    assert.equal(f.pageText(page.id), expectedText(digest));

    const headings = f.childrenOf(page.id).filter((b) => b.type === 'heading_2');
    assert.equal(headings.length, 10);
    const first = (headings[0]?.heading_2 as { rich_text: { plain_text: string; href: string | null }[] })
      .rich_text[0];
    assert.equal(
      first?.plain_text,
      '1. Testing Deep Learning Models: A First Comparative Study of Multiple Testing Techniques',
    );
    assert.equal(first?.href, 'https://arxiv.org/abs/2202.12139v1');
    assert.match(f.pageText(page.id), /^Authors: Mohit Kumar Ahuja, Arnaud Gotlieb, Helge Spieker$/m);
    assert.match(
      f.pageText(page.id),
      /^Score: 1\.000 · Categories: cs\.SE, cs\.LG · arXiv:2202\.12139v1 · PDF$/m,
    );
    assert.match(f.pageText(page.id), /^TL;DR: Deep Learning \(DL\) has revolutionized/m);
    // The data source was created with API 2025-09-03 semantics: the page lives under the data source.
    const create = f.requests.find((r) => r.method === 'POST' && r.path === '/pages');
    assert.deepEqual((create?.body as { parent: unknown }).parent, {
      type: 'data_source_id',
      data_source_id: f.dataSourceId,
    });
    assert.equal(create?.headers['notion-version'], '2025-09-03');
  });

  it('publishing the same digest again creates and appends nothing', async () => {
    const f = await fake();
    const first = await publisherFor(f).publish(digest);
    const writes = () =>
      f.requests.filter((r) => (r.method === 'POST' && r.path === '/pages') || r.method === 'PATCH').length;
    const before = writes();
    const again = await publisherFor(f).publish(digest);
    assert.deepEqual(again, first, 'the same receipt, found by lookup');
    assert.equal(writes(), before);
    assert.equal(f.pages().length, 1);
    assert.equal(f.pageText(first.ref), expectedText(digest));
  });

  it('publishes 100 papers with long summaries within every limit, paced under the rate limit', async () => {
    const f = await fake();
    const long = longDigest();
    const receipt = await publisherFor(f).publish(long);
    assert.ok(
      f.requests.every((r) => r.status === 200),
      `rejected: ${JSON.stringify(f.requests.filter((r) => r.status !== 200).map((r) => [r.path, r.status]))}`,
    );
    const blocks = digestToNotionBlocks(long);
    assert.ok(blocks.length > 900, `${blocks.length} blocks`);
    const writes = f.requests.filter((r) => r.method === 'PATCH' || r.path === '/pages');
    assert.equal(writes.length, Math.ceil(blocks.length / 100), 'one create, then appends of 100');
    assert.equal(f.pageText(receipt.ref), expectedText(long));
    // Long TL;DRs arrive split into several rich-text items of at most 2000 characters.
    const tldr = f
      .childrenOf(receipt.ref)
      .find((b) => b.type === 'paragraph' && JSON.stringify(b).includes('TL;DR: '));
    const items = (tldr?.paragraph as { rich_text: { plain_text: string }[] }).rich_text;
    assert.ok(items.length >= 3 && items.every((r) => r.plain_text.length <= 2000));
    assert.ok(items.reduce((n, r) => n + r.plain_text.length, 0) > 2000);
  });

  it('resumes a page left half-written by a crash without duplicating blocks', async () => {
    const f = await fake();
    const long = longDigest();
    // The second append is applied but its response is lost: the activity dies mid-page.
    f.state.faults.push({
      method: 'PATCH',
      path: /\/children$/,
      status: 502,
      code: 'bad_gateway',
      skip: 1,
      afterApplying: true,
    });
    await assert.rejects(
      publisherFor(f).publish(long),
      (e) => isAppError(e, 'PUBLISH_FAILED') && e.retryable,
    );
    const page = f.pages()[0];
    assert.ok(page);
    assert.equal(f.childrenOf(page.id).length, 300, 'create + 2 appends landed');

    const creates = f.requests.filter((r) => r.path === '/pages').length;
    const receipt = await publisherFor(f).publish(long);
    assert.equal(receipt.ref, page.id);
    assert.equal(f.requests.filter((r) => r.path === '/pages').length, creates, 'no second page');
    assert.equal(f.pages().length, 1);
    assert.equal(f.pageText(page.id), expectedText(long), 'every block exactly once, in order');
  });

  it('resumes from the recorded progress without a lookup, counting an append that landed unrecorded', async () => {
    const f = await fake();
    const long = longDigest();
    const total = digestToNotionBlocks(long).length;
    assert.ok(total > 300, `${total} blocks`);
    // The second append lands but its response is lost (as if the worker died before recording it).
    f.state.faults.push({
      method: 'PATCH',
      path: /\/children$/,
      status: 502,
      code: 'bad_gateway',
      skip: 1,
      afterApplying: true,
    });
    let recorded: { blocks?: number; lastBlockId?: string } | undefined;
    const progress = (resume: unknown) => ({
      resume,
      record: (state: unknown) => void (recorded = state as typeof recorded),
    });
    await assert.rejects(
      publisherFor(f).publish(long, progress(undefined)),
      (e) => isAppError(e, 'PUBLISH_FAILED') && e.retryable,
    );
    assert.equal(recorded?.blocks, 200, 'create + 1 append recorded; the 2nd append landed unrecorded');
    assert.ok(recorded?.lastBlockId);
    const before = f.requests.length;
    const receipt = await publisherFor(f).publish(long, progress(recorded));
    const retry = f.requests
      .slice(before)
      .map((r) => `${r.method} ${r.path.replace(/[0-9a-f-]{36}/g, 'ID')}`);
    assert.equal(
      retry[0],
      'GET /blocks/ID/children',
      'no database, data source or query request: straight to the page',
    );
    assert.ok(!retry.some((r) => r.startsWith('POST')), 'no lookup, no second page');
    assert.equal(f.pages().length, 1);
    assert.equal(f.pageText(receipt.ref), expectedText(long), 'every block exactly once, in order');
  });

  it('finds the page when the create response was lost, and appends the rest', async () => {
    const f = await fake();
    const long = longDigest();
    f.state.faults.push({ method: 'POST', path: /^\/pages$/, status: 500, afterApplying: true });
    await assert.rejects(
      publisherFor(f).publish(long),
      (e) => isAppError(e, 'PUBLISH_FAILED') && e.retryable,
    );
    const receipt = await publisherFor(f).publish(long);
    assert.equal(f.pages().length, 1);
    assert.equal(f.pageText(receipt.ref), expectedText(long));
  });

  it('surfaces a 429 burst as a retryable RATE_LIMITED error with retryAfterMs from Retry-After', async () => {
    const f = await fake({ maxRequestsPerSecond: 1, retryAfterSec: 2, clock: () => 0 });
    await assert.rejects(
      publisherFor(f, { minIntervalMs: 0 }).publish(digest),
      (e) => isAppError(e, 'RATE_LIMITED') && e.retryable && e.options.retryAfterMs === 2000,
    );
    assert.ok(f.requests.some((r) => r.status === 429));
  });

  it('treats a rejected token, an unshared database and a validation error as permanent', async () => {
    const f = await fake();
    await assert.rejects(
      publisherFor(f, { token: 'ntn_wrong' }).publish(digest),
      (e) =>
        isAppError(e, 'PUBLISH_FAILED') &&
        !e.retryable &&
        /401/.test(e.message) &&
        /NOTION_TOKEN/.test(e.message),
    );
    await assert.rejects(
      createNotionPublisher({
        token: TOKEN,
        databaseId: '00000000-0000-4000-8000-000000000000',
        baseUrl: f.url,
      }).publish(digest),
      (e) => isAppError(e, 'PUBLISH_FAILED') && !e.retryable && /404/.test(e.message),
    );
    f.state.faults.push({
      method: 'POST',
      path: /^\/pages$/,
      status: 400,
      code: 'validation_error',
      message: 'body failed validation: body.properties.Date.date should be defined.',
    });
    await assert.rejects(
      publisherFor(f).publish(digest),
      (e) => isAppError(e, 'PUBLISH_FAILED') && !e.retryable && /validation_error/.test(e.message),
    );
    assert.equal(f.pages().length, 0);
  });

  it('names the missing properties when the database schema does not fit', async () => {
    const f = await fake({ properties: { Name: { type: 'title' }, Date: { type: 'date' } } });
    await assert.rejects(
      publisherFor(f).publish(digest),
      (e) =>
        isAppError(e, 'PUBLISH_FAILED') &&
        !e.retryable &&
        /"Topic" \(text\)/.test(e.message) &&
        /"Digest key" \(text\)/.test(e.message),
    );
  });
});
