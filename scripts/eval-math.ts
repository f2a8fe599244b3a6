/**
 * Formula and structure harness for the LaTeX-source path (`npm run eval:math`). For every e-print
 * in test/fixtures/latex (real paper sources, see test/fixtures/MANIFEST.md):
 *
 * - formulas: the share of the source's display formulas (equation, align, gather, multline,
 *   eqnarray, displaymath, \[…\], $$…$$, starred or not) that appear as LaTeX in the Markdown,
 *   both sides normalised the same way (user macros expanded, \label/\tag/\nonumber and
 *   \left/\right/\big sizing dropped, environment wrappers, spacing commands, braces and
 *   whitespace removed, trailing punctuation ignored);
 * - headings: the share of \section/\subsection/\subsubsection titles found as Markdown headings;
 * - prose: the share of the source's prose words (4+ letters, outside math) found outside math in
 *   the Markdown (low = prose swallowed into math blocks or dropped);
 * - raw: LaTeX commands left in the text (outside math and code), per 1000 words.
 *
 * Each row is scored for our converter (`source`) and, in the same run, for Debian's pandoc
 * (`pandoc -f latex -t markdown` on the unpacked main file; not a runtime dependency: without
 * /usr/bin/pandoc its column says so). The PDF column is reported for the LaTeXML test documents
 * (each has the PDF LaTeX made of it); the HTML column for documents whose LaTeXML HTML page is
 * vendored too (HTML_PAGES). No vendored arXiv paper has both its source and an arXiv/ar5iv page:
 * the two CC BY papers from Engrafo's tests come with Engrafo's HTML, whose math MathJax already
 * typeset (no LaTeX left in the page to score).
 *
 * The papers are split: `tuning` are those looked at while writing the converter, `held-out` the
 * rest; both splits are reported. `--json` prints the rows, `--misses` the formulas our Markdown lacks.
 *
 * Long file: one harness (ground truth, scoring, the pandoc run and its four tables); split, the
 * tables would import the scoring they must share from elsewhere for no gain.
 */
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
  mkdirSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { convertHtml } from '../adapters/convert/html.ts';
import { convertLatex } from '../adapters/convert/latex.ts';
import { convertPdf } from '../adapters/convert/pdf.ts';
import { unpackSource } from '../adapters/convert/latex/archive.ts';
import { prepare } from '../adapters/convert/latex/preprocess.ts';

const DIR = path.resolve(import.meta.dirname, '../test/fixtures/latex');
/** LaTeXML's test documents (public domain), each a .tex with the PDF LaTeX made of it. */
const LATEXML_DIR = path.resolve(import.meta.dirname, '../test/fixtures/latexml');
const PANDOC = process.env.PANDOC ?? '/usr/bin/pandoc';
/**
 * LaTeXML test documents whose HTML LaTeXML made of them is in the fixtures: the HTML path
 * (convertHtml, as for an arXiv or ar5iv page, which LaTeXML also writes) is scored against the
 * same source. The page is LaTeXML's own test output, not an arXiv page (see MANIFEST.md).
 */
const HTML_PAGES: Record<string, string> = {
  // Engrafo's LaTeXML page of the paper: MathJax has typeset its math (no LaTeX left to score).
  'local-reductions-1707.08043': path.resolve(
    import.meta.dirname,
    '../test/fixtures/corpus/html/engrafo_1707.08043.html',
  ),
  daemon_mixedmath: path.resolve(
    import.meta.dirname,
    '../test/fixtures/corpus/html/latexml-test_mixedmath.xml',
  ),
};
/** Looked at (outputs read, fixes made) while writing the converter. */
const TUNING = new Set([
  'legwork-2111.08717',
  'chembench',
  'pysr-2305.01582',
  'gp-review-araa',
  'how-many-samples',
  'scenario-mining-ieeeconf',
]);

const DISPLAY_ENVS = 'equation|align|gather|multline|eqnarray|displaymath|flalign|alignat|dmath';

export interface Scores {
  formulas: number | null;
  /** The normalised formulas not found (for `--misses`). */
  missed: string[];
  headings: number | null;
  prose: number | null;
  rawPer1000: number;
}

