/**
 * The full-text sources on the activity side (activities/content/index.ts) against the workflow
 * side's cascade (workflows/content/index.ts): the same kinds in the same order, each download kind
 * the workflow sends resolving to a fetch through the real arxivDownload (against the fake arXiv)
 * and a converter. The conversions themselves run in test/integration/source-cascade.test.ts.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ApplicationFailure } from '@temporalio/common';
import { createArxivActivities } from '../../../activities/arxiv/activities.ts';
import { FULL_TEXT_KINDS, byDownload, byKind } from '../../../activities/content/index.ts';
import { createIngestActivities } from '../../../activities/pipeline/ingest.ts';
import type { PipelineDeps } from '../../../activities/pipeline/deps.ts';
import { createFsBlobStore } from '../../../adapters/blobs/fs.ts';
import { ArxivClient } from '../../../adapters/arxiv/client.ts';
import { chunkMarkdown } from '../../../adapters/convert/chunks.ts';
import { closeSandboxes, convertInSandbox } from '../../../adapters/convert/sandbox.ts';
import { openSqliteStore } from '../../../adapters/store/sqlite/index.ts';
import { silentLogger } from '../../../lib/logger.ts';
import { papersFromCorpusFeed } from '../../support/memory-radar-service.ts';
import { CONTENT_SOURCES } from '../../../domain/content-source.ts';
import { CONTENT_CASCADE } from '../../../workflows/content/index.ts';
import { startFakeArxiv, type FakeArxiv } from '../../fakes/arxiv-server.ts';
import { FIXTURES_DIR, corpus } from '../../support/corpus.ts';

describe('the full-text sources of the activities', () => {
  it('name the same kinds, in the same order, as the workflow cascade and the domain', () => {
    assert.deepEqual(
      FULL_TEXT_KINDS.map((s) => s.kind),
      CONTENT_CASCADE.map((s) => s.kind),
    );
    assert.deepEqual(
      FULL_TEXT_KINDS.map((s) => s.kind),
      [...CONTENT_SOURCES],
    );
  });

  it('take, for each kind, the download kind the workflow side sends (recorded in histories)', () => {
    assert.deepEqual(
      FULL_TEXT_KINDS.map((s) => [s.kind, s.download]),
      CONTENT_CASCADE.map((s) => [s.kind, s.download]),
    );
    for (const s of CONTENT_CASCADE) {
      assert.equal(byDownload(s.download)?.kind, s.kind, `download ${s.download}`);
      assert.equal(byKind(s.kind)?.download, s.download, `kind ${s.kind}`);
    }
    assert.equal(byDownload('latex'), undefined, 'the LaTeX source downloads as `source`');
    assert.equal(byKind('source'), undefined);
  });

  it('convert both HTMLs with the HTML converter, the e-print with the LaTeX one and the PDF with the PDF one', () => {
    assert.deepEqual(
      CONTENT_CASCADE.map((s) => [s.kind, byKind(s.kind)?.converter]),
      [
        ['html', 'html'],
        ['ar5iv', 'html'],
        ['latex', 'latex'],
        ['pdf', 'pdf'],
      ],
    );
  });
});

describe('arxivDownload walks the list', () => {
  const id = '2301.00001';
  const html = readFileSync(corpus('html', 'engrafo_1707.08043.html'));
  const eprint = readFileSync(path.join(FIXTURES_DIR, 'latex', 'tinygp.tar.gz'));
  const pdf = readFileSync(corpus('pdf', '1503.07589v1.pdf'));
  let fake: FakeArxiv;
  let client: ArxivClient;
  let dir: string;
  before(async () => {
    fake = await startFakeArxiv({
      documents: {
        [`html/${id}`]: html,
        [`ar5iv/${id}`]: html,
        [`e-print/${id}`]: eprint,
        [`pdf/${id}`]: pdf,
        'html/0706.3906': null,
        'ar5iv/0706.3906': null,
        'e-print/0706.3906': null,
        'pdf/0706.3906': null,
      },
    });
    client = new ArxivClient({
      apiUrl: fake.apiUrl,
      rssUrl: fake.rssUrl,
      webUrl: fake.webUrl,
      ar5ivUrl: fake.ar5ivUrl,
      minIntervalMs: 0,
      timeoutMs: 3000,
      maxResponseBytes: 10 * 1024 * 1024,
    });
    dir = mkdtempSync(path.join(os.tmpdir(), 'content-kinds-'));
  });
  after(async () => {
    client.close();
    await fake.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stores what each source of the cascade downloads, under the extension its converter reads, one request each', async () => {
    const blobs = createFsBlobStore(dir);
    const acts = createArxivActivities({ client, blobs });
    const served = { html, ar5iv: html, latex: eprint, pdf };
    const stored: string[] = [];
    for (const s of CONTENT_CASCADE) {
      const n = fake.requests.length;
      const r = await acts.arxivDownload({ kind: s.download, id, version: null });
      assert.ok('key' in r, `${s.kind}: ${JSON.stringify(r)}`);
      assert.deepEqual(await blobs.get(r.key), served[s.kind], s.kind);
      stored.push(path.extname(r.key));
      assert.equal(fake.requests.length, n + 1, `${s.kind}: one request`);
    }
    assert.deepEqual(stored, ['.html', '.html', '.gz', '.pdf']);
  });

  it('answers notFound for each source arXiv has none of', async () => {
    const acts = createArxivActivities({ client, blobs: createFsBlobStore(dir) });
    for (const s of CONTENT_CASCADE)
      assert.deepEqual(await acts.arxivDownload({ kind: s.download, id: '0706.3906', version: null }), {
        notFound: true,
      });
  });

  it('refuses a kind no source downloads, naming the kinds, without a request', async () => {
    const acts = createArxivActivities({ client, blobs: createFsBlobStore(dir) });
    const n = fake.requests.length;
    await assert.rejects(
      acts.arxivDownload({ kind: 'latex' as 'source', id, version: null }),
      (e: unknown) =>
        e instanceof ApplicationFailure &&
        e.type === 'INVALID_INPUT' &&
        e.nonRetryable &&
        e.message === 'Unknown download kind "latex": use html, ar5iv, source or pdf.',
    );
    assert.equal(fake.requests.length, n);
  });
});

describe('convertAndStore walks the list', () => {
  const LIMITS = { timeoutMs: 60_000, maxBytes: 50 * 1024 * 1024, maxMemoryMb: 512 };
  let dir: string;
  let store: ReturnType<typeof openSqliteStore>;
  let acts: ReturnType<typeof createIngestActivities>;
  let blobs: ReturnType<typeof createFsBlobStore>;
  const converted: string[] = [];
  before(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'content-convert-'));
    store = openSqliteStore({ dataDir: path.join(dir, 'db') });
    blobs = createFsBlobStore(path.join(dir, 'blobs'));
    // The real sandboxed converters; only what convertAndStore uses (no ranking, summaries or publishing).
    const deps: Pick<PipelineDeps, 'store' | 'blobs' | 'convert' | 'chunk' | 'logger'> = {
      store,
      blobs,
      convert: (input) => {
        converted.push(input.kind);
        return convertInSandbox({ kind: input.kind, path: input.path }, LIMITS);
      },
      chunk: (markdown) => chunkMarkdown(markdown).map((c) => ({ sectionPath: c.sectionPath, text: c.text })),
      logger: silentLogger,
    };
    acts = createIngestActivities(deps as PipelineDeps);
  });
  after(async () => {
    await closeSandboxes();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("converts ar5iv's HTML with the HTML converter, stores it as ar5iv once however often it is retried, and refuses a kind no source stores", async () => {
    const paper = papersFromCorpusFeed('id_list_0808.05394_1707.08567_partial.xml')[0]!;
    await store.upsertPapers([paper]);
    const { key } = await blobs.put(readFileSync(corpus('html', 'engrafo_1707.08043.html')), 'html');
    const input = { id: paper.id, version: paper.version, kind: 'ar5iv' as const, key };
    const first = await acts.convertAndStore(input);
    assert.ok(first.ok, JSON.stringify(first));
    assert.equal(first.source, 'ar5iv');
    const again = await acts.convertAndStore(input);
    assert.ok(again.ok);
    assert.equal(again.contentKey, first.contentKey, 'a retry rewrites the same content');
    assert.deepEqual(converted, ['html', 'html']);
    const stored = await store.getContent(paper.id, paper.version);
    assert.equal(stored?.source, 'ar5iv');
    assert.equal(stored?.key, first.contentKey);
    await assert.rejects(
      acts.convertAndStore({ ...input, kind: 'source' as 'latex' }),
      (e: unknown) => e instanceof ApplicationFailure && e.type === 'INVALID_INPUT' && e.nonRetryable,
    );
    assert.deepEqual(converted, ['html', 'html'], 'nothing converted for an unknown kind');
    assert.equal((await store.getContent(paper.id, paper.version))?.source, 'ar5iv');
  });
});
