/**
 * Selecting a digest's candidates: the announced and searched papers a subscription wants, not
 * yet seen, ranked against its interest (and its ratings). Shared by every digest path.
 */
import { readFile } from 'node:fs/promises';
import { ApplicationFailure } from '@temporalio/common';
import type { AnnounceType, Paper } from '../../domain/paper.ts';
import { isBlobKey, type BlobStore } from '../../app/ports/blobs.ts';
import type { Subscription } from '../../domain/subscription.ts';
import { compileQueryFilter } from '../../domain/arxiv-query.ts';
import type { PipelineDeps } from './deps.ts';
import type { PickReason } from '../../domain/pick-reason.ts';
import {
  MAX_TRAINING_RATINGS,
  rankWithFeedback,
  type RatedDoc,
} from '../../adapters/rank/feedback/ranker.ts';
import { syncPublishedFeedback } from './feedback-sync.ts';

export interface AnnouncedPaper {
  paper: Paper;
  announceType: AnnounceType;
}

export interface DigestCandidate {
  id: string;
  version: number | null;
  /** The interest score (the reranker's); the relevance floor applies to it. */
  score: number;
  /** Why it was picked (absent on selections made before digests learned from ratings). */
  why?: PickReason;
}

export interface CandidateSelection {
  /** Best first, at most topK. */
  selected: DigestCandidate[];
  /** The metadata of the selected papers, so their ingest needs no lookup. */
  papers?: Paper[];
  ranker: 'cross-encoder' | 'bm25';
  stats: {
    announced: number;
    afterType: number;
    afterQuery: number;
    unseen: number;
    /** Unseen papers ranked at or below the subscription's relevance floor (not sent). */
    belowFloor?: number;
  };
}

export interface SelectionInput {
  subscription: string;
  /** Inline announcements (workflows started before announcementsFile existed pass them so). */
  announced: AnnouncedPaper[];
  /** The announcement feed stored by arxivAnnouncementsFile. */
  announcementsFile?: string;
  searched: Paper[];
  /** Search pages stored by arxivSearchPageFile. */
  searchFiles?: string[];
}

/**
 * The `list` array of a feed an arXiv activity stored as JSON: by blob key, or (histories
 * recorded before blob keys) by the path of a file on the worker that wrote it.
 */
export async function readStoredList<T>(
  blobs: BlobStore,
  ref: string,
  list: 'items' | 'papers' | 'records',
): Promise<T[]> {
  let feed: Record<string, unknown>;
  try {
    const raw = isBlobKey(ref) ? await blobs.get(ref) : await readFile(ref);
    feed = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
  } catch (e) {
    // Retryable: on a shared store the blob may not be visible yet; a lost one fails the digest loudly.
    throw ApplicationFailure.retryable(
      `Cannot read the stored arXiv feed ${ref}: ${(e as Error).message}`,
      'STORE_ERROR',
    );
  }
  const items = feed[list];
  if (!Array.isArray(items))
    throw ApplicationFailure.nonRetryable(`The stored arXiv feed ${ref} has no ${list} list.`, 'STORE_ERROR');
  return items as T[];
}

/** Which announcement kinds a subscription wants: new always, cross-lists and replacements by setting. */
export function wantsAnnouncement(
  sub: Pick<Subscription, 'includeCrossLists' | 'includeReplacements'>,
  type: AnnounceType,
): boolean {
  if (type === 'new') return true;
  if (type === 'cross') return sub.includeCrossLists;
  if (type === 'replace') return sub.includeReplacements;
  return sub.includeReplacements && sub.includeCrossLists; // replace-cross
}

/** The subscription's newest ratings with their papers' text, for its model (papers not in the library are skipped). */
async function ratedDocs(
  store: PipelineDeps['store'],
  subscription: string,
  known: Map<string, Paper>,
): Promise<RatedDoc[]> {
  const ratings = (await store.listRatings(subscription)).slice(-MAX_TRAINING_RATINGS);
  const docs: RatedDoc[] = [];
  for (const r of ratings) {
    const p = known.get(r.arxivId) ?? (await store.getPaper(r.arxivId));
    if (p)
      docs.push({ id: p.id, text: `${p.title}\n${p.abstract}`, rating: r.rating, seed: r.source === 'seed' });
  }
  return docs;
}

/** What rankUnseen found: every unseen candidate ranked, best first. */
export interface RankedCandidates {
  ranked: DigestCandidate[];
  /** Base ids of every unseen candidate (what the announcement "considered"). */
  unseenIds: string[];
  ranker: CandidateSelection['ranker'];
  stats: CandidateSelection['stats'];
  papersOf(selected: DigestCandidate[]): Paper[];
}

/**
 * The selection core shared by every digest path: keep the wanted announcement kinds, apply the
 * subscription's query, drop papers this subscription saw (sent or considered), store the rest
 * under the topic and rank them against the interest.
 */
export async function rankUnseen(
  deps: PipelineDeps,
  sub: Subscription,
  announced: AnnouncedPaper[],
  searched: Paper[],
): Promise<RankedCandidates> {
  const { store } = deps;
  const byId = new Map<string, Paper>();
  const wanted = announced.filter((a) => wantsAnnouncement(sub, a.announceType)).map((a) => a.paper);
  for (const p of [...wanted, ...searched]) if (!byId.has(p.id)) byId.set(p.id, p);
  const afterType = byId.size;
  if (sub.query) {
    let matches: (p: Paper) => boolean;
    try {
      matches = compileQueryFilter(sub.query);
    } catch (e) {
      throw ApplicationFailure.nonRetryable(
        `Subscription "${sub.name}" has a broken query (${(e as Error).message}); fix it with \`arxiv-radar subscribe\`.`,
        'INVALID_INPUT',
      );
    }
    // Searched papers already matched the query at arXiv; announced ones are filtered here.
    const searchedIds = new Set(searched.map((p) => p.id));
    for (const [id, p] of byId) if (!searchedIds.has(id) && !matches(p)) byId.delete(id);
  }
  const afterQuery = byId.size;
  const unseenIds = new Set(await store.filterUnseen(sub.name, [...byId.keys()]));
  const unseen = [...byId.values()].filter((p) => unseenIds.has(p.id));
  const stats = {
    announced: announced.length + searched.length,
    afterType,
    afterQuery,
    unseen: unseen.length,
  };
  const papersOf = (selected: DigestCandidate[]) =>
    selected.map((c) => byId.get(c.id)).filter((p) => p !== undefined);
  if (unseen.length === 0) return { ranked: [], unseenIds: [], ranker: 'bm25', stats, papersOf };
  await store.upsertPapers(unseen, { topic: sub.name });
  const reranker = await deps.reranker();
  await syncPublishedFeedback(deps, sub);
  // With no ratings this is exactly the reranker's ranking against the interest.
  const ranked = await rankWithFeedback(
    sub.interest || sub.query || sub.categories.join(' '),
    unseen.map((p) => ({ id: p.id, text: `${p.title}\n${p.abstract}` })),
    await ratedDocs(store, sub.name, byId),
    reranker,
  );
  const version = new Map(unseen.map((p) => [p.id, p.version]));
  return {
    ranked: ranked.map((r) => ({ id: r.id, version: version.get(r.id) ?? null, score: r.score, why: r.why })),
    unseenIds: unseen.map((p) => p.id),
    ranker: reranker.kind,
    stats,
    papersOf,
  };
}
