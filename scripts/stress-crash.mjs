#!/usr/bin/env node
// Runs the worker-crash test (test/integration/digest-crash.test.ts) many times in a row and prints
// how many runs passed: a crash test that passes once but not every time is not deterministic.
// Usage: node scripts/stress-crash.mjs [runs=20]. Each run's output is kept in a temp folder, named
// at the end; exits 1 when any run failed.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const runs = Number(process.argv[2] ?? 20);
if (!Number.isInteger(runs) || runs < 1) {
  console.error(
    `usage: node scripts/stress-crash.mjs [runs]; "${process.argv[2]}" is not a positive whole number`,
  );
  process.exit(2);
}
const repo = path.resolve(import.meta.dirname, '..');
const logs = mkdtempSync(path.join(os.tmpdir(), 'arxiv-radar-stress-crash-'));
const started = Date.now();
let passed = 0;
const failed = [];
for (let i = 1; i <= runs; i++) {
  const t0 = Date.now();
  const r = spawnSync(process.execPath, ['scripts/run-tests.mjs', 'test/integration/digest-crash.test.ts'], {
    cwd: repo,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const log = path.join(logs, `run-${String(i).padStart(2, '0')}.log`);
  writeFileSync(log, `${r.stdout}\n--- stderr ---\n${r.stderr}`);
  const ok = r.status === 0;
  if (ok) passed++;
  else failed.push(log);
  console.log(
    `run ${i}/${runs}: ${ok ? 'pass' : `FAIL (exit ${r.status ?? r.signal})`} in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
}
const minutes = ((Date.now() - started) / 60_000).toFixed(1);
console.log(
  `\n${passed} passed / ${failed.length} failed of ${runs} runs in ${minutes} min; logs in ${logs}`,
);
for (const log of failed) console.log(`  failed: ${log}`);
process.exit(failed.length === 0 ? 0 : 1);
