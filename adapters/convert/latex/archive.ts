/**
 * arXiv source (`/e-print/ID`) unpacking, in-process and bounded: a gzipped tar, a single gzipped
 * `.tex`, a plain tar or a plain `.tex`. No shell, no external tar: hostile archives (gzip and tar
 * bombs, zip-slip paths, 100k tiny files) are refused with a clear error before they cost more
 * than the caps below.
 */
import { gunzipSync } from 'node:zlib';
import { AppError } from '../../../domain/errors.ts';

export interface SourceLimits {
  /** Decompressed bytes, all files together (gzip and tar bombs). */
  maxUnpackedBytes: number;
  /** Entries in the archive, directories included. */
  maxFiles: number;
}

/** arXiv caps submissions at 50 MB compressed; real sources unpack to well under 200 MB. */
export const DEFAULT_SOURCE_LIMITS: SourceLimits = { maxUnpackedBytes: 200 * 1024 * 1024, maxFiles: 5000 };

export interface SourceFiles {
  /** Archive paths (normalised, no leading `./`) → bytes. A single `.tex` is `main.tex`. */
  files: Map<string, Uint8Array>;
  /** What the input was, for messages. */
  format: 'tar.gz' | 'tar' | 'tex.gz' | 'tex';
}

const GZIP = [0x1f, 0x8b];

/** Unpack an e-print. Errors: CONVERT_TOO_LARGE (caps), CONVERT_CORRUPT (bad or unsafe archive), CONVERT_NO_TEXT (a PDF). */
export function unpackSource(data: Uint8Array, limits: SourceLimits = DEFAULT_SOURCE_LIMITS): SourceFiles {
  let bytes = data;
  let gzipped = false;
  if (bytes[0] === GZIP[0] && bytes[1] === GZIP[1]) {
    gzipped = true;
    try {
      bytes = gunzipSync(bytes, { maxOutputLength: limits.maxUnpackedBytes });
    } catch (e) {
      const code = (e as { code?: string }).code;
      if (e instanceof RangeError || code === 'ERR_BUFFER_TOO_LARGE') {
        throw new AppError(
          'CONVERT_TOO_LARGE',
          `The LaTeX source unpacks to more than ${limits.maxUnpackedBytes} bytes (a gzip bomb or an oversized submission); it was not converted.`,
        );
      }
      throw new AppError('CONVERT_CORRUPT', `The LaTeX source is not valid gzip (${(e as Error).message}).`);
    }
  }
  if (startsWith(bytes, '%PDF')) {
    throw new AppError(
      'CONVERT_NO_TEXT',
      'This arXiv submission has no LaTeX source (its e-print is a PDF); convert the PDF instead.',
    );
  }
  if (isTar(bytes)) return { files: readTar(bytes, limits), format: gzipped ? 'tar.gz' : 'tar' };
  if (bytes.length > limits.maxUnpackedBytes) {
    throw new AppError(
      'CONVERT_TOO_LARGE',
      `The LaTeX source is ${bytes.length} bytes, over the ${limits.maxUnpackedBytes}-byte cap.`,
    );
  }
  if (!looksLikeText(bytes))
    throw new AppError('CONVERT_CORRUPT', 'The LaTeX source is neither a tar archive nor a TeX file.');
  return { files: new Map([['main.tex', bytes]]), format: gzipped ? 'tex.gz' : 'tex' };
}

function startsWith(b: Uint8Array, s: string): boolean {
  for (let i = 0; i < s.length; i++) if (b[i] !== s.charCodeAt(i)) return false;
  return true;
}

/** A POSIX/GNU tar: "ustar" at offset 257, or a first header whose checksum adds up (v7 tar). */
function isTar(b: Uint8Array): boolean {
  if (b.length < 512) return false;
  if (ascii(b, 257, 5) === 'ustar') return true;
  return checksumOk(b, 0);
}

function checksumOk(b: Uint8Array, at: number): boolean {
  const stored = parseInt(
    ascii(b, at + 148, 8)
      .replace(/[\0 ]+/g, ' ')
      .trim(),
    8,
  );
  if (!Number.isFinite(stored)) return false;
  let sum = 0;
  for (let i = 0; i < 512; i++) sum += i >= 148 && i < 156 ? 32 : (b[at + i] ?? 0);
  return sum === stored;
}

