/**
 * hd28: a line whose head goes on into its paragraph's first words, in another face, on the same
 * line, is a run-in lead, not a heading, in any language:
 * - a statement's bold label with its name in parentheses fills most of its line (JMLR's
 *   `Proposition 17 (Cognitive impenetrability of …) The im-`), so the line passes for bold
 *   throughout (85 % of its letters) though its last words are the statement's, in its own face;
 * - a numbered head in a face of its own run in without a stop (Bioinformatics' italic
 *   `2.2.2 Computing minimizers Loosely speaking, a …`): only the face tells where the head ends.
 * A heading's own line ends in its own face (a variable or a citation in another face is a letter or
 * a number, not words of text).
 */
import type { Segment } from './pdf-layout.ts';

/** The letters and digits of the line's leading runs in its first face (a number in the body face before it counts), and the run after them. */
function leadingFace(s: Segment): {
  lead: number;
  numberChars: number;
  face: string | null;
  next: { font: string; chars: number } | null;
} {
  const runs = (s.fonts ?? []).filter((r) => r.chars > 0);
  let k = 0;
  let lead = 0;
  while (k < runs.length && runs[k]!.number) lead += runs[k++]!.chars;
  const numberChars = lead;
  const face = runs[k]?.font ?? null;
  while (k < runs.length && (runs[k]!.font === face || runs[k]!.number)) lead += runs[k++]!.chars;
  return { lead, numberChars, face, next: runs[k] ?? null };
}

/** The text's first `letters` letters and digits, with what stands between them. */
function headPart(text: string, letters: number): string {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    if (/[\p{L}\p{N}]/u.test(text[i]!) && ++n === letters) return text.slice(0, i + 1);
  }
  return text;
}

/**
 * `s` opens in a head's face (bold, or a face other than the body's) and goes on in another face:
 * a run-in lead with its text. `numbered`: the line starts with a subsection's number, two parts or more (asked last: a parse); a single `4.` is a list's item.
 */
export function leadRunsOn(
  s: Segment,
  bodyFace: string | null,
  numbered: () => boolean,
): 'label' | 'numbered' | null {
  const { lead, numberChars, face, next } = leadingFace(s);
  if (face === null || next === null || face === bodyFace || lead - numberChars < 5) return null;
  const head = headPart(s.text, lead);
  const rest = s.text.slice(head.length);
  // Bold by the 85 % measure, its bold label closed by a bracket or a stop and words of text after it
  // in a face of their own: a statement's label going on (`Definition 26 (…) Define`).
  if (s.bold === true)
    return next.chars >= 3 && /^[)\].:]{1,2}\s+\p{L}/u.test(rest) && /\p{L}{2}/u.test(rest) ? 'label' : null;
  // A numbered head in a face of its own, then words of the body face with no stop between: a head run
  // in without one (a head closed by `.` or `:` is split from its text as a run-in heading before).
  return next.font === bodyFace &&
    next.chars >= 3 &&
    /^[)\]]?\s+\p{L}/u.test(rest) &&
    /\p{L}{2}/u.test(rest) &&
    numbered()
    ? 'numbered'
    : null;
}
