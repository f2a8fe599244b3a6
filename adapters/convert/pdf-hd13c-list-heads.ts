/**
 * An unnumbered bold line that heads a bulleted list set in smaller type (svjour3's appendix
 * `Parsers` / `– Mime4j: …`): a heading when it is set exactly like the paper's numbered headings,
 * bold and in their size. A list's lead-in in body type (`Databases:`) is not in a heading's size,
 * and a bold term in a description list is followed by its text, not by a bulleted entry (hd13c).
 */
import type { Segment } from './pdf-layout.ts';
import type { HeadingStyle } from './pdf-outline.ts';

/** A bullet or dash opening a list entry (`– Mime4j: …`, `• …`), not a minus sign before a number. */
const ENTRY = /^(?:[•◦▪●○■□‣⁃∙]\s*|[–-]\s+)(?=\p{L})/u;

export function headsBulletList(
  s: Segment,
  next: Segment | undefined,
  styles: ReadonlyMap<number, readonly HeadingStyle[]>,
): boolean {
  if (!s.bold || !next || !ENTRY.test(next.text) || next.size >= s.size) return false;
  const known = [...styles.values()].flat();
  return known.some((k) => k.bold && Math.abs(k.size - s.size) < 0.25);
}
