/**
 * The pipeline activities' dependencies for tests that run them in-process: the test's own store and
 * blob store, BM25 ranking, a summary cut from the abstract, no publisher unless given; anything
 * else a test needs (publishers, destinations) is passed in and wins.
 */
import { readFileSync } from 'node:fs';
import type { PipelineDeps } from '../../activities/pipeline/deps.ts';
import { parseAnnounceFeed } from '../../adapters/arxiv/rss.ts';
import { createBm25Reranker } from '../../adapters/rank/bm25.ts';
import { silentLogger } from '../../lib/logger.ts';
import { corpus } from './corpus.ts';

export function pipelineDeps(
  given: Pick<PipelineDeps, 'store' | 'blobs'> & Record<string, unknown>,
): PipelineDeps {
  return {
    reranker: async () => createBm25Reranker(),
    summarize: async ({ abstract }: { abstract: string }) => ({
      tldr: abstract.slice(0, 100),
      keyPoints: [],
      method: 'extractive' as const,
    }),
    publisherFor: () => null,
    logger: silentLogger,
    ...given,
  } as unknown as PipelineDeps;
}

/** The new cs.LG papers of the recorded all-archives feed of 2024-11-28, in feed order. */
export function recordedCsLgNewItems() {
  return parseAnnounceFeed(
    readFileSync(corpus('rss', 'rss_all-20-archives_2024-11-28.xml'), 'utf8'),
  ).items.filter((i) => i.announceType === 'new' && i.paper.categories.includes('cs.LG'));
}
