/**
 * Pages set in landscape (session 27, helper "qx28", issue #30). A wide table, a proof tree or a
 * figure too wide for the text block is set on a page of its own turned by 90° (`pdflscape`,
 * `rotating`'s `sidewaystable`, a `/Rotate` entry or a rotated text matrix): in the page's own
 * space its lines run up or down the page. The converter reads upright text only (the arXiv side
 * stamp and rotated figure labels are rightly left out), so such a page lost all its text, a
 * heading set on it included. When most of a page's characters run one and the same way at 90°,
 * the page is read in that turned frame: its items are rotated to upright and the page's box with
 * them, so the text comes out in its own reading order. The upright rest of such a page is of two
 * kinds: its running head and folio, in the head or foot band of the page as on the other pages,
 * which are left out (furniture, as they would have been); and an upright caption under a figure
 * set on its side, which is kept, read after the turned text as if set under it. A page with only a rotated stamp or a few rotated labels keeps
 * its frame: its upright text is the majority. So does a page whose turned text is mostly digits
 * (a plot's bin labels on their side) while its upright text has the words.
 */

/** The fields of a pdf.js text item this rule reads and rewrites. */
export interface TurnableItem {
  str: string;
  transform: number[];
}

/** Characters of turned text needed before a page is read turned: more than a stamp or a label. */
const MIN_TURNED_CHARS = 80;

/** A number without its sign when it is zero (a negated 0 is -0, which compares unequal in tests). */
const plain = (v: number): number => v || 0;

/** Letters in a string, counted without building an array. */
function countLetters(s: string): number {
  let n = 0;
  for (const ch of s) if (LETTER.test(ch)) n++;
  return n;
}

const LETTER = /\p{L}/u;

/** Which way a baseline runs: upright, up the page (turned left) or down it (turned right). */
function direction(t: readonly number[]): 'upright' | 'up' | 'down' | 'other' {
  const [a, b] = t as [number, number];
  if (Math.abs(b) <= 0.01 * Math.abs(a)) return 'upright';
  if (Math.abs(a) > 0.01 * Math.abs(b)) return 'other';
  return b > 0 ? 'up' : 'down';
}

/**
 * The page's items and view box in the frame its text is read in: as they are, or turned upright
 * when the characters running up (or down) the page outnumber the upright ones.
 */
export function readingFrame<T extends TurnableItem>(
  items: readonly T[],
  view: readonly [number, number, number, number],
): { items: readonly T[]; view: [number, number, number, number] } {
  // Characters running each way (lengths only: this runs on every page).
  const chars = { upright: 0, up: 0, down: 0, other: 0 };
  for (const it of items) if (it.str) chars[direction(it.transform)] += it.str.length;
  const way = chars.up >= chars.down ? 'up' : 'down';
  if (chars[way] < MIN_TURNED_CHARS || chars[way] <= chars.upright) return { items, view: [...view] };
  // A plot's axis set on its side (bin labels in digits) may outnumber the page's upright
  // characters, not its words: the turned text must lead in letters too (counted on such pages only).
  const letters = { upright: 0, up: 0, down: 0, other: 0 };
  for (const it of items) if (it.str) letters[direction(it.transform)] += countLetters(it.str);
  if (letters[way] < letters.upright) return { items, view: [...view] };
  const [x0, y0, x1, y1] = view;
  const height = y1 - y0;
  // Up the page: turn the page clockwise, (x, y) → (y, −x); down it: anticlockwise, (x, y) → (−y, x).
  const cw = way === 'up';
  const turned: [number, number, number, number] = cw ? [y0, -x1, y1, -x0] : [-y1, x0, -y0, x1];
  const [tx0, ty0, , ty1] = turned;
  const turn = (t: readonly number[]): number[] => {
    const [a, b, c, d, e, f] = t as [number, number, number, number, number, number];
    return (cw ? [b, -a, d, -c, f, -e] : [-b, a, -d, c, -f, e]).map(plain);
  };
  const out: T[] = [];
  for (const it of items) {
    const dir = direction(it.transform);
    if (dir === way) out.push({ ...it, transform: turn(it.transform) });
    else if (dir === 'upright' && it.str) {
      const [a, b, c, d, e, f] = it.transform as [number, number, number, number, number, number];
      // The head and foot bands: a running head or folio, left out.
      if (f > y1 - FURNITURE_BAND * height || f < y0 + FURNITURE_BAND * height) continue;
      // Set under the turned page: x from the page's left edge, y below the turned text's box.
      out.push({ ...it, transform: [a, b, c, d, tx0 + (e - x0), ty0 - (y1 - f)] });
    }
  }
  return {
    items: out,
    view: [tx0, ty0 - height, turned[2], ty1].map(plain) as [number, number, number, number],
  };
}

/** The share of the page's height at its top and at its foot where running heads and folios sit. */
const FURNITURE_BAND = 0.1;
