#!/usr/bin/env node
// Runs every *.test.ts under the given folders (default: test/) with Node's test runner through tsx.
// Node 20's --test does not expand globs, hence this small finder.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
const roots = args.filter((a) => !a.startsWith('--'));
const passThrough = args.filter((a) => a.startsWith('--'));

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
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-reporter=spec', ...passThrough, ...files],
  { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'test' } },
);
process.exit(result.status ?? 1);
