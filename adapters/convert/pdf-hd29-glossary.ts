/**
 * hd29: a glossary's term (a thesis's or report's list of acronyms, abbreviations or symbols). Such
 * a list sets each term, often in bold or small capitals, in a column of its own and its meaning on
 * the same row further right, the meanings starting at one left edge: `ACME   Automated
 * Classification of Medical Entities`. A term is short, bold and alone in its column, so it looked
 * like a bold head (and a run of terms like a heading and its wraps), and the first term under the
 * list's title like a figure's small text, which turned the title away. The list is known by its
 * layout alone, in any language: several short terms down one left edge in one size and weight,
 * each with a line of text beside it that starts at one common edge a few ems to the right. A head
 * that shares its baseline with the other column's text has that text a column away, not a few ems,
 * and no column of like lines under it.
 */
import type { Segment } from './pdf-layout.ts';

/** The description beside a term starts within this many ems of the term's left edge (a column gutter is further). */
const MAX_TERM_COLUMN_EMS = 14;
/** Rows of the same term column with a description at the same edge, besides the term itself. */
const MIN_OTHER_ROWS = 3;

/** `s` is a glossary's term: a short line whose row holds its meaning, in a column of such rows. */
export function glossaryTerm(s: Segment, segs: readonly Segment[]): boolean {
  const meaning = meaningBeside(s, segs);
  if (!meaning) return false;
  let rows = 0;
  for (const o of segs) {
    if (
      o === s ||
      o.page !== s.page ||
      Math.abs(o.x0 - s.x0) > 1 ||
      Math.abs(o.size - s.size) > 0.3 ||
      o.bold !== s.bold ||
      !shortTerm(o)
    )
      continue;
    const m = meaningBeside(o, segs);
    if (m && Math.abs(m.x0 - meaning.x0) < 1 && ++rows >= MIN_OTHER_ROWS) return true;
  }
  return false;
}

/**
 * A term: one or two words of at most a dozen characters each (`ICD-10`, `NOMESCO`, `O/E`, `∂Ω`), not
 * a number alone (a contents page that sets its page numbers left of the titles, a table's column).
 */
function shortTerm(s: Segment): boolean {
  const t = s.text.trim();
  return t.length <= 16 && /^\S{1,12}(?:\s\S{1,12})?$/u.test(t) && !/^[\d\s.,–-]+$/u.test(t);
}

/** The line of text on `s`'s row starting a little to its right: the term's meaning. */
function meaningBeside(s: Segment, segs: readonly Segment[]): Segment | undefined {
  if (!shortTerm(s)) return undefined;
  return segs.find(
    (o) =>
      o !== s &&
      o.page === s.page &&
      o.x0 > s.x1 + 0.5 * s.size &&
      o.x0 - s.x0 < MAX_TERM_COLUMN_EMS * s.size &&
      Math.abs(o.baseline - s.baseline) < 0.3 * s.size &&
      /\p{L}{2}/u.test(o.text),
  );
}
