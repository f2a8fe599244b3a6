/**
 * The program's entry point (bin/arxiv-radar runs it): hands the CLI the system's Operations,
 * loaded only when a command needs them, then runs the CLI.
 */
import { commandToRun } from '../cli/commands/index.ts';
import { provideOperations } from '../cli/host.ts';
import { DEFAULT_CONVERT_MAX_MEMORY_MB } from '../config/convert-limits.ts';

// `convert` spends most of its wait starting the converter process (Node, then pdf.js): start it
// now, while the CLI and its config load, instead of after. The config is not read yet, so the
// memory limit is guessed from the environment; a limit set another way (.env) only wastes it.
if (commandToRun(process.argv.slice(2)) === 'convert') {
  const { prewarmConverter } = await import('../adapters/convert/sandbox.ts');
  prewarmConverter(Number(process.env.CONVERT_MAX_MEMORY_MB) || DEFAULT_CONVERT_MAX_MEMORY_MB);
}

provideOperations(async () => (await import('./operations.ts')).operations);
await import('../cli/main.ts');
