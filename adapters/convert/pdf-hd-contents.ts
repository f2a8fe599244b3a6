/**
 * The last entries of a contents page whose page numbers are gone: at the foot of the page their
 * numbers sit where page numbers do and are dropped as furniture (SciPost's contents fill page 1
 * down to its foot). Left as text, numbered entries there read as headings and advance the outline
 * past the real sections. An entry is known by the contents' own layout: it follows the entries
 * at their line spacing, starts with a section number, and is set where and as large as one.
 */
import type { Segment } from './pdf-layout.ts';

/** Adds the numbered lines that continue a page's contents entries downwards, their page numbers lost. */
export function entriesAtFoot(
  segs: readonly Segment[],
  entries: Map<Segment, string>,
  entryStart: RegExp,
): void {
  const rows = segs.filter((s) => entries.has(s)).sort((a, b) => a.top - b.top);
  if (rows.length < 4) return;
  const steps = rows
    .slice(1)
    .map((s, i) => s.top - rows[i]!.top)
    .filter((d) => d > 0.5)
    .sort((a, b) => a - b);
  if (!steps.length) return;
  // Twice the usual step: a contents list leaves a little more space above a top-level entry.
  const reach = 2 * steps[Math.floor(steps.length / 2)]!;
  let last = rows[rows.length - 1]!;
  const below = segs
    .filter((s) => s.page === last.page && s.top >= last.bottom - 1 && !entries.has(s))
    .sort((a, b) => a.top - b.top || a.x0 - b.x0);
  for (const s of below) {
    if (s.top - last.top > reach || !entryStart.test(s.text)) break;
    if (!rows.some((r) => Math.abs(r.x0 - s.x0) < 1 && Math.abs(r.size - s.size) < 0.1)) break;
    entries.set(s, s.text.replace(/(?:\s*[.·…]){3,}\s*$/, '').trim());
    last = s;
  }
}
