/**
 * An announcement is read once, whoever subscribes: 50 subscriptions over 3 categories, all run
 * at once on the real Temporal dev server against the fake arXiv's calendar
 * (test/fakes/arxiv-calendar.ts), read each category's feed once per feed date; the requests the
 * fake receives are counted. Every subscription still gets its announcement exactly once, with
 * the papers its joint feed would have listed.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parseAnnounceFeed } from '../../adapters/arxiv/rss.ts';
import { bm25Rank } from '../../adapters/rank/bm25.ts';
import { zonedInstant } from '../../domain/arxiv-calendar.ts';
import type { TopicDigestResult } from '../../workflows/topic-digest.ts';
import { createArxivCalendar, type ArxivCalendar } from '../fakes/arxiv-calendar.ts';
import { maybeRecordHistory } from '../support/histories.ts';
import { runDigestsAt } from '../support/digest-runs.ts';
import { startServiceHarness, type ServiceHarness } from '../support/service-harness.ts';

const NY = 'America/New_York';
const INTEREST = 'language model agents reasoning and planning with tools';
const TOP_K = 1;
const SUBSCRIPTIONS = 50;
const CATEGORY_SETS = [['cs.AI'], ['cs.CL'], ['cs.LG'], ['cs.AI', 'cs.CL'], ['cs.CL', 'cs.LG', 'cs.AI']];
const at = (date: string, hour = 1, minute = 15) => zonedInstant(date, hour, minute, NY);

describe('an announcement is read once, whoever subscribes', () => {
  let calendar: ArxivCalendar;
  let harness: ServiceHarness;
  const names = Array.from({ length: SUBSCRIPTIONS }, (_, i) => `shared-${i}`);
  const categoriesOf = (i: number) => CATEGORY_SETS[i % CATEGORY_SETS.length]!;

  before(async () => {
    calendar = createArxivCalendar({ firstFeedDay: '2027-01-04', feedDays: 5 });
    harness = await startServiceHarness({ calendar, documents: {} });
    for (const [i, name] of names.entries())
      await harness.service.subscribe({ name, categories: categoriesOf(i), interest: INTEREST, topK: TOP_K });
  });

  after(async () => harness?.stop());

  /** Runs every subscription's digest at once, as of `now`; returns the results and the feed requests arXiv received. */
  async function runAll(now: Date, round: string) {
    const { results, requests } = await runDigestsAt(harness, calendar, names, now, round);
    return { results, feedReads: requests.filter((r) => /^\/(atom|rss)\//.test(r.path)) };
  }

  /** The top K of the joint feed of a subscription's categories, by BM25, above 0 (what one reader of its own would send). */
  function expectedIds(categories: string[], date: string): string[] {
    const saved = calendar.now;
    calendar.now = at(date, 6);
    const feed = parseAnnounceFeed(calendar.feed(categories));
    calendar.now = saved;
    const docs = feed.items.map((i) => ({ id: i.paper.id, text: `${i.paper.title}\n${i.paper.abstract}` }));
    return bm25Rank(INTEREST, docs)
      .filter((r) => r.score > 0)
      .slice(0, TOP_K)
      .map((r) => r.id);
  }

  async function assertDelivered(date: string, results: TopicDigestResult[]) {
    for (const [i, name] of names.entries()) {
      assert.equal((await harness.service.store.lastDelivery(name))?.announcement, date, name);
      const r = results[i]!;
      const sent =
        r.status === 'published'
          ? (await harness.service.store.getDigest(r.key))!.entries.map((e) => e.arxivId)
          : [];
      assert.deepEqual(
        sent.sort(),
        expectedIds(categoriesOf(i), date).sort(),
        `${name} (${categoriesOf(i).join('+')})`,
      );
    }
  }

  it('50 subscriptions over 3 categories: 3 feed reads per announcement, each subscription served once', async () => {
    const first = await runAll(at('2027-01-05'), 'tue');
    assert.deepEqual(first.feedReads.map((r) => r.path).sort(), [
      '/atom/cs.AI',
      '/atom/cs.CL',
      '/atom/cs.LG',
    ]);
    assert.ok(first.results.every((r) => r.status === 'published'));
    await assertDelivered('2027-01-05', first.results);

    // The same announcement again (the schedule's second read): nothing is read, nothing is sent.
    const again = await runAll(at('2027-01-05', 7), 'tue-again');
    assert.equal(again.feedReads.length, 0, 'the feeds of this date are shared, not read again');
    for (const r of again.results) {
      assert.equal(r.status, 'empty');
      if (r.status === 'empty') assert.match(r.reason, /already delivered/);
    }

    const second = await runAll(at('2027-01-06'), 'wed');
    assert.equal(second.feedReads.length, 3, 'the next announcement: each category read once');
    await assertDelivered('2027-01-06', second.results);
    console.log(
      `shared feeds: ${SUBSCRIPTIONS} subscriptions over 3 categories read ${first.feedReads.length} and ${second.feedReads.length} feeds for two announcements, ${again.feedReads.length} on a second run of the first`,
    );
    await maybeRecordHistory(
      harness.t.runtime.temporalAddress,
      'digest-shared-4-wed',
      'topicDigest',
      'shared-feeds',
    );
    // And a run that read a feed itself (claimed the lease, read on the arXiv queue, shared it).
    if (process.env.RECORD_HISTORIES === '1') {
      for (const name of names) {
        const history = await harness.t.client.workflow.getHandle(`digest-${name}-wed`).fetchHistory();
        const read = history.events?.some(
          (e) => e.activityTaskScheduledEventAttributes?.activityType?.name === 'arxivAnnouncementsFile',
        );
        if (!read) continue;
        await maybeRecordHistory(
          harness.t.runtime.temporalAddress,
          `digest-${name}-wed`,
          'topicDigest',
          'shared-feeds-reader',
        );
        break;
      }
    }
  });
});
