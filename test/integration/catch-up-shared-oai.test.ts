/**
 * A catch-up is read once, whoever missed it: 10 subscriptions over two categories of one OAI set
 * (cs.AI, cs.CL → `cs`), all run at once on the real Temporal dev server after the workers were
 * down for two announcements, harvest the set once from the fake arXiv's OAI-PMH archive
 * (test/fakes/arxiv-calendar.ts); the ListRecords requests the fake receives are counted, page by
 * page. Every subscription still gets a digest of each missed announcement with the papers its
 * joint feed would have listed, and no paper twice.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parseAnnounceFeed } from '../../adapters/arxiv/rss.ts';
import { bm25Rank } from '../../adapters/rank/bm25.ts';
import { oaiSetOf, zonedInstant } from '../../domain/arxiv-calendar.ts';
import { createArxivCalendar, type ArxivCalendar } from '../fakes/arxiv-calendar.ts';
import { maybeRecordHistory } from '../support/histories.ts';
import { runDigestsAt } from '../support/digest-runs.ts';
import { startServiceHarness, type ServiceHarness } from '../support/service-harness.ts';

const NY = 'America/New_York';
const INTEREST = 'language model agents reasoning and planning with tools';
const TOP_K = 2;
const SUBSCRIPTIONS = 10;
const CATEGORY_SETS = [['cs.AI'], ['cs.CL'], ['cs.AI', 'cs.CL']];
const PAGE_SIZE = 20;
const at = (date: string, hour = 1, minute = 15) => zonedInstant(date, hour, minute, NY);

describe('a catch-up is read once, whoever missed it', () => {
  let calendar: ArxivCalendar;
  let harness: ServiceHarness;
  const names = Array.from({ length: SUBSCRIPTIONS }, (_, i) => `missed-${i}`);
  const categoriesOf = (i: number) => CATEGORY_SETS[i % CATEGORY_SETS.length]!;

  before(async () => {
    calendar = createArxivCalendar({ firstFeedDay: '2027-01-04', feedDays: 5, oaiPageSize: PAGE_SIZE });
    harness = await startServiceHarness({ calendar, documents: {} });
    for (const [i, name] of names.entries())
      await harness.service.subscribe({ name, categories: categoriesOf(i), interest: INTEREST, topK: TOP_K });
  });

  after(async () => harness?.stop());

  /** Runs every subscription's digest at once, as of `now`; returns the results and the OAI-PMH requests arXiv received. */
  async function runAll(now: Date, round: string) {
    const { results, requests } = await runDigestsAt(harness, calendar, names, now, round);
    return { results, oai: requests.filter((r) => r.path === '/oai') };
  }

  /** The top K of the joint feed of a subscription's categories on `date`, by BM25, above 0. */
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

  /** ListRecords pages of one harvest of the `cs` set over `dates`, as the fake pages it. */
  function pagesOfOneHarvest(dates: string[]): number {
    const records = dates.flatMap((d) =>
      calendar.itemsOn(d).filter((i) => i.categories.some((c) => oaiSetOf(c) === 'cs')),
    );
    return Math.max(1, Math.ceil(records.length / PAGE_SIZE));
  }

  it('10 subscriptions that missed the same two announcements: one harvest of the set, every digest served once', async () => {
    const first = await runAll(at('2027-01-05'), 'tue');
    assert.ok(first.results.every((r) => r.status === 'published'));
    assert.equal(first.oai.length, 0, 'nothing missed yet');

    // The workers were down Wednesday and Thursday: Friday's runs catch up 01-06 and 01-07.
    const missed = ['2027-01-06', '2027-01-07'];
    const friday = await runAll(at('2027-01-08'), 'fri');
    const harvests = friday.oai.filter((r) => r.query.set);
    const pages = pagesOfOneHarvest(missed);
    console.log(
      `shared OAI catch-up: ${SUBSCRIPTIONS} subscriptions that missed ${missed.length} announcements made ${harvests.length} harvest(s), ${friday.oai.length} ListRecords requests (one harvest is ${pages} pages of ${PAGE_SIZE})`,
    );
    assert.equal(harvests.length, 1, 'one harvest of the set for every subscription');
    assert.deepEqual(
      { set: harvests[0]!.query.set, from: harvests[0]!.query.from, until: harvests[0]!.query.until },
      { set: 'cs', from: missed[0], until: missed[1] },
    );
    assert.ok(pages > 1, 'the harvest spans several pages');
    assert.equal(friday.oai.length, pages, 'each page read once');

    for (const [i, name] of names.entries()) {
      const r = friday.results[i]!;
      assert.equal(r.status, 'published', name);
      if (r.status !== 'published') continue;
      const digests = r.digests ?? [];
      assert.deepEqual(
        digests.map((d) => d.announcement),
        [...missed, '2027-01-08'],
        `${name}: one digest per announcement`,
      );
      const sent: string[] = [];
      for (const d of digests) {
        const ids = (await harness.service.store.getDigest(d.key))!.entries.map((e) => e.arxivId);
        assert.deepEqual(
          [...ids].sort(),
          expectedIds(categoriesOf(i), d.announcement).sort(),
          `${name} (${categoriesOf(i).join('+')}) ${d.announcement}`,
        );
        sent.push(...ids);
      }
      assert.equal(new Set(sent).size, sent.length, `${name}: no paper twice`);
    }

    // A run that made the harvest (claimed the lease, read the pages on the arXiv queue, shared them),
    // and one that was handed it.
    if (process.env.RECORD_HISTORIES === '1') {
      const label = async (name: string) => {
        const history = await harness.t.client.workflow.getHandle(`digest-${name}-fri`).fetchHistory();
        const harvested = history.events?.some(
          (e) => e.activityTaskScheduledEventAttributes?.activityType?.name === 'arxivOaiPageFile',
        );
        return harvested ? 'shared-oai-harvester' : 'shared-oai';
      };
      const recorded = new Set<string>();
      for (const name of names) {
        const which = await label(name);
        if (recorded.has(which)) continue;
        recorded.add(which);
        await maybeRecordHistory(
          harness.t.runtime.temporalAddress,
          `digest-${name}-fri`,
          'topicDigest',
          which,
        );
      }
      assert.equal(recorded.size, 2, 'both histories recorded');
    }
  });
});
