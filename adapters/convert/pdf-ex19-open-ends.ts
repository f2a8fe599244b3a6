/**
 * ex19: a heading is a closed phrase. A line whose text stops on a comma, a semicolon or a word
 * that needs a complement (`… energy reservoir, and`, `… was never directly used during`) goes on
 * in the next line; when no wrapped line of the heading follows, it is the first line of an
 * enumerated item or a footnote, not a heading.
 */
const OPEN_END =
  /(?:[,;]|\s(?:and|or|nor|but|the|an|of|for|with|to|via|from|by|during|between|than|that|which|whose))$/;

/** The heading's text (its wrapped lines joined) ends open: it cannot be a whole title. */
export function endsOpen(text: string): boolean {
  return OPEN_END.test(text.trim());
}