function ascii(b: Uint8Array, at: number, len: number): string {
  let s = '';
  for (let i = at; i < at + len && i < b.length; i++) {
    if (b[i] === 0) break;
    s += String.fromCharCode(b[i]!);
  }
  return s;
}

function octal(b: Uint8Array, at: number, len: number): number {
  // GNU base-256 for sizes over 8 GB: far over any cap, so refuse as too large.
  if ((b[at]! & 0x80) !== 0) return Number.POSITIVE_INFINITY;
  const n = parseInt(ascii(b, at, len).trim() || '0', 8);
  return Number.isFinite(n) ? n : NaN;
}

function readTar(b: Uint8Array, limits: SourceLimits): Map<string, Uint8Array> {
  const files = new Map<string, Uint8Array>();
  let at = 0;
  let entries = 0;
  let total = 0;
  let longName: string | null = null;
  let paxPath: string | null = null;
  while (at + 512 <= b.length) {
    if (b.subarray(at, at + 512).every((x) => x === 0)) break; // end-of-archive block
    const header = at;
    if (!checksumOk(b, at))
      throw new AppError(
        'CONVERT_CORRUPT',
        `The LaTeX source archive is damaged (bad tar header at byte ${at}).`,
      );
    const type = String.fromCharCode(b[at + 156] || 48);
    const size = octal(b, at + 124, 12);
    if (!Number.isFinite(size) || size < 0)
      throw new AppError(
        'CONVERT_CORRUPT',
        `The LaTeX source archive has an entry of unreadable size at byte ${at}.`,
      );
    const start = at + 512;
    const end = start + size;
    if (end > b.length) throw new AppError('CONVERT_CORRUPT', 'The LaTeX source archive is truncated.');
    at = start + Math.ceil(size / 512) * 512;
    if (++entries > limits.maxFiles) {
      throw new AppError(
        'CONVERT_TOO_LARGE',
        `The LaTeX source archive has more than ${limits.maxFiles} entries; it was not converted.`,
      );
    }
    total += size;
    if (total > limits.maxUnpackedBytes) {
      throw new AppError(
        'CONVERT_TOO_LARGE',
        `The LaTeX source archive holds more than ${limits.maxUnpackedBytes} bytes; it was not converted.`,
      );
    }
    const body = b.subarray(start, end);
    if (type === 'L') {
      longName = ascii(body, 0, body.length);
      continue;
    }
    if (type === 'x') {
      const m = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(Buffer.from(body).toString('utf8'));
      paxPath = m ? m[1]! : null;
      continue;
    }
    if (type === 'g') continue;
    // The 155-byte prefix field is POSIX ustar's ("ustar\0"); GNU tar ("ustar  ") keeps times there.
    const prefix =
      ascii(b, header + 257, 5) === 'ustar' && b[header + 262] === 0 ? ascii(b, header + 345, 155) : '';
    const raw = paxPath ?? longName ?? (prefix ? `${prefix}/` : '') + ascii(b, header, 100);
    longName = null;
    paxPath = null;
    const path = safePath(raw);
    if (type !== '0' && type !== '7') continue; // directories, links, devices: nothing to read
    files.set(path, body);
  }
  return files;
}

/** A relative archive path, normalised; absolute and `..` paths are refused (zip-slip). */
export function safePath(raw: string): string {
  if (raw.startsWith('/') || /^[A-Za-z]:/.test(raw) || raw.includes('\\')) {
    throw new AppError(
      'CONVERT_CORRUPT',
      `The LaTeX source archive has an absolute path (${JSON.stringify(raw.slice(0, 200))}); such archives are refused.`,
    );
  }
  const parts: string[] = [];
  for (const p of raw.split('/')) {
    if (p === '' || p === '.') continue;
    if (p === '..')
      throw new AppError(
        'CONVERT_CORRUPT',
        `The LaTeX source archive has a path leaving the archive (${JSON.stringify(raw.slice(0, 200))}); such archives are refused.`,
      );
    parts.push(p);
  }
  return parts.join('/');
}

function looksLikeText(b: Uint8Array): boolean {
  const n = Math.min(b.length, 4096);
  let bad = 0;
  for (let i = 0; i < n; i++) {
    const c = b[i]!;
    if (c === 0) return false;
    if (c < 9 || (c > 13 && c < 32)) bad++;
  }
  return bad <= n / 100;
}
