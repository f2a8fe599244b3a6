/**
 * Small text helpers shared by the publishers: arXiv titles and abstracts carry hard line breaks
 * and runs of spaces, and every destination has per-field length limits.
 */
import { describeDates } from '../../domain/arxiv-calendar.ts';

/** Collapses whitespace runs (arXiv wraps titles and abstracts at ~80 columns) into single spaces. */
export function normalizeSpace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * Splits `text` into pieces of at most `max` UTF-16 code units, preferring to cut after a space
 * in the last fifth of a piece so words stay whole; never splits a surrogate pair.
 */
export function splitText(text: string, max: number): string[] {
  if (max < 2) throw new RangeError('splitText: max must be at least 2');
  const pieces: string[] = [];
  let rest = text;
  while (rest.length > max) {
    let cut = max;
    const space = rest.lastIndexOf(' ', max - 1);
    if (space >= max * 0.8) cut = space + 1;
    else if (isHighSurrogate(rest.charCodeAt(cut - 1))) cut -= 1;
    pieces.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  if (rest.length > 0 || pieces.length === 0) pieces.push(rest);
  return pieces;
}

/** "A, B, C and 12 others" — physics collaborations list hundreds of authors. */
export function formatAuthors(authors: readonly string[], shown = 12): string {
  const names = authors.map(normalizeSpace).filter((a) => a.length > 0);
  if (names.length === 0) return 'Unknown authors';
  if (names.length <= shown) return names.join(', ');
  return `${names.slice(0, shown).join(', ')} and ${names.length - shown} others`;
}

/** The score as the reranker gave it, with 3 significant decimals. */
export function formatScore(score: number): string {
  return Number.isFinite(score) ? score.toFixed(3) : String(score);
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/**
 * The sentence every destination shows when a digest could not cover some missed announcements
 * (older than DIGEST_CATCHUP_DAYS); null when it covered everything.
 */
export function notCoveredSentence(notCovered: readonly string[] | undefined): string | null {
  if (!notCovered?.length) return null;
  return `Not covered: the arXiv announcements of ${describeDates([...notCovered])} were missed for longer than the catch-up limit (DIGEST_CATCHUP_DAYS); their papers are in no digest.`;
}
