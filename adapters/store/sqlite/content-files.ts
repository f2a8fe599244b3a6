/**
 * Content-addressed Markdown files under `<dataDir>/content/`: the path comes from a sha256
 * hex digest only, never from a paper id (old ids contain '/').
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** Path of the file holding the text with this digest. Rejects anything but 64 hex digits. */
export function contentPath(contentDir: string, digest: string): string {
  if (!/^[0-9a-f]{64}$/.test(digest)) throw new Error(`not a sha256 digest: ${digest}`);
  return path.join(contentDir, digest.slice(0, 2), `${digest}.md`);
}

/** Writes the text (once per digest) atomically: temp file then rename. */
export function writeContentFile(contentDir: string, text: string): string {
  const digest = sha256Hex(text);
  const file = contentPath(contentDir, digest);
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
    writeFileSync(tmp, text, 'utf8');
    renameSync(tmp, file);
  }
  return digest;
}

export function readContentFile(contentDir: string, digest: string): string {
  return readFileSync(contentPath(contentDir, digest), 'utf8');
}
