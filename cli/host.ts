/**
 * The CLI's one way to the running system: the entry point (workers/main.ts) provides the
 * Operations, loaded only by the commands that need them, so `--help` and `id` stay fast.
 */
import type { Operations } from '../app/operations.ts';

let load: (() => Promise<Operations>) | undefined;

/** Called once by the entry point, before any command runs. */
export function provideOperations(loader: () => Promise<Operations>): void {
  load = loader;
}

export async function operations(): Promise<Operations> {
  if (!load)
    throw new Error(
      'arxiv-radar was started without its operations: run it through bin/arxiv-radar (workers/main.ts).',
    );
  return load();
}
