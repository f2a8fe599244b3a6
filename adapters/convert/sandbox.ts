/**
 * Conversion in child processes whose whole footprint is bounded: resident memory (polled from
 * /proc and killed at the limit — pdf.js's decoded stream buffers live outside the V8 heap, so
 * heap limits alone let a decompression bomb take gigabytes), wall-clock time, and input bytes
 * (counted while reading, whatever stat() says; devices, FIFOs and directories are refused).
 * A child converts documents one after another and is replaced after any breach or crash, so a
 * caller survives any number of hostile files in a row and a warm child skips the start-up cost.
 *
 * Long file: the child pool, its spare child and the per-document watch share one lifecycle
 * (spawn, release, kill); split, the invariants on `busy`, `idle` and `dead` would span files.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { constants, readFileSync, writeFileSync, type Stats } from 'node:fs';
import { open } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { AppError, type ErrorCode } from '../../domain/errors.ts';
import type { ConvertResult } from '../../app/ports/converter.ts';

/** What to convert: a file path or the bytes/text themselves. */
export interface SandboxInput {
  /** latex: an arXiv e-print (gzipped tar, gzipped .tex, tar or .tex). */
  kind: 'pdf' | 'html' | 'latex';
  path?: string;
  data?: Uint8Array | string;
  /** The paper's title from its metadata, when known: a PDF's title is the largest block matching it. */
  title?: string;
  /** The paper's authors from its metadata, when known: a PDF line of their names is never a heading. */
  authors?: string[];
}

/** Per-document limits (CONVERT_TIMEOUT_MS, CONVERT_MAX_BYTES, CONVERT_MAX_MEMORY_MB). */
export interface SandboxLimits {
  timeoutMs: number;
  maxBytes: number;
  /** Resident memory of the converting process (RSS), not just its JS heap. */
  maxMemoryMb: number;
}

/** What one conversion cost, measured by the parent from /proc (tests, benchmarks, logs). */
export interface SandboxRun {
  pid: number;
  /** Peak resident memory of the child during this document (VmHWM, reset per document). */
  peakRssMb: number;
  ms: number;
  outcome: 'ok' | ErrorCode;
  /** The child was killed or retired after this document (a breach, a crash or its age). */
  replaced: boolean;
}

/** A pool of converter processes sharing one set of limits. */
export interface ConvertSandbox {
  convert(input: SandboxInput): Promise<ConvertResult>;
  /** Kill every child; pending conversions fail with CONVERT_FAILED. */
  close(): Promise<void>;
}

export interface ConvertSandboxOptions {
  limits: SandboxLimits;
  /** Children converting at once; more callers wait in line. Default: the core count. */
  maxChildren?: number;
  /** A child is retired after this many documents, so slow leaks cannot build up. Default 50. */
  maxDocsPerChild?: number;
  /** An idle child is kept warm this long. Default 30 s. */
  idleMs?: number;
  /** Called after every document with what it cost. */
  onRun?: (run: SandboxRun) => void;
}

const CHILD_URL = new URL('./sandbox-child.mjs', import.meta.url);
/** RSS poll period. At ~2–4 GB/s of page faults a breach overshoots by well under 64 MB. */
const POLL_MS = 10;
const START_TIMEOUT_MS = 60_000;

interface Child {
  proc: ChildProcess;
  ready: Promise<void>;
  docs: number;
  idleTimer: NodeJS.Timeout | null;
  /** Settles the document in flight when the process dies. */
  onExit: ((code: number | null, signal: NodeJS.Signals | null) => void) | null;
  dead: boolean;
  /** Set once the child said it is ready (Node and pdf.js loaded). */
  isReady: boolean;
  /** The heap cap it was started with (its pool's memory limit). */
  heapMb: number;
  /** Its pool's bookkeeping when the process dies (before onExit). */
  onGone: (() => void) | null;
}

/**
 * A converter process, started. The heap cap makes a JS-heap blow-up die fast; the pool's RSS
 * watch bounds everything else.
 */
