/**
 * hd29: contents whose page numbers follow each title at one fixed space instead of standing in a
 * right-aligned column (tufte-book's and other ragged contents styles: `Precision Medicine in
 * Ischemic Heart Disease   25`). Once numbered entries have shown the list (`I Background and
 * Methods   23`, `A Manuscript for Study I   105`), their page numbers all stand the same distance
 * after their titles; an unnumbered line whose page number stands at that distance, among the
 * entries, is an entry too. Left as text, such a line is a chapter's title in the heading face and
 * becomes a heading. unnumberedContentsLines takes the right-aligned columns; a ragged column
 * leaves the gaps as the one common measure.
 */
import type { ContentsLine } from './pdf-furniture.ts';
import type { Segment } from './pdf-layout.ts';

/** Entries with the page number beside them that show the common gap. */
const MIN_GAPPED = 3;

/** Unnumbered lines of `segs` whose page number stands at the gap the found entries share. */
export function entriesAtCommonGap(
  segs: readonly Segment[],
  numbers: readonly Segment[],
  found: readonly ContentsLine[],
  taken: ReadonlySet<Segment>,
): ContentsLine[] {
  const gapped = found.filter((e) => e.beside !== null);
  if (gapped.length < MIN_GAPPED) return [];
  const gaps = gapped.map((e) => e.beside!.x0 - e.s.x1).sort((a, b) => a - b);
  const size = gapped[0]!.s.size;
  // One gap for all (within a quarter em): a right-aligned column gives gaps as ragged as the titles.
  if (gaps[gaps.length - 1]! - gaps[0]! > 0.25 * size) return [];
  const gap = gaps[gaps.length >> 1]!;
  const tops = found.map((e) => e.s.top).sort((a, b) => a - b);
  const steps = tops
    .slice(1)
    .map((t, i) => t - tops[i]!)
    .filter((d) => d > 0.5)
    .sort((a, b) => a - b);
  const step = steps.length ? steps[steps.length >> 1]! : size;
  const [lo, hi] = [tops[0]!, tops[tops.length - 1]!];
  const out: ContentsLine[] = [];
  for (const s of segs) {
    if (taken.has(s) || numbers.includes(s) || !/\p{L}{2}/u.test(s.text) || s.text.length > 100) continue;
    // Within the list's span, or a line step or two beyond it (a chapter's entry has space above it).
    if (s.top < lo - 2.05 * step || s.top > hi + 2.05 * step || Math.abs(s.size - size) > 0.3) continue;
    const beside = numbers.find(
      (n) => Math.abs(n.baseline - s.baseline) < 0.3 * s.size && Math.abs(n.x0 - s.x1 - gap) < 0.25 * s.size,
    );
    if (beside)
      out.push({ s, text: s.text.replace(/(?:\s*[.·…])+$/, '').trim(), page: Number(beside.text), beside });
  }
  return out;
}
