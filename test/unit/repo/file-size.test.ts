/**
 * No source file over 400 lines without a reason: a file that long must say, in its top comment,
 * on a line starting with `Long file:`, why it stays one file (docs/development.md). Functions
 * are held to 120 lines by ESLint's max-lines-per-function (eslint.config.js).
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';

const root = path.resolve(import.meta.dirname, '../../..');
const SOURCE_DIRS = [
  'app',
  'domain',
  'lib',
  'config',
  'adapters',
  'activities',
  'workflows',
  'workers',
  'cli',
  'bot',
  'mcp',
  'web',
];
const MAX_LINES = 400;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'assets' ? [] : sources(p);
    return /\.(ts|mts|mjs)$/.test(e.name) ? [p] : [];
  });
}

/** The file's first block comment (after an optional shebang and line comments), or ''. */
function topComment(text: string): string {
  const m = /^(?:#![^\n]*\n)?(?:\s*\/\/[^\n]*\n)*\s*\/\*([\s\S]*?)\*\//.exec(text);
  return m?.[1] ?? '';
}

const hasReason = (text: string) =>
  topComment(text)
    .split('\n')
    .some((l) => /^\s*\*?\s*Long file:/.test(l));

describe('file sizes', () => {
  it('finds the reason line only in the top comment', () => {
    assert.equal(hasReason('/**\n * Does x.\n *\n * Long file: one grammar.\n */\nexport {};\n'), true);
    assert.equal(hasReason('/** Does x. */\n/** Long file: too late. */\n'), false);
    assert.equal(hasReason('/**\n * Does x; a Long file: is not at a line start.\n */\n'), false);
  });

  it(`every source file over ${MAX_LINES} lines says why in a "Long file:" line of its top comment`, () => {
    const offenders = SOURCE_DIRS.flatMap((d) => sources(path.join(root, d)))
      .map((f) => ({ f: path.relative(root, f), text: readFileSync(f, 'utf8') }))
      .map(({ f, text }) => ({ f, lines: text.split('\n').length - (text.endsWith('\n') ? 1 : 0), text }))
      .filter(({ lines, text }) => lines > MAX_LINES && !hasReason(text))
      .map(({ f, lines }) => `${f} (${lines} lines)`);
    assert.deepEqual(offenders, [], 'split these files or give the reason in their top comment');
  });
});
