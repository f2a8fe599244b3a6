/**
 * Conversion benchmark (`npm run bench:convert`): ms per page (median and p95 over the corpus
 * PDFs) and peak RSS for our converter, for raw pdf.js text extraction (`getTextContent` only) and
 * for poppler's `pdftotext`, on ../shared/corpus/pdf. Each measurement runs in a fresh process so
 * RSS peaks do not mix; the 79-page 2407.01603v3 gets its own run for the memory target.
 * `--rounds N` (default 3) runs each tool N times in a rotating order and takes each file's median;
 * `--json` prints the numbers as JSON.
 *
 * The LaTeX-source column: seconds per paper (median, p95, max) and peak RSS for the LaTeX converter
 * in-process and in the sandbox (the production path), and for Debian's pandoc when installed, over
 * the real e-prints in test/fixtures/latex. `--latex-only` runs just that part (no ../shared needed).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';

const CORPUS_PDF = path.resolve(import.meta.dirname, '../../shared/corpus/pdf');
const LATEX_DIR = path.resolve(import.meta.dirname, '../test/fixtures/latex');
const LONG = '2407.01603v3.pdf';
const NO_TEXT = '0706.3971.pdf';

type Tool = 'ours' | 'ours-sandbox' | 'pdfjs-raw' | 'pdftotext';
type NodeTool = Exclude<Tool, 'pdftotext'> | 'latex' | 'latex-sandbox';

interface FileTiming {
  file: string;
  pages: number;
  ms: number;
}

interface RunResult {
  timings: FileTiming[];
  peakRssMb: number;
}

/** Child mode: time each file with one tool, print JSON with the process's peak RSS. */
async function child(tool: NodeTool, files: string[]): Promise<void> {
  // Load only what this tool needs, so the RSS peak is the tool's own.
  const { getDocument } =
    tool === 'pdfjs-raw' ? await import('pdfjs-dist/legacy/build/pdf.mjs') : { getDocument: null };
  const { convertPdf } = tool === 'ours' ? await import('../adapters/convert/pdf.ts') : { convertPdf: null };
  const { createConvertSandbox } =
    tool === 'ours-sandbox' || tool === 'latex-sandbox'
      ? await import('../adapters/convert/sandbox.ts')
      : { createConvertSandbox: null };
  const { convertLatex } =
    tool === 'latex' ? await import('../adapters/convert/latex.ts') : { convertLatex: null };
  // What the CLI and the worker run: a warm child process with the default limits of config/env.ts,
  // replaced only after a limit breach. Its peak RSS is measured from here (/proc) per document.
  let childPeakMb = 0;
  const sandbox = createConvertSandbox?.({
    limits: { timeoutMs: 600_000, maxBytes: 50 * 1024 * 1024, maxMemoryMb: 1024 },
    maxChildren: 1,
    onRun: (run) => (childPeakMb = Math.max(childPeakMb, run.peakRssMb)),
  });
  const timings: FileTiming[] = [];
  for (const file of files) {
    const data = new Uint8Array(
      readFileSync(path.join(tool.startsWith('latex') ? LATEX_DIR : CORPUS_PDF, file)),
    );
    const start = performance.now();
    let pages = 0;
    if (tool === 'latex') {
      pages = convertLatex!(data).sections.length;
    } else if (tool === 'latex-sandbox') {
      pages = (await sandbox!.convert({ kind: 'latex', data })).sections.length;
    } else if (tool === 'ours') {
      const r = await convertPdf!(data).catch(() => null);
      pages = r?.pageCount ?? 0;
    } else if (tool === 'ours-sandbox') {
      const r = await sandbox!.convert({ kind: 'pdf', data }).catch(() => null);
      pages = r?.pageCount ?? 0;
    } else {
      const doc = await getDocument!({ data, verbosity: 0, isEvalSupported: false, disableFontFace: true })
        .promise;
      pages = doc.numPages;
      for (let n = 1; n <= pages; n++) {
        const page = await doc.getPage(n);
        await page.getTextContent();
        page.cleanup();
      }
      await doc.destroy();
    }
    timings.push({ file, pages, ms: performance.now() - start });
  }
  await sandbox?.close();
  // The sandbox's conversions run in its child: the footprint is this process plus the child.
  const peakRssMb = process.resourceUsage().maxRSS / 1024 + childPeakMb;
  process.stdout.write(JSON.stringify({ timings, peakRssMb } satisfies RunResult));
}

