/**
 * CLI start-up benchmark (`npm run bench:cli`): whole `./bin/arxiv-radar` processes, as a user
 * runs them: `--help`, `id 1706.03762` and `convert` of a 10-page corpus PDF (1804.07821v1), each
 * the median wall time of N runs (after one warm-up) and the peak RSS of the CLI process (and of
 * the conversion sandbox's child). Two floors are timed beside them: plain `node -e 0`, and Node
 * loading pdf.js, which the conversion child does before it converts anything. For `convert` the
 * target applies to the CLI's own overhead: wall time minus the converter's start (the sandbox's
 * child: Node, then pdf.js; `--json` timings.startMs) and the conversion (timings.totalMs). Both
 * are printed beside it, and so is the overhead with the converter's start counted in.
 *
 * Peak RSS comes from a tiny preload (NODE_OPTIONS --import) that appends each process's
 * `process.resourceUsage().maxRSS` to a file on exit; it costs about a millisecond per process.
 * It builds dist/ first (and again whenever a run falls back to tsx because a source changed).
 * `--runs N` (default 9), `--tsx` (force the tsx fallback: ARXIV_RADAR_FROM_SOURCE=1), `--json`.
 * Reads the shared corpus in ../shared/corpus (benchmarks may; tests may not).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const BIN = path.join(ROOT, 'bin/arxiv-radar');
const CORPUS_PDF = path.resolve(ROOT, '../shared/corpus/pdf/1804.07821v1.pdf');

const args = process.argv.slice(2);
const runsArg = args.indexOf('--runs');
const RUNS = runsArg >= 0 ? Number(args[runsArg + 1]) : 9;
const FROM_SOURCE = args.includes('--tsx');

interface Case {
  name: string;
  /** Another executable than the CLI (the plain-node baseline). */
  bin?: string;
  argv: string[];
  targetMs: number;
  /** For convert: the conversion and converter start-up times the command reports. */
  reported?: (stdout: string) => { workMs: number; startMs: number };
}

const CASES: Case[] = [
  // What any Node program costs on this machine at this moment: the floor under the others.
  { name: 'baseline: node -e 0', bin: process.execPath, argv: ['-e', '0'], targetMs: Infinity },
  // What the conversion child must load before any page (sandbox-child.mjs): the floor under
  // `convert`'s overhead, however fast the CLI itself starts.
  {
    name: 'floor: node + pdf.js load',
    bin: process.execPath,
    argv: [
      '--input-type=module',
      '-e',
      "await import('pdfjs-dist/legacy/build/pdf.mjs'); await import('pdfjs-dist/legacy/build/pdf.worker.mjs');",
    ],
    targetMs: Infinity,
  },
  { name: '--help', argv: ['--help'], targetMs: 250 },
  { name: 'id 1706.03762', argv: ['id', '1706.03762'], targetMs: 300 },
  {
    name: 'convert 10-page PDF',
    argv: ['convert', CORPUS_PDF, '--json'],
    targetMs: 300,
    reported: (stdout) => {
      const { timings } = JSON.parse(stdout) as { timings: { totalMs: number; startMs?: number } };
      return { workMs: timings.totalMs, startMs: timings.startMs ?? 0 };
    },
  },
];

interface Run {
  wallMs: number;
  workMs: number;
  startMs: number;
  mainRssMb: number;
  childRssMb: number;
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'arxiv-radar-bench-cli-'));
const preload = path.join(dir, 'rss.mjs');
writeFileSync(
  preload,
  `import { appendFileSync } from 'node:fs';
process.on('exit', () => appendFileSync(process.env.BENCH_RSS_FILE, process.pid + ' ' + process.resourceUsage().maxRSS + '\\n'));
`,
);

