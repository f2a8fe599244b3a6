// Counts imports between top-level folders (layers): static imports, re-exports (`export … from`)
// and dynamic `import()`, each as value or type-only (`import type`, `export type`,
// `typeof import()`). Finds import circles between files (types included: a type-only circle
// still ties the files' designs together) and counts the imports from the core (app/, domain/,
// lib/, config/) into adapters/ and activities/, which the layer rules forbid.
//
//   node scripts/layer-imports.mjs [root]           print the counts, the circles, lines per layer
//   node scripts/layer-imports.mjs [root] --check   also exit 1 on any circle or core import into
//                                                   adapters/ or activities/
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, dirname, resolve, relative } from 'node:path';

const args = process.argv.slice(2);
const check = args.includes('--check');
const root = resolve(args.find((a) => !a.startsWith('--')) ?? '.');
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
  'adapters',
];
const core = new Set(['app', 'domain', 'lib', 'config']);
const forbiddenFromCore = new Set(['adapters', 'activities']);

/** The source with comments blanked out (strings and template literals kept), so commented-out imports do not count. */
function stripComments(src) {
  let out = '';
  // Stack of contexts: 'code' (with its brace depth inside a template's ${}) or 'tpl'.
  const stack = [{ kind: 'code', depth: 0 }];
  let i = 0;
  while (i < src.length) {
    const top = stack[stack.length - 1];
    const c = src[i];
    const n = src[i + 1];
    if (top.kind === 'tpl') {
      if (c === '\\') {
        out += c + (n ?? '');
        i += 2;
      } else if (c === '`') {
        stack.pop();
        out += c;
        i++;
      } else if (c === '$' && n === '{') {
        stack.push({ kind: 'code', depth: 0 });
        out += '${';
        i += 2;
      } else {
        out += c;
        i++;
      }
      continue;
    }
    if (c === '/' && n === '/') {
      while (i < src.length && src[i] !== '\n') i++;
    } else if (c === '/' && n === '*') {
      const end = src.indexOf('*/', i + 2);
      const stop = end < 0 ? src.length : end + 2;
      out += src.slice(i, stop).replace(/[^\n]/g, ' ');
      i = stop;
    } else if (c === "'" || c === '"') {
      let j = i + 1;
      while (j < src.length && src[j] !== c && src[j] !== '\n') j += src[j] === '\\' ? 2 : 1;
      out += src.slice(i, j + 1);
      i = j + 1;
    } else if (c === '`') {
      stack.push({ kind: 'tpl' });
      out += c;
      i++;
    } else if (c === '{') {
      top.depth++;
      out += c;
      i++;
    } else if (c === '}' && top.depth === 0 && stack.length > 1) {
      stack.pop();
      out += c;
      i++;
    } else {
      if (c === '}') top.depth--;
      out += c;
      i++;
    }
  }
  return out;
}

/** Every relative import of a source: { spec, kind: 'import' | 'export' | 'import()', type }. */
function importsOf(src) {
  const code = stripComments(src);
  const found = [];
  const staticRe = /(^|[;\n}])\s*(import|export)\s+(type\s+)?([^'"`;]*?\bfrom\s+)?['"](\.[^'"]+)['"]/g;
  let m;
  while ((m = staticRe.exec(code))) {
    // `export const x = …` has no `from`; only re-exports and imports (incl. side-effect imports) count.
    if (m[2] === 'export' && !m[4]) continue;
    found.push({ spec: m[5], kind: m[2], type: Boolean(m[3]) });
  }
  const dynamicRe = /(typeof\s+)?\bimport\s*\(\s*['"](\.[^'"]+)['"]\s*\)/g;
  while ((m = dynamicRe.exec(code))) found.push({ spec: m[2], kind: 'import()', type: Boolean(m[1]) });
  return found;
}

const files = [];
const walk = (d) => {
  for (const n of readdirSync(d)) {
    const p = join(d, n);
    if (statSync(p).isDirectory()) walk(p);
    else if (/\.(ts|mts|mjs|js)$/.test(n)) files.push(p);
  }
};
for (const l of layers) if (existsSync(join(root, l))) walk(join(root, l));

const layerOf = (p) => relative(root, p).split('/')[0];
const counts = new Map();
const lines = {};
const edges = new Map(); // file -> Set of files it imports (for circles)
const coreViolations = [];
for (const f of files) {
  const from = layerOf(f);
  const src = readFileSync(f, 'utf8');
  lines[from] = (lines[from] ?? 0) + src.split('\n').length;
  const out = new Set();
  edges.set(f, out);
  for (const imp of importsOf(src)) {
    const target = resolve(dirname(f), imp.spec);
    const to = layerOf(target);
    if (existsSync(target)) out.add(target);
    if (to === from || !layers.includes(to)) continue;
    const key = `${from} -> ${to}`;
    const c = counts.get(key) ?? { value: 0, type: 0, dynamic: 0, reexport: 0 };
    c[imp.type ? 'type' : 'value']++;
    if (imp.kind === 'import()') c.dynamic++;
    if (imp.kind === 'export') c.reexport++;
    counts.set(key, c);
    if (core.has(from) && forbiddenFromCore.has(to))
      coreViolations.push(`${relative(root, f)} -> ${relative(root, target)}${imp.type ? ' (type)' : ''}`);
  }
}

/** Strongly connected components of the file graph with more than one file (or a file importing itself). */
function circles() {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const found = [];
  const visit = (v) => {
    // Iterative Tarjan: deep import chains would overflow the call stack otherwise.
    const work = [[v, [...(edges.get(v) ?? [])], 0]];
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    while (work.length) {
      const frame = work[work.length - 1];
      const [node, next] = frame;
      if (frame[2] < next.length) {
        const w = next[frame[2]++];
        if (!idx.has(w)) {
          idx.set(w, index);
          low.set(w, index++);
          stack.push(w);
          onStack.add(w);
          work.push([w, [...(edges.get(w) ?? [])], 0]);
        } else if (onStack.has(w)) low.set(node, Math.min(low.get(node), idx.get(w)));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === idx.get(node)) {
        const scc = [];
        let w;
        do {
          w = stack.pop();
          onStack.delete(w);
          scc.push(w);
        } while (w !== node);
        if (scc.length > 1 || edges.get(node)?.has(node))
          found.push(scc.map((p) => relative(root, p)).sort());
      }
    }
  };
  for (const f of files) if (!idx.has(f)) visit(f);
  return found;
}

const found = circles();
console.log('imports between layers (value / type; of them import() and re-exports):');
for (const k of [...counts.keys()].sort()) {
  const c = counts.get(k);
  console.log(
    `${k.padEnd(28)} value ${String(c.value).padStart(3)}  type ${String(c.type).padStart(3)}  import() ${String(c.dynamic).padStart(2)}  re-export ${c.reexport}`,
  );
}
console.log(`\ncore (app/ domain/ lib/ config/) -> adapters/ or activities/: ${coreViolations.length}`);
for (const v of coreViolations) console.log(`  ${v}`);
console.log(`\nimport circles: ${found.length}`);
for (const [i, scc] of found.entries())
  console.log(`  circle ${i + 1} (${scc.length} files): ${scc.join(', ')}`);
console.log('\nlines per layer:');
for (const l of layers) if (lines[l]) console.log(l.padEnd(12), lines[l]);
if (check && (found.length > 0 || coreViolations.length > 0)) {
  console.error(
    `\nlayer check failed: ${found.length} circle(s), ${coreViolations.length} core import(s) into adapters/ or activities/`,
  );
  process.exitCode = 1;
}
