/**
 * Session 20 (tt21): page 1's foot notes without a mark. A footnote of the text always opens with
 * its mark, the number or symbol the text points from. The lines of page 1's foot that open with
 * none are put there by the class or by `\thanks` without a mark: a conference's venue or course
 * line (ICML's `Proceedings of …` slot holding `PCS5022 – Neural Networks and Deep Learning`), a
 * funding or disclaimer note, a copyright line. Set in the same foot block as a note already known
 * to be front matter (an affiliation, a contact), such a paragraph is front matter too, whatever its
 * words: no pattern of words is needed, and a marked footnote of the text stays in the text.
 */
import { atFoot, BODY_START } from './pdf-fm-notes.ts';
import type { Segment } from './pdf-layout.ts';
import {
  authorNumberMarks,
  lowestInColumn,
  NOTE_MARK as MARK,
  openingNumber,
} from './pdf-lk22-foot-block.ts';
const CAPTION = /^(?:fig(?:ure)?\.?|table|tab\.)\s*\d/i;

/**
 * The block stands under the page's text: the nearest line above its first line, in its column, is
 * in body type and larger than the block (a title page's small print under its affiliations is no
 * foot block). tt22: other notes in the block's size right above it (a funding note over `∗ École
 * Normale …`) are of its foot block when the run of them is set apart from that text line by more
 * than a line's space, as a foot block is; small print run on from the text (affiliations and an
 * abstract under a title) is not.
 */
function underText(page: readonly Segment[], block: readonly Segment[], body: number): boolean {
  const first = block.reduce((a, b) => (b.top < a.top ? b : a));
  const over = (line: Segment) => {
    let above: Segment | undefined;
    for (const o of page)
      if (
        !block.includes(o) &&
        o.bottom <= line.top + 0.5 &&
        block.some((s) => o.x0 < s.x1 && o.x1 > s.x0) &&
        (!above || o.bottom > above.bottom)
      )
        above = o;
    return above;
  };
  let top = first;
  let above = over(first);
  while (above && Math.abs(above.size - first.size) <= 0.3 && top.top - above.bottom <= 1.5 * first.size) {
    top = above;
    above = over(above);
  }
  if (top !== first && above && top.top - above.bottom <= 1.5 * first.size) return false;
  return above !== undefined && Math.abs(above.size - body) < 0.5 && above.size > first.size + 0.3;
}

/** `s` is a later piece of `last`'s line (a justified line handed over word by word). */
const sameRow = (last: Segment, s: Segment) =>
  Math.abs(s.baseline - last.baseline) <= 0.2 * s.size && s.x0 >= last.x1 - 0.5;

/** `p` carries on group `g`: a piece of its last line's row, or the next line right under it. */
function carriesOn(g: readonly Segment[], p: readonly Segment[]): boolean {
  const last = g.reduce((a, b) =>
    b.baseline > a.baseline || (b.baseline === a.baseline && b.x1 > a.x1) ? b : a,
  );
  const s = p[0]!;
  return (
    sameRow(last, s) ||
    (s.top >= last.bottom - 0.1 && s.top - last.bottom <= s.size && Math.abs(s.x0 - g[0]!.x0) <= 2 * s.size)
  );
}

/** Page 1's small-print paragraphs: lines in one size and column, each at most 1 em under the last (the leading of a wrapped note). */
function smallParagraphs(page: readonly Segment[], body: number): Segment[][] {
  const out: Segment[][] = [];
  for (const s of page) {
    if (s.size > body - 0.5) continue;
    const last = out[out.length - 1]?.at(-1);
    // lk22: a row of pieces (a small table's cells) goes on under its first piece, not its last.
    const left = out[out.length - 1]?.[0];
    const continues =
      last !== undefined &&
      Math.abs(last.size - s.size) <= 0.3 &&
      (sameRow(last, s) ||
        (s.top >= last.bottom - 0.1 &&
          s.top - last.bottom <= s.size &&
          Math.min(Math.abs(s.x0 - last.x0), Math.abs(s.x0 - left!.x0)) <= 2 * s.size &&
          !MARK.test(s.text.trim())));
    if (continues) out[out.length - 1]!.push(s);
    else out.push([s]);
  }
  return out;
}

/**
 * The front groups with page 1's unmarked foot paragraphs that stand in one foot block with a
 * front-matter note: same size, sharing its column, within two lines above or below it, nothing in
 * body type below them. A paragraph found so anchors the next; one that carries on a group's last
 * line (the rest of a wrapped note) joins that group, any other is a group of its own.
 */