function runOnce(c: Case, i: number): Run {
  const rssFile = path.join(dir, `rss-${i}.txt`);
  rmSync(rssFile, { force: true });
  const start = performance.now();
  const r = spawnSync(c.bin ?? BIN, c.argv, {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: {
      ...process.env,
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${JSON.stringify(preload)}`.trim(),
      BENCH_RSS_FILE: rssFile,
      ...(FROM_SOURCE ? { ARXIV_RADAR_FROM_SOURCE: '1' } : {}),
    },
  });
  const wallMs = performance.now() - start;
  if (r.status !== 0) throw new Error(`${c.name} exited ${r.status}: ${r.stderr}`);
  // A source edited meanwhile (a shared checkout) sends the bin to tsx: rebuild and measure again.
  if (!FROM_SOURCE && !c.bin && r.stderr.includes('running the sources through tsx')) {
    build();
    return runOnce(c, i);
  }
  const rows = readFileSync(rssFile, 'utf8')
    .trim()
    .split('\n')
    .map((l) => l.split(' ').map(Number) as [number, number]);
  const main = rows.find(([pid]) => pid === r.pid)?.[1] ?? 0;
  const child = Math.max(0, ...rows.filter(([pid]) => pid !== r.pid).map(([, kb]) => kb));
  return {
    wallMs,
    ...(c.reported?.(r.stdout) ?? { workMs: 0, startMs: 0 }),
    mainRssMb: main / 1024,
    childRssMb: child / 1024,
  };
}

/** `npm run build`: the benchmark measures the compiled CLI in dist/. */
function build(): void {
  const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs')], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`npm run build failed: ${r.stderr}`);
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

if (!FROM_SOURCE) build();
const results = CASES.map((c) => {
  runOnce(c, -1); // warm-up: file-system cache, tsx's transform cache
  const runs = Array.from({ length: RUNS }, (_, i) => runOnce(c, i));
  const wallMs = median(runs.map((r) => r.wallMs));
  const workMs = median(runs.map((r) => r.workMs));
  const startMs = median(runs.map((r) => r.startMs));
  const overheadMs = median(runs.map((r) => r.wallMs - r.workMs - r.startMs));
  const withStartMs = median(runs.map((r) => r.wallMs - r.workMs));
  return {
    name: c.name,
    wallMs: Math.round(wallMs),
    workMs: Math.round(workMs),
    startMs: Math.round(startMs),
    overheadMs: Math.round(overheadMs),
    overheadWithStartMs: Math.round(withStartMs),
    targetMs: c.targetMs,
    ok: overheadMs <= c.targetMs,
    peakRssMb: Math.round(Math.max(...runs.map((r) => r.mainRssMb))),
    childPeakRssMb: Math.round(Math.max(...runs.map((r) => r.childRssMb))),
  };
});
rmSync(dir, { recursive: true, force: true });

if (args.includes('--json')) {
  process.stdout.write(`${JSON.stringify({ runs: RUNS, fromSource: FROM_SOURCE, results }, null, 2)}\n`);
} else {
  const lines = [
    `CLI start-up, median of ${RUNS} whole-process runs${FROM_SOURCE ? ' (forced tsx fallback)' : ''}, node ${process.version}`,
    '',
    '| command | wall ms | converter start ms | conversion ms | CLI overhead ms | target ms | overhead incl. converter start ms | peak RSS MiB (CLI) | peak RSS MiB (child) |',
    '|---|---|---|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.name} | ${r.wallMs} | ${r.startMs || '-'} | ${r.workMs || '-'} | ${r.overheadMs} | ${r.targetMs === Infinity ? '-' : `≤ ${r.targetMs} ${r.ok ? 'ok' : 'MISSED'}`} | ${r.workMs ? r.overheadWithStartMs : '-'} | ${r.peakRssMb} | ${r.childPeakRssMb || '-'} |`,
    ),
    '',
    'CLI overhead: wall time less the converter start (the sandbox child loading Node and pdf.js, in a',
    'fresh process per command: untrusted PDFs never run in the CLI process) and the conversion.',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}
