/**
 * The full-text cascade end to end: `arxiv-radar get` (the real bin, its own embedded Temporal
 * dev server) against the fake arXiv, one paper per step: arXiv HTML missing → ar5iv's HTML;
 * no ar5iv page either (ar5iv redirects to the abstract page, not followed) → the LaTeX source;
 * a PDF-only e-print → the PDF; and a hostile e-print (a gzip bomb) → a clear conversion note and
 * the PDF, converted by the same worker right after. Asserts on stdout and on the requests the
 * fake received (each step one request, only when the one before had nothing).
 *
 * Bodies are stand-ins, as in get-cli.test.ts: the metadata of recorded Atom entries, the full text
 * of redistributable files (the Engrafo page of 1707.08043 as ar5iv's page, the MIT-licensed LEGWORK
 * source as an e-print, the CC BY PDF of 1503.07589v1).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { freePort } from '../../workers/dev-server.ts';
import { startFakeArxiv, type FakeArxiv } from '../fakes/arxiv-server.ts';
import { spawnCli } from '../support/cli.ts';
import { FIXTURES_DIR, corpus, standInPdf } from '../support/corpus.ts';
import { gzipBomb } from '../support/tar.ts';
import { maybeRecordHistory } from '../support/histories.ts';
import { startTestRuntime, type TestRuntime } from '../support/runtime.ts';
import { paperIngest } from '../../workflows/paper-ingest.ts';

describe('arxiv-radar get: HTML → ar5iv → LaTeX source → PDF', () => {
  let fake: FakeArxiv;
  let dataDir: string;
  const pdf = standInPdf()['pdf/1111.2011']!;
  before(async () => {
    fake = await startFakeArxiv({
      documents: {
        'ar5iv/1605.08386': readFileSync(corpus('html', 'engrafo_1707.08043.html')),
        'e-print/1707.08567': readFileSync(path.join(FIXTURES_DIR, 'latex', 'legwork-2111.08717.tar.gz')),
        'e-print/1111.2011': pdf,
        'pdf/1111.2011': pdf,
        'e-print/2104.12255': gzipBomb(260),
        'pdf/2104.12255': pdf,
      },
    });
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'arxiv-radar-cascade-'));
  });
  after(async () => {
    await fake.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const get = async (...args: string[]) => {
    const proc = spawnCli(['get', ...args], {
      DATA_DIR: dataDir,
      TEMPORAL_DEV_PORT: String(await freePort()),
      TEMPORAL_UI_PORT: String(await freePort()),
      TEMPORAL_TASK_QUEUE: `cascade-${process.pid}`,
      ARXIV_API_URL: fake.apiUrl,
      ARXIV_RSS_URL: fake.rssUrl,
      ARXIV_WEB_URL: fake.webUrl,
      ARXIV_OAI_URL: fake.oaiUrl,
      ARXIV_AR5IV_URL: fake.ar5ivUrl,
      ARXIV_MIN_INTERVAL_MS: '50',
    });
    const { code } = await proc.exited;
    return { code, ...proc.output() };
  };
  /** Full-text requests for one paper, in order (the Atom lookup left out). */
  const fullText = (id: string) =>
    fake.requests.map((r) => r.path).filter((p) => p !== '/api/query' && p.includes(id));

  it('takes ar5iv HTML when arXiv has no HTML, and never asks for the source or the PDF', async () => {
    const r = await get('1605.08386');
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /\n## Full text \(from ar5iv HTML\)\n/);
    assert.match(r.stdout, /\n### Introduction\n\nIn this article we present a characterization/);
    assert.deepEqual(fullText('1605.08386'), ['/html/1605.08386v1', '/ar5iv/html/1605.08386v1']);
  });

  it('takes the LaTeX source when ar5iv has no page, with the math as LaTeX, and never asks for the PDF', async () => {
    const r = await get('1707.08567');
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /\n## Full text \(from LaTeX source\)\n/);
    assert.match(r.stdout, /\n### \d+ Introduction\n/);
    assert.match(r.stdout, /\n\$\$[^\n]*\\frac\{[^\n]*\$\$\n/, 'display math kept as LaTeX');
    const requests = fullText('1707.08567');
    assert.equal(requests.length, 3, requests.join(' '));
    assert.match(requests[0]!, /^\/html\/1707\.08567/);
    assert.match(requests[1]!, /^\/ar5iv\/html\/1707\.08567/);
    assert.match(requests[2]!, /^\/e-print\/1707\.08567/);
    assert.ok(
      !fake.requests.some((q) => q.path.startsWith('/abs/')),
      'the ar5iv redirect to the abstract page is not followed',
    );
    // get --meta says where the stored full text came from, without fetching it again.
    const meta = await get('1707.08567', '--meta');
    assert.equal(meta.code, 0, meta.stderr);
    assert.match(meta.stdout, /\nFull text: in the library, from LaTeX source\n/);
    assert.equal(fullText('1707.08567').length, 3);
  });

  it('falls through a PDF-only e-print to the PDF', async () => {
    const r = await get('1111.2011v2');
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /\n## Full text \(from arXiv PDF\)\n/);
    assert.deepEqual(fullText('1111.2011'), [
      '/html/1111.2011v2',
      '/ar5iv/html/1111.2011v2',
      '/e-print/1111.2011v2',
      '/pdf/1111.2011v2',
    ]);
  });

  it('reports a hostile e-print (gzip bomb) and converts the PDF right after', async () => {
    const r = await get('2104.12255v1', '--json');
    assert.equal(r.code, 0, r.stderr);
    const doc = JSON.parse(r.stdout) as { source: string; markdown: string };
    assert.equal(doc.source, 'pdf');
    assert.match(doc.markdown, /## Full text \(from arXiv PDF\)/);
    assert.deepEqual(fullText('2104.12255'), [
      '/html/2104.12255v1',
      '/ar5iv/html/2104.12255v1',
      '/e-print/2104.12255v1',
      '/pdf/2104.12255v1',
    ]);
    // Asked for the source alone, the error is the note.
    const only = await get('2104.12255v1', '--source', 'latex');
    assert.equal(only.code, 0, only.stderr);
    assert.match(
      only.stdout,
      /\n> Full text unavailable: LaTeX source conversion failed: The LaTeX source unpacks to more than 209715200 bytes \(a gzip bomb or an oversized submission\); it was not converted\.\n/,
    );
  });
});

describe('paperIngest through the cascade on a worker (the replay fixture of the cascade)', () => {
  let fake: FakeArxiv;
  let t: TestRuntime;
  const workflowId = `get-cascade-${Date.now()}`;
  before(async () => {
    fake = await startFakeArxiv({
      documents: {
        'e-print/1707.08567': readFileSync(path.join(FIXTURES_DIR, 'latex', 'legwork-2111.08717.tar.gz')),
      },
    });
    t = await startTestRuntime({
      ARXIV_API_URL: fake.apiUrl,
      ARXIV_RSS_URL: fake.rssUrl,
      ARXIV_WEB_URL: fake.webUrl,
      ARXIV_OAI_URL: fake.oaiUrl,
      ARXIV_AR5IV_URL: fake.ar5ivUrl,
      ARXIV_MIN_INTERVAL_MS: '50',
    });
  });
  after(async () => {
    if (t) await maybeRecordHistory(t.runtime.temporalAddress, workflowId, 'paperIngest', 'cascade-latex');
    await t?.stop();
    await fake?.close();
  });

  it("stores the LaTeX source as the paper's content, with its source recorded", async () => {
    const r = await t.client.workflow.execute(paperIngest, {
      taskQueue: t.config.TEMPORAL_TASK_QUEUE,
      workflowId,
      args: [{ ref: '1707.08567', summarize: false }],
    });
    assert.equal(r.source, 'latex');
    assert.equal(r.note, null);
    assert.ok(r.contentKey);
  });
});