interface Row {
  paper: string;
  split: 'tuning' | 'held-out' | 'latexml';
  displayFormulas: number;
  headings: number;
  source: Scores & { ms: number };
  pandoc: (Scores & { ms: number }) | null;
  /** Our PDF converter on the same document's PDF (LaTeXML set only). */
  pdf?: (Scores & { ms: number }) | null;
  /** Our HTML converter on the LaTeXML HTML of the same document (HTML_PAGES only). */
  html?: (Scores & { ms: number }) | null;
}

/** Stands for a row break while spacing commands are removed (a character no formula uses). */
const ROW = '\u27e8row\u27e9';

/** Normalised form of a formula, for comparing LaTeX written in slightly different ways. */
export function normaliseFormula(tex: string): string {
  return tex
    .replace(/\\\\(\[[^\]]*\])?/g, ROW) // row breaks first: `\\ ` is not a control space
    .replace(/\\ensuremath\b/g, '')
    .replace(/\\(label|tag\*?)\s*\{[^{}]*\}/g, '')
    .replace(/\\(nonumber|notag|displaystyle|textstyle|nolimits|limits)\b/g, '')
    .replace(/\\(left|right|middle|[bB]igg?[lrm]?)(?![a-zA-Z])/g, '')
    .replace(/\\(begin|end)\s*\{[a-zA-Z*]+\}(\{[^{}]*\})?/g, '')
    .replace(/\\[,;:!> ]|\\(quad|qquad|enspace|thinspace)\b|~/g, '')
    .replace(/[{}\s]/g, '')
    .replace(/[.,;]+$/, '')
    .replace(/(?:\u27e8row\u27e9)+$/, '')
    .replace(/[.,;]+$/, '')
    .replaceAll(ROW, '\\\\');
}

/** Display formulas of prepared LaTeX (macros already expanded), in order. */
export function displayFormulas(body: string): string[] {
  const out: string[] = [];
  const re = new RegExp(
    `\\\\begin\\{(${DISPLAY_ENVS})(\\*?)\\}([\\s\\S]*?)\\\\end\\{\\1\\2\\}|\\\\\\[([\\s\\S]*?)\\\\\\]|\\$\\$([^$]+?)\\$\\$`,
    'g',
  );
  for (const m of body.matchAll(re)) {
    let tex = m[3] ?? m[4] ?? m[5] ?? '';
    if (m[1] === 'alignat') tex = tex.replace(/^\s*\{[^}]*\}/, '');
    const n = normaliseFormula(tex);
    if (n.length > 0) out.push(n);
  }
  return out;
}

function sectionTitles(body: string): string[] {
  const out: string[] = [];
  for (const m of body.matchAll(
    /\\(section|subsection|subsubsection)\*?\s*(?:\[[^\]]*\])?\s*\{((?:[^{}]|\{(?:[^{}]|\{[^{}]*\})*\})*)\}/g,
  ))
    out.push(m[2]!);
  return out.filter((t) => key(t) !== ''); // a heading of only `~` or math names nothing to find
}

const words = (s: string) =>
  new Set((s.toLowerCase().match(/[a-z]{4,}/g) ?? []).filter((w) => !/^(begin|end)$/.test(w)));
const key = (s: string) =>
  s
    .toLowerCase()
    .replace(/\$[^$]*\$/g, '')
    .replace(/\\[a-zA-Z]+/g, '')
    .replace(/[^a-z0-9]+/g, '');

