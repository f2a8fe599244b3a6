/**
 * A fresh clone passes its tests on its own: nothing the tests run may read outside the repository
 * (the real-data corpus and models beside the checkout in ../shared are not part of a clone).
 *
 * Static: every source file under test/ and the test runner are scanned for references to
 * ../shared, /work/shared, SHARED_DIR-style constants and path.resolve/join calls on
 * import.meta.dirname that climb above the repository root.
 * Dynamic: scripts/run-tests.mjs loads test/support/fs-guard.mjs into every process of `npm test`
 * (test files, the CLIs they spawn, worker threads), which records any file access beside the
 * checkout and fails the run. Here the guard is shown to catch a planted read, to let a real test
 * file that reads fixtures pass, and to be wired into the runner.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';

const REPO = path.resolve(import.meta.dirname, '../../..');
const GUARD = path.join(REPO, 'test/support/fs-guard.mjs');
const RUNNER = path.join(REPO, 'scripts/run-tests.mjs');

/** Source files under test/ (fixtures are data, not code) plus the runner. */
function sources(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) return p === path.join(REPO, 'test/fixtures') ? [] : walk(p);
      return /\.(ts|mts|cts|js|mjs|cjs)$/.test(e.name) ? [p] : [];
    });
  return [...walk(path.join(REPO, 'test')), RUNNER];
}

const FORBIDDEN: Array<[RegExp, string]> = [
  [/\.\.[/\\]shared\b/, 'a ../shared path'],
  [/\/work\/shared\b/, 'an absolute /work/shared path'],
  [/['"`]shared[/\\](corpus|models)\b/, 'a shared/corpus or shared/models path'],
  [/\bSHARED_(DIR|CORPUS|MODELS)\b/, 'a SHARED_* path constant'],
];

/** The places in `source` (the text of `file`) that reach outside the repository. */
export function escapes(file: string, source: string): string[] {
  const found: string[] = [];
  // Comments are prose (they may well name ../shared); this file's own planted examples are skipped.
  const blank = (s: string) => s.replace(/[^\n]/g, ' ');
  const code = source
    .replace(/\/\/ planted: begin[\s\S]*?\/\/ planted: end/g, blank)
    .replace(/^const FORBIDDEN[\s\S]*?^\];$/m, blank)
    .replace(/\/\*[\s\S]*?\*\//g, blank)
    .replace(/(^|[^:'"`\\])\/\/[^\n]*/gm, (m, pre: string) => pre + blank(m.slice(pre.length)));
  code.split('\n').forEach((line, i) => {
    for (const [re, what] of FORBIDDEN)
      if (re.test(line)) found.push(`${path.relative(REPO, file)}:${i + 1}: ${what}: ${line.trim()}`);
  });
  // path.resolve/join(import.meta.dirname, '<literal>', ...) must stay inside the repository.
  const call = /path\.(?:resolve|join)\(\s*import\.meta\.dirname\s*((?:,\s*(?:'[^']*'|"[^"]*")\s*)+)\)/g;
  for (const m of code.matchAll(call)) {
    const parts = [...(m[1] ?? '').matchAll(/'([^']*)'|"([^"]*)"/g)].map((p) => p[1] ?? p[2] ?? '');
    const target = path.resolve(path.dirname(file), ...parts);
    if (target !== REPO && !target.startsWith(REPO + path.sep)) {
      const line = code.slice(0, m.index).split('\n').length;
      found.push(`${path.relative(REPO, file)}:${line}: climbs out of the repository to ${target}`);
    }
  }
  return found;
}

/** Runs `args` under node with the guard loaded the way run-tests.mjs loads it. */
function guarded(args: string[]): { status: number | null; log: string; stderr: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'arxiv-radar-guard-test-'));
  const log = path.join(dir, 'escapes.log');
  try {
    const r = spawnSync(process.execPath, args, {
      cwd: REPO,
      encoding: 'utf8',
      env: {
        ...process.env,
        NODE_OPTIONS: `--import ${JSON.stringify(GUARD)}`,
        ARXIV_RADAR_FS_GUARD_LOG: log,
      },
    });
    let text = '';
    try {
      text = readFileSync(log, 'utf8');
    } catch {
      // nothing recorded
    }
    return { status: r.status, log: text, stderr: r.stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the test suite is self-contained', () => {
  it('no test, fake, support file or the runner refers to a path outside the repository', () => {
    const files = sources();
    assert.ok(
      files.some((f) => f.endsWith('fakes/arxiv-server.ts')) &&
        files.some((f) => f.endsWith('support/corpus.ts')),
    );
    const found = files.flatMap((f) => escapes(f, readFileSync(f, 'utf8')));
    assert.deepEqual(found, [], `tests must read test/fixtures only:\n${found.join('\n')}`);
  });

  it('the static scan catches each kind of escape', () => {
    const file = path.join(REPO, 'test/unit/x/planted.test.ts');
    // planted: begin
    const planted = [
      "const C = path.resolve(import.meta.dirname, '../../../../shared/corpus');",
      "readFileSync('/work/shared/corpus/MANIFEST.md');",
      'export const SHARED_DIR = here;',
      "const D = path.join(import.meta.dirname, '..', '..', '..', '..', 'elsewhere');",
      "const M = path.join(root, 'shared/models');",
    ];
    for (const line of planted) assert.equal(escapes(file, line).length > 0, true, line);
    assert.deepEqual(
      escapes(file, "const F = path.resolve(import.meta.dirname, '../../fixtures/corpus');"),
      [],
    );
    assert.deepEqual(escapes(file, '// comments may name ../shared/corpus\n/* and /work/shared */'), []);
    // planted: end
  });

  it('the fs guard records a read beside the checkout and fails the process', () => {
    const outside = path.join(path.dirname(REPO), 'shared', 'corpus', 'MANIFEST.md');
    const r = guarded([
      '-e',
      `try { require('node:fs').readFileSync(${JSON.stringify(outside)}); } catch {}`,
    ]);
    assert.equal(r.status, 1, r.stderr);
    assert.match(r.log, new RegExp(outside.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    assert.match(r.stderr, /fs-guard: this process read outside the repository/);
    // ESM named imports and fs/promises are covered too.
    const esm = guarded([
      '--input-type=module',
      '-e',
      `import { existsSync } from 'node:fs'; import { readdir } from 'node:fs/promises'; existsSync(${JSON.stringify(outside)}); await readdir(${JSON.stringify(path.join(path.dirname(REPO), 'shared'))}).catch(() => {});`,
    ]);
    assert.equal(esm.status, 1, esm.stderr);
    assert.equal(esm.log.trim().split('\n').length, 2, esm.log);
  });

  it('real test files reading the fixtures pass under the guard', () => {
    const r = guarded([
      '--import',
      'tsx',
      '--test',
      '--test-reporter=dot',
      'test/unit/domain/arxiv-query.test.ts',
      'test/unit/cli/convert.test.ts',
    ]);
    assert.equal(r.log, '');
    assert.equal(r.status, 0, r.stderr);
  });

  it('the runner loads the guard into every test process and fails the run on an escape', () => {
    const runner = readFileSync(RUNNER, 'utf8');
    assert.match(runner, /test\/support\/fs-guard\.mjs/);
    assert.match(runner, /NODE_OPTIONS:.*--import/);
    assert.match(runner, /ARXIV_RADAR_FS_GUARD_LOG/);
    assert.match(runner, /process\.exit\(1\)/);
  });
});
