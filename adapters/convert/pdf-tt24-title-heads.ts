/**
 * Session 23 (tt24): two title blocks whose lines differ in size, so the title-gathering walk (one
 * size, or a smaller tail that reads as a phrase) stops after one of them.
 *
 * (1) A subtitle the metadata names. hyperref's pdftitle (or the caller's metadata title) spells the
 * whole title; when the lines gathered in one size miss some of its words and a line in another size
 * stands right above or right under the title block, aligned with it, holding only the metadata
 * title's words and some of the missing ones, that line is part of the title whatever its words
 * look like (LIPIcs' `M.Sc. Thesis` under `On the Separation of …`: two capitalised words, no phrase).
 *
 * (2) A one-word title over its subtitle. A name (`TxVM`, a system's or a project's) set alone in
 * the page's larger type, right above the line chosen as the title and aligned with it (centred on
 * it or on its left edge), is the title's first line: `\title{Name\\ \large A Subtitle}`. A banner
 * or a journal's logo stands apart from the title (more than half its size above it), shares its
 * row with other text or is no usable title word; a kicker is smaller than the title, not larger.
 */
import type { Segment } from './pdf-layout.ts';
import { titleWords } from './pdf-front.ts';

/** `s` sits in the title's column, centred on `line` or flush with its left edge. */
function alignedWith(s: Segment, line: Segment): boolean {
  const centre = (x: Segment) => (x.x0 + x.x1) / 2;
  return (
    Math.abs(centre(s) - centre(line)) <= Math.max(4, 0.03 * (line.x1 - line.x0)) ||
    Math.abs(s.x0 - line.x0) <= 2
  );
}

/** The other segments on `s`'s row (a banner row carries a logo, a journal name, a date beside it). */
function rowmates(s: Segment, page: readonly Segment[]): Segment[] {
  return page.filter((o) => o !== s && Math.abs(o.baseline - s.baseline) < 0.5 * s.size);
}

/**
 * (1) The title's lines with the lines the metadata title adds right above or under them: each
 * such line is in another size than the title's first line, at most half that size away from the
 * block, aligned with its nearest line, made only of the metadata title's words and adding at
 * least one the block lacks. `page`: page 1's lines; `meta`: the metadata title.
 */
export function withMetadataSubtitle(
  segs: readonly Segment[],
  page: readonly Segment[],
  meta: string,
): Segment[] {
  const want = new Set(titleWords(meta));
  const out = [...segs];
  const have = () => new Set(titleWords(out.map((s) => s.text).join(' ')));
  const adds = (s: Segment) => {
    const w = titleWords(s.text);
    const got = have();
    return (
      w.length > 0 &&
      w.every((x) => want.has(x)) &&
      w.some((x) => !got.has(x)) &&
      /\p{L}{2}/u.test(s.text) &&
      !rowmates(s, page).some((o) => !out.includes(o))
    );
  };
  const first = segs[0]!;
  for (;;) {
    const top = out.reduce((a, b) => (b.top < a.top ? b : a));
    const bottom = out.reduce((a, b) => (b.bottom > a.bottom ? b : a));
    const near = (s: Segment, edge: Segment, gap: number) =>
      !out.includes(s) &&
      Math.abs(s.size - first.size) > 0.3 &&
      gap >= -0.5 &&
      gap <= 0.5 * Math.max(first.size, s.size) &&
      alignedWith(s, edge) &&
      adds(s);
    const under = page
      .filter((s) => s.top >= bottom.bottom - 0.5 && !out.includes(s))
      .sort((a, b) => a.top - b.top)[0];
    if (under && near(under, bottom, under.top - bottom.bottom)) {
      out.push(under);
      continue;
    }
    const over = page
      .filter((s) => s.bottom <= top.top + 0.5 && !out.includes(s))
      .sort((a, b) => b.bottom - a.bottom)[0];
    if (over && near(over, top, top.top - over.bottom)) {
      out.unshift(over);
      continue;
    }
    return out;
  }
}

/**
 * (2) The one-word line that heads the title whose first line is `first`, or null. `usable`: the
 * caller's test that a line's words may be a title's (no journal, institution, author or metadata
 * line).
 */
export function nameOverTitle(
  first: Segment,
  page: readonly Segment[],
  usable: (s: Segment) => boolean,
): Segment | null {
  const over = page
    .filter((s) => s !== first && s.bottom <= first.top + 0.5 && s.x0 < first.x1 && s.x1 > first.x0)
    .sort((a, b) => b.bottom - a.bottom)[0];
  if (!over) return null;
  const gap = first.top - over.bottom;
  const word = over.text.trim();
  return !/\s/.test(word) &&
    /^\p{L}[\p{L}\p{N}'’-]*\p{L}$/u.test(word) &&
    over.size >= 1.15 * first.size &&
    gap >= -0.5 &&
    gap <= 0.5 * over.size &&
    alignedWith(over, first) &&
    rowmates(over, page).length === 0 &&
    usable(over)
    ? over
    : null;
}
