// ESLint flat config: the TypeScript rules, then one fence per layer (see fence() below and
// docs/architecture.md). The workflows/ fence keeps workflow code deterministic and bundle-safe.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { builtinModules } from 'node:module';

const nodeBuiltins = builtinModules.flatMap((m) => [m, `node:${m}`]);
const ioPackages = [
  'better-sqlite3',
  'pdfjs-dist',
  'pdfjs-dist/*',
  '@huggingface/transformers',
  '@notionhq/client',
  'discord.js',
  'pino',
  '@temporalio/client',
  '@temporalio/worker',
  '@temporalio/activity',
  '@temporalio/testing',
  '@modelcontextprotocol/sdk',
  '@modelcontextprotocol/sdk/*',
];

/**
 * Layer fences. Every import in this repository is relative, so a file `depth` folders below the
 * root reaches the top-level folder X as `'../'.repeat(depth) + 'X/…'`: the fences match those
 * exact paths, one config block per depth, so `adapters/mcp/` is never mistaken for the `mcp/`
 * front end. A rule is a list of root-relative globs (`adapters/**`, `config/env.ts`) with
 * exceptions, whether `import type` is allowed, and whether a lazy `import()` is allowed.
 * test/unit/repo/layer-fences.test.ts probes every rule.
 */
const FRONT_ENDS = ['cli', 'bot', 'mcp', 'web'];
const MAX_DEPTH = 5;
const escape = (t) => t.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** The import() source regex (as an esquery attribute) for `globs` minus `except`, from `depth`. */
function sourceRegex(depth, globs, except) {
  const up = `^(?:\\.\\.\\/){${depth}}`;
  // `x/*` and `x/**` match below x/; a file glob matches that file; an exception without an
  // extension is a folder.
  const prefix = (g) => (/\/\*\*?$/.test(g) ? escape(g.replace(/\*\*?$/, '')) : `${escape(g)}$`);
  const not = except.map((e) => `(?!${/\.\w+$/.test(e) ? `${escape(e)}$` : escape(`${e}/`)})`).join('');
  return `/${up}${not}(?:${globs.map(prefix).join('|')})/`;
}
function fence(layer, rules, extraPaths = [], extraPatterns = []) {
  return Array.from({ length: MAX_DEPTH }, (_, i) => {
    const depth = i + 1;
    const up = '../'.repeat(depth);
    const patterns = rules.map((r) => ({
      group: [...r.globs.map((g) => up + g), ...(r.except ?? []).map((e) => `!${up}${e}`)],
      ...(r.types ? { allowTypeImports: true } : {}),
      message: r.message,
    }));
    const lazy = rules.filter((r) => !r.lazy);
    return {
      files: [`${layer}/${'*/'.repeat(depth - 1)}*.ts`],
      rules: {
        'no-restricted-imports': [
          'error',
          { ...(extraPaths.length ? { paths: extraPaths } : {}), patterns: [...extraPatterns, ...patterns] },
        ],
        // The same fences for import() and `typeof import()`: a lazy import crosses a layer just as well.
        'no-restricted-syntax': [
          'error',
          ...lazy.map((r) => ({
            selector: `ImportExpression[source.value=${sourceRegex(depth, r.globs, r.except ?? [])}]`,
            message: `${r.message} (lazily too)`,
          })),
          ...lazy
            .filter((r) => !r.types)
            .map((r) => ({
              selector: `TSImportType[argument.literal.value=${sourceRegex(depth, r.globs, r.except ?? [])}]`,
              message: r.message,
            })),
        ],
      },
    };
  });
}
const all = (...folders) => folders.map((f) => `${f}/**`);
const builtinPaths = (message) => nodeBuiltins.map((name) => ({ name, message }));

