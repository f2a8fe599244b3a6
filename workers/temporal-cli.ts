/**
 * Finds or installs the Temporal CLI (which embeds the dev server), so a fresh machine needs no
 * hand-installed tools. Order: TEMPORAL_CLI_PATH, `temporal` on PATH, our cache, the official
 * release from Temporal's CDN, `go install` of v1.5.1 (later tags carry a `replace` directive and
 * cannot be `go install`ed). The binary is cached under the user cache dir and reused.
 */
import { execFile, spawn } from 'node:child_process';
import { accessSync, constants, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { AppError } from '../lib/errors.ts';

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
  /** How long to wait for the CDN before trying Go. */
  downloadTimeoutMs?: number;
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

function findOnPath(name: string): string | undefined {
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

async function downloadFromCdn(target: string, timeoutMs: number): Promise<void> {
  const url = cdnUrl();
  if (!url) throw new Error(`no official build for ${process.platform}/${process.arch}`);
  const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'follow' });
  if (!res.ok) throw new Error(`HTTP ${res.status} from ${url}`);
  const work = mkdtempSync(path.join(os.tmpdir(), 'temporal-cli-'));
  try {
    const archive = path.join(work, 'temporal.tar.gz');
    writeFileSync(archive, Buffer.from(await res.arrayBuffer()));
    await execFileP('tar', ['-xzf', archive, '-C', work]);
    const extracted = path.join(work, 'temporal');
    if (!existsSync(extracted)) throw new Error('archive has no temporal binary');
    renameSync(extracted, target);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function goInstall(target: string, say: (m: string) => void): Promise<void> {
  const go = findOnPath('go');
  if (!go) throw new Error('Go is not installed');
  const gobin = mkdtempSync(path.join(os.tmpdir(), 'temporal-gobin-'));
  try {
    say(`Building the Temporal CLI v${TEMPORAL_CLI_VERSION} with Go (a few minutes, once)…`);
    await new Promise<void>((resolve, reject) => {
      const child = spawn(go, ['install', `github.com/temporalio/cli/cmd/temporal@v${TEMPORAL_CLI_VERSION}`], {
        env: { ...process.env, CGO_ENABLED: '0', GOBIN: gobin, GOFLAGS: '-mod=mod' },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
      child.on('error', reject);
      child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`go install exited ${code}: ${stderr.trim()}`))));
    });
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
      throw new AppError('TEMPORAL_CLI_MISSING', `TEMPORAL_CLI_PATH=${opts.cliPath} is not an executable file.`);
    }
    return { path: opts.cliPath, source: 'env' };
  }
  const onPath = findOnPath('temporal');
  if (onPath) return { path: onPath, source: 'path' };

  const cacheDir = opts.cacheDir ?? temporalCacheDir();
  const cached = path.join(cacheDir, 'temporal');
  if (isExecutable(cached)) return { path: cached, source: 'cache' };
  if (opts.install === false) {
    throw new AppError('TEMPORAL_CLI_MISSING', 'The Temporal CLI is not installed yet; `npm run setup` installs it.');
  }

  mkdirSync(cacheDir, { recursive: true });
  const partial = `${cached}.partial-${process.pid}`;
  const failures: string[] = [];
  try {
    say(`Downloading the Temporal CLI v${TEMPORAL_CLI_VERSION} from Temporal's CDN…`);
    await downloadFromCdn(partial, opts.downloadTimeoutMs ?? 20_000);
    renameSync(partial, cached);
    say(`Installed the Temporal CLI from the CDN into ${cached}`);
    return { path: cached, source: 'download' };
  } catch (e) {
    failures.push(`download from Temporal's CDN failed: ${(e as Error).message}`);
  }
  try {
    await goInstall(partial, say);
    renameSync(partial, cached);
    say(`Built the Temporal CLI with Go into ${cached}`);
    return { path: cached, source: 'go-install' };
  } catch (e) {
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
