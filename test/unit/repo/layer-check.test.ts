/**
 * The tree itself passes `scripts/layer-imports.mjs --check`: no import circle between files and
 * no import from the core (app/, domain/, lib/, config/) into adapters/ or activities/, types and
 * import() included (docs/architecture.md).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, it } from 'node:test';

const root = path.resolve(import.meta.dirname, '../../..');

describe('layer check', () => {
  it('the tree has no import circle and no core import into adapters/ or activities/', () => {
    const r = spawnSync(process.execPath, [path.join(root, 'scripts/layer-imports.mjs'), root, '--check'], {
      encoding: 'utf8',
    });
    assert.equal(r.status, 0, `${r.stdout}\n${r.stderr}`);
  });
});
