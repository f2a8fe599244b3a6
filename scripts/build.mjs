#!/usr/bin/env node
// `npm run build` (also run by `npm ci`/`npm install` through `prepare`): compiles the TypeScript
// sources to plain ESM in dist/, one .js per .ts at the same relative path, so bin/arxiv-radar starts
// with plain node instead of transpiling the tree with tsx on every run. Relative `.ts` imports
// become `.js`; packages stay imports of node_modules. Other files (plain JS such as the convert
// sandbox's child, the web app's assets) are copied. Takes well under a second (esbuild).
//
// Then it bundles the compiled workflows once (dist/workflows.bundle.js, a few seconds of webpack),
// so that workers running from dist/ load that file instead of bundling at every start
// (workers/worker-set.ts, workflowSourceFor).
//
// Last, it writes dist/.build-stamp.json: the mtime of every source file and folder it compiled
// from. bin/arxiv-radar compares them (a few hundred stat calls, ~2 ms) and falls back to tsx,
// with a note, when a source changed since (scripts/build-stamp.mjs).
import { copyFileSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { build } from 'esbuild';
import { SOURCE_DIRS, STAMP_FILE, snapshot } from './build-stamp.mjs';
import { writeWorkflowBundle } from './workflow-bundle.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIST = path.join(ROOT, 'dist');

/** Every file under the source folders, relative to ROOT. */
function walk(dir) {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

const started = performance.now();
// The stamp is taken before compiling: an edit made during the build makes dist stale, not wrong.
const stamp = snapshot(ROOT);
const files = SOURCE_DIRS.filter((d) =>
  statSync(path.join(ROOT, d), { throwIfNoEntry: false })?.isDirectory(),
).flatMap(walk);
const entries = files.filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'));
// Everything else is copied as it is: plain JS (the convert sandbox's child) and assets the code
// reads beside itself (the web app's CSS and script).
const copies = files.filter((f) => !f.endsWith('.ts'));

rmSync(DIST, { recursive: true, force: true });

/** Keeps every import an import: relative .ts files point at their compiled .js sibling. */
const keepImports = {
  name: 'keep-imports',
  setup(b) {
    b.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind === 'entry-point') return undefined;
      if (!args.path.startsWith('.')) return { path: args.path, external: true };
      return { path: args.path.replace(/\.ts$/, '.js'), external: true };
    });
  },
};

await build({
  entryPoints: entries.map((f) => path.join(ROOT, f)),
  outdir: DIST,
  outbase: ROOT,
  bundle: true, // only so that onResolve sees every import; keepImports makes each one external
  plugins: [keepImports],
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  sourcemap: 'linked',
  logLevel: 'warning',
});
for (const f of copies) {
  mkdirSync(path.dirname(path.join(DIST, f)), { recursive: true });
  copyFileSync(path.join(ROOT, f), path.join(DIST, f));
}
// dist/ has its own manifest: ESM for its .js files, and the name and version that modules read
// relative to themselves (adapters/arxiv/client.ts puts the version in arXiv's User-Agent).
const { name, version } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
writeFileSync(
  path.join(DIST, 'package.json'),
  `${JSON.stringify({ name, version, type: 'module', private: true }, null, 2)}\n`,
);
await writeWorkflowBundle(DIST, '.js', path.join(DIST, 'workflows.bundle.js'));
writeFileSync(path.join(ROOT, STAMP_FILE), `${JSON.stringify(stamp)}\n`);
console.log(
  `built dist/ (${entries.length} modules and the workflow bundle) in ${Math.round(performance.now() - started)} ms`,
);
