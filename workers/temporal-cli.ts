/**
 * Finds or installs the Temporal CLI (which embeds the dev server), so a fresh machine needs no
 * hand-installed tools. Order: TEMPORAL_CLI_PATH, `temporal` on PATH, our cache, the official
 * release from Temporal's CDN, `go install` of v1.5.1 (later tags carry a `replace` directive and
 * cannot be `go install`ed). The binary is cached under the user cache dir and reused.
 */
import { execFile, spawn } from 'node:child_process';
import {
  accessSync,
  constants,
  existsSync,
  mkdirSync,
  mkdtempSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { AppError } from '../domain/errors.ts';
import { createProgress, type Progress } from '../lib/progress.ts';

const execFileP = promisify(execFile);

export const TEMPORAL_CLI_VERSION = '1.5.1';

export type TemporalCliSource = 'env' | 'path' | 'cache' | 'download' | 'go-install';

export interface ResolvedTemporalCli {
  path: string;
  source: TemporalCliSource;
}

export interface ResolveOptions {
  cliPath?: string | undefined;
  /** Allow downloading or building when nothing is found (setup, start). doctor passes false. */
  install?: boolean;
  cacheDir?: string;
  say?: (message: string) => void;
  /** How long the CDN may stay silent (no headers, no bytes) before we give up and try Go. */
  downloadTimeoutMs?: number;
  /** Live status while installing (default: a status line on stderr, milestones when not a TTY). */
  progress?: Progress;
  /** The release archive's URL (default: Temporal's CDN for this platform); tests serve their own. */
  downloadUrl?: string;
}

export function temporalCacheDir(): string {
  const base = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return path.join(base, 'arxiv-radar', `temporal-${TEMPORAL_CLI_VERSION}`);
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** An executable `name` on PATH, or undefined. */
export function findOnPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    if (isExecutable(candidate)) return candidate;
  }
  return undefined;
}

function cdnUrl(): string | undefined {
  const platform = ({ linux: 'linux', darwin: 'darwin' } as Record<string, string>)[process.platform];
  const arch = ({ x64: 'amd64', arm64: 'arm64' } as Record<string, string>)[process.arch];
  if (!platform || !arch) return undefined;
  return `https://temporal.download/cli/archive/v${TEMPORAL_CLI_VERSION}?platform=${platform}&arch=${arch}`;
}

const MB = 1024 * 1024;

