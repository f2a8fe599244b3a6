/**
 * The embedded default destination: one Markdown file per digest at
 * `<digestsDir>/<topic-slug>/<date>.md`. The path is a pure function of the digest, so a retried
 * publish finds (and, if needed, rewrites) the same file instead of adding another.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError, errorMessage } from '../../lib/errors.ts';
import type { Digest, DigestEntry, Receipt } from './digest.ts';
import { formatAuthors, formatScore, normalizeSpace } from './text.ts';
import type { Publisher } from './types.ts';

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
    throw new AppError('INVALID_INPUT', `Topic name "${topic}" has no letters or digits to name a folder with; rename the subscription`);
  }
  return slug;
}

/** The file a digest is written to, relative to the digests folder. */
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
    digest.entries.length === 0
      ? '_No new papers in this window._'
      : `${digest.entries.length} paper${digest.entries.length === 1 ? '' : 's'}, best first.`,
    '',
  ];
  digest.entries.forEach((entry, i) => lines.push(...renderEntry(entry, i + 1), ''));
  return `${lines.join('\n').trimEnd()}\n`;
}

function renderEntry(entry: DigestEntry, rank: number): string[] {
  const id = entry.version ? `${entry.arxivId}v${entry.version}` : entry.arxivId;
  const links = [`[abs](${entry.absUrl})`, ...(entry.pdfUrl ? [`[pdf](${entry.pdfUrl})`] : [])].join(' · ');
  const lines = [
    `## ${rank}. [${escapeInline(normalizeSpace(entry.title))}](${entry.absUrl})`,
    '',
    `**Authors:** ${escapeInline(formatAuthors(entry.authors))}  `,
    `**Categories:** ${[entry.primaryCategory, ...entry.categories.filter((c) => c !== entry.primaryCategory)].join(', ')}  `,
    `**Score:** ${formatScore(entry.score)} · arXiv:${id} · ${links}`,
    '',
    `**TL;DR:** ${escapeInline(normalizeSpace(entry.summary.tldr))}`,
  ];
  const points = entry.summary.keyPoints.map(normalizeSpace).filter((p) => p.length > 0);
  if (points.length > 0) lines.push('', ...points.map((p) => `- ${escapeInline(p)}`));
  return lines;
}

/** Creates the Markdown-folder publisher writing under `digestsDir` (usually DATA_DIR/digests). */
export function createMarkdownFolderPublisher(opts: { digestsDir: string }): Publisher {
  const root = path.resolve(opts.digestsDir);
  return {
    kind: 'markdown',
    async publish(digest: Digest): Promise<Receipt> {
      const file = path.join(root, digestRelativePath(digest));
      const content = renderDigestMarkdown(digest);
      const existing = await readFile(file, 'utf8').catch(() => null);
      if (existing !== content) await writeAtomically(file, content);
      const { mtime } = await stat(file);
      return { destination: 'markdown', ref: file, url: null, publishedAt: mtime.toISOString() };
    },
  };
}

/** Temp file in the same folder + rename: readers never see a half-written digest. */
async function writeAtomically(file: string, content: string): Promise<void> {
  const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(tmp, content, { encoding: 'utf8', flag: 'wx' });
    await rename(tmp, file);
  } catch (e) {
    await unlink(tmp).catch(() => undefined);
    throw new AppError('PUBLISH_FAILED', `Could not write digest file ${file}: ${errorMessage(e)}; check DATA_DIR is writable`, {
      retryable: true,
      cause: e,
    });
  }
}

function yamlString(s: string): string {
  return JSON.stringify(s);
}

/** Escapes characters that would start Markdown constructs inside a line. */
function escapeInline(s: string): string {
  return s.replace(/([\\`*_[\]<>])/g, '\\$1');
}
