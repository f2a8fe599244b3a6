/**
 * The PDF's own outline (bookmarks) as a heading signal. LaTeX's hyperref writes one bookmark per
 * sectioning command, with a destination just above the heading it names; a line that the
 * bookmark points at and whose text is the bookmark's title is a heading whatever its typography.
 * A bookmark is only ever a vote for a line that matches it: one for a figure, a title page or
 * `Contents` finds no matching line and does nothing, and a heading no bookmark names keeps
 * whatever the layout rules decided (outlines stop at a depth, and run-in heads have none).
 */
import { anchorCarriedOver } from './pdf-hd27-foot-anchor.ts';
import type { PDFDocumentProxy } from 'pdfjs-dist/types/src/display/api.js';
import type { Segment } from './pdf-layout.ts';
import { headingDepth, parseSectionNumber } from './pdf-numbering.ts';

/** One outline entry, its destination in our top-down page coordinates. */
export interface Bookmark {
  title: string;
  /** 0 for a top-level entry. */
  depth: number;
  /** 0-based page index. */
  page: number;
  /** Top-down y of the destination (points from the top of the page), or null when it has none. */
  y: number | null;
}

/** A hostile outline (millions of entries, deep nesting) costs at most this many. */
export const MAX_BOOKMARKS = 2000;
const MAX_DEPTH = 8;

type OutlineNode = { title?: unknown; dest?: unknown; items?: unknown };

/**
 * Read and resolve the outline. `pageTops[p]` is page p's view top (PDF y of its upper edge), the
 * same origin toRun measures from. No page is loaded; an entry that does not resolve is skipped,
 * and any failure yields what was read so far (bookmarks are a hint, never a reason to fail).
 */
export async function readBookmarks(doc: PDFDocumentProxy, pageTops: number[]): Promise<Bookmark[]> {
  const out: Bookmark[] = [];
  let outline: OutlineNode[] | null;
  try {
    outline = (await doc.getOutline()) as OutlineNode[] | null;
  } catch {
    return out;
  }
  const pageOfRef = new Map<string, number | null>();
  const stack: { node: OutlineNode; depth: number }[] = (outline ?? [])
    .slice(0, MAX_BOOKMARKS)
    .map((node) => ({ node, depth: 0 }))
    .reverse();
  let visited = 0;
  while (stack.length && visited < MAX_BOOKMARKS) {
    const { node, depth } = stack.pop()!;
    visited++;
    const items = Array.isArray(node.items) ? (node.items as OutlineNode[]) : [];
    if (depth + 1 < MAX_DEPTH)
      for (let k = Math.min(items.length, MAX_BOOKMARKS) - 1; k >= 0; k--)
        stack.push({ node: items[k]!, depth: depth + 1 });
    if (typeof node.title !== 'string' || !node.title.trim()) continue;
    try {
      const target = await resolveDest(doc, node.dest, pageOfRef);
      if (!target || target.page >= pageTops.length) continue;
      const top = pageTops[target.page]!;
      out.push({
        title: node.title,
        depth,
        page: target.page,
        y: target.top === null ? null : top - target.top,
      });
    } catch {
      // A broken destination only loses its bookmark.
    }
  }
  return out;
}

/** The info dictionary's Title, or null (absent, not a string, or unreadable). */
export async function readInfoTitle(doc: PDFDocumentProxy): Promise<string | null> {
  try {
    const title = ((await doc.getMetadata()).info as { Title?: unknown } | null)?.Title;
    return typeof title === 'string' && title.trim() ? title.slice(0, 1000) : null;
  } catch {
    return null;
  }
}

