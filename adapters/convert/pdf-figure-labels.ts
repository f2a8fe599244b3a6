/**
 * Labels inside figures set in large type (`ZnO`, `NiO` over band-structure panels) look like
 * unnumbered headings by size alone. A heading is followed by text; a figure's label by more of the
 * figure: tick values (`0`, `–10`), or in type smaller than the text axis letters (`H L Γ Γ K M`,
 * words of three letters or more the minority) or a short legend entry (`expt.`).
 */
import { lineBelow, type Segment } from './pdf-layout.ts';
import { parseSectionNumber } from './pdf-numbering.ts';

/** Initials and a surname: `G. M. Bernstein`, `J.-P. Uzan`, `W. d’Assignies`. */
const INITIALS_NAME = /^(?:\p{Lu}\.(?:-\p{Lu}\.)?\s*){1,3}(?:\p{Ll}{1,3}['’]\s?)?\p{Lu}\p{Ll}{2,}/u;

/** `next` is the rest of a figure: on the same page, below, tick values and letters or a small legend. */
export function figureTextBelow(s: Segment, next: Segment | undefined, body: number): boolean {
  if (!next || next.page !== s.page || next.top < s.bottom - 0.5) return false;
  // Leader dots and other punctuation are no tokens (a contents line below `List of Listings`).
  const tokens = next.text.split(/\s+/).filter((t) => /[\p{L}\p{N}]/u.test(t));
  const words = tokens.filter((t) => /\p{L}{3,}/u.test(t)).length;
  const ticks = tokens.length > 0 && tokens.every((t) => /^[-–−]?\d+(?:[.,]\d+)?$/.test(t));
  // In body type, a line of initials and names (`17, B. Abbott`) is text: only tick values count there.
  // hd19: in small type too, a person's name by initials (`G. M. Bernstein,1` in AASTeX 7's author list
  // under `All Authors and Affiliations`) is a list of names, no figure's legend.
  const small = next.size < body - 0.5 && !INITIALS_NAME.test(next.text);
  // Glyphs without a letter or digit (a drawing's symbols, `!!` from an unmapped font) are no text either.
  return ticks || tokens.length === 0 || (small && (words * 2 < tokens.length || next.text.length < 25));
}

/**
 * A figure's caption (`Fig. 6.—`, `Figure 2:`, `Figure S3:`, an appendix's `Figure C.2:`, hd24),
 * which LaTeX sets under its figure.
 */
const FIGURE_CAPTION = /^(?:fig\.?|figure)\s*(?:[A-Z]\.?(?=\d))?\d+[a-z]?\s*[.:—–-]/i;

/**
 * `next`, right below `s`, is a figure's caption: `s` is the last line of the figure above it (an
 * axis title, `Frequency (cycles/day)`), since a caption sits under its figure and a heading is
 * followed by its text (a table's caption can open a section; a figure's is under the figure).
 */
export function figureCaptionBelow(s: Segment, next: Segment | undefined, pitch: number): boolean {
  return (
    next !== undefined &&
    next.page === s.page &&
    next.top >= s.bottom - 0.5 &&
    next.top - s.bottom < 2 * pitch &&
    FIGURE_CAPTION.test(next.text) &&
    // hd29: a sentence naming the figure (`Figure 3.1 also shows …`): a section-numbered figure's
    // inner stop passed for a caption's.
    !FIGURE_NAMED_IN_TEXT.test(next.text)
  );
}

/** A figure's name, its number, then a word in lower case: a sentence, never a caption. */
const FIGURE_NAMED_IN_TEXT = /^\S+\s*\d+(?:\.\d+)+\s+\p{Ll}/u;

/**
 * `s` is one of a figure's panel titles (`A. Intended workflow` beside `B. Spurious shortcut`): a
 * numbered line with another numbered line of the same kind, depth and type on its baseline (two
 * sections never open on one row) and figure text right under it. hd18: the other panel's label may
 * stand alone, set apart from its title (`A Held-out paired-valid MHST / Qwen` beside `B`): a lone
 * label of the same kind in the face of `s`'s own label.
 */
export function isPanelTitle(s: Segment, segs: readonly Segment[], body: number): boolean {
  const n = parseSectionNumber(s.text);
  if (!n || !figureTextBelow(s, lineBelow(s, segs), body)) return false;
  const labelFace = s.fonts?.find((r) => r.chars > 0)?.font;
  return segs.some((o) => {
    if (o === s || o.page !== s.page || Math.abs(o.baseline - s.baseline) > 0.3 * s.size) return false;
    if (n.parts.length === 1 && loneLabel(o, n.kind) && o.fonts?.[0]?.font === labelFace) return true;
    const m = parseSectionNumber(o.text);
    return (
      m !== null &&
      m.kind === n.kind &&
      m.parts.length === n.parts.length &&
      Math.abs(o.size - s.size) <= 0.3 &&
      (o.bold === true) === (s.bold === true)
    );
  });
}

/** `o` is a panel's label alone: one capital (`B`) or a one- or two-digit number, as `kind` numbers. */
function loneLabel(o: Segment, kind: string): boolean {
  return kind === 'letter' ? /^[A-Z]$/.test(o.text) : kind === 'arabic' && /^\d{1,2}$/.test(o.text);
}
