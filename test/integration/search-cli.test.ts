/**
 * `arxiv-radar search` end to end: the real bin (embedded Temporal dev server) against the fake
 * arXiv, which evaluates the query itself. arXiv syntax goes as written, one request per search,
 * TL;DRs from the abstracts; `--full N` adds the first N full texts; nothing found names the query
 * and suggests one broader query without running it. 1111.2011's PDF is the CC BY stand-in
 * (test/support/corpus.ts).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { freePort } from '../../workers/dev-server.ts';
import { startFakeArxiv, type FakeArxiv } from '../fakes/arxiv-server.ts';
import { spawnCli } from '../support/cli.ts';
import { standInPdf } from '../support/corpus.ts';

describe('arxiv-radar search (real bin, fake arXiv)', () => {
  let fake: FakeArxiv;
  let dataDir: string;
  before(async () => {
    fake = await startFakeArxiv({ documents: standInPdf() });
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'arxiv-radar-search-'));
  });
  after(async () => {
    await fake?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** Runs `search`, returning its output and the arXiv requests it made. */
  const search = async (...args: string[]) => {
    const mark = fake.requests.length;
    const proc = spawnCli(['search', ...args], {
      DATA_DIR: dataDir,
      TEMPORAL_DEV_PORT: String(await freePort()),
      TEMPORAL_UI_PORT: String(await freePort()),
      TEMPORAL_TASK_QUEUE: `search-cli-${process.pid}`,
      ARXIV_API_URL: fake.apiUrl,
      ARXIV_RSS_URL: fake.rssUrl,
      ARXIV_WEB_URL: fake.webUrl,
      ARXIV_OAI_URL: fake.oaiUrl,
      ARXIV_MIN_INTERVAL_MS: '50',
    });
    const { code } = await proc.exited;
    const sent = fake.requests.slice(mark);
    return {
      code,
      ...proc.output(),
      queries: sent.filter((r) => r.path === '/api/query').map((r) => r.query.search_query),
      fullTexts: sent.filter((r) => /^\/(pdf|html)\//.test(r.path)).map((r) => r.path),
    };
  };

  it('sends arXiv syntax as written, in one request, with TL;DRs from the abstracts', async () => {
    const r = await search('cat:cs.CL', '--max', '10');
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(r.queries, ['cat:cs.CL']);
    assert.deepEqual(r.fullTexts, []);
    assert.match(r.stdout, /^3 results for cat:cs\.CL\n/);
    for (const id of ['2312.06056', '2503.23466', '2507.10541']) assert.ok(r.stdout.includes(id), id);
    assert.equal(r.stdout.match(/TL;DR \(from the abstract\): \S/g)?.length, 3);
  });

  it('nothing found: names the query and suggests one broader query, without a second request', async () => {
    const r = await search('ti:"diffusion model" AND cat:cs.CV');
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(r.queries, ['ti:"diffusion model" AND cat:cs.CV']);
    assert.match(r.stdout, /^0 results for ti:"diffusion model" AND cat:cs\.CV\n/);
    assert.match(
      r.stdout,
      /A broader query \(any of the words instead of all of them, phrases split into words\):\n {2}arxiv-radar search '\(ti:diffusion OR ti:model\) AND cat:cs\.CV'/,
    );
  });

  it('--full N fetches the first N full texts and summarises from them', async () => {
    const r = await search('au:del_maestro AND ti:"quantum criticality"', '--full', '2', '--json');
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(r.queries, ['au:del_maestro AND ti:"quantum criticality"']);
    const out = JSON.parse(r.stdout) as {
      papers: Array<{ id: string }>;
      summaries: Array<{ id: string; from: string; tldr: string }>;
    };
    assert.equal(out.papers.length, 2, "arXiv's recorded answer: two papers");
    const bethe = out.summaries.find((s) => s.id === '1111.2011');
    assert.equal(bethe?.from, 'full-text', JSON.stringify(out.summaries));
    assert.ok(r.fullTexts.length >= 2 && r.fullTexts.length <= 4, r.fullTexts.join(', '));
  });
});
