/**
 * Failpoints: named places in the code where a process can be told to stop itself, so a crash
 * test kills it at exactly that point instead of at a polled moment. Off unless FAILPOINTS names
 * the point; then the process writes `failpoint <name> reached (pid N)` to stderr and stops with
 * SIGSTOP, waiting for the test's SIGKILL. The same idea as FreeBSD's fail(9) and TiKV's
 * fail-rs, in their simplest form.
 */
import { writeSync } from 'node:fs';

export type Failpoint = (name: string) => void;

/** A no-op failpoint: what production runs. */
export const noFailpoints: Failpoint = () => undefined;

/** Failpoints from a comma-separated list of names (the FAILPOINTS setting). */
export function createFailpoints(spec: string | undefined): Failpoint {
  const armed = new Set(
    (spec ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
  if (armed.size === 0) return noFailpoints;
  return (name) => {
    if (!armed.has(name)) return;
    writeSync(2, `failpoint ${name} reached (pid ${process.pid})\n`);
    process.kill(process.pid, 'SIGSTOP');
  };
}
