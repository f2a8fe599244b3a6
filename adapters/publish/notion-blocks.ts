/**
 * The digest as Notion request objects (page properties and blocks), kept within Notion's
 * documented request limits. Pure: no I/O.
 * Limits: https://developers.notion.com/reference/request-limits
 */
import type { BlockObjectRequest } from '@notionhq/client';
import type { Digest, DigestEntry } from '../../domain/digest.ts';
import { formatAuthors, formatScore, normalizeSpace, notCoveredSentence, splitText } from './text.ts';

export const NOTION_LIMITS = {
  /** Children per create-page or append-children request. */
  childrenPerRequest: 100,
  /** Characters per rich-text `text.content`. */
  richTextContent: 2000,
  /** Items per rich-text array. */
  richTextItems: 100,
  /** Request payload size; we stay well under Notion's 500 KB. */
  requestBytes: 400_000,
} as const;

/** A rich-text item as this project sends it (a subset of the SDK's RichTextItemRequest). */
export interface NotionRichText {
  type: 'text';
  text: { content: string; link?: { url: string } };
  annotations?: { bold?: boolean; italic?: boolean };
}

export interface TextSegment {
  text: string;
  bold?: boolean;
  italic?: boolean;
  link?: string;
}

/**
 * Rich text for `segments`: each segment split into items of at most 2000 characters, at most
 * 100 items in all (the rest is cut, ending with '…').
 */
export function richText(...segments: TextSegment[]): NotionRichText[] {
  const items: NotionRichText[] = [];
  for (const seg of segments) {
    if (seg.text.length === 0) continue;
    for (const piece of splitText(seg.text, NOTION_LIMITS.richTextContent)) {
      const annotations =
        seg.bold || seg.italic
          ? { ...(seg.bold ? { bold: true } : {}), ...(seg.italic ? { italic: true } : {}) }
          : undefined;
      items.push({
        type: 'text',
        text: { content: piece, ...(seg.link ? { link: { url: seg.link } } : {}) },
        ...(annotations ? { annotations } : {}),
      });
    }
  }
  if (items.length > NOTION_LIMITS.richTextItems) {
    const kept = items.slice(0, NOTION_LIMITS.richTextItems);
    const last = kept[kept.length - 1];
    if (last) last.text.content = `${last.text.content.slice(0, NOTION_LIMITS.richTextContent - 1)}…`;
    return kept;
  }
  return items;
}

const paragraph = (...segments: TextSegment[]): BlockObjectRequest => ({
  object: 'block',
  type: 'paragraph',
  paragraph: { rich_text: richText(...segments) },
});

/**
 * The page body: the interest and window, then per paper a heading (rank and title linked to
 * arXiv), authors, score / categories / links, TL;DR, one bullet per key point, and a divider.
 * Flat (no nested children), so every block counts once toward the 100-children limit and the
 * blocks already on a page are a prefix of this list (see docs/publishing.md).
 */
export function digestToNotionBlocks(digest: Digest): BlockObjectRequest[] {
  const blocks: BlockObjectRequest[] = [
    paragraph({ text: normalizeSpace(digest.interest), italic: true }),
    paragraph({
      text: `${digest.entries.length} paper${digest.entries.length === 1 ? '' : 's'}, best first · announced ${digest.windowStart} → ${digest.windowEnd}`,
    }),
    ...[notCoveredSentence(digest.notCovered)].flatMap((text) => (text ? [paragraph({ text })] : [])),
    { object: 'block', type: 'divider', divider: {} },
  ];
  if (digest.entries.length === 0) blocks.push(paragraph({ text: 'No new papers in this window.' }));
  digest.entries.forEach((entry, i) => blocks.push(...paperBlocks(entry, i + 1)));
  return blocks;
}

function paperBlocks(entry: DigestEntry, rank: number): BlockObjectRequest[] {
  const id = entry.version ? `${entry.arxivId}v${entry.version}` : entry.arxivId;
  const categories = [entry.primaryCategory, ...entry.categories.filter((c) => c !== entry.primaryCategory)];
  const links: TextSegment[] = [{ text: `arXiv:${id}`, link: entry.absUrl }];
  if (entry.pdfUrl) links.push({ text: ' · ' }, { text: 'PDF', link: entry.pdfUrl });
  return [
    {
      object: 'block',
      type: 'heading_2',
      heading_2: {
        rich_text: richText({ text: `${rank}. ${normalizeSpace(entry.title)}`, link: entry.absUrl }),
      },
    },
    paragraph({ text: 'Authors: ', bold: true }, { text: formatAuthors(entry.authors) }),
    paragraph(
      { text: 'Score: ', bold: true },
      { text: `${formatScore(entry.score)} · ` },
      { text: 'Categories: ', bold: true },
      { text: `${categories.join(', ')} · ` },
      ...links,
    ),
    ...(entry.why ? [paragraph({ text: 'Why: ', bold: true }, { text: entry.why.text })] : []),
    paragraph({ text: 'TL;DR: ', bold: true }, { text: normalizeSpace(entry.summary.tldr) }),
    ...entry.summary.keyPoints
      .map(normalizeSpace)
      .filter((p) => p.length > 0)
      .map((p): BlockObjectRequest => ({
        object: 'block',
        type: 'bulleted_list_item',
        bulleted_list_item: { rich_text: richText({ text: p }) },
      })),
    // The reader ticks it; the next digest run reads it back as 👍 (notion.ts readFeedback).
    {
      object: 'block',
      type: 'to_do',
      to_do: { rich_text: richText({ text: relevantLabel(entry.arxivId) }), checked: false },
    },
    { object: 'block', type: 'divider', divider: {} },
  ];
}

/** The text of an entry's "Relevant" checkbox: it names the paper, so reading it back needs nothing else. */
export const relevantLabel = (arxivId: string) => `Relevant — more like arXiv:${arxivId}`;
const RELEVANT_LABEL = /^Relevant — more like arXiv:(\S+)$/;

/** The paper a "Relevant" checkbox's text names, or null for any other text. */
export function relevantLabelId(text: string): string | null {
  return RELEVANT_LABEL.exec(text)?.[1] ?? null;
}

/**
 * Splits blocks, in order, into requests of at most 100 blocks and about 400 KB of JSON each
 * (Notion: 100 children and 500 KB per request).
 */
export function chunkBlocks<B>(
  blocks: readonly B[],
  maxCount: number = NOTION_LIMITS.childrenPerRequest,
): B[][] {
  const chunks: B[][] = [];
  let current: B[] = [];
  let bytes = 0;
  for (const block of blocks) {
    const size = Buffer.byteLength(JSON.stringify(block));
    if (current.length >= maxCount || (current.length > 0 && bytes + size > NOTION_LIMITS.requestBytes)) {
      chunks.push(current);
      current = [];
      bytes = 0;
    }
    current.push(block);
    bytes += size;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

/** The type of a block request (`paragraph`, `heading_2`, …): what resume compares. */
export function blockType(block: BlockObjectRequest): string {
  return (block as { type?: string }).type ?? Object.keys(block).find((k) => k !== 'object') ?? 'unknown';
}
