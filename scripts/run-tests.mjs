#!/usr/bin/env node
// Runs every *.test.ts under the given folders (default: test/) with Node's test runner through tsx.
// Node 20's --test does not expand globs, hence this small finder.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeWorkflowBundle } from './workflow-bundle.mjs';

const args = process.argv.slice(2);
const roots = args.filter((a) => !a.startsWith('--'));
const passThrough = args.filter((a) => a.startsWith('--'));
// Two test files at a time, even on two cores: most integration tests wait (on timers, heartbeat
// timeouts, child processes) rather than compute, and the CPU-bound converter tests then use both
// cores instead of one. Node's default is one fewer than the cores, i.e. one file at a time on a
// two-core machine. Every test takes free ports and its own temp dirs, so files do not collide.
// `--test-concurrency=N` on the command line overrides it.
if (!passThrough.some((a) => a.startsWith('--test-concurrency'))) passThrough.push('--test-concurrency=2');

/**
 * The test harness's workers (test/support/runtime.ts) share one workflow bundle, built here from
 * the sources once per run, instead of running webpack (~2 s) in every file that starts them.
 * Only runs that include integration or browser tests need it.
 */
async function bundleWorkflowsOnce(files, dir) {
  if (!files.some((f) => /(^|[/\\])test[/\\](integration|web)[/\\]/.test(f))) return undefined;
  const root = path.resolve(import.meta.dirname, '..');
  return writeWorkflowBundle(root, '.ts', path.join(dir, 'workflows.bundle.js'));
}

function find(entry) {
  const st = statSync(entry);
  if (st.isFile()) return entry.endsWith('.test.ts') ? [entry] : [];
  return readdirSync(entry)
    .sort()
    .flatMap((name) => (name === 'node_modules' ? [] : find(path.join(entry, name))));
}

const files = (roots.length ? roots : ['test']).flatMap(find);
if (files.length === 0) {
  console.error(`no test files found under ${roots.join(', ') || 'test'}`);
  process.exit(1);
}
// Every process of the run (test files, the CLIs they spawn, worker threads) carries the fs guard:
// tests must read only what the repository holds (test/support/fs-guard.mjs).
const guard = path.resolve(import.meta.dirname, '../test/support/fs-guard.mjs');
const logDir = mkdtempSync(path.join(os.tmpdir(), 'arxiv-radar-fs-guard-'));
const log = path.join(logDir, 'escapes.log');
const sharedBundle = await bundleWorkflowsOnce(files, logDir);
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-reporter=spec', ...passThrough, ...files],
  {
    stdio: 'inherit',
    env: {
      ...process.env,
      NODE_ENV: 'test',
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${JSON.stringify(guard)}`.trim(),
      ARXIV_RADAR_FS_GUARD_LOG: log,
      ...(sharedBundle ? { ARXIV_RADAR_TEST_WORKFLOW_BUNDLE: sharedBundle } : {}),
    },
  },
);
let escapes = '';
try {
  escapes = readFileSync(log, 'utf8');
} catch {
  // no access outside the repository was recorded
}
rmSync(logDir, { recursive: true, force: true });
if (escapes) {
  console.error(
    `\nTests read outside the repository (a fresh clone has nothing there; use test/fixtures):\n${escapes}`,
  );
  process.exit(1);
}
process.exit(result.status ?? 1);
