// ESLint flat config. The block for workflows/ is what keeps workflow code deterministic and
// bundle-safe: Temporal replays workflows, so they may not touch Node built-ins or I/O libraries.
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
  {
    files: ['workflows/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: nodeBuiltins.map((name) => ({
            name,
            message: 'Workflows must stay deterministic: no Node built-ins.',
          })),
          patterns: [
            {
              group: ioPackages,
              message: 'Workflows must not import I/O packages; call an activity instead.',
            },
            {
              group: ['**/activities/**', '../activities/*'],
              allowTypeImports: true,
              message: 'Workflows may import activities only with `import type`.',
            },
            {
              group: ['**/workers/**', '**/cli/**', '**/bot/**', '**/mcp/**', '**/lib/**', '**/app/**'],
              message: 'Node-only code.',
            },
          ],
        },
      ],
    },
  },
  {
    // Front ends reach the system only through the application service: app/ (behaviour),
    // domain/ (the shared model), lib/ (Node helpers) and config/ (the validated environment).
    // What they cannot import, they receive from the entry point (cli/host.ts, workers/main.ts).
    files: ['cli/**/*.ts', 'bot/**/*.ts', 'mcp/**/*.ts', 'web/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/adapters/**', '**/activities/**', '**/workers/**', '**/workflows/**'],
              message:
                'Front ends import only app/, domain/, lib/ and config/: add what you need to the service (app/) instead.',
            },
            {
              group: [
                '../bot/**',
                '../../bot/**',
                '../mcp/**',
                '../../mcp/**',
                '../web/**',
                '../../web/**',
                '../cli/**',
                '../../cli/**',
              ],
              message: 'A front end does not import another front end; share it through app/.',
            },
          ],
        },
      ],
      // The same fence for import(): a lazy import crosses a layer just as well.
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'ImportExpression[source.value=/(^|\\/)(adapters|activities|workers|workflows|bot|mcp|web|cli)\\//]',
          message:
            'Front ends import only app/, domain/, lib/ and config/ (lazily too): add what you need to the service (app/) instead.',
        },
      ],
    },
  },
  {
    // Activities are called by workflows, never the other way round: at most the gate's message
    // definitions, which live in workflows/arxiv-gate-messages.ts for that reason.
    files: ['activities/**/*.ts', 'adapters/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/workflows/*', '!**/workflows/arxiv-gate-messages.ts'],
              allowTypeImports: true,
              message:
                'Activities may import workflow types only (the gate client: workflows/arxiv-gate-messages.ts).',
            },
            {
              group: ['**/workers/**', '**/cli/**', '**/bot/**', '**/mcp/**', '**/web/**'],
              message: 'Activities do not import the composition or the front ends.',
            },
          ],
        },
      ],
    },
  },
  {
    // domain/ is the shared model: pure code that workflows import too.
    files: ['domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: nodeBuiltins.map((name) => ({
            name,
            message: 'domain/ is pure: no Node built-ins (workflows import it).',
          })),
          patterns: [
            { group: ioPackages, message: 'domain/ is pure: no I/O packages.' },
            {
              group: [
                '**/activities/**',
                '**/workers/**',
                '**/app/**',
                '**/lib/**',
                '**/cli/**',
                '**/bot/**',
                '**/mcp/**',
                '**/web/**',
                '**/workflows/**',
              ],
              allowTypeImports: false,
              message: 'domain/ imports only domain/ (and config/task-queues.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
