/**
 * The embedded Temporal dev server (`temporal server start-dev`), with its SQLite state under
 * DATA_DIR so workflows and schedules survive a restart. Used by `start` and by the integration
 * tests, which therefore exercise the same code path.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
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
      srv.close(() => resolve(port));
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

/** Starts the dev server and resolves once it answers gRPC. */
export async function startDevServer(opts: DevServerOptions): Promise<DevServer> {
  const log = opts.logger ?? silentLogger;
  const ip = opts.ip ?? '127.0.0.1';
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
  const child = spawn(opts.cliPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderrTail = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderrTail = (stderrTail + d.toString()).slice(-4000);
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
    child.kill('SIGKILL');
    throw new AppError(
      'TEMPORAL_UNAVAILABLE',
      `The Temporal dev server did not start: ${(e as Error).message}${stderrTail ? `\n${stderrTail.trim()}` : ''}`,
    );
  }

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const killTimer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.once('exit', () => {
        clearTimeout(killTimer);
        resolve();
      });
      child.kill('SIGTERM');
    }));
  return {
    address,
    uiUrl: uiPort > 0 ? `http://${ip}:${uiPort}` : undefined,
    pid: child.pid ?? -1,
    stop,
  };
}
