/**
 * The layer fences are lint rules (eslint.config.js); these probes prove each rule is there and
 * bites, so a config edit cannot quietly drop one. `npm test` lints the real tree with them.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ESLint } from 'eslint';

const root = path.resolve(import.meta.dirname, '../../..');
// Probes are not files of the TypeScript project, so type-aware linting is switched off for them.
const eslint = new ESLint({
  cwd: root,
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false, project: null } },
    rules: { '@typescript-eslint/no-floating-promises': 'off' },
  },
});

/** The restricted-import messages ESLint gives `code` as if it were the file at `file`. */
async function fenceErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  const fatal = result?.messages.find((m) => m.fatal);
  if (fatal) throw new Error(`${file}: ${fatal.message}`);
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax')
    .map((m) => m.message);
}

describe('layer fences', () => {
  for (const frontEnd of ['cli', 'bot', 'mcp', 'web']) {
    it(`${frontEnd}/ may not import adapters/, activities/, workers/ or workflows/, statically or lazily`, async () => {
      const file = `${frontEnd}/fence-probe.ts`;
      for (const target of [
        'adapters/store/sqlite/index.ts',
        'activities/index.ts',
        'workers/compose.ts',
        'workflows/topic-search.ts',
      ]) {
        assert.equal(
          (await fenceErrors(file, `import type { X } from '../${target}';\nexport type Y = X;\n`)).length,
          1,
          `type import of ${target}`,
        );
        assert.equal(
          (await fenceErrors(file, `export const load = () => import('../${target}');\n`)).length,
          1,
          `import() of ${target}`,
        );
      }
    });

    it(`${frontEnd}/ may import app/, domain/, lib/ and config/`, async () => {
      const code = [
        "import { AppError } from '../domain/errors.ts';",
        "import type { RadarService } from '../app/radar-service.ts';",
        "import { redact } from '../lib/redact.ts';",
        "import type { Config } from '../config/env.ts';",
        'export type T = [AppError, RadarService, Config, typeof redact];',
        '',
      ].join('\n');
      assert.deepEqual(await fenceErrors(`${frontEnd}/fence-probe.ts`, code), []);
    });
  }

  it('a front end may not import another front end', async () => {
    assert.equal(
      (
        await fenceErrors(
          'cli/fence-probe.ts',
          "import { startDiscord } from '../bot/start.ts';\nexport { startDiscord };\n",
        )
      ).length,
      1,
    );
    assert.equal(
      (
        await fenceErrors(
          'cli/fence-probe.ts',
          "export const load = () => import('../bot/deploy-commands.ts');\n",
        )
      ).length,
      1,
    );
    assert.equal(
      (await fenceErrors('web/fence-probe.ts', "export const load = () => import('../mcp/server.ts');\n"))
        .length,
      1,
    );
  });

  it('activities/ may import only types from workflows/, except the gate messages', async () => {
    assert.equal(
      (
        await fenceErrors(
          'activities/fence-probe.ts',
          "import { topicSearch } from '../workflows/topic-search.ts';\nexport { topicSearch };\n",
        )
      ).length,
      1,
    );
    assert.deepEqual(
      await fenceErrors(
        'activities/fence-probe.ts',
        "import type { TopicSearchResult } from '../workflows/topic-search.ts';\nexport type T = TopicSearchResult;\n",
      ),
      [],
    );
    assert.deepEqual(
      await fenceErrors(
        'activities/fence-probe.ts',
        "import { acquireArxivTurn } from '../workflows/arxiv-gate-messages.ts';\nexport { acquireArxivTurn };\n",
      ),
      [],
    );
  });

  it('domain/ is pure: no Node built-ins, no I/O packages, no other layer', async () => {
    assert.equal(
      (await fenceErrors('domain/fence-probe.ts', "import fs from 'node:fs';\nexport { fs };\n")).length,
      1,
    );
    assert.equal(
      (
        await fenceErrors(
          'domain/fence-probe.ts',
          "import Database from 'better-sqlite3';\nexport { Database };\n",
        )
      ).length,
      1,
    );
    assert.equal(
      (
        await fenceErrors(
          'domain/fence-probe.ts',
          "import { redact } from '../lib/redact.ts';\nexport { redact };\n",
        )
      ).length,
      1,
    );
  });

  it('workflows/ may import activities only as types', async () => {
    assert.equal(
      (
        await fenceErrors(
          'workflows/fence-probe.ts',
          "import { createActivities } from '../activities/index.ts';\nexport { createActivities };\n",
        )
      ).length,
      1,
    );
  });
});
