/**
 * Pages set in landscape (session 27, helper "qx28", issue #30). A wide table, a proof tree or a
 * figure too wide for the text block is set on a page of its own turned by 90° (`pdflscape`,
 * `rotating`'s `sidewaystable`, a `/Rotate` entry or a rotated text matrix): in the page's own
 * space its lines run up or down the page. The converter reads upright text only (the arXiv side
 * stamp and rotated figure labels are rightly left out), so such a page lost all its text, a
 * heading set on it included. When most of a page's characters run one and the same way at 90°,
 * the page is read in that turned frame: its items are rotated to upright and the page's box with
 * them, so the text comes out in its own reading order. The upright rest of such a page (its
 * running head and folio, in the frame of the other pages) is then the odd one out and is left
 * out as rotated text always was. A page with only a rotated stamp or a few rotated labels keeps
 * its frame: its upright text is the majority.
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
  let upright = 0;
  let up = 0;
  let down = 0;
  for (const it of items) {
    const n = it.str.length;
    if (n === 0) continue;
    const dir = direction(it.transform);
    if (dir === 'upright') upright += n;
    else if (dir === 'up') up += n;
    else if (dir === 'down') down += n;
  }
  const turned = Math.max(up, down);
  if (turned < MIN_TURNED_CHARS || turned <= upright) return { items, view: [...view] };
  const [x0, y0, x1, y1] = view;
  // Up the page: turn the page clockwise, (x, y) → (y, −x); down it: anticlockwise, (x, y) → (−y, x).
  const cw = up >= down;
  const turn = (t: readonly number[]): number[] => {
    const [a, b, c, d, e, f] = t as [number, number, number, number, number, number];
    return (cw ? [b, -a, d, -c, f, -e] : [-b, a, -d, c, -f, e]).map(plain);
  };
  return {
    items: items.map((it) => ({ ...it, transform: turn(it.transform) })),
    view: (cw ? [y0, -x1, y1, -x0] : [-y1, x0, -y0, x1]).map(plain) as [number, number, number, number],
  };
}
