/**
 * The layer fences are lint rules (eslint.config.js); these probes prove each rule is there and
 * bites, so a config edit cannot quietly drop one. For every layer, each forbidden target is
 * probed as a value import, a type import (where types are forbidden too) and an import(), and
 * each allowed one must pass. `npm test` lints the real tree with them.
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

/** The path from `file` to the root-relative `target`. */
const rel = (file: string, target: string) => path.posix.relative(path.posix.dirname(file), target);
const valueImport = (file: string, target: string) =>
  `import * as m from '${rel(file, target)}';\nexport { m };\n`;
const typeImport = (file: string, target: string) =>
  `import type { X } from '${rel(file, target)}';\nexport type Y = X;\n`;
const lazyImport = (file: string, target: string) =>
  `export const load = () => import('${rel(file, target)}');\n`;
const typeofImport = (file: string, target: string) =>
  `export type T = typeof import('${rel(file, target)}');\n`;

interface Fence {
  /** Probe files: one directly in the layer, one a folder deeper. */
  files: string[];
  /** Forbidden as value, type and import(). */
  never: string[];
  /** Forbidden as value and import(), allowed as `import type`. */
  typesOnly?: string[];
  /** Allowed as value, type and import(). */
  allowed: string[];
  /** Allowed as `import type` and import(), forbidden as a static value import. */
  typesAndLazy?: string[];
}

const FRONT = ['cli/main.ts', 'bot/start.ts', 'mcp/server.ts', 'web/server.ts'];
const fences: Record<string, Fence> = {
  app: {
    files: ['app/probe.ts', 'app/capabilities/probe.ts'],
    never: [
      'adapters/llm/client.ts',
      'adapters/store/sqlite/store.ts',
      'activities/index.ts',
      'workers/compose.ts',
      ...FRONT,
    ],
    typesAndLazy: ['workflows/topic-search.ts'],
    allowed: ['app/ports/store.ts', 'domain/errors.ts', 'lib/redact.ts', 'config/env.ts'],
  },
  lib: {
    files: ['lib/probe.ts', 'lib/discord/probe.ts'],
    never: [
      'app/radar-service.ts',
      'adapters/llm/client.ts',
      'activities/index.ts',
      'workers/compose.ts',
      'workflows/topic-search.ts',
      'config/env.ts',
      ...FRONT,
    ],
    allowed: ['domain/errors.ts', 'lib/redact.ts'],
  },
  config: {
    files: ['config/probe.ts'],
    never: [
      'app/radar-service.ts',
      'adapters/llm/client.ts',
      'activities/index.ts',
      'workers/compose.ts',
      'workflows/topic-search.ts',
      ...FRONT,
    ],
    allowed: ['domain/errors.ts', 'lib/redact.ts', 'config/task-queues.ts'],
  },
  adapters: {
    files: ['adapters/probe/probe.ts', 'adapters/store/probe/probe.ts'],
    never: [
      'activities/index.ts',
      'workers/compose.ts',
      'app/radar-service.ts',
      'app/capabilities/render.ts',
      ...FRONT,
    ],
    typesOnly: ['config/env.ts', 'workflows/topic-search.ts'],
    allowed: [
      'app/ports/store.ts',
      'domain/errors.ts',
      'lib/redact.ts',
      'config/task-queues.ts',
      'workflows/arxiv-gate-messages.ts',
      'adapters/mcp/external-mcp.ts',
    ],
  },
  activities: {
    files: ['activities/probe.ts', 'activities/agent/probe.ts'],
    never: ['workers/compose.ts', ...FRONT],
    typesOnly: ['workflows/topic-search.ts'],
    allowed: [
      'app/radar-service.ts',
      'adapters/llm/client.ts',
      'domain/errors.ts',
      'lib/redact.ts',
      'workflows/arxiv-gate-messages.ts',
    ],
  },
  domain: {
    files: ['domain/probe.ts'],
    never: [
      'app/radar-service.ts',
      'adapters/llm/client.ts',
      'activities/index.ts',
      'workers/compose.ts',
      'workflows/topic-search.ts',
      'lib/redact.ts',
      'config/env.ts',
      ...FRONT,
    ],
    allowed: ['domain/errors.ts', 'config/task-queues.ts'],
  },
  workflows: {
    files: ['workflows/probe.ts'],
    never: [
      'app/radar-service.ts',
      'adapters/llm/client.ts',
      'workers/compose.ts',
      'lib/redact.ts',
      'config/env.ts',
      ...FRONT,
    ],
    typesOnly: ['activities/index.ts'],
    allowed: ['domain/errors.ts', 'config/task-queues.ts', 'workflows/arxiv-gate-messages.ts'],
  },
  ...Object.fromEntries(
    FRONT.map((entry) => {
      const frontEnd = entry.split('/')[0]!;
      return [
        frontEnd,
        {
          files: [`${frontEnd}/probe.ts`, `${frontEnd}/commands/probe.ts`],
          never: [
            'activities/index.ts',
            'adapters/llm/client.ts',
            'adapters/mcp/external-mcp.ts',
            'workers/compose.ts',
            'workflows/topic-search.ts',
            ...FRONT.filter((f) => f !== entry),
          ],
          allowed: [
            'app/radar-service.ts',
            'app/ports/store.ts',
            'domain/errors.ts',
            'lib/redact.ts',
            'config/env.ts',
          ],
        } satisfies Fence,
      ];
    }),
  ),
};