function startChild(maxMemoryMb: number): Child {
  const proc = fork(CHILD_URL, [], {
    // A small young generation keeps RSS down (pdf.js makes many short-lived objects per page:
    // 473 MB → under 400 MB peak RSS on the 79-page corpus paper, same speed).
    execArgv: [`--max-old-space-size=${maxMemoryMb}`, '--max-semi-space-size=4'],
    // No tsx loader in execArgv: the child registers it after loading pdf.js natively
    // (sandbox-child.mjs). NODE_OPTIONS passes through (the test runner's fs guard rides on it).
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
  });
  const child: Child = {
    proc,
    ready: Promise.resolve(),
    docs: 0,
    idleTimer: null,
    onExit: null,
    dead: false,
    isReady: false,
    heapMb: maxMemoryMb,
    onGone: null,
  };
  child.ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new AppError('CONVERT_FAILED', 'The converter process did not start in time.')),
      START_TIMEOUT_MS,
    );
    timer.unref();
    proc.once('message', () => {
      clearTimeout(timer);
      child.isReady = true;
      resolve();
    });
    proc.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(
        new AppError(
          'CONVERT_FAILED',
          `The converter process exited while starting (${signal ?? `code ${code}`}).`,
        ),
      );
    });
  });
  child.ready.catch(() => undefined);
  proc.on('exit', (code, signal) => {
    child.dead = true;
    child.onGone?.();
    child.onExit?.(code, signal);
  });
  proc.on('error', () => undefined);
  return child;
}

/** A converter process started ahead of any pool (prewarmConverter). */
let spare: Child | null = null;

/**
 * Starts a converter process now, for the first pool with this memory limit to take: a one-shot
 * `convert` then loads Node and pdf.js in the child while the CLI itself loads, instead of after.
 * Until taken it does not keep this process alive, and it exits with it (its IPC channel closes).
 * Returns its pid.
 */
export function prewarmConverter(maxMemoryMb: number): number | undefined {
  if (!spare || spare.dead) {
    spare = startChild(maxMemoryMb);
    setRef(spare.proc, false);
  }
  return spare.proc.pid;
}

/** The spare, when it is alive and was started with this heap cap (a wrong guess stays unused). */
function takeSpare(maxMemoryMb: number): Child | null {
  if (!spare || spare.dead || spare.heapMb !== maxMemoryMb) return null;
  const child = spare;
  spare = null;
  return child;
}

type Reply =
  | { id: number; ok: true; result: ConvertResult }
  | { id: number; ok: false; code: ErrorCode | null; message: string };

/** A document sent to a child: its request id, the input and its kind, the metadata title and authors. */
interface Job {
  id: number;
  data: Uint8Array | string;
  kind: SandboxInput['kind'];
  title?: string;
  authors?: string[];
}

/**
 * One document on one child; never rejects (the outcome carries the error). The child is watched
 * for memory (RSS polled) and time; `release` hands it back to the pool (keep: reuse it).
 */