function runNode(tool: NodeTool, files: string[]): RunResult {
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', import.meta.filename, '--child', tool, ...files],
    {
      encoding: 'utf8',
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  return JSON.parse(out) as RunResult;
}

/** pdftotext per file; peak RSS from the kernel's accounting of the waited-for children. */
function runPdftotext(files: string[]): RunResult {
  const script = `
import json, resource, subprocess, sys, time
out = []
for f in sys.argv[2:]:
    t = time.perf_counter()
    subprocess.run(["pdftotext", sys.argv[1] + "/" + f, "/dev/null"], check=False, stderr=subprocess.DEVNULL)
    out.append({"file": f, "ms": (time.perf_counter() - t) * 1000})
print(json.dumps({"timings": out, "peakRssMb": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024}))
`;
  const r = spawnSync('python3', ['-c', script, CORPUS_PDF, ...files], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`pdftotext run failed: ${r.stderr}`);
  const parsed = JSON.parse(r.stdout) as { timings: Array<{ file: string; ms: number }>; peakRssMb: number };
  return { peakRssMb: parsed.peakRssMb, timings: parsed.timings.map((t) => ({ ...t, pages: 0 })) };
}

/** One result from several rounds of the same tool: each file's median time, the highest peak RSS. */
function medianOfRounds(results: RunResult[]): RunResult {
  const timings = results[0]!.timings.map((t, i) => ({
    ...t,
    ms: quantile(
      results.map((r) => r.timings[i]!.ms),
      0.5,
    ),
  }));
  return { timings, peakRssMb: Math.max(...results.map((r) => r.peakRssMb)) };
}

function quantile(values: number[], q: number): number {
  const v = [...values].sort((a, b) => a - b);
  if (!v.length) return NaN;
  const i = (v.length - 1) * q;
  const lo = Math.floor(i);
  const hi = Math.ceil(i);
  return v[lo]! + (v[hi]! - v[lo]!) * (i - lo);
}

/**
 * `--stages`: where in-process time goes, per page: pdf.js text extraction, buildSegments, the
 * font-name lookup (getOperatorList), furniture + reading order, Markdown, and the rest (opening
 * and destroying the document). Run in this process over every file, `--rounds N` times (the
 * first round warms the JIT and is not counted unless it is the only one).
 */
async function stages(files: string[], rounds: number): Promise<void> {
  const { layoutPdf } = await import('../adapters/convert/pdf.ts');
  const { renderSegments } = await import('../adapters/convert/pdf-markdown.ts');
  const keys = ['text', 'segments', 'fonts', 'layout', 'markdown', 'other', 'total', 'cpu'] as const;
  type Key = (typeof keys)[number];
  const perFile = new Map<string, Array<Record<Key, number> & { pages: number; fontPages: number }>>();
  for (let round = 0; round < rounds; round++) {
    for (const file of files) {
      const data = new Uint8Array(readFileSync(path.join(CORPUS_PDF, file)));
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      const layout = await layoutPdf(data).catch(() => null);
      if (!layout) continue;
      const t1 = performance.now();
      renderSegments(layout.pages, layout.heights, { bookmarks: layout.bookmarks });
      const t2 = performance.now();
      const c1 = process.cpuUsage(c0);
      const { text, segments, fonts, fontPages, layout: lay } = layout.stageMs;
      const total = t2 - t0;
      const row = {
        text,
        segments,
        fonts,
        layout: lay,
        markdown: t2 - t1,
        other: t1 - t0 - (text + segments + fonts + lay),
        total,
        cpu: (c1.user + c1.system) / 1000,
        pages: layout.pageCount,
        fontPages,
      };
      if (round > 0 || rounds === 1) perFile.set(file, [...(perFile.get(file) ?? []), row]);
    }
  }
  const rows = [...perFile].map(([file, runs]) => {
    // Per file, the median of its rounds for each stage.
    const m = Object.fromEntries(
      keys.map((k) => [
        k,
        quantile(
          runs.map((r) => r[k]),
          0.5,
        ),
      ]),
    ) as Record<Key, number>;
    return { file, pages: runs[0]!.pages, fontPages: runs[0]!.fontPages, ...m };
  });
  const totalPages = rows.reduce((n, r) => n + r.pages, 0);
  const f = (n: number) => n.toFixed(1);
  const lines = [
    `Per-stage in-process profile, ${rows.length} PDFs (${totalPages} pages), ${rounds} round(s)${rounds > 1 ? ' (first not counted)' : ''}; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
    '',
    '| stage | overall ms/page | median over files ms/page | share of total |',
    '|---|---|---|---|',
  ];
  const sum = (k: Key) => rows.reduce((n, r) => n + r[k], 0);
  for (const k of keys) {
    if (k === 'cpu') lines.push('| (CPU time of the process, all threads) | | | |');
    lines.push(
      `| ${k} | ${f(sum(k) / totalPages)} | ${f(
        quantile(
          rows.map((r) => r[k] / r.pages),
          0.5,
        ),
      )} | ${((100 * sum(k)) / sum('total')).toFixed(0)} % |`,
    );
  }
  lines.push(
    '',
    `Pages run through getOperatorList for font names: ${rows.reduce((n, r) => n + r.fontPages, 0)} of ${totalPages}.`,
  );
  if (process.argv.includes('--per-file')) {
    lines.push(
      '',
      `| file | pages | font pages | ${keys.join(' | ')} (ms/page) |`,
      `|---|---|---|${keys.map(() => '---|').join('')}`,
    );
    for (const r of rows)
      lines.push(
        `| ${r.file} | ${r.pages} | ${r.fontPages} | ${keys.map((k) => f(r[k] / r.pages)).join(' | ')} |`,
      );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

/** pandoc on each e-print, unpacked to a temporary folder; peak RSS of the pandoc children. */
function runPandoc(files: string[]): RunResult | null {
  if (spawnSync('pandoc', ['--version']).status !== 0) return null;
  const script = `
import json, os, resource, subprocess, sys, tarfile, gzip, tempfile, time
out = []
for f in sys.argv[2:]:
    d = tempfile.mkdtemp()
    p = os.path.join(sys.argv[1], f)
    try:
        tarfile.open(p).extractall(d, filter="data")
    except tarfile.ReadError:
        open(os.path.join(d, "main.tex"), "wb").write(gzip.open(p).read())
    mains = [os.path.join(r, n) for r, _, ns in os.walk(d) for n in ns if n.endswith(".tex") and "\\\\documentclass" in open(os.path.join(r, n), errors="replace").read()]
    t = time.perf_counter()
    if mains:
        subprocess.run(["pandoc", "-f", "latex", "-t", "markdown", os.path.basename(mains[0])], cwd=os.path.dirname(mains[0]), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    out.append({"file": f, "ms": (time.perf_counter() - t) * 1000, "pages": 0})
print(json.dumps({"timings": out, "peakRssMb": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024}))
`;
  const r = spawnSync('python3', ['-c', script, LATEX_DIR, ...files], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`pandoc run failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as RunResult;
}

/** The LaTeX-source column: s/paper and peak RSS, ours in-process and sandboxed, and pandoc. */
function latexBench(rounds: number): string[] {
  const files = readdirSync(LATEX_DIR)
    .filter((f) => f.endsWith('.gz'))
    .sort();
  const tools = ['latex', 'latex-sandbox'] as const;
  const results = new Map<string, RunResult[]>(tools.map((t) => [t, []]));
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < tools.length; k++) {
      const tool = tools[(k + round) % tools.length]!;
      results.get(tool)!.push(runNode(tool, files));
    }
  }
  const pandoc = runPandoc(files);
  const rows: Array<[string, RunResult | null]> = [
    ...tools.map((t) => [t, medianOfRounds(results.get(t)!)] as [string, RunResult]),
    ['pandoc', pandoc],
  ];
  const s = (ms: number) => (Number.isFinite(ms) ? (ms / 1000).toFixed(3) : 'n/a');
  const lines = [
    '',
    `LaTeX sources: ${files.length} real e-prints (test/fixtures/latex), ${rounds} round(s), each file's median`,
    '',
    '| tool | median s/paper | p95 s/paper | max s/paper | peak RSS (MB) |',
    '|---|---|---|---|---|',
  ];
  for (const [tool, r] of rows) {
    if (!r) {
      lines.push(`| ${tool} | n/a | n/a | n/a | n/a (not installed: apt-get install pandoc) |`);
      continue;
    }
    const ms = r.timings.map((t) => t.ms);
    lines.push(
      `| ${tool} | ${s(quantile(ms, 0.5))} | ${s(quantile(ms, 0.95))} | ${s(Math.max(...ms))} | ${r.peakRssMb.toFixed(1)} |`,
    );
  }
  const sandboxed = rows[1]![1]!;
  const median = quantile(
    sandboxed.timings.map((t) => t.ms),
    0.5,
  );
  lines.push(
    '',
    `latex-sandbox median ${s(median)} s/paper (target ≤ 1 s: ${median <= 1000 ? 'met' : 'NOT met'}); its peak RSS counts the parent and the converter child.`,
  );
  return lines;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args[0] === '--child') return child(args[1] as NodeTool, args.slice(2));
  if (args.includes('--latex-only')) {
    const rounds = Math.max(1, Number(args[args.indexOf('--rounds') + 1]) || 3);
    process.stdout.write(`${latexBench(rounds).join('\n')}\n`);
    return;
  }
  if (args.includes('--stages')) {
    const files = readdirSync(CORPUS_PDF)
      .filter((f) => f.endsWith('.pdf') && f !== NO_TEXT)
      .sort();
    const rounds = Number(args[args.indexOf('--rounds') + 1]) || 1;
    return stages(files, rounds);
  }
  const hasPoppler = spawnSync('pdftotext', ['-v']).status === 0;
  const files = readdirSync(CORPUS_PDF)
    .filter((f) => f.endsWith('.pdf') && f !== NO_TEXT)
    .sort();
  // Run-to-run noise on a shared machine is ±20 % per file: each tool runs `--rounds` times (default
  // 3) in a rotating order, and each file's time is its median over the rounds.
  const rounds = Math.max(1, Number(args[args.indexOf('--rounds') + 1]) || 3);
  const nodeTools: NodeTool[] = ['ours', 'ours-sandbox', 'pdfjs-raw'];
  const runs = new Map<NodeTool, { all: RunResult[]; long: RunResult[] }>(
    nodeTools.map((t) => [t, { all: [], long: [] }]),
  );
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < nodeTools.length; k++) {
      const tool = nodeTools[(k + round) % nodeTools.length]!;
      runs.get(tool)!.all.push(runNode(tool, files));
      runs.get(tool)!.long.push(runNode(tool, [LONG]));
    }
  }
  const merged = (tool: NodeTool, which: 'all' | 'long') => medianOfRounds(runs.get(tool)![which]);
  const all: Record<Tool, RunResult | null> = {
    ours: merged('ours', 'all'),
    'ours-sandbox': merged('ours-sandbox', 'all'),
    'pdfjs-raw': merged('pdfjs-raw', 'all'),
    pdftotext: hasPoppler ? runPdftotext(files) : null,
  };
  const long: Record<Tool, RunResult | null> = {
    ours: merged('ours', 'long'),
    'ours-sandbox': merged('ours-sandbox', 'long'),
    'pdfjs-raw': merged('pdfjs-raw', 'long'),
    pdftotext: hasPoppler ? runPdftotext([LONG]) : null,
  };
  const pages = new Map(all['pdfjs-raw']!.timings.map((t) => [t.file, t.pages]));
  const rows = (Object.keys(all) as Tool[]).map((tool) => {
    const r = all[tool];
    if (!r)
      return {
        tool,
        median: NaN,
        p95: NaN,
        totalMsPerPage: NaN,
        peakRssMb: NaN,
        longMsPerPage: NaN,
        longPeakRssMb: NaN,
      };
    const perPage = r.timings.map((t) => t.ms / (pages.get(t.file) || 1));
    const totalMs = r.timings.reduce((n, t) => n + t.ms, 0);
    const totalPages = r.timings.reduce((n, t) => n + (pages.get(t.file) ?? 0), 0);
    const l = long[tool]!;
    return {
      tool,
      median: quantile(perPage, 0.5),
      p95: quantile(perPage, 0.95),
      totalMsPerPage: totalMs / totalPages,
      peakRssMb: r.peakRssMb,
      longMsPerPage: l.timings[0]!.ms / (pages.get(LONG) ?? 1),
      longPeakRssMb: l.peakRssMb,
    };
  });
  if (args.includes('--json')) {
    process.stdout.write(`${JSON.stringify({ files: files.length, rows }, null, 2)}\n`);
    return;
  }
  const f = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : 'n/a');
  const lines = [
    `${files.length} PDFs (${[...pages.values()].reduce((a, b) => a + b, 0)} pages; ${NO_TEXT} left out: no text layer)`,
    '',
    '| tool | median ms/page | p95 ms/page | overall ms/page | peak RSS all files (MB) | 79-page paper ms/page | 79-page paper peak RSS (MB) |',
    '|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.tool} | ${f(r.median)} | ${f(r.p95)} | ${f(r.totalMsPerPage)} | ${f(r.peakRssMb)} | ${f(r.longMsPerPage)} | ${f(r.longPeakRssMb)} |`,
    ),
    '',
    'Targets (issue 18): ours median ≤ 35 ms/page; ours-sandbox ≤ 1.5x ours; peak RSS ≤ 400 MB on the 79-page paper. `ours` runs convertPdf in-process with',
    "Node's default heap settings; `ours-sandbox` is the production path (a warm child process, 12 MB young",
    "generation; its peak RSS is counted with the parent's).",
  ];
  // Issue 18's speed targets: in-process median ≤ 35 ms/page, the production path (sandbox) within 1.5x of in-process.
  const byTool = new Map(rows.map((r) => [r.tool, r]));
  const raw = byTool.get('pdfjs-raw')!;
  const ours = byTool.get('ours')!;
  const sandboxed = byTool.get('ours-sandbox')!;
  lines.push(
    '',
    `ours: median ${f(ours.median)} ms/page (target ≤ 35: ${ours.median <= 35 ? 'met' : 'NOT met'}), overall ${f(ours.totalMsPerPage)}`,
    `ours-sandbox / ours: median ${f(sandboxed.median / ours.median)}x, overall ${f(sandboxed.totalMsPerPage / ours.totalMsPerPage)}x, 79-page paper ${f(sandboxed.longMsPerPage / ours.longMsPerPage)}x (target ≤ 1.5x)`,
  );
  for (const tool of ['ours', 'ours-sandbox'] as const) {
    const r = byTool.get(tool)!;
    lines.push(
      `${tool} / pdfjs-raw: median ${f(r.median / raw.median)}x, overall ${f(r.totalMsPerPage / raw.totalMsPerPage)}x, 79-page paper ${f(r.longMsPerPage / raw.longMsPerPage)}x`,
    );
  }
  lines.push(
    `load average at the end: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (the machine is shared; compare runs made back to back)`,
  );
  if (!hasPoppler) lines.push('pdftotext not found: install poppler-utils (apt-get install poppler-utils).');
  lines.push(...latexBench(rounds));
  process.stdout.write(`${lines.join('\n')}\n`);
}

await main();
