/**
 * Digests follow arXiv's announcement calendar, on the real Temporal dev server against a fake
 * arXiv whose feeds change at midnight ET (test/fakes/arxiv-calendar.ts: real recorded items,
 * re-dated; OAI-PMH in the recorded format). The test moves the fake's clock; every run is the
 * production topicDigest workflow.
 *
 * Calendar (2027): feed days Mon 01-04 … Fri 01-29, Monday 01-18 a holiday (empty feed, no OAI
 * records). Scenarios, each on its own subscription: the default schedule over two weeks, the same
 * announcement read twice, workers down one weekday, a long weekend, a 10-day outage with the
 * default catch-up limit, the first digest, a replacement of a sent paper, leftovers, and Markdown
 * files never overwritten.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parseAnnounceFeed } from '../../adapters/arxiv/rss.ts';
import { bm25Rank } from '../../adapters/rank/bm25.ts';
import type { Digest } from '../../domain/digest.ts';
import { DEFAULT_DIGEST_CRON, feedDateAt, zonedInstant } from '../../domain/arxiv-calendar.ts';
import { fireTimes } from '../../domain/cron.ts';
import type { DigestRunResult } from '../../app/radar-service.ts';
import type { RadarServiceHandle } from '../../workers/compose.ts';
import { createArxivCalendar, type ArxivCalendar } from '../fakes/arxiv-calendar.ts';
import type { FakeArxiv } from '../fakes/arxiv-server.ts';
import { maybeRecordHistory } from '../support/histories.ts';
import type { TestRuntime } from '../support/runtime.ts';
import { startServiceHarness, type ServiceHarness } from '../support/service-harness.ts';
import { redatedSearch } from '../support/corpus.ts';

const NY = 'America/New_York';
const INTEREST = 'language model agents reasoning and planning with tools';
const TOP_K = 2;
const at = (date: string, hour = 1, minute = 15) => zonedInstant(date, hour, minute, NY);

describe('digests follow the announcement calendar', () => {
  let calendar: ArxivCalendar;
  let arxiv: FakeArxiv;
  let t: TestRuntime;
  let service: RadarServiceHandle;

  let harness: ServiceHarness;
  before(async () => {
    calendar = createArxivCalendar({
      firstFeedDay: '2027-01-04',
      feedDays: 19,
      holidays: ['2027-01-18'],
      oaiPageSize: 4,
    });
    // The recorded results of "testing", re-dated over the windows the query-only subscription searches.
    const submittedDates = redatedSearch('search_testing_start0_max100.xml', {
      start: at('2027-01-08', 14, 0),
      end: at('2027-01-13', 14, 0),
    });
    harness = await startServiceHarness({ calendar, documents: {}, submittedDates });
    ({ arxiv, t, service } = harness);
  });

  after(async () => harness?.stop());

  const subscribe = (name: string, extra: { includeReplacements?: boolean } = {}) =>
    service.subscribe({ name, categories: ['cs.AI'], interest: INTEREST, topK: TOP_K, ...extra });

  /** Runs the digest as of `now` (the schedule's workflow, started on demand). */
  async function runAt(name: string, now: Date): Promise<DigestRunResult> {
    calendar.now = now;
    return service.runDigest(name);
  }

  /** What the digest of one announcement should hold: the top K of its cs.AI papers by BM25, above 0, minus `seen`. */
  function expectedIds(date: string, seen: Set<string> = new Set()): string[] {
    const saved = calendar.now;
    calendar.now = at(date, 6);
    const feed = parseAnnounceFeed(calendar.feed(['cs.AI']));
    calendar.now = saved;
    const docs = feed.items
      .filter((i) => !seen.has(i.paper.id))
      .map((i) => ({ id: i.paper.id, text: `${i.paper.title}\n${i.paper.abstract}` }));
    return bm25Rank(INTEREST, docs)
      .filter((r) => r.score > 0)
      .slice(0, TOP_K)
      .map((r) => r.id);
  }

  const published = (r: DigestRunResult): Digest[] =>
    r.status === 'published' ? r.digests.map((d) => d.digest) : [];
  const oaiRequests = (since: number) => arxiv.requests.slice(since).filter((r) => r.path === '/oai');

  it('the default schedule over two weeks: 10 announcements, 10 digests, each paper exactly once; a second read of a feed publishes nothing', async () => {
    await subscribe('two-weeks');
    // The schedule Temporal keeps for the subscription agrees with our reading of the default cron.
    const desc = await t.client.schedule.getHandle('digest-two-weeks').describe();
    const upcoming = desc.info.nextActionTimes.slice(0, 4).map((d) => d.toISOString());
    const ours = fireTimes(DEFAULT_DIGEST_CRON, NY, feedDateAt(new Date()), 14)
      .filter((d) => d.getTime() > Date.now())
      .slice(0, 4)
      .map((d) => d.toISOString());
    assert.deepEqual(upcoming, ours, 'Temporal fires the default schedule when we expect');

    const fires = fireTimes(DEFAULT_DIGEST_CRON, NY, '2027-01-04', 14);
    assert.equal(fires.length, 20);
    const before = arxiv.requests.length;
    const digests: Digest[] = [];
    const files = new Map<string, string>();
    for (const fire of fires) {
      const r = await runAt('two-weeks', fire);
      const isSecondRead = zonedInstant(feedDateAt(fire), 7, 15, NY).getTime() === fire.getTime();
      if (isSecondRead) {
        assert.equal(r.status, 'empty', `second read on ${feedDateAt(fire)}`);
        if (r.status === 'empty') assert.match(r.reason, /already delivered/);
      }
      digests.push(...published(r));
      // Files already written never change.
      const dir = path.join(t.dataDir, 'digests', 'two-weeks');
      for (const [file, text] of files)
        assert.equal(readFileSync(path.join(dir, file), 'utf8'), text, `${file} untouched`);
      for (const f of readdirSync(dir))
        if (!files.has(f)) files.set(f, readFileSync(path.join(dir, f), 'utf8'));
    }
    const days = [
      '2027-01-04',
      '2027-01-05',
      '2027-01-06',
      '2027-01-07',
      '2027-01-08',
      '2027-01-11',
      '2027-01-12',
      '2027-01-13',
      '2027-01-14',
      '2027-01-15',
    ];
    assert.deepEqual(
      digests.map((d) => d.date),
      days,
      'one digest per announcement, named by its feed date',
    );
    assert.deepEqual(
      digests.map((d) => d.key),
      days.map((d) => `two-weeks:${d}`),
    );
    const sent = digests.flatMap((d) => d.entries.map((e) => e.arxivId));
    const duplicates = sent.length - new Set(sent).size;
    const misses = days.flatMap((d, i) =>
      expectedIds(d).filter((id) => !digests[i]!.entries.some((e) => e.arxivId === id)),
    );
    assert.equal(duplicates, 0);
    assert.deepEqual(misses, []);
    for (const d of digests)
      for (const e of d.entries)
        assert.ok(e.score > 0, `${e.arxivId} has evidence of relevance (${e.score})`);
    assert.equal(oaiRequests(before).length, 0, 'nothing was missed, so nothing was caught up');
    assert.equal(files.size, 10, 'ten Markdown files');
    console.log(
      `two-week simulation: ${days.length} announcements, ${digests.length} digests, ${sent.length} papers, ${duplicates} duplicates, ${misses.length} misses, ${arxiv.requests.length - before} arXiv requests`,
    );
  });

  it('the first digest of a new subscription covers only the current announcement', async () => {
    await subscribe('first');
    const before = arxiv.requests.length;
    const r = await runAt('first', at('2027-01-13'));
    assert.deepEqual(
      published(r).map((d) => d.date),
      ['2027-01-13'],
    );
    assert.equal(oaiRequests(before).length, 0);
  });

  it('workers down for one weekday: the next run catches it up from OAI-PMH, then the current one', async () => {
    await subscribe('down-day');
    assert.deepEqual(
      published(await runAt('down-day', at('2027-01-20'))).map((d) => d.date),
      ['2027-01-20'],
    );
    const before = arxiv.requests.length;
    const r = await runAt('down-day', at('2027-01-22')); // Thursday's runs never happened
    assert.deepEqual(
      published(r).map((d) => d.date),
      ['2027-01-21', '2027-01-22'],
    );
    assert.deepEqual(
      published(r)[0]!.entries.map((e) => e.arxivId),
      expectedIds('2027-01-21'),
    );
    const oai = oaiRequests(before);
    assert.equal(oai[0]?.query.set, 'cs');
    assert.equal(oai[0]?.query.from, '2027-01-21');
    assert.equal(oai[0]?.query.until, '2027-01-21');
    assert.equal(oai[0]?.query.metadataPrefix, 'arXiv');
    assert.ok(
      oai.slice(1).every((q) => q.query.resumptionToken),
      'later pages follow the resumption token',
    );
    console.log(`one missed day: ${oai.length} OAI-PMH requests (page size ${calendar.oaiPageSize})`);
  });

  it('a long weekend with a Monday holiday: the empty holiday is checked, nothing is published for it', async () => {
    await subscribe('long-weekend');
    assert.deepEqual(
      published(await runAt('long-weekend', at('2027-01-15'))).map((d) => d.date),
      ['2027-01-15'],
    );
    // Saturday and the holiday Monday: empty feeds, no error, nothing published.
    for (const day of ['2027-01-16', '2027-01-18']) {
      const r = await runAt('long-weekend', at(day));
      assert.equal(r.status, 'empty', day);
      if (r.status === 'empty') assert.match(r.reason, /arXiv announced nothing on/);
    }
    const before = arxiv.requests.length;
    const r = await runAt('long-weekend', at('2027-01-19'));
    assert.deepEqual(
      published(r).map((d) => d.date),
      ['2027-01-19'],
    );
    const oai = oaiRequests(before);
    assert.equal(oai.length, 1, 'one OAI request for the holiday, answered noRecordsMatch');
    assert.equal(oai[0]?.query.from, '2027-01-18');
    assert.equal((await service.store.getDelivery('long-weekend', '2027-01-18'))?.status, 'delivered');
  });

  it('a 10-day outage: 7 days are caught up (one digest per announcement), the older gap is stated', async () => {
    await subscribe('outage');
    assert.deepEqual(
      published(await runAt('outage', at('2027-01-05'))).map((d) => d.date),
      ['2027-01-05'],
    );
    const before = arxiv.requests.length;
    const r = await runAt('outage', at('2027-01-15'));
    const caughtUp = ['2027-01-08', '2027-01-11', '2027-01-12', '2027-01-13', '2027-01-14'];
    assert.deepEqual(
      published(r).map((d) => d.date),
      [...caughtUp, '2027-01-15'],
    );
    assert.equal(r.status, 'published');
    if (r.status !== 'published') return;
    assert.deepEqual(r.notCovered, ['2027-01-06', '2027-01-07']);
    const first = r.digests[0]!.digest;
    assert.deepEqual(
      first.notCovered,
      ['2027-01-06', '2027-01-07'],
      'the first digest after the gap names it',
    );
    const markdown = readFileSync(path.join(t.dataDir, 'digests', 'outage', '2027-01-08.md'), 'utf8');
    assert.match(markdown, /2027-01-06 to 2027-01-07/);
    for (const [i, d] of caughtUp.entries())
      assert.deepEqual(
        published(r)[i]!.entries.map((e) => e.arxivId),
        expectedIds(d),
        d,
      );
    const oai = oaiRequests(before);
    assert.ok(oai.every((q) => q.query.set === 'cs' || q.query.resumptionToken));
    assert.equal(oai[0]?.query.from, '2027-01-08');
    assert.equal(oai[0]?.query.until, '2027-01-14');
    console.log(
      `10-day outage: ${caughtUp.length} announcements caught up with ${oai.length} OAI-PMH requests (${(oai.length / caughtUp.length).toFixed(2)} per caught-up day at ${calendar.oaiPageSize} records a page); not covered: ${r.notCovered.join(', ')}`,
    );
    // The catch-up run's history guards replay of the announcement path (RECORD_HISTORIES=1 writes it).
    for await (const wf of t.client.workflow.list({
      query: `WorkflowType="topicDigest" AND ExecutionStatus="Completed"`,
    })) {
      if (!wf.workflowId.startsWith('digest-outage')) continue;
      await maybeRecordHistory(t.runtime.temporalAddress, wf.workflowId, 'topicDigest', 'outage-catch-up');
      break;
    }
  });

  it('a replacement of a paper already sent, or of one considered but not selected, is not sent again', async () => {
    await subscribe('replacements', { includeReplacements: true });
    const first = published(await runAt('replacements', at('2027-01-25')))[0]!;
    const sentId = first.entries[0]!.arxivId;
    // A paper of the same announcement that was considered and ranked below the top K.
    const leftover = bm25Rank(
      INTEREST,
      parseAnnounceFeed(calendar.feed(['cs.AI'])).items.map((i) => ({
        id: i.paper.id,
        text: `${i.paper.title}\n${i.paper.abstract}`,
      })),
    ).slice(TOP_K)[0]!.id;
    calendar.addReplacement('2027-01-26', sentId);
    calendar.addReplacement('2027-01-26', leftover);
    const next = published(await runAt('replacements', at('2027-01-26')))[0];
    assert.equal(next?.date, '2027-01-26');
    const ids = next?.entries.map((e) => e.arxivId) ?? [];
    assert.ok(!ids.includes(sentId), 'the sent paper is not resent as v2');
    assert.ok(!ids.includes(leftover), 'the leftover is not offered later');
    assert.deepEqual(ids, expectedIds('2027-01-26', new Set([sentId, leftover])));
  });

  it('a manual run after the scheduled one sends no leftovers and keeps the digest file', async () => {
    const dir = path.join(t.dataDir, 'digests', 'replacements');
    const before = readdirSync(dir).map((f) => [f, readFileSync(path.join(dir, f), 'utf8')]);
    const again = await runAt('replacements', at('2027-01-26', 20, 30));
    assert.equal(again.status, 'empty');
    assert.deepEqual(
      readdirSync(dir).map((f) => [f, readFileSync(path.join(dir, f), 'utf8')]),
      before,
    );
  });

  it("query-only subscriptions search each announcement's submission window, each starting where the last ended", async () => {
    await service.subscribe({
      name: 'query-only',
      query: 'testing',
      interest: 'software testing in practice',
      topK: 2,
    });
    const execute = (asOf: string) =>
      t.client.workflow.execute('topicDigest', {
        taskQueue: t.config.TEMPORAL_TASK_QUEUE,
        workflowId: `digest-query-only-${asOf}`,
        args: ['query-only', { asOf, windowPageSize: 50 }],
      });
    const windows = (since: number) =>
      arxiv.requests
        .slice(since)
        .filter(
          (r) =>
            r.path === '/api/query' &&
            r.query.start === '0' &&
            (r.query.search_query ?? '').includes('submittedDate'),
        )
        .map((r) => /submittedDate:\[(\d{12}) TO (\d{12})\]/.exec(r.query.search_query ?? '')!.slice(1, 3));
    let mark = arxiv.requests.length;
    const first = (await execute(at('2027-01-12', 6).toISOString())) as { status: string };
    assert.equal(first.status, 'published');
    // The Tuesday feed's window: Friday 14:00 ET (19:00 UTC) to Monday 14:00 ET.
    assert.deepEqual(windows(mark), [['202701081900', '202701111900']]);
    mark = arxiv.requests.length;
    // Two days later: Wednesday's window is caught up, then Thursday's, chained end to start.
    await execute(at('2027-01-14', 6).toISOString());
    assert.deepEqual(windows(mark), [
      ['202701111900', '202701121900'],
      ['202701121900', '202701131900'],
    ]);
    assert.equal((await service.store.lastDelivery('query-only'))?.announcement, '2027-01-14');
    mark = arxiv.requests.length;
    const again = (await execute(at('2027-01-14', 9).toISOString())) as { status: string; reason: string };
    assert.equal(again.status, 'empty');
    assert.match(again.reason, /already delivered/);
    assert.deepEqual(windows(mark), [], 'a repeated run makes no request');
  });
});
