/**
 * The arXiv sources topicDigest reads, in the order it asks them: for each announcement, the first
 * that serves the subscription and covers it. A new source: one file in this folder, one line
 * here (and its reader of stored files in activities/pipeline/sources/).
 */
import { feedSource } from './feed.ts';
import { oaiSource } from './oai.ts';
import { searchSource } from './search.ts';
import type { Subscription } from '../../domain/subscription.ts';
import type { DigestSource } from './source.ts';

export const DIGEST_SOURCES: readonly DigestSource[] = [feedSource, oaiSource, searchSource];

/** Whether `source` reads the announcement `date` of a run whose current announcement is `current`. */
export function covers(source: DigestSource, date: string, current: string): boolean {
  return source.covers === 'all' || (source.covers === 'current') === (date === current);
}

/** The source that reads `date` for `sub`: the first listed that serves the subscription and covers it. */
export function sourceFor(sub: Subscription, date: string, current: string): DigestSource | undefined {
  return DIGEST_SOURCES.find((s) => s.serves(sub) && covers(s, date, current));
}
