/**
 * The document information dictionary's Title (hyperref's `pdftitle`) as the metadata title the
 * title choice prefers. It is often absent, sometimes a template placeholder (`ATLAS draft`), an
 * encoding wreck, or the title of an earlier paper the template came from: so it is used only
 * when page 1 prints it, in type larger than the body, as one block of consecutive lines.
 */
import type { Segment } from './pdf-layout.ts';
import { titleWords } from './pdf-front.ts';

/** The info title when page 1 prints it in large type, else undefined. */
export function printedInfoTitle(
  infoTitle: string | null | undefined,
  first: readonly Segment[],
  bodySize: number,
): string | undefined {
  const title = infoTitle?.trim();
  if (!title || title.length > 400) return undefined;
  const want = titleWords(title);
  // A placeholder or a label is no title: a real one has a few words.
  if (want.length < 3) return undefined;
  const wanted = new Set(want);
  // Blocks of consecutive large lines (reading order), broken by a line in smaller type (a mark
  // of a character or two, a footnote's, does not break one).
  // A gap of more than a line's height breaks one too (an institute's name set above the title).
  const blocks: string[][] = [];
  let last: Segment | null = null;
  for (const s of first) {
    if (s.size >= LARGE * bodySize) {
      if (!last || s.top - last.bottom > s.size) blocks.push([]);
      blocks.at(-1)!.push(s.text);
      last = s;
    } else if (s.text.length > 2) last = null;
  }
  // tt24: a block's first lines may print the title alone: LIPIcs sets the authors' names in large
  // type at the title's leading right under it, so the whole block holds the names as well.
  for (const b of blocks.flatMap((x) => x.map((_, k) => x.slice(0, x.length - k)))) {
    const got = titleWords(b.join(' '));
    const shared = got.filter((w) => wanted.has(w)).length;
    const have = new Set(got);
    const covered = [...wanted].filter((w) => have.has(w)).length;
    // Both ways: the block is the title (not a banner sharing a word), and it prints all of it.
    if (got.length && shared >= 0.9 * got.length && covered >= 0.9 * wanted.size) return title;
  }
  return undefined;
}

/** Type at least this much larger than the body sets a title. */
const LARGE = 1.15;