describe('layer fences', () => {
  for (const [layer, fence] of Object.entries(fences)) {
    it(`${layer}/: every forbidden import fails (value, type, import()), every allowed one passes`, async () => {
      for (const file of fence.files) {
        const expect = async (code: string, errors: number, what: string) =>
          assert.equal((await fenceErrors(file, code)).length, errors, `${file}: ${what}`);
        for (const t of fence.never) {
          await expect(valueImport(file, t), 1, `value import of ${t}`);
          await expect(typeImport(file, t), 1, `type import of ${t}`);
          await expect(lazyImport(file, t), 1, `import() of ${t}`);
          await expect(typeofImport(file, t), 1, `typeof import() of ${t}`);
        }
        for (const t of fence.typesOnly ?? []) {
          await expect(valueImport(file, t), 1, `value import of ${t}`);
          await expect(lazyImport(file, t), 1, `import() of ${t}`);
          await expect(typeImport(file, t), 0, `type import of ${t}`);
        }
        for (const t of fence.typesAndLazy ?? []) {
          await expect(valueImport(file, t), 1, `value import of ${t}`);
          await expect(typeImport(file, t), 0, `type import of ${t}`);
          await expect(lazyImport(file, t), 0, `import() of ${t}`);
        }
        for (const t of fence.allowed) {
          await expect(valueImport(file, t), 0, `value import of ${t}`);
          await expect(typeImport(file, t), 0, `type import of ${t}`);
          await expect(lazyImport(file, t), 0, `import() of ${t}`);
        }
      }
    });
  }

  it('domain/ and workflows/ stay pure: no Node built-ins, no I/O packages', async () => {
    for (const file of ['domain/probe.ts', 'workflows/probe.ts']) {
      assert.equal((await fenceErrors(file, "import fs from 'node:fs';\nexport { fs };\n")).length, 1, file);
      assert.equal(
        (await fenceErrors(file, "import Database from 'better-sqlite3';\nexport { Database };\n")).length,
        1,
        file,
      );
    }
  });

  it('adapters/mcp/ is an adapter, not the mcp/ front end', async () => {
    // The fences match paths by depth: from adapters/arxiv/, ../mcp/ is adapters/mcp/.
    assert.deepEqual(
      await fenceErrors(
        'adapters/arxiv/probe.ts',
        "import * as m from '../mcp/external-mcp.ts';\nexport { m };\n",
      ),
      [],
    );
    assert.equal(
      (
        await fenceErrors(
          'adapters/arxiv/probe.ts',
          "import * as m from '../../mcp/server.ts';\nexport { m };\n",
        )
      ).length,
      1,
    );
  });
});
