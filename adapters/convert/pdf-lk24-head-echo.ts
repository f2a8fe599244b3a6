/**
 * A running head's words printed once more on page 1 (session 23, helper "lk24", issue #30). Some
 * classes print the text of the running head's slot under the title on the first page, in the head's
 * own small type: `arxiv.sty` sets its `\headeright` there (`A PREPRINT` by default, often the
 * package's or project's short name), while later pages carry it in the head beside the date
 * (`SHORTNAME - JULY 9, 2025`). The heads are dropped by repetition; page 1's print differs in
 * place and text from them, so it stayed in the author block. A line of page 1 in small type
 * (below body size: no title, author or body line) whose words are the whole of one part of a
 * running head that later pages print and that was dropped as furniture is furniture too. Only a
 * part of a head of several (`SHORTNAME` of `SHORTNAME - JULY 9, 2025`): a head that is one line of
 * words is the author's name or the title (amsart prints the author under the title and again in
 * the even pages' head), which page 1 prints in its own right. A metadata line (`PREPRINT`) is left
 * to the front block, which takes it anyway, and so is a line of author names.
 */
import { isAuthorLine } from './pdf-authors.ts';
import { isFrontMeta } from './pdf-front.ts';
import type { Segment } from './pdf-layout.ts';

/** A head's part compared across pages: lower case, letters and digits, page numbers as `#`. */
const key = (t: string) =>
  t
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\d+/g, '#')
    .replace(/[^\p{L}\p{N}#]+/gu, ' ')
    .trim();

/** Where a head's parts meet: a spaced dash, bar, bullet or middle dot. */
const PART_BREAK = /\s+[-–—|•·]\s+/;

/** The share of the later pages that must print a head's part (pages with a float may lack the head). */
const MOST = 0.5;

/**
 * Page 1's lines of `kept` that repeat a part of a running head `raw` had on later pages and that was
 * dropped (not in `kept`), set below body size in page 1's top half.
 */
export function firstPageHeadEchoes(
  raw: readonly Segment[][],
  kept: readonly Segment[][],
  heights: readonly number[],
  body: number,
): Set<Segment> {
  const out = new Set<Segment>();
  if (raw.length < 3) return out;
  const onPages = new Map<string, number>();
  for (let p = 1; p < raw.length; p++) {
    const left = new Set(kept[p] ?? []);
    const parts = new Set<string>();
    for (const s of raw[p] ?? []) {
      if (left.has(s)) continue;
      // Parts of words: a page number alone (`#`) or a short label says nothing.
      const worded = s.text
        .split(PART_BREAK)
        .map(key)
        .filter((k) => /\p{L}{4}/u.test(k));
      if (worded.length >= 2) for (const k of worded) parts.add(k);
    }
    for (const k of parts) onPages.set(k, (onPages.get(k) ?? 0) + 1);
  }
  const need = Math.max(2, MOST * (raw.length - 1));
  const height = heights[0] ?? 792;
  for (const s of kept[0] ?? []) {
    if (s.size >= body - 0.5 || s.top > 0.5 * height || isFrontMeta(s.text) || isAuthorLine(s.text)) continue;
    if ((onPages.get(key(s.text)) ?? 0) >= need) out.add(s);
  }
  return out;
}
