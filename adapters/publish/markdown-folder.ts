/**
 * The embedded default destination: one Markdown file per digest at
 * `<digestsDir>/<topic-slug>/<date>.md`. Files are only ever created, never replaced: a digest is
 * written to a temp file in `<digestsDir>/.tmp/` and hard-linked into place, which fails when the
 * name is taken. A retried publish finds its own file by the `key:` in the front matter; a different
 * digest with the same date goes to the next free name (`<date>-2.md`, `<date>-3.md`, …).
 */
import { randomBytes } from 'node:crypto';
import { link, mkdir, open, readdir, stat, unlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AppError, errorMessage, isAppError } from '../../domain/errors.ts';
import type { Digest, DigestEntry, Receipt } from '../../domain/digest.ts';
import { formatAuthors, formatScore, normalizeSpace, notCoveredSentence } from './text.ts';
import type { Publisher } from '../../app/ports/publisher.ts';
import type { PublisherPlugin } from './plugin.ts';

/**
 * The folder name for a subscription: lowercase ASCII letters, digits and single dashes, at most
 * 80 characters. Never contains a path separator or `..`, so a topic name cannot escape the
 * digests folder. Throws INVALID_INPUT when nothing usable remains.
 */
export function topicSlug(topic: string): string {
  const slug = topic
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
  if (slug.length === 0) {
    throw new AppError(
      'INVALID_INPUT',
      `Topic name "${topic}" has no letters or digits to name a folder with; rename the subscription`,
    );
  }
  return slug;
}

/**
 * The file a digest is written to first, relative to the digests folder. When another digest (a
 * different key) already holds that name, the publisher takes `<date>-2.md`, `<date>-3.md`, ….
 */
export function digestRelativePath(digest: Pick<Digest, 'subscription' | 'date'>): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(digest.date)) {
    throw new AppError('INVALID_INPUT', `Digest date "${digest.date}" is not YYYY-MM-DD`);
  }
  return path.join(topicSlug(digest.subscription), `${digest.date}.md`);
}

/**
 * The digest as Markdown: front matter (key, topic, date, papers), title, interest, then one
 * section per paper (title linked to arXiv, authors, categories, score, TL;DR, key points).
 * Pure and deterministic, so the CLI's `digest show` prints exactly what was published.
 */
export function renderDigestMarkdown(digest: Digest): string {
  const lines: string[] = [
    '---',
    `key: ${yamlString(digest.key)}`,
    `topic: ${yamlString(digest.subscription)}`,
    `date: ${digest.date}`,
    `window: ${yamlString(`${digest.windowStart} / ${digest.windowEnd}`)}`,
    `papers: ${digest.entries.length}`,
    '---',
    '',
    `# ${escapeInline(normalizeSpace(digest.subscription))} — ${digest.date}`,
    '',
    `> ${escapeInline(normalizeSpace(digest.interest))}`,
    '',
    ...notCoveredLines(digest),
    digest.entries.length === 0
      ? '_No new papers in this window._'
      : `${digest.entries.length} paper${digest.entries.length === 1 ? '' : 's'}, best first.`,
    '',
  ];
  digest.entries.forEach((entry, i) => lines.push(...renderEntry(entry, i + 1), ''));
  return `${lines.join('\n').trimEnd()}\n`;
}

/** The announcements a digest could not cover (missed for longer than the catch-up limit), said up front. */
function notCoveredLines(digest: Digest): string[] {
  const sentence = notCoveredSentence(digest.notCovered);
  return sentence ? [`**${escapeInline(sentence)}**`, ''] : [];
}

function renderEntry(entry: DigestEntry, rank: number): string[] {
  const id = entry.version ? `${entry.arxivId}v${entry.version}` : entry.arxivId;
  const links = [`[abs](${entry.absUrl})`, ...(entry.pdfUrl ? [`[pdf](${entry.pdfUrl})`] : [])].join(' · ');
  const lines = [
    `## ${rank}. [${escapeInline(normalizeSpace(entry.title))}](${entry.absUrl})`,
    '',
    `**Authors:** ${escapeInline(formatAuthors(entry.authors))}  `,
    `**Categories:** ${[entry.primaryCategory, ...entry.categories.filter((c) => c !== entry.primaryCategory)].join(', ')}  `,
    ...(entry.why ? [`**Why:** ${escapeInline(entry.why.text)}  `] : []),
    `**Score:** ${formatScore(entry.score)} · arXiv:${id} · ${links}`,
    '',
    `**TL;DR:** ${escapeInline(normalizeSpace(entry.summary.tldr))}`,
  ];
  const points = entry.summary.keyPoints.map(normalizeSpace).filter((p) => p.length > 0);
  if (points.length > 0) lines.push('', ...points.map((p) => `- ${escapeInline(p)}`));
  return lines;
}