function runOn(
  child: Child,
  job: Job,
  limits: SandboxLimits,
  maxDocs: number,
  release: (child: Child, keep: boolean) => void,
): Promise<{ result: ConvertResult | null; error: AppError | null; run: SandboxRun }> {
  return new Promise<{ result: ConvertResult | null; error: AppError | null; run: SandboxRun }>((resolve) => {
    const { id, data, kind, title, authors } = job;
    const pid = child.proc.pid ?? 0;
    const started = performance.now();
    let peakKb = 0;
    let breach: 'memory' | 'time' | null = null;
    let settled = false;
    resetPeak(pid);
    const sample = () => {
      const m = readMemory(pid);
      if (m) peakKb = Math.max(peakKb, m.hwmKb, m.rssKb);
      return m;
    };
    const finish = (result: ConvertResult | null, error: AppError | null, keep: boolean) => {
      if (settled) return;
      settled = true;
      clearInterval(poll);
      clearTimeout(timer);
      child.proc.off('message', onMessage);
      child.onExit = null;
      const run: SandboxRun = {
        pid,
        peakRssMb: Math.round(peakKb / 102.4) / 10,
        ms: Math.round(performance.now() - started),
        outcome: error ? error.code : 'ok',
        replaced: !keep,
      };
      if (error) Object.assign(error.options, { details: { peakRssMb: run.peakRssMb, ms: run.ms } });
      release(child, keep);
      resolve({ result, error, run });
    };
    const stop = (why: 'memory' | 'time') => {
      if (breach) return;
      breach = why;
      sample();
      child.proc.kill('SIGKILL');
    };
    const poll = setInterval(() => {
      const m = sample();
      if (m && m.rssKb > limits.maxMemoryMb * 1024) stop('memory');
    }, POLL_MS);
    const timer = setTimeout(() => stop('time'), limits.timeoutMs);
    const onMessage = (msg: Reply) => {
      if (msg.id !== id || breach) return;
      sample();
      child.docs++;
      // A converter-side size refusal (pdf.ts's text-item cap) can leave pdf.js work running.
      const keep = child.docs < maxDocs && !(!msg.ok && msg.code === 'CONVERT_TOO_LARGE');
      if (msg.ok) finish(msg.result, null, keep);
      else finish(null, new AppError(msg.code ?? 'CONVERT_FAILED', msg.message), keep);
    };
    child.onExit = (code, signal) => {
      // V8 aborts (SIGABRT, exit code 134) when the JS heap reaches --max-old-space-size.
      const heapOut = !breach && (signal === 'SIGABRT' || code === 134);
      const error =
        breach === 'memory' || heapOut
          ? memoryError(limits.maxMemoryMb)
          : breach === 'time'
            ? timeoutError(limits.timeoutMs)
            : new AppError(
                'CONVERT_FAILED',
                `The converter process crashed (${signal ?? `exit code ${code}`}); the file may be malformed.`,
              );
      finish(null, error, false);
    };
    child.proc.on('message', onMessage);
    // An idle child that died before its 'exit' event was handled: no exit will come now.
    if (child.dead)
      return finish(
        null,
        new AppError('CONVERT_FAILED', 'The converter process died before the document was sent.'),
        false,
      );
    child.proc.send(
      { id, kind, data, ...(title ? { title } : {}), ...(authors?.length ? { authors } : {}) },
      (e) => {
        if (e && !settled) child.proc.kill('SIGKILL');
      },
    );
  });
}

/**
 * A pool of converter processes with the given limits. Errors: `CONVERT_TOO_LARGE` (input over
 * `maxBytes`, or the child went over `maxMemoryMb` of RSS), `CONVERT_TIMEOUT`, `CONVERT_FAILED`
 * (the child crashed), `INVALID_INPUT` (not a regular file), `NOT_FOUND`, and the converters'
 * own `CONVERT_*` codes.
 */
