/** Turning free user text into a safe FTS5 query. */

/**
 * Every run of letters/digits becomes a quoted term, joined by implicit AND, so no user input can
 * be read as FTS5 syntax (operators, columns, quotes, parentheses). Returns null when the text
 * has no searchable word.
 */
export function toFtsQuery(text: string): string | null {
  const words = text.normalize('NFC').match(/[\p{L}\p{N}]+/gu);
  if (!words || words.length === 0) return null;
  return words
    .slice(0, 32)
    .map((w) => `"${w}"`)
    .join(' ');
}
