/**
 * The embedded Temporal dev server (`temporal server start-dev`), with its SQLite state under
 * DATA_DIR so workflows and schedules survive a restart. Used by `start` and by the integration
 * tests, which therefore exercise the same code path.
 *
 * It never outlives the process that started it: on POSIX it runs in its own process group under
 * a small `sh` watchdog whose pipe from this process reads end-of-file when this process exits,
 * however it exits (`kill -9` too), and then stops the server. Its process group is recorded in
 * DATA_DIR/temporal-dev.pid; a later start that finds one still running on the same DATA_DIR (an
 * older version's orphan, a watchdog killed along) stops it and takes over, saying so.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { Connection } from '@temporalio/client';
import { AppError } from '../domain/errors.ts';
import { silentLogger, type Logger } from '../lib/logger.ts';

export interface DevServerOptions {
  cliPath: string;
  /** SQLite file; omit for an in-memory server (tests). */
  dbFile?: string | undefined;
  /** gRPC port; 0 picks a free one. */
  port: number;
  /** Web UI port; 0 picks a free one; -1 disables the UI. */
  uiPort: number;
  ip?: string;
  namespace?: string;
  logger?: Logger;
  startTimeoutMs?: number;
  /** Hears one line when a dev server left running by an earlier start was stopped (to tell the user). */
  onNotice?: (message: string) => void;
}

export interface DevServer {
  address: string;
  uiUrl: string | undefined;
  pid: number;
  stop(): Promise<void>;
}

/**
 * Dynamic config the project relies on. Task queues get one partition so the arXiv queue's
 * server-side rate limit (1 request per 3 s) is not divided among partitions: with the default 4
 * partitions each partition enforces its own share, which breaks the global spacing guarantee.
 */
export const DEV_SERVER_DYNAMIC_CONFIG = [
  'matching.numTaskqueueReadPartitions=1',
  'matching.numTaskqueueWritePartitions=1',
];

export async function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, host, () => {
      const { port } = srv.address() as net.AddressInfo;
      if (process.platform === 'darwin' || process.platform === 'win32') {
        srv.close(() => resolve(port));
        return;
      }
      // Linux hands a closed port straight back to the next bind(0) or outgoing connection (of
      // another test's dev server, say). A connection closed from the listening side leaves the
      // port in TIME_WAIT for a minute: the kernel allocates it to no one, yet an explicit bind
      // with SO_REUSEADDR (Go's default) still gets it. The Temporal CLI reserves its own ports so.
      srv.once('connection', (accepted) => {
        accepted.destroy();
        client.once('close', () => srv.close(() => resolve(port)));
      });
      const client = net.connect({ port, host });
      client.on('error', () => {});
      client.on('end', () => client.destroy());
    });
  });
}

async function portInUse(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const sock = net.connect({ port, host });
    sock.once('connect', () => {
      sock.destroy();
      resolve(true);
    });
    sock.once('error', () => resolve(false));
  });
}

async function waitUntilServing(address: string, child: ChildProcess, deadline: number): Promise<void> {
  let lastError: unknown;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`temporal exited with code ${child.exitCode}`);
    try {
      const conn = await Connection.connect({ address, connectTimeout: 1000 });
      try {
        await conn.workflowService.getSystemInfo({});
        return;
      } finally {
        await conn.close();
      }
    } catch (e) {
      lastError = e;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error(
    `not serving after start timeout: ${(lastError as Error | undefined)?.message ?? 'unknown'}`,
  );
}

/**
 * The watchdog (`sh -c WATCHDOG sh <cli> <args…>`): runs the server in the background, and a
 * reader of this process's pipe (fd 3) that gets end-of-file when this process is gone, then stops
 * the server (TERM, KILL after 10 s). `sh` exits with the server's status, so a crash is seen.
 * Background jobs of a non-interactive shell read /dev/null unless redirected: hence fd 3.
 */
const WATCHDOG = [
  'exec 3<&0',
  '"$@" </dev/null 3<&- &',
  'c=$!',
  '{ cat <&3 >/dev/null; kill -TERM "$c" 2>/dev/null; for i in 1 2 3 4 5 6 7 8 9 10; do kill -0 "$c" 2>/dev/null || exit 0; sleep 1; done; kill -KILL "$c" 2>/dev/null; } &',
  'exec 3<&- </dev/null',
  'wait "$c"',
].join('\n');

const PID_FILE = 'temporal-dev.pid';

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Signals a process group (ignoring one already gone). */
function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // gone already
  }
}

