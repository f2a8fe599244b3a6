/**
 * A numbered heading whose title wraps under itself. LaTeX's section heads (and Word's numbered
 * headings) hang a long title's second line under the title's first word, past the number, and set
 * the whole head in one face: the number's. So a line right below a numbered heading, indented past
 * its start by no more than the number and a quad, in the face the number is set in, and closing
 * no sentence, is the title's second line (`A.2.1 It's Always Sunny…` / `S15E07 - The Gang…`), even
 * when the first line's title is in another face (an italic name inside it).
 */
import type { Segment } from './pdf-layout.ts';
import { parseSectionNumber } from './pdf-numbering.ts';

/** `next` continues the numbered heading `s` (its text so far `text`) under its title. */
export function wrapsUnderTitle(s: Segment, next: Segment, text: string): boolean {
  const n = parseSectionNumber(s.text);
  const numberRun = s.fonts?.[0];
  if (!n || !numberRun?.number || /[.?!:;,]$/.test(text) || /[.?!:;]$/.test(next.text)) return false;
  const runs = (next.fonts ?? []).filter((r) => r.chars > 0);
  if (!runs.length || runs.some((r) => r.font !== numberRun.font)) return false;
  const indent = next.x0 - s.x0;
  return indent > 0.5 * s.size && indent < (n.num.length + 2) * s.size;
}
