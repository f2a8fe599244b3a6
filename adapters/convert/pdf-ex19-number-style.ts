/**
 * ex19: a paper prints every section number of one depth the same way: `2.1.` and `2.2.` (AASTeX,
 * SIAM) or `2.1` and `2.2` (LNCS, ACM), never both (so in all 248 annotated papers). A line in plain
 * type whose subsection number is closed otherwise than every accepted heading of that depth is a
 * table's row or a figure's label that starts with a decimal (`2.3 Initial gas mass` in a column of
 * parameters under `2.2. Delay-Time Distributions`). Bold or larger type still vouches for it, and
 * (hd24) so does the face and size of the accepted heads of its depth (elsarticle's italic appendix
 * `A.1 Compute environment` under italic `2.1.` subsections: another closer, the same type).
 */
import type { HeadingStyle } from './pdf-outline.ts';
import type { SectionNumber } from './pdf-numbering.ts';

export function unlikeNumberedSiblings(
  n: SectionNumber,
  setApartByType: boolean,
  known: readonly HeadingStyle[] | undefined,
): boolean {
  if (n.parts.length < 2 || setApartByType || !known?.length) return false;
  return known.every((k) => k.closer !== undefined && k.closer !== n.closer);
}

/**
 * hd20: the same for a run-in lead of any depth (`4. Diagonal resolvent entries….` in a proof, under
 * sections printed `4 Main Results`): its type never vouches, since a numbered paragraph is set in
 * a bold lead as a run-in head is. Nothing is known before the first heading of the depth and kind.
 */
export function unlikeKnownCloser(n: SectionNumber, known: readonly HeadingStyle[] | undefined): boolean {
  // Of its own kind: IEEE closes `I.` and `A.` with a stop and `1)` with a parenthesis at one depth.
  const same = (known ?? []).filter((k) => k.kind === n.kind);
  return same.length > 0 && same.every((k) => k.closer !== undefined && k.closer !== n.closer);
}