/** Stops a process group: TERM, then KILL after `graceMs`; resolves when no process of it is left. */
async function stopGroup(pgid: number, graceMs = 10_000): Promise<void> {
  signalGroup(pgid, 'SIGTERM');
  const killAt = Date.now() + graceMs;
  let killed = false;
  while (groupAlive(pgid)) {
    if (!killed && Date.now() >= killAt) {
      signalGroup(pgid, 'SIGKILL');
      killed = true;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The command line of a process, or '' when it is gone or unreadable. */
function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    try {
      return execFileSync('ps', ['-o', 'command=', '-p', String(pid)], { encoding: 'utf8' });
    } catch {
      return '';
    }
  }
}

/**
 * A dev server an earlier start left running on this DATA_DIR (its process group recorded in the
 * PID file, its command line naming the same database): stopped, so this start can take over.
 */
async function stopLeftover(dbFile: string, log: Logger, notice: (m: string) => void): Promise<void> {
  const file = path.join(path.dirname(dbFile), PID_FILE);
  let recorded: { pgid?: unknown; dbFile?: unknown; owner?: unknown };
  try {
    recorded = JSON.parse(readFileSync(file, 'utf8')) as typeof recorded;
  } catch {
    return;
  }
  const pgid =
    typeof recorded.pgid === 'number' && Number.isInteger(recorded.pgid) && recorded.pgid > 1
      ? recorded.pgid
      : null;
  // A server whose starter still runs is not left over (another command racing a starting `start`).
  const owner =
    typeof recorded.owner === 'number' && Number.isInteger(recorded.owner) && recorded.owner > 1
      ? recorded.owner
      : null;
  if (owner !== null && owner !== process.pid && processAlive(owner)) return;
  // Only ours: the recorded group leader still runs `temporal … start-dev` on this database (a pid can be reused).
  if (
    pgid &&
    groupAlive(pgid) &&
    commandLine(pgid).includes('start-dev') &&
    commandLine(pgid).includes(dbFile)
  ) {
    const started = Date.now();
    await stopGroup(pgid);
    const message = `A Temporal dev server left running by an earlier start on this DATA_DIR (process group ${pgid}) was stopped in ${Date.now() - started} ms; this start takes over.`;
    log.warn({ pgid }, message);
    notice(message);
  }
  rmSync(file, { force: true });
}

/** Tries a start picks when it chose the ports itself (see `startDevServer`). */
const START_ATTEMPTS = 3;

/** The server exited while starting (a lost port, a bad flag, a locked database): `output` is what it printed. */
class ExitedWhileStarting extends Error {
  constructor(
    message: string,
    readonly output: string,
  ) {
    super(message);
  }
}

/**
 * What a failed start printed, for the error: a Go panic names its cause in its first line and
 * then prints pages of stack, so the head is kept as well as the tail.
 */
function startOutput(stderr: { head: string; tail: string; length: number }): string {
  if (stderr.length <= stderr.head.length + stderr.tail.length) return (stderr.head + stderr.tail).trim();
  return `${stderr.head.trimEnd()}\n…\n${stderr.tail.trimStart()}`;
}

/**
 * Starts the dev server and resolves once it answers gRPC. A port this start picks itself can be
 * taken by another process before the server binds it (the server then exits at once): such a
 * start is tried again on fresh ports, up to START_ATTEMPTS times, each retry logged.
 */
export async function startDevServer(opts: DevServerOptions): Promise<DevServer> {
  const log = opts.logger ?? silentLogger;
  const ip = opts.ip ?? '127.0.0.1';
  const posix = process.platform !== 'win32';
  if (opts.dbFile && posix) await stopLeftover(path.resolve(opts.dbFile), log, opts.onNotice ?? (() => {}));
  const attempts = opts.port === 0 || opts.uiPort === 0 ? START_ATTEMPTS : 1;
  for (let attempt = 1; ; attempt++) {
    try {
      return await launchDevServer(opts, ip, posix, log);
    } catch (e) {
      const exited = e instanceof ExitedWhileStarting;
      if (exited && attempt < attempts) {
        log.warn(
          { attempt, output: e.output.split('\n')[0] },
          'Temporal dev server exited while starting; trying again on fresh ports',
        );
        continue;
      }
      if (!exited) throw e;
      const tries = attempt > 1 ? ` (${attempt} tries, on fresh ports each time)` : '';
      throw new AppError(
        'TEMPORAL_UNAVAILABLE',
        `The Temporal dev server did not start${tries}: ${e.message}${e.output ? `\n${e.output}` : ''}`,
      );
    }
  }
}

async function launchDevServer(
  opts: DevServerOptions,
  ip: string,
  posix: boolean,
  log: Logger,
): Promise<DevServer> {
  const port = opts.port === 0 ? await freePort(ip) : opts.port;
  if (await portInUse(port, ip)) {
    throw new AppError(
      'TEMPORAL_UNAVAILABLE',
      `Port ${port} is already in use. If a Temporal server is running there, set TEMPORAL_ADDRESS=${ip}:${port} to use it; otherwise set TEMPORAL_DEV_PORT to a free port.`,
    );
  }
  const uiPort = opts.uiPort === 0 ? await freePort(ip) : opts.uiPort;
  const args = ['server', 'start-dev', '--ip', ip, '--port', String(port), '--log-level', 'error'];
  if (uiPort > 0) args.push('--ui-port', String(uiPort));
  else args.push('--headless');
  if (opts.dbFile) {
    mkdirSync(path.dirname(opts.dbFile), { recursive: true });
    args.push('--db-filename', opts.dbFile);
  }
  if (opts.namespace && opts.namespace !== 'default') args.push('--namespace', opts.namespace);
  for (const kv of DEV_SERVER_DYNAMIC_CONFIG) args.push('--dynamic-config-value', kv);

  log.debug({ cli: opts.cliPath, args }, 'starting Temporal dev server');
  // POSIX: in its own process group under the watchdog (stdin is the watchdog's pipe, kept open
  // by this process and never written). Elsewhere: a plain child.
  const child = posix
    ? spawn('/bin/sh', ['-c', WATCHDOG, 'sh', opts.cliPath, ...args], {
        stdio: ['pipe', 'ignore', 'pipe'],
        detached: true,
      })
    : spawn(opts.cliPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  // The pipe must not keep this process alive by itself (the child does while it runs).
  (child.stdin as (NodeJS.WritableStream & { unref?: () => void }) | null)?.unref?.();
  const pidFile =
    opts.dbFile && posix && child.pid ? path.join(path.dirname(path.resolve(opts.dbFile)), PID_FILE) : null;
  if (pidFile)
    writeFileSync(
      pidFile,
      `${JSON.stringify({ pgid: child.pid, owner: process.pid, dbFile: path.resolve(opts.dbFile!), port, startedAt: new Date().toISOString() })}\n`,
    );
  const killAll = () => (posix && child.pid ? signalGroup(child.pid, 'SIGKILL') : child.kill('SIGKILL'));
  const stderr = { head: '', tail: '', length: 0 };
  child.stderr?.on('data', (d: Buffer) => {
    const text = d.toString();
    const room = 2000 - stderr.head.length;
    if (room > 0) stderr.head += text.slice(0, room);
    stderr.tail = (stderr.tail + text.slice(Math.max(room, 0))).slice(-2000);
    stderr.length += text.length;
  });
  const spawnError = new Promise<never>((_, reject) => child.once('error', reject));
  spawnError.catch(() => {});

  const address = `${ip}:${port}`;
  try {
    await Promise.race([
      waitUntilServing(address, child, Date.now() + (opts.startTimeoutMs ?? 60_000)),
      spawnError,
    ]);
  } catch (e) {
    killAll();
    if (pidFile) rmSync(pidFile, { force: true });
    const message = `${(e as Error).message}`;
    // 126/127: the shell could not run the CLI at all, which no retry mends.
    if (child.exitCode !== null && child.exitCode !== 126 && child.exitCode !== 127)
      throw new ExitedWhileStarting(message, startOutput(stderr));
    const output = startOutput(stderr);
    throw new AppError(
      'TEMPORAL_UNAVAILABLE',
      `The Temporal dev server did not start: ${message}${output ? `\n${output}` : ''}`,
    );
  }

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      if (posix && child.pid) {
        // The whole group: the server, the shell and its watchdog.
        await stopGroup(child.pid);
      } else
        await new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const killTimer = setTimeout(() => child.kill('SIGKILL'), 10_000);
          child.once('exit', () => {
            clearTimeout(killTimer);
            resolve();
          });
          child.kill('SIGTERM');
        });
      if (pidFile) rmSync(pidFile, { force: true });
    })());
  return {
    address,
    uiUrl: uiPort > 0 ? `http://${ip}:${uiPort}` : undefined,
    pid: child.pid ?? -1,
    stop,
  };
}