export default tseslint.config(
  { ignores: ['node_modules/**', 'data/**', 'dist/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          allowForKnownSafeCalls: [
            { from: 'package', name: ['describe', 'it', 'test', 'suite'], package: 'node:test' },
          ],
        },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': 'error',
    },
  },
  // Front ends reach the system only through the application service: app/ (behaviour),
  // domain/ (the shared model), lib/ (Node helpers) and config/ (the validated environment).
  // What they cannot import, they receive from the entry point (cli/host.ts, workers/main.ts).
  ...FRONT_ENDS.flatMap((frontEnd) =>
    fence(frontEnd, [
      {
        globs: all('activities', 'adapters', 'workers', 'workflows'),
        message:
          'Front ends import only app/, domain/, lib/ and config/: add what you need to the service (app/) instead.',
      },
      {
        globs: all(...FRONT_ENDS.filter((f) => f !== frontEnd)),
        message: 'A front end does not import another front end; share it through app/.',
      },
    ]),
  ),
  // app/ is the core: it declares its ports (app/ports/) and capabilities (app/capabilities/) and
  // reaches adapters only through the ports it is handed (workers/ builds them). Workflows are
  // named by their functions: app/ takes their types statically and the functions only through a
  // lazy import() when it starts one through the runner port, so a process that never starts a
  // workflow never loads workflow code.
  ...fence('app', [
    {
      globs: all('adapters', 'activities', 'workers', ...FRONT_ENDS),
      message: 'app/ is the core: it declares ports (app/ports/) and receives their adapters from workers/.',
    },
    {
      globs: all('workflows'),
      types: true,
      lazy: true,
      message: 'app/ takes workflow functions only through import() when it starts one (types statically).',
    },
  ]),
  // lib/ holds Node helpers below every layer but domain/.
  ...fence('lib', [
    {
      globs: all('app', 'adapters', 'activities', 'workers', 'workflows', 'config', ...FRONT_ENDS),
      message: 'lib/ imports only domain/ and lib/.',
    },
  ]),
  // config/ validates the environment; it knows the shared model and the Node helpers only.
  ...fence('config', [
    {
      globs: all('app', 'adapters', 'activities', 'workers', 'workflows', ...FRONT_ENDS),
      message: 'config/ imports only domain/, lib/ and config/.',
    },
  ]),
  // adapters/ implement the core's ports: they know the ports, the model, the helpers and the
  // configuration's types, never the composition, the activities or a front end.
  ...fence('adapters', [
    {
      globs: all('activities', 'workers', ...FRONT_ENDS),
      message: 'adapters/ implement app/ports: no activities/, workers/ or front ends.',
    },
    {
      // A folder cannot be re-included below an excluded one (gitignore), hence app/* minus app/ports.
      globs: ['app/*'],
      except: ['app/ports'],
      message: 'adapters/ import only the ports of the core (app/ports/).',
    },
    {
      globs: ['config/env.ts'],
      types: true,
      message: 'adapters/ take configuration as options; only its types come from config/env.ts.',
    },
    {
      globs: all('workflows'),
      except: ['workflows/arxiv-gate-messages.ts'],
      types: true,
      message:
        'adapters/ may import workflow types only (the gate client: workflows/arxiv-gate-messages.ts).',
    },
  ]),
  // Activities are thin wrappers over the core and the adapters, called by workflows, never the
  // other way round: at most the gate's message definitions (workflows/arxiv-gate-messages.ts).
  ...fence('activities', [
    {
      globs: all('workers', ...FRONT_ENDS),
      message: 'Activities do not import the composition or the front ends.',
    },
    {
      globs: all('workflows'),
      except: ['workflows/arxiv-gate-messages.ts'],
      types: true,
      message:
        'Activities may import workflow types only (the gate client: workflows/arxiv-gate-messages.ts).',
    },
  ]),
  // domain/ is the shared model: pure code that workflows import too.
  ...fence(
    'domain',
    [
      {
        globs: all('app', 'adapters', 'activities', 'workers', 'workflows', 'lib', ...FRONT_ENDS),
        message: 'domain/ imports only domain/ (and config/task-queues.ts).',
      },
      {
        globs: all('config'),
        except: ['config/task-queues.ts'],
        message: 'domain/ imports only domain/ and config/task-queues.ts (config/env.ts pulls in node:fs).',
      },
    ],
    builtinPaths('domain/ is pure: no Node built-ins (workflows import it).'),
    [{ group: ioPackages, message: 'domain/ is pure: no I/O packages.' }],
  ),
  // Workflows are deterministic and bundle-safe: Temporal replays them, so they may not touch
  // Node built-ins or I/O libraries, nor the modules that do.
  ...fence(
    'workflows',
    [
      {
        globs: all('activities'),
        types: true,
        message: 'Workflows may import activities only with `import type`.',
      },
      {
        globs: all('workers', 'adapters', 'app', 'lib', ...FRONT_ENDS),
        message: 'Node-only code: workflows call an activity instead.',
      },
      {
        globs: all('config'),
        except: ['config/task-queues.ts'],
        message: 'Workflows import only config/task-queues.ts of config/ (config/env.ts pulls in node:fs).',
      },
    ],
    builtinPaths('Workflows must stay deterministic: no Node built-ins.'),
    [{ group: ioPackages, message: 'Workflows must not import I/O packages; call an activity instead.' }],
  ),
  // Size: no function in the sources over 120 lines (every line counted, comments too); a
  // long closure splits into smaller factories or plain functions. Tests and scripts are exempt.
  {
    files: [
      ...['app', 'domain', 'lib', 'config', 'adapters', 'activities', 'workflows', 'workers'],
      ...FRONT_ENDS,
    ].map((layer) => `${layer}/**/*.ts`),
    rules: {
      'max-lines-per-function': ['error', { max: 120, skipBlankLines: false, skipComments: false }],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
