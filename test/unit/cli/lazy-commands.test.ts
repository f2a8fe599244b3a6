import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { Command } from 'commander';
import { COMMANDS, commandName, commandToRun, registerCommands } from '../../../cli/commands/index.ts';
import { BIN, REPO_ROOT } from '../../support/cli.ts';

/** The top-level help of a program with the given registration. */
function topHelp(program: Command): string {
  return program
    .exitOverride()
    .configureOutput({ writeOut: () => {}, writeErr: () => {} })
    .helpInformation();
}

describe('lazy command registry (cli/commands/index.ts)', () => {
  it('lists each command with the term and description its module defines', async () => {
    for (const entry of COMMANDS) {
      const program = new Command('arxiv-radar');
      (await entry.load()).register(program);
      const cmd = program.commands.find((c) => c.name() === entry.name);
      assert.ok(cmd, `${entry.name}: its module registers it`);
      assert.equal(entry.term, program.createHelp().subcommandTerm(cmd), `${entry.name}: term`);
      assert.equal(entry.description, cmd.description(), `${entry.name}: description`);
    }
  });

  it('modules register no command the registry does not list', async () => {
    const program = new Command('arxiv-radar');
    for (const load of new Set(COMMANDS.map((c) => c.load))) (await load()).register(program);
    assert.deepEqual(
      program.commands.map((c) => c.name()),
      COMMANDS.map((c) => c.name),
    );
  });

  it('the top-level help is the same from stubs as with every module loaded, and with one loaded', async () => {
    const full = new Command('arxiv-radar');
    for (const load of new Set(COMMANDS.map((c) => c.load))) (await load()).register(full);
    const stubs = new Command('arxiv-radar');
    await registerCommands(stubs, ['--help']);
    const oneLoaded = new Command('arxiv-radar');
    await registerCommands(oneLoaded, ['unsubscribe', 'x']);
    assert.equal(topHelp(stubs), topHelp(full));
    assert.equal(topHelp(oneLoaded), topHelp(full));
  });

  it('finds the command word after the global options and after help', () => {
    assert.equal(commandName(['-v', 'convert', 'a.pdf', '--json']), 'convert');
    assert.equal(commandName(['help', 'digest']), 'digest');
    assert.equal(commandName(['--help']), undefined);
    assert.equal(commandName([]), undefined);
  });

  it('tells the command that will run from help about it (convert starts its converter early)', () => {
    assert.equal(commandToRun(['-v', 'convert', 'a.pdf', '--json']), 'convert');
    assert.equal(commandToRun(['convert', '--help']), undefined);
    assert.equal(commandToRun(['help', 'convert']), undefined);
    assert.equal(commandToRun([]), undefined);
  });
});

describe('a command loads only what it uses', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'arxiv-radar-lazy-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const HEAVY = [
    '@temporalio',
    'discord.js',
    '@huggingface',
    'pdfjs-dist',
    '@modelcontextprotocol',
    'better-sqlite3',
    'zod',
    'pino',
  ];

  /** Every module URL a CLI run resolves, recorded by a module resolve hook in the CLI process. */
  function resolvedModules(args: string[]): string[] {
    const log = path.join(dir, `${args[0] ?? 'none'}.log`);
    const hooks = path.join(dir, 'hooks.mjs');
    const preload = path.join(dir, 'preload.mjs');
    writeFileSync(
      hooks,
      `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const r = await next(specifier, context);
  appendFileSync(${JSON.stringify(log)}, r.url + '\\n');
  return r;
}
`,
    );
    writeFileSync(
      preload,
      `import { register } from 'node:module';\nregister(${JSON.stringify(`file://${hooks}`)});\n`,
    );
    writeFileSync(log, '');
    const r = spawnSync(BIN, args, {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      timeout: 120_000,
      env: {
        ...process.env,
        NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${JSON.stringify(preload)}`.trim(),
      },
    });
    assert.equal(r.status, 0, r.stderr);
    return readFileSync(log, 'utf8').split('\n').filter(Boolean);
  }

  // convert reads the config (zod) and logs (pino); pdf.js loads in its sandbox child only.
  const cases: Array<[string[], string[]]> = [
    [['--help'], HEAVY],
    [['id', '1706.03762'], HEAVY],
    [['help', 'convert'], HEAVY.filter((h) => h !== 'zod' && h !== 'pino')],
  ];
  for (const [args, banned] of cases) {
    it(`${args.join(' ')}: none of ${banned.join(', ')}`, () => {
      const urls = resolvedModules(args);
      assert.ok(
        urls.some((u) => /cli\/main\.(ts|js)$/.test(u)),
        'the hook saw the CLI load',
      );
      const heavy = urls.filter((u) => banned.some((h) => u.includes(`/node_modules/${h}/`)));
      assert.deepEqual(heavy, []);
    });
  }
});
