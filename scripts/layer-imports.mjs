// Counts import statements between top-level folders (layers), value vs type-only, and lines per layer.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, dirname, resolve, relative } from 'node:path';
const root = process.argv[2] ?? '.';
const layers = [
  'app',
  'domain',
  'lib',
  'config',
  'cli',
  'bot',
  'mcp',
  'web',
  'workers',
  'workflows',
  'activities',
];
const files = [];
const walk = (d) => {
  for (const n of readdirSync(d)) {
    const p = join(d, n);
    if (statSync(p).isDirectory()) walk(p);
    else if (/\.(ts|mjs)$/.test(n)) files.push(p);
  }
};
for (const l of layers) {
  if (existsSync(join(root, l))) walk(join(root, l));
}
const counts = {};
const lines = {};
for (const f of files) {
  const from = relative(root, f).split('/')[0];
  const src = readFileSync(f, 'utf8');
  lines[from] = (lines[from] ?? 0) + src.split('\n').length;
  const re = /^\s*(import|export)\s+(type\s+)?[^'"]*?from\s+['"](\.[^'"]+)['"]/gm;
  let m;
  while ((m = re.exec(src))) {
    const target = relative(root, resolve(dirname(f), m[3])).split('/')[0];
    if (target === from) continue;
    const k = `${from} -> ${target}${m[2] ? ' (type)' : ''}`;
    counts[k] = (counts[k] ?? 0) + 1;
  }
}
for (const k of Object.keys(counts).sort()) console.log(k.padEnd(34), counts[k]);
console.log('\nlines per layer:');
for (const l of layers) if (lines[l]) console.log(l.padEnd(12), lines[l]);
