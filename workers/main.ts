/**
 * The program's entry point (bin/arxiv-radar runs it): hands the CLI the system's Operations,
 * loaded only when a command needs them, then runs the CLI.
 */
import { provideOperations } from '../cli/host.ts';

provideOperations(async () => (await import('./operations.ts')).operations);
await import('../cli/main.ts');
