/**
 * The list of arXiv sources topicDigest reads (workflows/sources/index.ts): which one reads which
 * announcement is decided by the list, and each one's stored files have a reader in the selection
 * (activities/pipeline/sources/). The reads themselves run in the digest integration tests.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { submissionWindow } from '../../../domain/arxiv-calendar.ts';
import type { Subscription } from '../../../domain/subscription.ts';
import type { DigestState } from '../../../activities/pipeline/announcements.ts';
import { STORED_SOURCES } from '../../../activities/pipeline/sources/index.ts';
import { covers, DIGEST_SOURCES, sourceFor } from '../../../workflows/sources/index.ts';
import type { SourceContext, SourceRead } from '../../../workflows/sources/source.ts';

const subscription = (over: Partial<Subscription>): Subscription => ({
  name: 'sub',
  query: null,
  categories: [],
  interest: '',
  cron: '15 1 * * 1-5',
  timezone: 'UTC',
  destinations: { markdown: true } as Subscription['destinations'],
  includeCrossLists: true,
  includeReplacements: false,
  topK: 10,
  minScore: 0,
  paused: false,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  ...over,
});
const byCategory = subscription({ categories: ['cs.AI', 'cs.LG'] });
const byQuery = subscription({ query: 'ti:agents' });
const context = (sub: Subscription, lastWindowEnd: string | null = null): SourceContext => {
  const state: DigestState = {
    subscription: sub,
    destinations: ['markdown'],
    lastAnnouncement: null,
    lastWindowEnd,
    catchupDays: 7,
  };
  return { state, stage: () => undefined, options: {} };
};

describe('the arXiv sources of topicDigest', () => {
  it('lists feed, OAI-PMH and the search window, in the order topicDigest asks them', () => {
    assert.deepEqual(
      DIGEST_SOURCES.map((s) => s.kind),
      ['feed', 'oai', 'search'],
    );
  });

  it('gives every listed kind a reader in the selection, so its stored files reach it', () => {
    const readable = new Set(STORED_SOURCES.map((s) => s.kind));
    for (const s of DIGEST_SOURCES) assert.ok(readable.has(s.kind), `no stored reader of "${s.kind}"`);
  });

  it('reads a category subscription’s current announcement from the feed and the missed ones from OAI-PMH', () => {
    assert.equal(sourceFor(byCategory, '2027-01-15', '2027-01-15')?.kind, 'feed');
    assert.equal(sourceFor(byCategory, '2027-01-08', '2027-01-15')?.kind, 'oai');
  });

  it('reads every announcement of a query-only subscription from the search window', () => {
    assert.equal(sourceFor(byQuery, '2027-01-15', '2027-01-15')?.kind, 'search');
    assert.equal(sourceFor(byQuery, '2027-01-08', '2027-01-15')?.kind, 'search');
  });

  it('lets only the feed state the current announcement, for category subscriptions only', () => {
    assert.deepEqual(
      DIGEST_SOURCES.filter((s) => s.announce).map((s) => s.kind),
      ['feed'],
    );
    assert.equal(
      DIGEST_SOURCES.find((s) => s.serves(byQuery) && s.announce),
      undefined,
    );
  });

  it('covers the current, the missed or all announcements as each source says', () => {
    const [feed, oai, search] = DIGEST_SOURCES;
    assert.ok(feed && oai && search);
    assert.deepEqual(
      [feed, oai, search].map((s) => [covers(s, 'c', 'c'), covers(s, 'm', 'c')]),
      [
        [true, false],
        [false, true],
        [true, true],
      ],
    );
  });

  it('hands the selection what the feed read when it stated the announcement', async () => {
    const feed = DIGEST_SOURCES.find((s) => s.kind === 'feed');
    assert.ok(feed);
    const read: SourceRead = { input: { sources: [{ kind: 'feed', files: ['a.json', 'b.json'] }] } };
    const plan = { current: true, catchUp: [], skipped: [] };
    const announced = { date: '2027-01-15', read, emptyReason: 'none' };
    const reader = await feed.open({ ...context(byCategory), plan, announced }, ['2027-01-15']);
    assert.deepEqual(await reader('2027-01-15'), read);
    const quiet = await feed.open({ ...context(byCategory), plan, announced: { ...announced, read: null } }, [
      '2027-01-15',
    ]);
    assert.equal(await quiet('2027-01-15'), null);
  });

  it('skips a window already searched by the last delivered run, without a request', async () => {
    const search = DIGEST_SOURCES.find((s) => s.kind === 'search');
    assert.ok(search);
    // The last run's window ended after this announcement's: nothing left to search (no activity
    // is scheduled, which outside a workflow would throw).
    const later = new Date(submissionWindow('2027-01-15').end.getTime() + 3600_000).toISOString();
    const plan = { current: true, catchUp: [], skipped: [] };
    const reader = await search.open({ ...context(byQuery, later), plan }, ['2027-01-15']);
    assert.equal(await reader('2027-01-15'), null);
  });
});
