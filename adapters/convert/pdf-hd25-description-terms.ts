/**
 * A description list's term whose description is a single line (`Function` over `Variable
 * declarations inside of functions bind …`, then the term `Block` and its longer description).
 * isDescriptionTerm knows a term by two lines of description hung at one indent under it; a
 * one-line description shows only one. The list shows the rest: the line after that description
 * is the next term, at the term's left edge in its size and weight, and its own description is
 * hung, two lines or more, at the same indent. A run of heads over paragraphs indented on their
 * first line only does not show that: the paragraph's second line comes back to the left edge.
 *
 * hd27: the next term's description may be one line too (a glossary of short definitions:
 * `Activity` / `Processor` / `Workflow`, each over its line): the chain is followed down to a term
 * with two lines. The last term of a list has no next term; its list shows above it instead: the
 * line above is a description at the same indent, hung under a term at this term's edge.
 */
import { lineAbove, type Segment } from './pdf-layout.ts';
import { isDescriptionTerm, lineRightBelow } from './pdf-spurious.ts';

/** How many one-line terms a chain may pass before a term with a longer description. */
const CHAIN = 8;
/** How many lines a description above may run to. */
const DESCRIPTION_LINES = 6;

export function termOfOneLineDescription(
  s: Segment,
  below: (line: Segment) => Segment | undefined,
  pitch: number,
  segs: readonly Segment[] = [],
  depth = 0,
): boolean {
  const first = lineRightBelow(s, below, pitch);
  if (!first || first.x0 <= s.x0 + s.size) return false;
  const next = below(first);
  if (
    !next ||
    next.page !== s.page ||
    next.top - first.bottom > 1.5 * pitch ||
    Math.abs(next.x0 - s.x0) > 0.5 * s.size ||
    !likeTerm(next, s)
  )
    return depth === 0 && termAbove(s, first, pitch, segs);
  const hung = below(next);
  return (
    hung !== undefined &&
    Math.abs(hung.x0 - first.x0) < 0.5 * s.size &&
    (isDescriptionTerm(next, below, pitch, segs) ||
      (depth < CHAIN && termOfOneLineDescription(next, below, pitch, segs, depth + 1)))
  );
}

/** Another term of the same list: the same size and weight, and short. */
function likeTerm(o: Segment, s: Segment): boolean {
  return Math.abs(o.size - s.size) <= 0.3 && (o.bold === true) === (s.bold === true) && o.text.length <= 40;
}

/**
 * hd27: `s` is the last term of a list: the lines right above it are a description hung at the
 * indent of `first` (the description under `s`), and above them is a term at `s`'s edge.
 */
function termAbove(s: Segment, first: Segment, pitch: number, segs: readonly Segment[]): boolean {
  if (!segs.length) return false;
  let cur = s;
  for (let k = 0; k <= DESCRIPTION_LINES; k++) {
    const up = lineAbove(cur, segs);
    if (!up || cur.top - up.bottom > 1.5 * pitch) return false;
    if (Math.abs(up.x0 - first.x0) < 0.5 * s.size) {
      cur = up;
      continue;
    }
    // The term over the description: at the term's edge, and at least one line of description between.
    return cur !== s && Math.abs(up.x0 - s.x0) < 0.5 * s.size && likeTerm(up, s);
  }
  return false;
}
