/**
 * `arxiv-radar get` end to end: the real bin, which starts its own embedded Temporal dev server,
 * runs paperIngest against the fake arXiv and prints the paper as Markdown. Asserts on stdout, the
 * --out file and the requests the fake received.
 *
 * No vendored corpus paper has both an Atom record and a full text the repository may redistribute,
 * so the HTML case serves the one complete LaTeXML page of a CC BY paper (Engrafo's rendering of
 * 1707.08043) as the HTML of 1605.08386, and the PDF cases serve the CC BY PDF of 1503.07589v1 (or
 * half of it) as the PDF of 1111.2011; both Atom records are recorded. The metadata then comes from
 * one paper and the body from another, which is what lets the test tell the API's abstract from
 * the page's.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { freePort } from '../../workers/dev-server.ts';
import { startFakeArxiv, type FakeArxivOptions } from '../fakes/arxiv-server.ts';
import { spawnCli } from '../support/cli.ts';
import { corpus, standInPdf } from '../support/corpus.ts';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A fake arXiv and a fresh DATA_DIR; `get` runs the bin against them, each run with its own dev server ports. */
async function setup(options: FakeArxivOptions = {}) {
  const fake = await startFakeArxiv(options);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'arxiv-radar-get-'));
  const get = async (...args: string[]): Promise<Run> => {
    const proc = spawnCli(['get', ...args], {
      DATA_DIR: dataDir,
      TEMPORAL_DEV_PORT: String(await freePort()),
      TEMPORAL_UI_PORT: String(await freePort()),
      TEMPORAL_TASK_QUEUE: `get-cli-${process.pid}`,
      ARXIV_API_URL: fake.apiUrl,
      ARXIV_RSS_URL: fake.rssUrl,
      ARXIV_WEB_URL: fake.webUrl,
      ARXIV_OAI_URL: fake.oaiUrl,
      ARXIV_MIN_INTERVAL_MS: '50',
    });
    const { code } = await proc.exited;
    return { code, ...proc.output() };
  };
  const paths = (kind: 'api' | 'pdf' | 'html') =>
    fake.requests
      .map((r) => r.path)
      .filter((p) => (kind === 'api' ? p === '/api/query' : p.startsWith(`/${kind}/`)));
  return {
    fake,
    dataDir,
    get,
    paths,
    async close() {
      await fake.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const HEAT_BATH_ABSTRACT =
  'Graphs on lattice points are studied whose edges come from a finite set of allowed moves of arbitrary length. We show that the diameter of these graphs on fibers of a fixed integer matrix can be bounded from above by a constant. We then study the mixing behaviour of heat-bath random walks on these graphs. We also state explicit conditions on the set of moves so that the heat-bath random walk, a generalization of the Glauber dynamics, is an expander in fixed dimension.';

const BETHE_HEADER = [
  '# Quantum Criticality for Extended Nodes on a Bethe Lattice in the Large Connectivity Limit',
  '',
  '**Authors:** James M. Murray, Adrian Del Maestro, Zlatko Tesanovic',
  '',
  '**arXiv:** 1111.2011v2 [cond-mat.str-el]  ',
  '**Published:** 2011-11-08  ',
  '**Abstract page:** https://arxiv.org/abs/1111.2011v2  ',
  '**License:** not stated',
  '',
  '## Abstract',
  '',
  'Theoretical description of anisotropic systems, such as layered superconductors and coupled spin chains, is often a challenge',
].join('\n');

describe('arxiv-radar get (HTML available)', () => {
  let env: Awaited<ReturnType<typeof setup>>;
  let first: Run;
  before(async () => {
    env = await setup({
      documents: { 'html/1605.08386': readFileSync(corpus('html', 'engrafo_1707.08043.html')) },
    });
  });
  after(() => env.close());

  it('prints metadata, the API abstract and the full text from arXiv HTML, without fetching the PDF', async () => {
    first = await env.get('1605.08386');
    assert.equal(first.code, 0, first.stderr);
    const md = first.stdout;
    assert.ok(
      md.startsWith(
        [
          '# Heat-bath random walks with Markov bases',
          '',
          '**Authors:** Caprice Stanley, Tobias Windisch',
          '',
          '**arXiv:** 1605.08386v1 [math.CO]  ',
          '**Published:** 2016-05-26  ',
          '**Abstract page:** https://arxiv.org/abs/1605.08386v1  ',
          '**License:** not stated',
          '',
          '## Abstract',
          '',
          HEAT_BATH_ABSTRACT,
          '',
          '## Full text (from arXiv HTML)',
          '',
        ].join('\n'),
      ),
      md.slice(0, 2000),
    );
    // The page's own title and abstract are dropped as duplicates; its headings sit below ours.
    assert.doesNotMatch(md, /Positive-Characteristic Semi-Parametric Local Reductions/);
    assert.doesNotMatch(md, /We present a non-standard proof/);
    assert.match(md, /\n### Introduction\n\nIn this article we present a characterization of the fact/);
    assert.match(md, /\n### 2\. Main Result\n/);
    // TeX from the page's math markup, which only the HTML carries.
    assert.ok(md.includes('$k\\left[x_{1},\\ldots,x_{n}\\right]$'), 'inline math from the HTML');
    assert.doesNotMatch(first.stderr, /note:/);

    assert.deepEqual(env.paths('html'), ['/html/1605.08386v1']);
    assert.deepEqual(env.paths('pdf'), []);
    assert.equal(env.paths('api').length, 1);
    assert.equal(env.fake.requests.find((r) => r.path === '/api/query')?.query.id_list, '1605.08386');
  });

  it('--out writes the same Markdown to the file, from the library without downloading again', async () => {
    assert.ok(first, 'the first get ran');
    const file = path.join(env.dataDir, 'paper.md');
    const r = await env.get('https://arxiv.org/abs/1605.08386', '--out', file);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, '');
    assert.match(r.stderr, new RegExp(`Wrote ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(html\\)`));
    assert.equal(readFileSync(file, 'utf8'), first.stdout);
    assert.deepEqual(env.paths('html'), ['/html/1605.08386v1'], 'the stored Markdown is reused');
    assert.equal(env.paths('api').length, 2, 'metadata is looked up again');
  });
});

describe('arxiv-radar get --source pdf', () => {
  let env: Awaited<ReturnType<typeof setup>>;
  before(async () => (env = await setup({ documents: standInPdf() })));
  after(() => env.close());

  it('takes the full text from the PDF and never asks for the HTML', async () => {
    const r = await env.get('1111.2011v2', '--source', 'pdf');
    assert.equal(r.code, 0, r.stderr);
    assert.ok(r.stdout.startsWith(BETHE_HEADER), r.stdout.slice(0, 1500));
    assert.match(r.stdout, /\n## Full text \(from arXiv PDF\)\n/);
    assert.match(
      r.stdout,
      /\n### Acknowledgments\n\nWe thank CERN for the very successful operation of the LHC/,
    );
    assert.match(r.stdout, /\n### References\n\n- \[1\] F\. Englert and R\. Brout/);
    assert.match(r.stdout, /\n### A The ATLAS Collaboration\n/);
    assert.deepEqual(env.paths('pdf'), ['/pdf/1111.2011v2']);
    assert.deepEqual(env.paths('html'), []);
  });
});

describe('arxiv-radar get with a corrupt PDF and no HTML', () => {
  let env: Awaited<ReturnType<typeof setup>>;
  before(async () => {
    // A download cut off half way: a real arXiv PDF (the stand-in's), truncated, sent with a matching length.
    const pdf = standInPdf()['pdf/1111.2011']!;
    env = await setup({ documents: { 'pdf/1111.2011': pdf.subarray(0, Math.floor(pdf.length / 2)) } });
  });
  after(() => env.close());

  it('exits 0 with metadata, the abstract and a one-line note naming the problem', async () => {
    const r = await env.get('1111.2011v2');
    assert.equal(r.code, 0, r.stderr);
    assert.ok(r.stdout.startsWith(BETHE_HEADER), r.stdout.slice(0, 1500));
    const lines = r.stdout.trimEnd().split('\n');
    assert.equal(
      lines.at(-1),
      '> Full text unavailable: no HTML version on arXiv; no ar5iv HTML; no LaTeX source on arXiv; PDF conversion failed: The file is not a readable PDF (Invalid PDF structure.); re-download it.',
    );
    assert.equal(lines.at(-2), '');
    assert.match(
      lines.at(-3) ?? '',
      /single extra dimension to the theory describing a single node\.$/,
      'the abstract comes right before the note',
    );
    assert.doesNotMatch(r.stdout, /## Full text \(from/);
    assert.equal(r.stdout.match(/Full text unavailable/g)?.length, 1);
    assert.match(
      r.stderr,
      /(^|\n)note: full text unavailable \(no HTML version on arXiv; no ar5iv HTML; no LaTeX source on arXiv; PDF conversion failed: The file is not a readable PDF \(Invalid PDF structure\.\); re-download it\.\); metadata and abstract only\n/,
    );
    assert.deepEqual(env.paths('html'), ['/html/1111.2011v2']);
    assert.deepEqual(env.paths('pdf'), ['/pdf/1111.2011v2'], 'a corrupt file is not downloaded again');
  });
});