/** Temp files live in this folder of the digests folder: same file system, so link() is atomic; never in a topic folder. */
export const TEMP_DIR = '.tmp';
/** A temp file this old is abandoned, whoever wrote it (a worker that crashed on another host). */
const STALE_TEMP_MS = 60 * 60 * 1000;
/** Names tried per date: far more digests than one subscription makes for one date. */
const MAX_NAMES = 1000;
/** How much of an existing file is read to find the `key:` line of its front matter. */
const FRONT_MATTER_BYTES = 64 * 1024;
/** `<host>_<pid>_<random>.tmp`; hostTag() keeps `_` out of the host part. */
const TEMP_NAME = /^(.+)_(\d+)_[0-9a-f]+\.tmp$/;
/** Temp files of the version that wrote them beside the digest (`<date>.md.<hex>.tmp`). */
const LEGACY_TEMP_NAME = /^\d{4}-\d{2}-\d{2}\.md\.[0-9a-f]+\.tmp$/;

/**
 * Creates the Markdown-folder publisher writing under `digestsDir` (usually DATA_DIR/digests).
 * Never replaces or rewrites a file: safe with several workers (on several hosts) sharing the folder,
 * and with workers killed at any instruction (the topic folder only ever holds complete digests).
 */
export function createMarkdownFolderPublisher(opts: { digestsDir: string }): Publisher {
  const root = path.resolve(opts.digestsDir);
  const tmpDir = path.join(root, TEMP_DIR);
  const host = hostTag(os.hostname());
  return {
    kind: 'markdown',
    async publish(digest: Digest): Promise<Receipt> {
      const folder = path.join(root, path.dirname(digestRelativePath(digest)));
      try {
        await mkdir(folder, { recursive: true });
        await mkdir(tmpDir, { recursive: true });
        await removeStaleTemps(tmpDir, host);
        await removeLegacyTemps(folder);
        const file = await placeDigest(digest, folder, tmpDir, host);
        const { mtime } = await stat(file);
        return { destination: 'markdown', ref: file, url: null, publishedAt: mtime.toISOString() };
      } catch (e) {
        if (isAppError(e)) throw e;
        throw new AppError(
          'PUBLISH_FAILED',
          `Could not write the digest ${digest.key} under ${folder}: ${errorMessage(e)}; check DATA_DIR is writable`,
          {
            retryable: true,
            cause: e,
          },
        );
      }
    },
  };
}

/**
 * Finds the digest's file by key, or creates it at the first free name. The file appears whole or
 * not at all: written and synced as a temp file, then hard-linked into place (link() fails with
 * EEXIST instead of replacing, unlike rename()).
 */
async function placeDigest(digest: Digest, folder: string, tmpDir: string, host: string): Promise<string> {
  let tmp: string | null = null;
  try {
    let n = 1;
    for (let attempt = 0; attempt < MAX_NAMES * 2 && n <= MAX_NAMES; attempt++) {
      const file = path.join(folder, n === 1 ? `${digest.date}.md` : `${digest.date}-${n}.md`);
      const holder = await digestKeyIn(file);
      if (holder === digest.key) return file;
      if (holder !== undefined) {
        n++; // another digest (or a file that is no digest) holds this name
        continue;
      }
      tmp ??= await writeTemp(tmpDir, host, renderDigestMarkdown(digest));
      try {
        await link(tmp, file);
      } catch (e) {
        if (errorCode(e) === 'EEXIST') continue; // created meanwhile (maybe by a retry of this digest): look again
        throw e;
      }
      await syncFolder(folder);
      return file;
    }
    throw new AppError(
      'PUBLISH_FAILED',
      `No free file name for the digest ${digest.key} in ${folder} after ${MAX_NAMES} tries; remove old digests there`,
    );
  } finally {
    if (tmp) await unlink(tmp).catch(() => undefined);
  }
}

/**
 * The key in a file's front matter: undefined when there is no file, null when it has no key line
 * (a file someone else put there), else the key.
 */