export function withUnmarkedFootNotes(
  page: readonly Segment[],
  front: readonly Segment[][],
  body: number,
): Segment[][] {
  const found = unmarkedFootNotes(page, front, body);
  if (!found.length) return [...front];
  const groups = front.map((g) => [...g]);
  for (const p of found) {
    const g = groups.find((o) => o.every((s) => page.includes(s)) && carriesOn(o, p));
    if (g) g.push(...p);
    else groups.push([...p]);
  }
  return groups;
}

/**
 * A note that opens with a link is the text's footnote (its mark set apart, which a line-number
 * filter may have taken away: the R Journal's marks in a column at the notes' left).
 */
const URL_START = /^(?:https?:\/\/|www\.)/i;

/** Words of two letters or more: a note has some, a formula's small pieces (`pMM`) have not. */
const wordsIn = (p: readonly Segment[]) =>
  p
    .map((s) => s.text)
    .join(' ')
    .match(/\p{L}{2,}/gu)?.length ?? 0;

/** `p` stands in one foot block with the line `a`: same size, sharing its column, within two lines. */
function near(p: readonly Segment[], a: Segment): boolean {
  const top = p[0]!.top;
  const bottom = p[p.length - 1]!.bottom;
  const size = p[0]!.size;
  const gap = top >= a.bottom - 0.5 ? top - a.bottom : a.top - bottom;
  return (
    Math.abs(a.size - size) <= 0.3 &&
    p.some((s) => s.x0 < a.x1 && s.x1 > a.x0) &&
    gap >= -0.5 &&
    gap <= 2 * size
  );
}

/** Grow `seed` by the paragraphs of `from` in one foot block with it (each near a line already in). */
function grow(seed: Segment[], from: readonly Segment[][], out: Segment[][]): void {
  for (let grew = true; grew;) {
    grew = false;
    for (const p of from) {
      if (out.includes(p) || !seed.some((a) => near(p, a))) continue;
      out.push(p);
      seed.push(...p);
      grew = true;
    }
  }
}

/**
 * Unmarked foot paragraphs in a foot block with a front-matter note (see withUnmarkedFootNotes).
 * lk22: page 1's foot block, under the text and down to the foot of its column, needs no such note:
 * its paragraphs that open with a word (the class's or `\thanks`' notes) or with a number the author
 * line carries after a name (an author's note) are front matter by where and how they are set.
 */
function unmarkedFootNotes(page: readonly Segment[], front: readonly Segment[][], body: number): Segment[][] {
  const taken = new Set(front.flat());
  const anchors = front
    .filter((g) => g.every((s) => page.includes(s)) && atFoot(page, g, body) && underText(page, g, body))
    .flat();
  const all = smallParagraphs(page, body).filter(
    (p) => !CAPTION.test(p[0]!.text.trim()) && atFoot(page, p, body),
  );
  const free = all.filter((p) => p.every((s) => !taken.has(s)));
  const marks = authorNumberMarks(page);
  const unmarked = (p: readonly Segment[]) => {
    const t = p[0]!.text.trim();
    const n = openingNumber(t);
    return (
      (!MARK.test(t) || (n !== undefined && marks.has(n))) &&
      // tt22: a paragraph opening in lower case is the rest of a sentence above (`www.archer2.ac.uk). …`).
      !/^\p{Ll}/u.test(t) &&
      /\p{L}{2}/u.test(p[0]!.text)
    );
  };
  const out: Segment[][] = [];
  // Notes stand under the text, which starts at the abstract's label or the first section.
  const start = page.find((s) => BODY_START.test(s.text.trim()));
  const under = (p: readonly Segment[]) => start !== undefined && p[0]!.top > start.bottom;
  for (const top of all.filter((p) => under(p) && underText(page, p, body))) {
    const block: Segment[][] = [top];
    grow([...top], all, block);
    if (!block.some((p) => lowestInColumn(page, p)) || !block.every(under)) continue;
    for (const p of block)
      if (
        free.includes(p) &&
        !out.includes(p) &&
        unmarked(p) &&
        (/^\p{L}/u.test(p[0]!.text.trim()) ? wordsIn(p) >= 3 && !URL_START.test(p[0]!.text.trim()) : true)
      ) {
        out.push(p);
        anchors.push(...p);
      }
  }
  if (!anchors.length) return out;
  grow(anchors, free.filter(unmarked), out);
  return out;
}
