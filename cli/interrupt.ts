/**
 * Ctrl-C for commands that wait on work elsewhere (a workflow, the arXiv gate): the first SIGINT
 * or SIGTERM aborts the returned signal, so the work is cancelled rather than left running (the
 * workflow is cancelled, its arXiv requests leave the gate's queue) and the command exits 130; a
 * second one, or a cancellation that takes longer than FORCE_EXIT_MS, exits at once.
 */
import { AppError } from '../domain/errors.ts';

const FORCE_EXIT_MS = 20_000;
/** 128 + SIGINT, as shells report an interrupted command. */
export const EXIT_INTERRUPTED = 130;

let controller: AbortController | undefined;

/** The process-wide "the caller went away" signal; installs the SIGINT/SIGTERM handlers on first use. */
export function interruptSignal(): AbortSignal {
  if (controller) return controller.signal;
  const c = (controller = new AbortController());
  const onSignal = (sig: NodeJS.Signals) => {
    if (c.signal.aborted) process.exit(EXIT_INTERRUPTED);
    process.stderr.write(`\n${sig}: cancelling… (press Ctrl-C again to quit at once)\n`);
    c.abort(new AppError('CANCELLED', `Cancelled (${sig}).`));
    setTimeout(() => process.exit(EXIT_INTERRUPTED), FORCE_EXIT_MS).unref();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return c.signal;
}

/** Settles at the first SIGINT or SIGTERM: how a serving command (mcp, web) waits to be stopped. */
export const untilSignal = (): Promise<void> =>
  new Promise<void>((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
