/**
 * A web address set alone in the front block (session 25, helper "lk26", issue #30).
 *
 * Some classes print the paper's code or project address as a line of its own under the abstract or
 * the author block (SciPost's Codebases put the repository's URL, centred, between the abstract and
 * the contents; a project page under the authors does the same): a record of the paper, like its
 * e-mail or DOI, not a sentence of its text. On the paper's first page, before its first section, a
 * line that is one address (a short label before it aside), centred and set off from the lines
 * around it, is front matter. An address inside a sentence, or one that a sentence runs into (`… can
 * be obtained from` / the address), is left in the text.
 */
import type { Segment } from './pdf-layout.ts';
import { leavesPhraseOpen } from './pdf-tt19-title-lines.ts';

/** One address, perhaps after a short label (`Code:`, `Project page:`). */
const URL_ONLY = /^(?:\p{L}[\p{L} ]{0,30}:\s*)?(?:https?:\/\/|www\.)[^\s]+$/iu;

/** A section's heading: numbered (`1 Introduction`, `I. INTRODUCTION`) or the introduction's name. */
const SECTION = /^(?:(?:\d{1,2}(?:\.\d{1,2})*\.?|[IVX]{1,5}\.)\s+\p{Lu}|introduction\b|einleitung\b)/iu;

/** Centred: its middle this close to the text's middle, as a share of the text's width. */
const CENTRED = 0.05;

/** Sizes further apart than this (points) are two types: a line in one does not wrap into the other. */
const SIZE_APART = 0.5;

/** The address lines of the first page's front matter, one group each. */
export function frontUrlLines(
  first: readonly Segment[],
  taken: ReadonlySet<Segment>,
  body: number,
): Segment[][] {
  const text = first.filter((s) => Math.abs(s.size - body) < 0.6);
  if (!text.length) return [];
  const left = Math.min(...text.map((s) => s.x0));
  const right = Math.max(...text.map((s) => s.x1));
  const sectionTop = Math.min(
    Infinity,
    ...first.filter((s) => SECTION.test(s.text.trim())).map((s) => s.top),
  );
  const out: Segment[][] = [];
  for (const s of first) {
    if (taken.has(s) || !URL_ONLY.test(s.text.trim()) || s.top >= sectionTop) continue;
    const centred =
      Math.abs((s.x0 + s.x1) / 2 - (left + right) / 2) <= CENTRED * (right - left) &&
      s.x0 - left >= 2 * s.size;
    // Alone on its row, and set off from the line above by more than the leading.
    const rowmate = first.some((o) => o !== s && Math.abs(o.baseline - s.baseline) < 0.5 * s.size);
    const above = first
      .filter((o) => o.bottom <= s.top + 0.5 && o.x0 < s.x1 && s.x0 < o.x1)
      .sort((a, b) => b.bottom - a.bottom)[0];
    // fm29: or in a size of its own (a white paper's project address under the author lines): no
    // line of theirs wrapped onto it.
    const apart =
      !above || s.top - above.bottom >= 0.8 * s.size || Math.abs(above.size - s.size) > SIZE_APART;
    // A sentence that runs on into the address (`… is available at`) keeps it.
    const runInto =
      above !== undefined &&
      (leavesPhraseOpen(above.text) ||
        (above.text.trim().split(/\s+/).length >= 5 && !/[.!?)\]]$/u.test(above.text.trim())));
    if (centred && !rowmate && apart && !runInto) out.push([s]);
  }
  return out;
}