export function createConvertSandbox(opts: ConvertSandboxOptions): ConvertSandbox {
  const { limits } = opts;
  const maxChildren = opts.maxChildren ?? availableParallelism();
  const maxDocs = opts.maxDocsPerChild ?? 50;
  const idleMs = opts.idleMs ?? 30_000;
  const idle: Child[] = [];
  const all = new Set<Child>();
  const waiting: Array<() => void> = [];
  let busy = 0;
  let nextId = 1;
  let closed = false;

  const spawnChild = (): Child => {
    const child = takeSpare(limits.maxMemoryMb) ?? startChild(limits.maxMemoryMb);
    child.onGone = () => {
      all.delete(child);
      const i = idle.indexOf(child);
      if (i >= 0) idle.splice(i, 1);
    };
    all.add(child);
    return child;
  };

  const kill = (child: Child) => {
    if (child.idleTimer) clearTimeout(child.idleTimer);
    child.dead = true;
    all.delete(child);
    child.proc.kill('SIGKILL');
  };

  const release = (child: Child, keep: boolean) => {
    busy--;
    if (child.idleTimer) clearTimeout(child.idleTimer);
    if (keep && !closed && !child.dead) {
      setRef(child.proc, false);
      child.idleTimer = setTimeout(() => {
        const i = idle.indexOf(child);
        if (i >= 0) idle.splice(i, 1);
        kill(child);
      }, idleMs);
      child.idleTimer.unref();
      idle.push(child);
    } else if (!child.dead) kill(child);
    waiting.shift()?.();
  };

  const acquire = async (): Promise<Child> => {
    while (busy >= maxChildren) await new Promise<void>((resolve) => waiting.push(resolve));
    if (closed) throw new AppError('CONVERT_FAILED', 'The conversion sandbox is closed.');
    busy++;
    const child = idle.pop() ?? spawnChild();
    if (child.idleTimer) clearTimeout(child.idleTimer);
    child.idleTimer = null;
    setRef(child.proc, true);
    return child;
  };

  return {
    async convert(input) {
      if (closed) throw new AppError('CONVERT_FAILED', 'The conversion sandbox is closed.');
      // The child starts (Node, then pdf.js: most of a one-shot `convert`'s wait) while the
      // input is read; a refused input leaves it warm for the next document.
      const child = await acquire();
      const acquiredAt = performance.now();
      const wasReady = child.isReady;
      let data: Uint8Array | string;
      try {
        data = await loadInput(input, limits.maxBytes);
      } catch (e) {
        release(child, true);
        throw e;
      }
      try {
        await child.ready;
      } catch (e) {
        release(child, false);
        throw e;
      }
      // The limit covers the whole child: Node, tsx and pdf.js take ~110 MB before any document.
      const base = readMemory(child.proc.pid ?? 0);
      if (base && base.rssKb > limits.maxMemoryMb * 1024) {
        release(child, false);
        throw new AppError(
          'CONFIG_INVALID',
          `CONVERT_MAX_MEMORY_MB=${limits.maxMemoryMb} is below what the converter process takes before reading any document (${Math.round(base.rssKb / 1024)} MB); set it to 256 or more.`,
        );
      }
      // What this document waited for a converter process to start (0 on a warm one).
      const startMs = wasReady ? 0 : Math.round(performance.now() - acquiredAt);
      const { result, error, run } = await runOn(
        child,
        { id: nextId++, data, kind: input.kind, title: input.title, authors: input.authors },
        limits,
        maxDocs,
        release,
      );
      opts.onRun?.(run);
      if (error) throw error;
      return { ...result!, timings: { ...result!.timings, startMs } };
    },
    async close() {
      closed = true;
      for (const child of [...all]) kill(child);
      idle.length = 0;
      for (const w of waiting.splice(0)) w();
      await Promise.resolve();
    },
  };
}

const pools = new Map<string, ConvertSandbox>();

/**
 * Convert in a warm child process shared by every caller with the same limits (the CLI, the
 * Temporal worker's convert activity, the benchmarks). Idle children do not keep the process
 * alive. Errors as for {@link createConvertSandbox}.
 */
export async function convertInSandbox(input: SandboxInput, limits: SandboxLimits): Promise<ConvertResult> {
  const key = `${limits.timeoutMs}/${limits.maxBytes}/${limits.maxMemoryMb}`;
  let pool = pools.get(key);
  if (!pool) {
    pool = createConvertSandbox({ limits });
    pools.set(key, pool);
  }
  return await pool.convert(input);
}

/** Kill the shared pools' children (tests, graceful shutdown). */
export async function closeSandboxes(): Promise<void> {
  const open = [...pools.values()];
  pools.clear();
  await Promise.all(open.map((p) => p.close()));
}

function memoryError(maxMemoryMb: number): AppError {
  return new AppError(
    'CONVERT_TOO_LARGE',
    `Conversion exceeded the ${maxMemoryMb} MB memory limit (CONVERT_MAX_MEMORY_MB) and was stopped: the file is hostile (e.g. a decompression bomb) or needs more memory than the limit allows.`,
  );
}

function timeoutError(timeoutMs: number): AppError {
  return new AppError(
    'CONVERT_TIMEOUT',
    `Conversion took longer than ${timeoutMs} ms (the CONVERT_TIMEOUT_MS limit) and was stopped; the file is too complex or malformed.`,
  );
}