async function digestKeyIn(file: string): Promise<string | null | undefined> {
  let head: string;
  try {
    const fh = await open(file, 'r');
    try {
      const buf = Buffer.alloc(FRONT_MATTER_BYTES);
      const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
      head = buf.subarray(0, bytesRead).toString('utf8');
    } finally {
      await fh.close();
    }
  } catch (e) {
    if (errorCode(e) === 'ENOENT') return undefined;
    if (errorCode(e) === 'EISDIR') return null;
    throw e;
  }
  const lines = head.split('\n');
  if (lines[0] !== '---') return null;
  for (const line of lines.slice(1)) {
    if (line === '---') break;
    if (!line.startsWith('key: ')) continue;
    const value = line.slice('key: '.length).trim();
    try {
      const parsed: unknown = JSON.parse(value);
      return typeof parsed === 'string' ? parsed : null;
    } catch {
      return value;
    }
  }
  return null;
}

/** Writes and syncs a new temp file in `tmpDir`, named so removeStaleTemps can tell whose it is. */
async function writeTemp(tmpDir: string, host: string, content: string): Promise<string> {
  const tmp = path.join(tmpDir, `${host}_${process.pid}_${randomBytes(8).toString('hex')}.tmp`);
  try {
    const fh = await open(tmp, 'wx');
    try {
      await fh.writeFile(content, 'utf8');
      await fh.sync();
    } finally {
      await fh.close();
    }
  } catch (e) {
    await unlink(tmp).catch(() => undefined);
    throw e;
  }
  return tmp;
}

/**
 * Removes temp files left by killed publishers: those of a process of this host that no longer
 * exists, and any older than an hour (other hosts' processes cannot be checked). A temp already
 * linked into place is only a second name of a complete digest, so removing it loses nothing.
 */
async function removeStaleTemps(tmpDir: string, host: string): Promise<void> {
  const names = await readdir(tmpDir).catch(() => [] as string[]);
  const now = Date.now();
  await Promise.all(
    names.map(async (name) => {
      const file = path.join(tmpDir, name);
      const m = TEMP_NAME.exec(name);
      let stale = m !== null && m[1] === host && !processExists(Number(m[2]));
      if (!stale) {
        const st = await stat(file).catch(() => null);
        stale = st !== null && now - st.mtimeMs > STALE_TEMP_MS;
      }
      if (stale) await unlink(file).catch(() => undefined);
    }),
  );
}

/** Removes temp files the previous version wrote into topic folders, once no writer can still own them. */
async function removeLegacyTemps(folder: string): Promise<void> {
  const names = await readdir(folder).catch(() => [] as string[]);
  const now = Date.now();
  for (const name of names.filter((n) => LEGACY_TEMP_NAME.test(n))) {
    const file = path.join(folder, name);
    const st = await stat(file).catch(() => null);
    if (st !== null && now - st.mtimeMs > STALE_TEMP_MS) await unlink(file).catch(() => undefined);
  }
}

/** The host part of temp names: the hostname without `_` or path characters. */
function hostTag(hostname: string): string {
  return hostname.replace(/[^A-Za-z0-9.-]/g, '-') || 'host';
}

function processExists(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return errorCode(e) === 'EPERM'; // exists, owned by another user
  }
}

/** Makes a new directory entry durable (best effort: not every file system lets a folder be synced). */
async function syncFolder(folder: string): Promise<void> {
  try {
    const fh = await open(folder, 'r');
    try {
      await fh.sync();
    } finally {
      await fh.close();
    }
  } catch {
    // the link itself is done; only durability across power loss is at stake
  }
}

function errorCode(e: unknown): string | undefined {
  return typeof e === 'object' && e !== null && 'code' in e && typeof e.code === 'string'
    ? e.code
    : undefined;
}

function yamlString(s: string): string {
  return JSON.stringify(s);
}

/** Escapes characters that would start Markdown constructs inside a line. */
function escapeInline(s: string): string {
  return s.replace(/([\\`*_[\]<>])/g, '\\$1');
}

/** The `markdown` destination: always there, used when a subscription asks for it or nothing else is configured. */
export const markdownPublisher: PublisherPlugin = {
  kind: 'markdown',
  env: ['DATA_DIR'],
  fallback: true,
  chosen: (destinations) => destinations.markdown,
  create({ config }) {
    const publisher = createMarkdownFolderPublisher({ digestsDir: path.join(config.DATA_DIR, 'digests') });
    return () => publisher;
  },
};
