/**
 * scripts/layer-imports.mjs counts imports between layers and finds circles. Here it runs on a
 * small tree written to a temporary folder (each kind of import, a circle, a core import into
 * adapters/) and must count and flag exactly those; `--check` must fail on them and pass once
 * they are gone.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';

const root = path.resolve(import.meta.dirname, '../../..');
const SCRIPT = path.join(root, 'scripts/layer-imports.mjs');

const run = (dir: string, ...args: string[]) =>
  spawnSync(process.execPath, [SCRIPT, dir, ...args], { encoding: 'utf8' });

function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'layer-imports-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

describe('layer-imports script', () => {
  const dirs: string[] = [];
  after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('counts static, type, re-exported and lazy imports, the core into adapters, and circles', () => {
    const dir = tree({
      'app/service.ts': [
        "import { a } from '../domain/a.ts';",
        "import type { B } from '../domain/b.ts';",
        "export { c } from '../lib/c.ts';",
        "export type { D } from '../lib/d.ts';",
        "export type Port = typeof import('../adapters/port.ts');",
        "// import { nope } from '../adapters/commented.ts';",
        "const url = 'https://example.org/x'; // a string with // inside",
        'export const load = () =>',
        "  import('../adapters/driver.ts');",
        'export const x = [a, url];',
        'export type Y = B;',
        '',
      ].join('\n'),
      'domain/a.ts': 'export const a = 1;\n',
      'domain/b.ts': 'export type B = number;\n',
      'lib/c.ts': 'export const c = 1;\n',
      'lib/d.ts': 'export type D = 1;\n',
      'adapters/port.ts': 'export const port = 1;\n',
      'adapters/driver.ts': "import { service } from './circle.ts';\nexport const driver = service;\n",
      'adapters/circle.ts': "import { driver } from './driver.ts';\nexport const service = () => driver;\n",
    });
    dirs.push(dir);
    const r = run(dir);
    assert.equal(r.status, 0, r.stderr);
    const line = (k: string) => r.stdout.split('\n').find((l) => l.startsWith(k)) ?? '';
    assert.match(line('app -> domain'), /value\s+1\s+type\s+1\s+import\(\)\s+0\s+re-export 0/);
    assert.match(line('app -> lib'), /value\s+1\s+type\s+1\s+import\(\)\s+0\s+re-export 2/);
    assert.match(line('app -> adapters'), /value\s+1\s+type\s+1\s+import\(\)\s+2\s+re-export 0/);
    assert.match(r.stdout, /-> adapters\/ or activities\/: 2\n/);
    assert.match(
      r.stdout,
      /import circles: 1\n {2}circle 1 \(2 files\): adapters\/circle\.ts, adapters\/driver\.ts/,
    );
    assert.doesNotMatch(r.stdout, /commented/);

    const failed = run(dir, '--check');
    assert.equal(failed.status, 1);
    assert.match(failed.stderr, /1 circle\(s\), 2 core import\(s\)/);
  });

  it('--check passes a tree without circles or core imports into adapters/ and activities/', () => {
    const dir = tree({
      'app/service.ts': "import type { Port } from './ports/port.ts';\nexport type S = Port;\n",
      'app/ports/port.ts': 'export type Port = number;\n',
      'adapters/driver.ts': "import type { Port } from '../app/ports/port.ts';\nexport const d: Port = 1;\n",
      'workers/main.ts':
        "import { d } from '../adapters/driver.ts';\nexport const main = () => import('../app/service.ts').then(() => d);\n",
    });
    dirs.push(dir);
    const r = run(dir, '--check');
    assert.equal(r.status, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /import circles: 0/);
  });
});
