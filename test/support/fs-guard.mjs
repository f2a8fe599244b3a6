/**
 * Loaded into every test process (scripts/run-tests.mjs puts `--import` of this file into
 * NODE_OPTIONS, so test files, the CLI processes they spawn and worker threads all carry it): records
 * every file-system access that leaves the repository for its surroundings (`../shared` beside the
 * checkout, or any `shared/corpus`/`shared/models` path), because a fresh clone has nothing there.
 * A process that made such an access exits non-zero and says which path it touched; with
 * ARXIV_RADAR_FS_GUARD_LOG set, each path is also appended to that file, so run-tests.mjs fails the
 * run even when the access happened in a worker thread or a child whose exit code a test ignores.
 */
import { Buffer } from 'node:buffer';
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BESIDE = path.dirname(REPO);
const SHARED = /[/\\]shared[/\\](corpus|models)([/\\]|$)/;
const LOG = process.env.ARXIV_RADAR_FS_GUARD_LOG;
// Looking a program up on PATH (npm puts every ancestor's node_modules/.bin there) is not reading
// test data: entries of PATH directories are allowed.
const PATH_DIRS = (process.env.PATH ?? '')
  .split(path.delimiter)
  .filter(Boolean)
  .map((d) => path.resolve(d));
const seen = new Set();

/** True for a path outside the checkout but beside it, or into a shared corpus/models folder. */
export function escapesRepo(p) {
  const abs = path.resolve(p);
  const inside = abs === REPO || abs.startsWith(REPO + path.sep);
  if (inside) return false;
  if (SHARED.test(abs)) return true;
  if (PATH_DIRS.includes(path.dirname(abs))) return false;
  if (BESIDE === path.parse(BESIDE).root || !abs.startsWith(BESIDE + path.sep)) return false;
  // Resolvers walk up from the checkout looking for package.json, node_modules, browserslist and
  // the like (webpack in the Temporal workflow bundler does): a name directly beside the checkout
  // is such a lookup, unless it is the shared folder itself; anything deeper is a real read.
  const parts = path.relative(BESIDE, abs).split(path.sep);
  return parts.length > 1 || parts[0] === 'shared';
}

function check(arg) {
  try {
    const p =
      typeof arg === 'string'
        ? arg
        : arg instanceof URL
          ? arg.protocol === 'file:'
            ? fileURLToPath(arg)
            : null
          : Buffer.isBuffer(arg)
            ? arg.toString()
            : null;
    if (p === null || !escapesRepo(p)) return;
    const abs = path.resolve(p);
    if (seen.has(abs)) return;
    seen.add(abs);
    if (LOG) fs.appendFileSync(LOG, `${process.pid} ${abs}\n`);
  } catch {
    // Never let the guard change what the code under test sees.
  }
}

const wrap = (obj, names, argCount = 1) => {
  for (const name of names) {
    const orig = obj[name];
    if (typeof orig !== 'function') continue;
    obj[name] = function guarded(...args) {
      for (let i = 0; i < argCount; i++) check(args[i]);
      return orig.apply(this, args);
    };
  }
};
const ONE = [
  'readFile',
  'readFileSync',
  'readdir',
  'readdirSync',
  'open',
  'openSync',
  'opendir',
  'opendirSync',
  'stat',
  'statSync',
  'lstat',
  'lstatSync',
  'access',
  'accessSync',
  'existsSync',
  'exists',
  'realpath',
  'realpathSync',
  'createReadStream',
  'watch',
  'watchFile',
];
wrap(fs, ONE);
wrap(fs, ['copyFile', 'copyFileSync', 'cp', 'cpSync', 'symlink', 'symlinkSync', 'link', 'linkSync'], 2);
wrap(fs.promises, ['readFile', 'readdir', 'open', 'opendir', 'stat', 'lstat', 'access', 'realpath', 'watch']);
wrap(fs.promises, ['copyFile', 'cp', 'symlink', 'link'], 2);
syncBuiltinESMExports();

process.on('exit', () => {
  if (seen.size === 0) return;
  process.stderr.write(
    `\nfs-guard: this process read outside the repository (tests must use test/fixtures):\n${[...seen].map((p) => `  ${p}`).join('\n')}\n`,
  );
  process.exitCode = 1;
});
