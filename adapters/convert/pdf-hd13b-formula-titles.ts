/**
 * Section titles that are mostly formula. A line of math symbols alone is never a heading, but a
 * title may compare two formulas with a word (`4.2.1. I ≤ J vs. I ⊂ J`); a display equation joins
 * its terms with operators, not with a word between them. Only for a title that its number and face
 * already set apart (a run-in head in a heading face), never to make a heading of a body line.
 */

/** A word of two letters or more (`vs.`, `versus`, `and`) standing between tokens of the title. */
export function formulasJoinedByWord(title: string): boolean {
  const tokens = title.trim().split(/\s+/);
  return tokens.some((t, i) => i > 0 && i < tokens.length - 1 && /^\p{L}{2,}\.?$/u.test(t));
}