/** A destination's page index and PDF-space top (XYZ, FitH, FitBH, FitR), or null. */
async function resolveDest(
  doc: PDFDocumentProxy,
  dest: unknown,
  pageOfRef: Map<string, number | null>,
): Promise<{ page: number; top: number | null } | null> {
  const explicit = typeof dest === 'string' ? await doc.getDestination(dest) : dest;
  if (!Array.isArray(explicit) || explicit.length < 2) return null;
  const [ref, kind] = explicit as [unknown, { name?: string } | undefined];
  let page: number | null = null;
  if (typeof ref === 'number' && Number.isInteger(ref)) page = ref;
  else if (ref && typeof ref === 'object' && 'num' in ref && 'gen' in ref) {
    const key = `${String(ref.num)}R${String(ref.gen)}`;
    if (!pageOfRef.has(key))
      pageOfRef.set(key, await doc.getPageIndex(ref as { num: number; gen: number }).catch(() => null));
    page = pageOfRef.get(key) ?? null;
  }
  if (page === null || page < 0) return null;
  const name = kind?.name;
  const at = name === 'XYZ' ? 3 : name === 'FitH' || name === 'FitBH' ? 2 : name === 'FitR' ? 5 : -1;
  const v = at >= 0 ? explicit[at] : null;
  return { page, top: typeof v === 'number' && Number.isFinite(v) ? v : null };
}

/** A full stop at the end (not an ellipsis). */
const RUN_IN_STOP = /[^.]\.\s*$/;

/** What a matched bookmark tells the heading decision. */
export interface BookmarkHeading {
  /** The outline depth (0 = a section). */
  depth: number;
  /** Lines after it (in reading order) that complete the bookmark's title: a wrapped heading. */
  wraps: Segment[];
  /** The line's text is the title's (not only most of its words): nothing runs in after it. */
  exact: boolean;
}

/**
 * Letters and digits only, lower case, accents and the section number removed: `3.2 Multi-
 * Scale Fusion` and `Multiscale fusion` both become `multiscalefusion`.
 */
export function titleKey(text: string): string {
  return plainKey(text.replace(NUMBER_LEAD, ''));
}

/** The key with a leading number kept: a title that starts with a one-letter word (`A Study…`) loses it to titleKey. */
function plainKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/** Both keys of a text, without and with what may be its number. */
function keys(text: string): string[] {
  const a = titleKey(text);
  const b = plainKey(text);
  return a === b ? [a] : [a, b];
}

/**
 * A section number (or `Appendix A`, `Chapter 2`) at the start of a title, with its closer; hd23:
 * MNRAS's appendix subsection `B12` is a letter and digits fused, as in pdf-numbering.ts.
 */
const NUMBER_LEAD =
  /^\s*(?:(?:appendix|chapter|part|section)\s+)?(?:[A-Z]\d{1,2}|[A-Z]|[IVXivx]{1,5}|\d{1,3}|S\d{1,2})(?:\.(?:\d{1,3}|[A-Za-z]))*[.:)]?\s+(?=\S)/i;

/** The text after its leading section number. */
function stripNumber(text: string): string {
  return text.replace(NUMBER_LEAD, '');
}

/** Words of two letters or more, for the overlap test of titles with math in them. */
function words(text: string): string[] {
  return (
    text
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .match(/\p{L}{2,}/gu) ?? []
  );
}

/** Most words shared both ways: a `\texorpdfstring` title whose math is spelled out differently. */
function wordsOverlap(a: string, b: string): boolean {
  const wa = words(a);
  const wb = new Set(words(b));
  if (wa.length < 3 || wb.size < 3) return false;
  const shared = new Set(wa.filter((x) => wb.has(x))).size;
  return shared >= 0.8 * new Set(wa).size && shared >= 0.8 * wb.size;
}

/**
 * Match each bookmark to the line it points at: on its page, the nearest line at or below its y
 * (a little slack above) whose text is the bookmark's title, or starts it and is completed by
 * the next line or two (a wrapped heading). Without a y, the one line of the page with that text.
 * Lines of the page are in reading order, so a wrap continues with the next segments.
 */
