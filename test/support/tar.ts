/**
 * Hand-made tar archives for the LaTeX-source tests (POSIX ustar, written here from the format
 * description, not with the converter's reader): real e-prints are gzipped tars, hostile ones
 * are built from the same pieces.
 */
import { gzipSync } from 'node:zlib';

function header(name: string, size: number, type = '0'): Buffer {
  const h = Buffer.alloc(512);
  h.write(name.slice(0, 100), 0, 'latin1');
  h.write('0000644\0', 100);
  h.write('0000000\0', 108);
  h.write('0000000\0', 116);
  h.write(`${size.toString(8).padStart(11, '0')}\0`, 124);
  h.write('00000000000\0', 136);
  h.write('        ', 148);
  h.write(type, 156);
  h.write('ustar\0', 257);
  h.write('00', 263);
  let sum = 0;
  for (const b of h) sum += b;
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return h;
}

/** A tar of the given files (name → text or bytes), in order. */
export function tar(files: Array<[string, string | Uint8Array]>): Buffer {
  const parts: Buffer[] = [];
  for (const [name, content] of files) {
    const data = typeof content === 'string' ? Buffer.from(content, 'utf8') : Buffer.from(content);
    parts.push(header(name, data.length), data, Buffer.alloc((512 - (data.length % 512)) % 512));
  }
  parts.push(Buffer.alloc(1024));
  return Buffer.concat(parts);
}

export const gzip = (b: Uint8Array | string): Buffer => gzipSync(typeof b === 'string' ? Buffer.from(b) : b);

/** A gzip that unpacks to `mb` megabytes of zeros: many 1 MB members (gunzip reads every member). */
export function gzipBomb(mb: number): Buffer {
  const member = gzipSync(Buffer.alloc(1024 * 1024));
  return Buffer.concat(new Array<Buffer>(mb).fill(member));
}

/** A gzipped tar of `count` empty files (the file-count cap). */
export function manyFiles(count: number): Buffer {
  const parts: Buffer[] = [];
  for (let i = 0; i < count; i++) parts.push(header(`f${i}.tex`, 0));
  parts.push(Buffer.alloc(1024));
  return gzipSync(Buffer.concat(parts));
}
