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
  'pino-pretty',
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
        { allowForKnownSafeCalls: [{ from: 'package', name: ['describe', 'it', 'test', 'suite'], package: 'node:test' }] },
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
          paths: nodeBuiltins.map((name) => ({ name, message: 'Workflows must stay deterministic: no Node built-ins.' })),
          patterns: [
            { group: ioPackages, message: 'Workflows must not import I/O packages; call an activity instead.' },
            {
              group: ['**/activities/**', '../activities/*'],
              allowTypeImports: true,
              message: 'Workflows may import activities only with `import type`.',
            },
            { group: ['**/workers/**', '**/cli/**', '**/bot/**', '**/mcp/**', '**/lib/**', '**/app/**'], message: 'Node-only code.' },
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