/** Math and non-math parts of Markdown (code blocks count as neither). */
function split(md: string): { math: string; text: string } {
  const noCode = md.replace(/```[\s\S]*?```/g, ' ').replace(/`[^`\n]*`/g, ' ');
  const math: string[] = [];
  const text = noCode.replace(
    /\$\$([\s\S]*?)\$\$|\$((?:\\\$|[^$\n])+?)\$/g,
    (_m, d: string | undefined, i: string | undefined) => {
      math.push(d ?? i ?? '');
      return ' ';
    },
  );
  return { math: math.join('\u0000'), text };
}

/** Scores of one Markdown output against the source's formulas, headings and prose. */
export function score(
  md: string,
  truth: { formulas: string[]; headings: string[]; prose: Set<string> },
): Scores {
  const { math, text } = split(md);
  // One formula per part (pandoc writes display math over several lines).
  const mathNorm = math
    .split('\u0000')
    .map((m) => normaliseFormula(m))
    .join('\u0000');
  const missed = truth.formulas.filter((f) => !mathNorm.includes(f));
  const formulas = truth.formulas.length
    ? (truth.formulas.length - missed.length) / truth.formulas.length
    : null;
  const mdHeadings = [...md.matchAll(/^#{1,6} +(.+)$/gm)].map((m) =>
    key(m[1]!.replace(/^[A-Z]?[\d.]*\s+/, '')),
  );
  const headings = truth.headings.length
    ? truth.headings.filter((h) => mdHeadings.some((k) => k.includes(key(h)) && key(h) !== '')).length /
      truth.headings.length
    : null;
  const got = words(text);
  const prose = truth.prose.size
    ? [...truth.prose].filter((w) => got.has(w)).length / truth.prose.size
    : null;
  const wordCount = (text.match(/\S+/g) ?? []).length || 1;
  const raw = (text.match(/\\[a-zA-Z]{2,}/g) ?? []).length;
  return { formulas, missed, headings, prose, rawPer1000: Math.round((raw / wordCount) * 10000) / 10 };
}

function pandocAvailable(): boolean {
  return existsSync(PANDOC);
}

function runPandoc(data: Uint8Array, mainFile: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'eval-math-'));
  try {
    for (const [name, bytes] of unpackSource(data).files) {
      const file = path.join(dir, name);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, bytes);
    }
    const main = path.join(dir, mainFile);
    return execFileSync(PANDOC, ['-f', 'latex', '-t', 'markdown', '--wrap=none', path.basename(main)], {
      cwd: path.dirname(main),
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      maxBuffer: 64 * 1024 * 1024,
      timeout: 120_000,
    });
  } catch (e) {
    const out = (e as { stdout?: string }).stdout;
    return typeof out === 'string' ? out : '';
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function evaluate(file: string, withPandoc: boolean, dir = DIR): Promise<Row> {
  const data = readFileSync(path.join(dir, file));
  const paper = file.replace(/\.tar\.gz$|\.gz$/, '');
  const doc = prepare(unpackSource(data));
  const proseSource = doc.body
    .replace(
      new RegExp(
        `\\\\begin\\{(${DISPLAY_ENVS}|figure|table|tabular|thebibliography)\\*?\\}[\\s\\S]*?\\\\end\\{\\1\\*?\\}`,
        'g',
      ),
      ' ',
    )
    .replace(/\$\$[\s\S]*?\$\$|\$[^$]*\$|\\\[[\s\S]*?\\\]/g, ' ')
    .replace(
      /\\(cite[a-z]*|ref|eqref|label|includegraphics|url|href|input|include|bibliography\w*|begin|end|[a-zA-Z]*ref)\*?\s*(\[[^\]]*\])*\s*\{[^}]*\}/g,
      ' ',
    )
    .replace(/\\[a-zA-Z]+/g, ' ');
  const truth = {
    formulas: displayFormulas(doc.body),
    headings: sectionTitles(doc.body),
    prose: words(proseSource),
  };
  let t = performance.now();
  const ours = convertLatex(data);
  const source = { ...score(ours.markdown, truth), ms: Math.round(performance.now() - t) };
  let pandoc: Row['pandoc'] = null;
  if (withPandoc) {
    t = performance.now();
    const md = runPandoc(data, doc.mainFile);
    pandoc = { ...score(md, truth), ms: Math.round(performance.now() - t) };
  }
  let pdf: Row['pdf'];
  const pdfFile = path.join(dir, file.replace(/\.tex$/, '.pdf'));
  if (dir === LATEXML_DIR && existsSync(pdfFile)) {
    t = performance.now();
    const r = await convertPdf(new Uint8Array(readFileSync(pdfFile))).catch(() => null);
    pdf = r ? { ...score(r.markdown, truth), ms: Math.round(performance.now() - t) } : null;
  }
  let html: Row['html'];
  const page = HTML_PAGES[paper.replace(/\.tex$/, '')];
  if (page && existsSync(page)) {
    t = performance.now();
    const r = convertHtml(readFileSync(page, 'utf8'));
    html = { ...score(r.markdown, truth), ms: Math.round(performance.now() - t) };
  }
  const split: Row['split'] = dir === LATEXML_DIR ? 'latexml' : TUNING.has(paper) ? 'tuning' : 'held-out';
  return {
    paper: paper.replace(/\.tex$/, ''),
    split,
    displayFormulas: truth.formulas.length,
    headings: truth.headings.length,
    source,
    pandoc,
    ...(pdf !== undefined ? { pdf } : {}),
    ...(html !== undefined ? { html } : {}),
  };
}

const fmt = (x: number | null | undefined) => (x === null || x === undefined ? '  n/a' : x.toFixed(3));

/** Formula share over all formulas of a set of rows (not the mean of shares), and mean heading/prose. */
function aggregate(rows: Row[], pick: (r: Row) => (Scores & { ms: number }) | null) {
  let found = 0;
  let total = 0;
  const hs: number[] = [];
  const ps: number[] = [];
  const raws: number[] = [];
  for (const r of rows) {
    const s = pick(r);
    if (!s) continue;
    if (s.formulas !== null) {
      found += s.formulas * r.displayFormulas;
      total += r.displayFormulas;
    }
    if (s.headings !== null) hs.push(s.headings);
    if (s.prose !== null) ps.push(s.prose);
    raws.push(s.rawPer1000);
  }
  const mean = (a: number[]) => (a.length ? a.reduce((x, y) => x + y, 0) / a.length : null);
  return { formulas: total ? found / total : null, headings: mean(hs), prose: mean(ps), raw: mean(raws) };
}

async function main(): Promise<void> {
  const json = process.argv.includes('--json');
  const withPandoc = pandocAvailable();
  const files = readdirSync(DIR)
    .filter((f) => f.endsWith('.gz'))
    .sort();
  const rows: Row[] = [];
  for (const f of files) rows.push(await evaluate(f, withPandoc));
  const latexml: Row[] = [];
  for (const f of readdirSync(LATEXML_DIR)
    .filter((n) => n.endsWith('.tex'))
    .sort())
    latexml.push(await evaluate(f, withPandoc, LATEXML_DIR));
  if (json) {
    process.stdout.write(`${JSON.stringify([...rows, ...latexml], null, 2)}\n`);
    return;
  }
  if (process.argv.includes('--misses')) {
    for (const r of [...rows, ...latexml]) for (const m of r.source.missed) console.log(`${r.paper}: ${m}`);
    return;
  }
  if (!withPandoc)
    console.log(
      `pandoc: not found at ${PANDOC} (apt-get install pandoc, or set PANDOC); its columns are skipped.`,
    );
  console.log(
    'Papers (test/fixtures/latex). HTML path: no vendored paper has both its LaTeX source and an arXiv/ar5iv page (see below for a LaTeXML page); PDF path: see the LaTeXML set below.',
  );
  console.log('');
  console.log(
    'paper                            split     formulas  heads | source: formulas headings prose  raw/1k   ms | pandoc: formulas headings prose  raw/1k   ms',
  );
  for (const r of rows) {
    const s = r.source;
    const p = r.pandoc;
    console.log(
      `${r.paper.padEnd(32)} ${r.split.padEnd(9)} ${String(r.displayFormulas).padStart(8)} ${String(r.headings).padStart(6)} |          ${fmt(s.formulas)}    ${fmt(s.headings)} ${fmt(s.prose)} ${s.rawPer1000.toFixed(1).padStart(6)} ${String(s.ms).padStart(4)} |          ${fmt(p?.formulas)}    ${fmt(p?.headings)} ${fmt(p?.prose)} ${p ? p.rawPer1000.toFixed(1).padStart(6) : '   n/a'} ${p ? String(p.ms).padStart(4) : ' n/a'}`,
    );
  }
  console.log('');
  console.log(
    'set        papers formulas | source: formulas headings prose raw/1k | pandoc: formulas headings prose raw/1k',
  );
  for (const [name, set] of [
    ['tuning', rows.filter((r) => r.split === 'tuning')],
    ['held-out', rows.filter((r) => r.split === 'held-out')],
    ['all', rows],
    // Papers pandoc could parse at all (it stops at the first construct it cannot read, printing nothing).
    ['pandoc-ok', rows.filter((r) => (r.pandoc?.prose ?? 0) > 0)],
  ] as const) {
    const s = aggregate(set, (r) => r.source);
    const p = aggregate(set, (r) => r.pandoc);
    const n = set.reduce((a, r) => a + r.displayFormulas, 0);
    console.log(
      `${name.padEnd(10)} ${String(set.length).padStart(6)} ${String(n).padStart(8)} |          ${fmt(s.formulas)}    ${fmt(s.headings)} ${fmt(s.prose)}  ${fmt(s.raw)} |          ${withPandoc ? fmt(p.formulas) : '  n/a'}    ${withPandoc ? fmt(p.headings) : '  n/a'} ${withPandoc ? fmt(p.prose) : '  n/a'}  ${withPandoc ? fmt(p.raw) : '  n/a'}`,
    );
  }
  printLatexml(latexml, withPandoc);
  printHtml([...rows, ...latexml]);
}

/** The HTML path, on the documents whose LaTeXML HTML is vendored. */
function printHtml(rows: Row[]): void {
  const withPage = rows.filter((r) => r.html);
  console.log('');
  console.log(
    `HTML path (LaTeXML's HTML of the same source, as arXiv and ar5iv serve it), ${withPage.length} documents; local-reductions: Engrafo's page, whose math MathJax typeset (no LaTeX to find)`,
  );
  console.log(
    'document                         formulas | source: formulas headings raw/1k | html: formulas headings prose raw/1k',
  );
  for (const r of withPage) {
    const h = r.html;
    console.log(
      `${r.paper.padEnd(32)} ${String(r.displayFormulas).padStart(8)} |          ${fmt(r.source.formulas)}    ${fmt(r.source.headings)} ${r.source.rawPer1000.toFixed(1).padStart(6)} |       ${fmt(h?.formulas)}    ${fmt(h?.headings)} ${fmt(h?.prose)} ${h ? h.rawPer1000.toFixed(1).padStart(6) : '   n/a'}`,
    );
  }
}

/** The LaTeXML test documents: source, our PDF converter on their PDFs, and pandoc. */
function printLatexml(rows: Row[], withPandoc: boolean): void {
  console.log('');
  console.log(
    `LaTeXML test documents (test/fixtures/latexml: .tex and the PDF made of it, public domain), ${rows.length} documents`,
  );
  console.log(
    'document                  formulas heads | source: formulas headings raw/1k | pdf: formulas headings raw/1k | pandoc: formulas headings raw/1k',
  );
  for (const r of rows) {
    const cols = (s: Scores | null | undefined) =>
      `${fmt(s?.formulas)}    ${fmt(s?.headings)} ${s ? s.rawPer1000.toFixed(1).padStart(6) : '   n/a'}`;
    console.log(
      `${r.paper.padEnd(25)} ${String(r.displayFormulas).padStart(8)} ${String(r.headings).padStart(5)} |          ${cols(r.source)} |       ${cols(r.pdf)} |          ${withPandoc ? cols(r.pandoc) : 'n/a'}`,
    );
  }
  const s = aggregate(rows, (r) => r.source);
  const p = aggregate(rows, (r) => r.pdf ?? null);
  const d = aggregate(rows, (r) => r.pandoc);
  const n = rows.reduce((a, r) => a + r.displayFormulas, 0);
  console.log(
    `all ${String(rows.length).padStart(21)} ${String(n).padStart(8)}       |          ${fmt(s.formulas)}    ${fmt(s.headings)} ${fmt(s.raw)} |       ${fmt(p.formulas)}    ${fmt(p.headings)} ${fmt(p.raw)} |          ${withPandoc ? `${fmt(d.formulas)}    ${fmt(d.headings)} ${fmt(d.raw)}` : 'n/a'}`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) await main();