/** "1:05" from milliseconds. */
function clock(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * Streams the archive with progress (size, percent, speed, time left). The timeout is a stall
 * timeout: a slow but moving download is not cut off, a silent server is.
 */
async function downloadFromCdn(
  url: string | undefined,
  target: string,
  timeoutMs: number,
  progress: Progress,
): Promise<void> {
  if (!url) throw new Error(`no official build for ${process.platform}/${process.arch}`);
  const abort = new AbortController();
  let stall = setTimeout(
    () => abort.abort(new Error(`no data for ${Math.round(timeoutMs / 1000)} s`)),
    timeoutMs,
  );
  const work = mkdtempSync(path.join(os.tmpdir(), 'temporal-cli-'));
  try {
    const res = await fetch(url, { signal: abort.signal, redirect: 'follow' });
    if (!res.ok || !res.body) throw new Error(`HTTP ${res.status} from ${url}`);
    const total = Number(res.headers.get('content-length')) || 0;
    const started = Date.now();
    const chunks: Uint8Array[] = [];
    let received = 0;
    let milestone = 0;
    for await (const chunk of res.body) {
      clearTimeout(stall);
      stall = setTimeout(
        () => abort.abort(new Error(`no data for ${Math.round(timeoutMs / 1000)} s`)),
        timeoutMs,
      );
      chunks.push(chunk);
      received += chunk.byteLength;
      const seconds = (Date.now() - started) / 1000;
      const rate = seconds > 0 ? received / seconds : 0;
      const pct = total ? Math.floor((received / total) * 100) : 0;
      const left = total && rate > 0 ? `, about ${clock(((total - received) / rate) * 1000)} left` : '';
      const size = total
        ? `${(received / MB).toFixed(1)} of ${(total / MB).toFixed(1)} MB (${pct}%)`
        : `${(received / MB).toFixed(1)} MB`;
      // Without a terminal, a line per quarter (waiting + key: printed once each).
      const quarter = total ? Math.floor(pct / 25) : 0;
      const waiting = quarter > milestone;
      if (waiting) milestone = quarter;
      progress.update(`Downloading the Temporal CLI: ${size}, ${(rate / MB).toFixed(1)} MB/s${left}`, {
        waiting,
        key: `download-${quarter}`,
      });
    }
    const archive = path.join(work, 'temporal.tar.gz');
    writeFileSync(archive, Buffer.concat(chunks));
    await execFileP('tar', ['-xzf', archive, '-C', work]);
    const extracted = path.join(work, 'temporal');
    if (!existsSync(extracted)) throw new Error('archive has no temporal binary');
    renameSync(extracted, target);
  } finally {
    clearTimeout(stall);
    rmSync(work, { recursive: true, force: true });
  }
}

async function goInstall(target: string, say: (m: string) => void, progress: Progress): Promise<void> {
  const go = findOnPath('go');
  if (!go) throw new Error('Go is not installed');
  const gobin = mkdtempSync(path.join(os.tmpdir(), 'temporal-gobin-'));
  try {
    say(
      `Building the Temporal CLI v${TEMPORAL_CLI_VERSION} with Go instead (once; usually 2–10 minutes, ` +
        'depending on the machine and the network: it downloads the Temporal server modules and compiles them)…',
    );
    const started = Date.now();
    let downloaded = 0;
    let compiled = 0;
    const status = () => {
      const phase = compiled ? `compiled ${compiled} packages` : `downloaded ${downloaded} modules`;
      // Without a terminal, one line a minute.
      const minute = Math.floor((Date.now() - started) / 60_000);
      progress.update(`Building the Temporal CLI with Go: ${phase}, ${clock(Date.now() - started)} elapsed`, {
        waiting: minute > 0,
        key: `go-${minute}`,
      });
    };
    const ticker = setInterval(status, 1000);
    try {
      await new Promise<void>((resolve, reject) => {
        // -v names each package as it is compiled: the count is the progress.
        const child = spawn(
          go,
          ['install', '-v', `github.com/temporalio/cli/cmd/temporal@v${TEMPORAL_CLI_VERSION}`],
          {
            env: { ...process.env, CGO_ENABLED: '0', GOBIN: gobin, GOFLAGS: '-mod=mod' },
            stdio: ['ignore', 'ignore', 'pipe'],
          },
        );
        let stderr = '';
        child.stderr.on('data', (d: Buffer) => {
          const text = d.toString();
          for (const line of text.split('\n')) {
            if (line.startsWith('go: downloading ')) downloaded++;
            else if (line.trim() && !line.startsWith('go: ')) compiled++;
          }
          stderr = (stderr + text).slice(-4000);
        });
        child.on('error', reject);
        child.on('exit', (code) =>
          code === 0
            ? resolve()
            : reject(
                new Error(`go install exited ${code}: ${stderr.trim().split('\n').slice(-5).join(' | ')}`),
              ),
        );
      });
    } finally {
      clearInterval(ticker);
    }
    renameSync(path.join(gobin, 'temporal'), target);
  } finally {
    rmSync(gobin, { recursive: true, force: true });
  }
}

/**
 * Returns a usable `temporal` binary, installing it into the cache when allowed. Throws
 * TEMPORAL_CLI_MISSING naming all three ways to get one when nothing works.
 */
export async function resolveTemporalCli(opts: ResolveOptions = {}): Promise<ResolvedTemporalCli> {
  const say = opts.say ?? (() => {});
  if (opts.cliPath) {
    if (!isExecutable(opts.cliPath)) {
      throw new AppError(
        'TEMPORAL_CLI_MISSING',
        `TEMPORAL_CLI_PATH=${opts.cliPath} is not an executable file.`,
      );
    }
    return { path: opts.cliPath, source: 'env' };
  }
  const onPath = findOnPath('temporal');
  if (onPath) return { path: onPath, source: 'path' };

  const cacheDir = opts.cacheDir ?? temporalCacheDir();
  const cached = path.join(cacheDir, 'temporal');
  if (isExecutable(cached)) return { path: cached, source: 'cache' };
  if (opts.install === false) {
    throw new AppError(
      'TEMPORAL_CLI_MISSING',
      'The Temporal CLI is not installed yet; `npm run setup` installs it.',
    );
  }

  mkdirSync(cacheDir, { recursive: true });
  const partial = `${cached}.partial-${process.pid}`;
  const failures: string[] = [];
  const progress = opts.progress ?? createProgress();
  say(
    `Installing the Temporal CLI v${TEMPORAL_CLI_VERSION} into ${cacheDir} (once; it runs the embedded Temporal server). ` +
      'If this fails or hangs: put `temporal` on PATH or set TEMPORAL_CLI_PATH, or set TEMPORAL_ADDRESS to an existing Temporal server.',
  );
  try {
    say(`Downloading it from Temporal's CDN (size, speed and time left follow)…`);
    await downloadFromCdn(opts.downloadUrl ?? cdnUrl(), partial, opts.downloadTimeoutMs ?? 20_000, progress);
    progress.done();
    renameSync(partial, cached);
    say(`Installed the Temporal CLI from the CDN into ${cached}`);
    return { path: cached, source: 'download' };
  } catch (e) {
    progress.done();
    failures.push(`download from Temporal's CDN failed: ${(e as Error).message}`);
    say(`The download failed (${(e as Error).message}).`);
  }
  try {
    await goInstall(partial, say, progress);
    progress.done();
    renameSync(partial, cached);
    say(`Built the Temporal CLI with Go into ${cached}`);
    return { path: cached, source: 'go-install' };
  } catch (e) {
    progress.done();
    failures.push(`go install failed: ${(e as Error).message}`);
  } finally {
    rmSync(partial, { force: true });
  }
  throw new AppError(
    'TEMPORAL_CLI_MISSING',
    [
      'Could not find or install the Temporal CLI.',
      ...failures.map((f) => `  - ${f}`),
      'Do one of these, then retry:',
      '  1. set TEMPORAL_CLI_PATH to an existing `temporal` binary (or put `temporal` on PATH);',
      `  2. allow downloads from temporal.download (official release v${TEMPORAL_CLI_VERSION});`,
      `  3. install Go and run: CGO_ENABLED=0 go install github.com/temporalio/cli/cmd/temporal@v${TEMPORAL_CLI_VERSION}`,
      'Or point TEMPORAL_ADDRESS at an existing Temporal cluster.',
    ].join('\n'),
  );
}
