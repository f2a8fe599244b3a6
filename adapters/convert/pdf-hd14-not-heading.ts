/**
 * Lines the main pass would take for headings by their type and place, that their content rules
 * out in any layout (session 14, issue 30).
 */
import { looksLikeCode } from './pdf-hd14-code-line.ts';
import type { Segment } from './pdf-layout.ts';

/** Never a heading: a line of program code (pdf-hd14-code-line.ts). */
export function ruledOutByContent(s: Segment): boolean {
  return looksLikeCode(s.text);
}
