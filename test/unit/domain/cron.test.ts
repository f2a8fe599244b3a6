/** The cron parser and the schedule-against-calendar check `doctor` and `subscribe` use. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  cronProblem,
  feedCoverageWarning,
  fireTimes,
  parseCron,
  unreadFeedDays,
} from '../../../domain/cron.ts';
import { DEFAULT_DIGEST_CRON, LEGACY_DIGEST_CRON } from '../../../domain/arxiv-calendar.ts';

describe('cron', () => {
  it('parses every construct: lists, ranges, steps, names, 7 as Sunday', () => {
    const c = parseCron('*/20 1,7 1-5 JAN-MAR MON-FRI');
    assert.deepEqual(c.minutes, [0, 20, 40]);
    assert.deepEqual(c.hours, [1, 7]);
    assert.deepEqual(c.daysOfMonth, [1, 2, 3, 4, 5]);
    assert.deepEqual(c.months, [1, 2, 3]);
    assert.deepEqual(c.daysOfWeek, [1, 2, 3, 4, 5]);
    assert.deepEqual(parseCron('0 0 * * 7').daysOfWeek, [0]);
    assert.deepEqual(parseCron('5/30 * * * *').minutes, [5, 35]);
  });

  it('names the problem in a bad expression', () => {
    const cases: Array<[string, RegExp]> = [
      ['bogus', /1 field; write 5/],
      ['99 99 * * *', /minute 99 is out of range/],
      ['0 24 * * *', /hour 24 is out of range/],
      ['0 0 * * 1-9', /day of week 9 is out of range/],
      ['0 0 5-1 * *', /runs backwards/],
      ['0 0 * * */0', /step "0"/],
      ['0 0 * FOO *', /"FOO" is not a number in the month field/],
      ['0 0 * * * *', /6 fields/],
    ];
    for (const [expr, message] of cases) assert.match(cronProblem(expr) ?? '', message, expr);
    assert.equal(cronProblem(DEFAULT_DIGEST_CRON), null);
  });

  it('lists fire times in the schedule time zone', () => {
    const fires = fireTimes(DEFAULT_DIGEST_CRON, 'America/New_York', '2026-11-23', 7).map((d) =>
      d.toISOString(),
    );
    assert.equal(fires.length, 10, 'two runs on each of five weekdays');
    assert.equal(fires[0], '2026-11-23T06:15:00.000Z');
    assert.equal(fires[1], '2026-11-23T12:15:00.000Z');
  });

  it("the default schedule reads every weekday feed; the old default never read Friday's", () => {
    assert.deepEqual(unreadFeedDays(DEFAULT_DIGEST_CRON, 'America/New_York').neverRead, []);
    assert.equal(feedCoverageWarning(DEFAULT_DIGEST_CRON, 'America/New_York'), null);
    assert.deepEqual(unreadFeedDays(LEGACY_DIGEST_CRON, 'America/New_York').neverRead, ['Friday']);
    assert.match(
      feedCoverageWarning(LEGACY_DIGEST_CRON, 'America/New_York') ?? '',
      /never reads arXiv's Friday feed/,
    );
  });

  it('judges a schedule by New York time, whatever its own zone', () => {
    // 07:00 in Berlin is 01:00 in New York the same day: every feed.
    assert.deepEqual(unreadFeedDays('0 7 * * 1-5', 'Europe/Berlin').neverRead, []);
    // 03:00 in Tokyo Monday–Friday is the previous afternoon in New York: Friday's feed is never read.
    assert.deepEqual(unreadFeedDays('0 3 * * 1-5', 'Asia/Tokyo').neverRead, ['Friday']);
    assert.match(feedCoverageWarning('0 8 1 * *', 'UTC') ?? '', /some days of the month/);
  });
});
