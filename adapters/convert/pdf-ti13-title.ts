/**
 * Two title-choice rules that hold for any layout. A journal's subject label (a "kicker") set in
 * smaller, lighter type right above the title is not the title's first line. A book's or thesis's
 * cover (page 1 carrying only display type) is art; the title page after it prints the title in
 * full and is the authority (librarians take the title from the title page, not the cover).
 */
import type { Segment } from './pdf-layout.ts';
import { isTitlePage, titleWords } from './pdf-front.ts';

/**
 * The title's first line given the topmost large line `first` among the candidate lines `top`
 * (sorted by top): when the next line is larger and bold while `first` is not, and sits right
 * below it, `first` is a kicker (Bioinformatics' `Genetics and Population Analysis`): a title
 * keeps one face over its lines.
 */
export function pastKicker(top: readonly Segment[], first: Segment): Segment {
  const next = top[top.indexOf(first) + 1];
  if (
    next &&
    first.bold !== true &&
    next.bold === true &&
    next.size >= 1.15 * first.size &&
    next.top - first.bottom <= 1.5 * first.size
  )
    return next;
  return first;
}

/** Words for comparing a title's printings: `&` is `and`. */
const words = (t: string) => titleWords(t.replace(/&/g, ' and '));

/** Pages after a cover where its title page may stand (a blank or a half-title page between). */
const LOOK = 4;

/**
 * The title printed on the title page after a cover: the first block of consecutive large lines
 * on one of the next pages that holds all the cover title's words and no fewer words. Its text and
 * lines (which are then not written again), or null when page 1 is no cover or no such page follows.
 */
export function titlePageTitle(
  pages: readonly Segment[][],
  title: { text: string; segments: readonly Segment[] } | null,
  body: number,
): { text: string; segments: Segment[] } | null {
  const first = pages[0] ?? [];
  if (!title || !isTitlePage(first) || first.length > 12) return null;
  const want = words(title.text);
  if (want.length < 2) return null;
  for (let p = 1; p <= LOOK && p < pages.length; p++) {
    const block = largeBlock(pages[p] ?? [], body);
    if (!block.length) continue;
    const got = words(block.map((s) => s.text).join(' '));
    const have = new Set(got);
    if (got.length < want.length || want.some((w) => !have.has(w))) continue;
    const text = block
      .map((s) => s.text.trim())
      .join(' ')
      .replace(/-\s(?=\p{Ll})/gu, '');
    return text === title.text ? null : { text, segments: block };
  }
  return null;
}

/** The first lines of a page in large type (≥ 1.15× body), one size, each within a line's height of the last. */
function largeBlock(page: readonly Segment[], body: number): Segment[] {
  const sorted = [...page].sort((a, b) => a.top - b.top);
  const start = sorted.findIndex((s) => s.size >= 1.15 * body && /\p{L}{2}/u.test(s.text));
  if (start < 0) return [];
  const block = [sorted[start]!];
  for (const s of sorted.slice(start + 1)) {
    const last = block[block.length - 1]!;
    if (Math.abs(s.size - last.size) > 0.3 || s.top - last.bottom > 1.3 * last.size) break;
    block.push(s);
  }
  return block;
}
