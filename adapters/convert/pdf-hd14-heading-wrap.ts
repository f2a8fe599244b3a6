/**
 * A numbered heading set larger than the body whose title wraps under itself. A class that hangs
 * the second line under the title's first word (past the number) and keeps the heading's size
 * marks a wrap whatever its faces are called: a body paragraph is never set in a heading's larger
 * size right under it. pdf-ln12-wrap.ts needs the number in a run of its own; fonts pdf.js does
 * not name (Type 3, the Royal Society's `A. Random … uncoupled effective` / `parameters`) give none.
 * A display title (half as large again as the body) without a number wraps flush or centred under
 * itself in that size (a thesis's chapter title `Analysis and Design under` / `Process Uncertainty`).
 */
import type { Segment } from './pdf-layout.ts';
import { parseSectionNumber } from './pdf-numbering.ts';

/** `next` continues the large numbered heading `s` (its text so far `text`) under its title, or a display title under itself. */
export function hangsUnderLargeTitle(s: Segment, next: Segment, text: string, body: number): boolean {
  const n = parseSectionNumber(s.text);
  // hd20: the number a quad before the title on its row, joined to it (`Appendix B` ⟶ `Relations`):
  // `s` is the title's own segment, and the wrap hangs flush under it.
  const beside = !n && text !== s.text && text.endsWith(s.text) && parseSectionNumber(text) !== null;
  // hd17a: a display title with no number in its text (a thesis sets the chapter's number as a
  // graphic, or above it) wraps flush under itself, in the same display size and face.
  const display = !n && s.size >= 1.5 * body;
  if ((!n && !display && !beside) || s.size < 1.12 * body || Math.abs(next.size - s.size) > 0.3) return false;
  if (/[.?!:;,]$/.test(text) || /[.?!:;]$/.test(next.text) || parseSectionNumber(next.text)) return false;
  // The same face all along (fonts as pdf.js reports them): a name set in another face starts no
  // wrap. hd20: a formula may close the title (`between the zk̄`), its symbols in math fonts.
  const face = s.fonts?.find((r) => r.chars > 0)?.font;
  if (face === undefined || !inFaceBut(next, face, /[\p{L}\p{N}]+[\p{M}\p{Sk}]*$/u)) return false;
  const indent = next.x0 - s.x0;
  if (!n) return Math.abs(indent) < 0.5 * s.size || Math.abs(next.x0 + next.x1 - s.x0 - s.x1) < s.size;
  return indent > 0.5 * s.size && indent < (n.num.length + 2) * s.size;
}

/**
 * `line` is set in `face` throughout, but for a symbol at its end (`tail`) in other fonts: a title
 * that closes on a formula's variable.
 */
function inFaceBut(line: Segment, face: string, tail: RegExp): boolean {
  const runs = (line.fonts ?? []).filter((r) => r.chars > 0);
  const k = runs.findIndex((r) => r.font !== face);
  if (k === -1) return true;
  if (k === 0) return false;
  const other = runs.slice(k).reduce((n, r) => n + r.chars, 0);
  const end = tail.exec(line.text.trim())?.[0] ?? '';
  return other <= 3 && (end.match(/[\p{L}\p{N}]/gu)?.length ?? 0) >= other;
}