/** Keep the parent alive only while a child is working. */
function setRef(proc: ChildProcess, on: boolean): void {
  const channel = proc.channel as { ref?: () => void; unref?: () => void } | null | undefined;
  if (on) {
    proc.ref();
    channel?.ref?.();
  } else {
    proc.unref();
    channel?.unref?.();
  }
}

/** VmRSS and VmHWM of a process in kB; null where /proc is unavailable (non-Linux). */
function readMemory(pid: number): { rssKb: number; hwmKb: number } | null {
  try {
    // Synchronous on purpose: ~20 µs, and never queued behind other work on libuv's thread pool.
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const rss = /^VmRSS:\s+(\d+)/m.exec(status);
    const hwm = /^VmHWM:\s+(\d+)/m.exec(status);
    if (!rss) return null;
    return { rssKb: Number(rss[1]), hwmKb: Number(hwm?.[1] ?? rss[1]) };
  } catch {
    return null;
  }
}

/** Reset the kernel's peak-RSS mark so VmHWM is this document's peak (Linux ≥ 4.0). */
function resetPeak(pid: number): void {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // Not Linux, or no permission: the peak then covers the child's earlier documents too.
  }
}

async function loadInput(input: SandboxInput, maxBytes: number): Promise<Uint8Array | string> {
  const label = input.kind.toUpperCase();
  if (input.data !== undefined) {
    const n = typeof input.data === 'string' ? Buffer.byteLength(input.data) : input.data.byteLength;
    if (n > maxBytes) throw tooLarge(label, `is ${n} bytes`, maxBytes);
    return input.data;
  }
  if (!input.path) throw new AppError('INVALID_INPUT', 'convertInSandbox needs a path or data.');
  const buf = await readBounded(input.path, label, maxBytes);
  return input.kind === 'html'
    ? buf.toString('utf8')
    : new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
}

function tooLarge(label: string, size: string, maxBytes: number): AppError {
  return new AppError(
    'CONVERT_TOO_LARGE',
    `The ${label} ${size}, over the ${maxBytes}-byte limit (CONVERT_MAX_BYTES); raise the limit or skip this file.`,
  );
}

/**
 * Read a regular file, never more than `maxBytes` + 1 bytes, whatever its size claims (a /proc
 * file or a file still growing says less than it holds). Opened non-blocking so a FIFO cannot
 * hang the open, then refused with devices and directories after fstat.
 */
async function readBounded(file: string, label: string, maxBytes: number): Promise<Buffer> {
  const handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK).catch((e: unknown) => {
    const code = (e as { code?: string }).code;
    if (code === 'ENOENT')
      throw new AppError('NOT_FOUND', `Cannot read ${file}: no such file.`, { cause: e });
    throw new AppError('NOT_FOUND', `Cannot read ${file}: ${(e as Error).message}`, { cause: e });
  });
  try {
    const info = await handle.stat();
    if (!info.isFile()) {
      throw new AppError(
        'INVALID_INPUT',
        `${file} is ${fileType(info)}, not a regular file; give the path of a saved ${label} file.`,
      );
    }
    if (info.size > maxBytes) throw tooLarge(label, `is ${info.size} bytes`, maxBytes);
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(1024 * 1024, maxBytes + 1 - total));
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, null);
      if (bytesRead === 0) break;
      chunks.push(chunk.subarray(0, bytesRead));
      total += bytesRead;
      if (total > maxBytes)
        throw tooLarge(label, `is larger than its size says (more than ${maxBytes} bytes read)`, maxBytes);
    }
    return Buffer.concat(chunks, total);
  } finally {
    await handle.close();
  }
}

function fileType(info: Stats): string {
  if (info.isDirectory()) return 'a directory';
  if (info.isFIFO()) return 'a FIFO (named pipe)';
  if (info.isCharacterDevice()) return 'a character device';
  if (info.isBlockDevice()) return 'a block device';
  if (info.isSocket()) return 'a socket';
  return 'not a regular file';
}
