/**
 * hd27: a float drawn as a box of centred lines (a record's or a class's fields under its name:
 * `Event` over `SubmissionId : long integer`, `ProductId : long integer` …, then `Table 2: Event and
 * its fields`). Its name is set bold like a head, but a head starts its text at the column's edge
 * or is followed by a paragraph: here every line down to the float's caption is centred on the
 * name's own axis, each of its own width, so the lines are a centred block, and the caption says
 * the block is a table or a figure. Told by place, not words (the caption's label in the languages
 * the corpus is written in).
 */
import type { Segment } from './pdf-layout.ts';

const CAPTION =
  /^(?:Fig\.?|Figure|FIG\.?|FIGURE|Figura|Abb\.|Abbildung|Kuva|Table|TABLE|Tab\.|Tabla|Tabella|Tabelle|Tableau|Taulukko)\s*[A-Z]?[.-]?\d+/;
/** How many lines a box may hold before its caption. */
const BOX_LINES = 20;

export function centredOverCaption(s: Segment, segs: readonly Segment[]): boolean {
  const i = segs.indexOf(s);
  if (i < 0) return false;
  const axis = (o: Segment) => (o.x0 + o.x1) / 2;
  const centre = axis(s);
  const edges = new Set<number>();
  let lines = 0;
  for (const o of segs.slice(i + 1, i + 2 + BOX_LINES)) {
    if (o.page !== s.page) return false;
    if (CAPTION.test(o.text)) return lines >= 2 && edges.size >= 2;
    if (Math.abs(axis(o) - centre) > 0.25 * s.size || Math.abs(o.x0 - s.x0) < 0.5 * s.size) return false;
    edges.add(Math.round(o.x0 / 2));
    lines++;
  }
  return false;
}
