/** The `arxiv-radar` command line. */
import { readFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { errorMessage, isAppError, isUserErrorCode } from '../domain/errors.ts';
import { redact } from '../lib/redact.ts';
import { registerCommands } from './commands/index.ts';
import { EXIT } from './output.ts';
import { EXIT_INTERRUPTED } from './interrupt.ts';

// package.json is beside cli/ in the sources and in dist/ (the build writes a copy there).
const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

const program = new Command('arxiv-radar')
  .description('Scheduled arXiv topic alerts, paper search and Markdown conversion, on Temporal.')
  .version(version, '-V, --version', 'print the version')
  .option('-v, --verbose', 'log debug detail to stderr', false)
  .showHelpAfterError('(run with --help for usage)')
  .exitOverride();

// Only the command this run names is loaded in full (cli/commands/index.ts): a fast start.
await registerCommands(program, process.argv.slice(2));

try {
  await program.parseAsync(process.argv);
} catch (e) {
  if (e instanceof CommanderError) {
    process.exitCode = e.exitCode === 0 ? EXIT.ok : EXIT.usage;
  } else if (e instanceof Error && e.name === 'ConfigError') {
    // By name, not instanceof: importing config/env.ts (zod) here would slow every start.
    process.stderr.write(`error: ${redact(e.message)}\n`);
    process.exitCode = EXIT.usage;
  } else if (isAppError(e, 'CANCELLED')) {
    process.stderr.write(`${e.message}\n`);
    process.exitCode = EXIT_INTERRUPTED;
  } else if (isAppError(e)) {
    process.stderr.write(`error: ${redact(e.message)}\n`);
    process.exitCode = isUserErrorCode(e.code) ? EXIT.usage : EXIT.failure;
  } else {
    process.stderr.write(`error: ${redact(errorMessage(e))}\n`);
    if (program.opts().verbose && e instanceof Error && e.stack) process.stderr.write(`${redact(e.stack)}\n`);
    process.exitCode = EXIT.failure;
  }
}
