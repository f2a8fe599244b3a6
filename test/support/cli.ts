/** Runs ./bin/arxiv-radar as a child process, the way a user does. */
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
export const BIN = path.join(REPO_ROOT, 'bin/arxiv-radar');

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a CLI command to completion. `env` is added to a copy of process.env. */
export function runCli(args: string[], env: Record<string, string> = {}, input?: string): CliResult {
  const r = spawnSync(BIN, args, {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    input,
    timeout: 120_000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/**
 * Starts a long-running CLI command; `waitFor` resolves when its stdout (or, with `stream`,
 * its stderr: failpoints and warnings are written there) matches.
 */
export function spawnCli(args: string[], env: Record<string, string> = {}) {
  const child: ChildProcessWithoutNullStreams = spawn(BIN, args, {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return {
    child,
    exited,
    output: () => ({ stdout, stderr }),
    async waitFor(
      pattern: RegExp,
      timeoutMs = 90_000,
      stream: 'stdout' | 'stderr' = 'stdout',
    ): Promise<RegExpMatchArray> {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const m = (stream === 'stdout' ? stdout : stderr).match(pattern);
        if (m) return m;
        if (child.exitCode !== null || child.signalCode !== null) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(
        `timed out waiting for ${pattern} on ${stream}; stdout:\n${stdout}\nstderr:\n${stderr}`,
      );
    },
  };
}

/** Pids of the direct children of `pid` whose command name is `name`. */
export function childPids(pid: number, name: string): number[] {
  const r = spawnSync('ps', ['-o', 'pid=,comm=', '--ppid', String(pid)], { encoding: 'utf8' });
  return r.stdout
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([, comm]) => comm === name)
    .map(([p]) => Number(p));
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Pids of every descendant of `pid` (children, grandchildren…) whose command name is `name` (any name when omitted). */
export function descendantPids(pid: number, name?: string): number[] {
  const r = spawnSync('ps', ['-e', '-o', 'pid=,ppid=,comm='], { encoding: 'utf8' });
  const rows = r.stdout
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((cols) => cols.length >= 3)
    .map(([p, pp, comm]) => ({ pid: Number(p), ppid: Number(pp), comm: comm! }));
  const out: number[] = [];
  const walk = (parent: number) => {
    for (const row of rows.filter((x) => x.ppid === parent)) {
      if (!name || row.comm === name) out.push(row.pid);
      walk(row.pid);
    }
  };
  walk(pid);
  return out;
}
