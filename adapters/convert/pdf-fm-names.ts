/**
 * A journal's name set alone, as a banner or as logo text on page 1 (issue #30): a few capitalised
 * words ending in `Journal` or `Letters` and maybe its series (`The Astronomical Journal`, `Physical
 * Review Letters`, `The European Physical Journal C`), or a `Journal of …` name (`New Journal of
 * Physics`). Names are set in title case or capitals, with no verb: never a paper's title.
 */
const JOURNAL_NAME =
  /^(?:(?:The|THE)\s+)?(?:\p{Lu}[\p{L}&.-]*\s+){0,4}(?:[Jj]ournal|JOURNAL|[Ll]etters|LETTERS)(?:\s+[A-Z])?\.?$|^(?:(?:The|THE)\s+)?(?:\p{Lu}[\p{L}&.-]*\s+){1,3}(?:[Jj]ournal|JOURNAL)\s+(?:of|OF|for|FOR|on|ON)\s+(?:(?:the|THE|and|AND|of|OF|in|IN|&)\s+|\p{Lu}[\p{L}&.-]*(?:\s+|$)){1,6}$/u;

export function isJournalName(text: string): boolean {
  return JOURNAL_NAME.test(text.trim());
}