export function matchBookmarks(
  bookmarks: readonly Bookmark[],
  pages: Segment[][],
  bodySize: number,
): Map<Segment, BookmarkHeading> {
  const out = new Map<Segment, BookmarkHeading>();
  const look = (b: Bookmark) => {
    const segs = pages[b.page];
    const key = keys(b.title);
    // A title closed by a full stop is a run-in head (`\paragraph{Funding.}`, a summary sentence):
    // it stays with its paragraph, as the layout rules leave it.
    if (!segs || key[0]!.length < 2 || RUN_IN_STOP.test(b.title)) return;
    const found: { s: Segment; wraps: Segment[]; exact: boolean; dist: number }[] = [];
    for (const [i, s] of segs.entries()) {
      // The destination sits a little above the heading's top (the anchor is set before the skip).
      if (out.has(s) || (b.y !== null && s.top < b.y - 1.5 * bodySize)) continue;
      // A chapter's title may sit far below its anchor (the sink of a book class's chapter
      // opening, ~100 pt); only the title's exact text is looked for that far. Lines past that
      // are passed before their text is read.
      const below = b.y === null ? 0 : s.top - b.y;
      if (below > 16 * bodySize) continue;
      const hit = matchAt(b.title, key, segs, i);
      if (!hit || below > (hit.exact ? 16 : 8) * bodySize) continue;
      found.push({ s, ...hit, dist: b.y === null ? 0 : Math.abs(s.top - b.y) });
    }
    if (!found.length || (b.y === null && found.length > 1)) return false;
    const best = found.reduce((a, c) => (c.dist < a.dist ? c : a));
    out.set(best.s, { depth: b.depth, wraps: best.wraps, exact: best.exact });
    return true;
  };
  for (const b of bookmarks) {
    // hd27: or an anchor left at the foot of the page before its head.
    if (look(b) === false) {
      const moved = anchorCarriedOver(b, pages);
      if (moved) look(moved);
    }
  }
  return out;
}

/** The continuation lines when segs[i] (and up to two after it) spell the title, else null. */
function matchAt(
  title: string,
  bkeys: string[],
  segs: Segment[],
  i: number,
): { wraps: Segment[]; exact: boolean } | null {
  const s = segs[i]!;
  // An unnumbered line closed by a full stop is a run-in head (`Acknowledgments.` then its text),
  // left to its paragraph; a numbered one is a display heading in some classes (SIAM's `1. Introduction.`).
  if (s.text.length > 3 * title.length + 20 || (RUN_IN_STOP.test(s.text) && !parseSectionNumber(s.text)))
    return null;
  const lkeys = keys(s.text.replace(/\.\s*$/, ''));
  if (lkeys.some((k) => bkeys.includes(k))) return { wraps: [], exact: true };
  // Spelled-out math in the title: most words shared, and no longer than the title (never a sentence holding its words).
  const len = lkeys[0]!.length;
  // A stop inside the line and text after it is a run-in head (`4. Title. Theorem 6.3,`), not a title.
  if (
    len >= 4 &&
    len <= 1.2 * bkeys[0]!.length + 4 &&
    !/\.\s+\S/.test(stripNumber(s.text)) &&
    wordsOverlap(title, s.text)
  )
    return { wraps: [], exact: false };
  // A wrapped heading: this line starts the title and the next lines, close below, complete it.
  for (const k of lkeys)
    for (const key of bkeys) {
      const wraps = k.length >= 4 && key.startsWith(k) ? wrapsOf(key, k, segs, i) : null;
      if (wraps) return { wraps, exact: false };
    }
  return null;
}

/** The lines after segs[i] that complete `key` from its start `k`, or null. */
function wrapsOf(key: string, k: string, segs: Segment[], i: number): Segment[] | null {
  const s = segs[i]!;
  let joined = k;
  const wraps: Segment[] = [];
  let last = s;
  for (let j = i + 1; j < segs.length && wraps.length < 2; j++) {
    const n = segs[j]!;
    if (n.page !== s.page || n.top < last.top || n.top - last.bottom > 1.5 * s.size) return null;
    joined += titleKey(n.text);
    wraps.push(n);
    last = n;
    if (joined === key) return wraps;
    if (!key.startsWith(joined)) return null;
  }
  return null;
}

/** The Markdown level a matched line takes: from its number when it has one, else its depth. */
export function bookmarkLevel(s: Segment, hit: BookmarkHeading, sawRoman: boolean): number {
  const n = parseSectionNumber(s.text);
  return n ? headingDepth(n, sawRoman) : Math.min(6, 2 + hit.depth);
}
