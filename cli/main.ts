/** The `arxiv-radar` command line. */
import { Command, CommanderError } from 'commander';
import { ConfigError } from '../config/env.ts';
import { errorMessage, isAppError } from '../lib/errors.ts';
import { redact } from '../lib/redact.ts';
import { COMMANDS } from './commands/index.ts';
import { EXIT } from './output.ts';
import { EXIT_INTERRUPTED } from './interrupt.ts';

const program = new Command('arxiv-radar')
  .description('Scheduled arXiv topic alerts, paper search and Markdown conversion, on Temporal.')
  .option('-v, --verbose', 'log debug detail to stderr', false)
  .showHelpAfterError('(run with --help for usage)')
  .exitOverride();

for (const register of COMMANDS) register(program);

const USER_ERRORS = new Set(['CONFIG_INVALID', 'INVALID_INPUT', 'NOT_FOUND', 'HOST_NOT_ALLOWED', 'PERMISSION_DENIED']);

try {
  await program.parseAsync(process.argv);
} catch (e) {
  if (e instanceof CommanderError) {
    process.exitCode = e.exitCode === 0 ? EXIT.ok : EXIT.usage;
  } else if (e instanceof ConfigError) {
    process.stderr.write(`error: ${redact(e.message)}\n`);
    process.exitCode = EXIT.usage;
  } else if (isAppError(e, 'CANCELLED')) {
    process.stderr.write(`${e.message}\n`);
    process.exitCode = EXIT_INTERRUPTED;
  } else if (isAppError(e)) {
    process.stderr.write(`error: ${redact(e.message)}\n`);
    process.exitCode = USER_ERRORS.has(e.code) ? EXIT.usage : EXIT.failure;
  } else {
    process.stderr.write(`error: ${redact(errorMessage(e))}\n`);
    if (program.opts().verbose && e instanceof Error && e.stack) process.stderr.write(`${redact(e.stack)}\n`);
    process.exitCode = EXIT.failure;
  }
}
