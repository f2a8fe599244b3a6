// Is dist/ up to date with the TypeScript sources? Shared by scripts/build.mjs (writes the stamp)
// and bin/arxiv-radar (reads it on every run, so it must stay cheap: no hashing, no git, no
// directory walk; one stat per recorded file and folder, about 2 ms for the whole tree).
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** The folders compiled into dist/ (relative to the repository root). */
export const SOURCE_DIRS = [
  'activities',
  'adapters',
  'app',
  'bot',
  'cli',
  'config',
  'domain',
  'lib',
  'mcp',
  'web',
  'workers',
  'workflows',
];
/** Files outside them whose change also calls for a rebuild. */
const EXTRA_FILES = ['scripts/build.mjs', 'scripts/build-stamp.mjs'];
export const STAMP_FILE = 'dist/.build-stamp.json';

/**
 * [path, mtimeMs] of every source file and folder. A folder's mtime changes when a file in it is
 * added, removed or renamed, so comparing these catches new and deleted modules too.
 */
export function snapshot(root) {
  const out = [];
  const walk = (rel) => {
    const st = statSync(path.join(root, rel), { throwIfNoEntry: false });
    if (!st) return;
    out.push([rel, st.mtimeMs]);
    if (st.isDirectory())
      for (const name of readdirSync(path.join(root, rel)).sort()) walk(path.join(rel, name));
  };
  for (const dir of SOURCE_DIRS) walk(dir);
  for (const file of EXTRA_FILES) walk(file);
  return { version: 1, entries: out };
}

/**
 * null when dist/ matches the sources, else why not, in words: "not built" or the first source
 * that changed since the build.
 */
export function staleReason(root) {
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(path.join(root, STAMP_FILE), 'utf8'));
  } catch {
    return 'dist/ is not built';
  }
  if (stamp?.version !== 1 || !Array.isArray(stamp.entries)) return 'dist/ has an unknown build stamp';
  for (const [rel, mtimeMs] of stamp.entries) {
    const st = statSync(path.join(root, rel), { throwIfNoEntry: false });
    if (!st) return `${rel} was removed since dist/ was built`;
    if (st.mtimeMs !== mtimeMs) return `${rel} changed since dist/ was built`;
  }
  return null;
}
