/** arXiv's announcement calendar: feed dates, submission windows, catch-up plans, OAI sets. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  addDays,
  categoryMatches,
  describeDates,
  feedDateAt,
  feedDaysBetween,
  latestFeedDay,
  oaiSetOf,
  planAnnouncements,
  submissionWindow,
  zonedInstant,
} from '../../../domain/arxiv-calendar.ts';

describe('arXiv calendar', () => {
  it('names the feed current at an instant by its New York date (feeds are written at midnight ET)', () => {
    assert.equal(feedDateAt(new Date('2026-11-24T04:59:00Z')), '2026-11-23'); // 23:59 ET Monday
    assert.equal(feedDateAt(new Date('2026-11-24T05:00:00Z')), '2026-11-24'); // midnight ET Tuesday
    assert.equal(feedDateAt(new Date('2026-07-07T04:00:00Z')), '2026-07-07'); // summer: UTC-4
  });

  it('converts wall-clock times in New York across both DST states', () => {
    assert.equal(
      zonedInstant('2026-01-05', 14, 0, 'America/New_York').toISOString(),
      '2026-01-05T19:00:00.000Z',
    );
    assert.equal(
      zonedInstant('2026-07-06', 14, 0, 'America/New_York').toISOString(),
      '2026-07-06T18:00:00.000Z',
    );
    // The day DST starts (2026-03-08): 01:15 is still EST, 07:15 already EDT.
    assert.equal(
      zonedInstant('2026-03-08', 1, 15, 'America/New_York').toISOString(),
      '2026-03-08T06:15:00.000Z',
    );
    assert.equal(
      zonedInstant('2026-03-08', 7, 15, 'America/New_York').toISOString(),
      '2026-03-08T11:15:00.000Z',
    );
  });

  it('lists feed days between two dates, skipping weekends', () => {
    assert.deepEqual(feedDaysBetween('2026-11-20', '2026-11-24'), ['2026-11-23']); // Fri → Tue: Monday only
    assert.deepEqual(feedDaysBetween('2026-11-23', '2026-11-24'), []);
    assert.equal(latestFeedDay('2026-11-22'), '2026-11-20'); // Sunday → Friday
  });

  it('gives each feed the submissions between the two cutoffs (14:00 ET) before it', () => {
    const tue = submissionWindow('2026-11-24');
    assert.equal(tue.start.toISOString(), '2026-11-20T19:00:00.000Z'); // Friday 14:00 ET
    assert.equal(tue.end.toISOString(), '2026-11-23T19:00:00.000Z'); // Monday 14:00 ET
    const mon = submissionWindow('2026-11-23');
    assert.equal(mon.end.toISOString(), tue.start.toISOString(), 'consecutive windows tile time');
  });

  it('plans a run: the first digest covers only the current announcement', () => {
    assert.deepEqual(planAnnouncements(null, '2026-11-24', 7), { catchUp: [], skipped: [], current: true });
  });

  it('plans a run: an announcement already delivered is nothing new', () => {
    assert.deepEqual(planAnnouncements('2026-11-24', '2026-11-24', 7), {
      catchUp: [],
      skipped: [],
      current: false,
    });
  });

  it('plans a run: missed feed days are caught up within the limit, older ones reported', () => {
    // Last delivered Thursday 11-12; back on Monday 11-23 (10 days later): 11-16..11-20 within 7 days.
    const plan = planAnnouncements('2026-11-12', '2026-11-23', 7);
    assert.deepEqual(plan.catchUp, ['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20']);
    assert.deepEqual(plan.skipped, ['2026-11-13']);
    assert.equal(plan.current, true);
    assert.deepEqual(planAnnouncements('2026-11-12', '2026-11-23', 0).catchUp, []);
  });

  it('describes dates as runs of consecutive feed days', () => {
    assert.equal(
      describeDates(['2026-11-23', '2026-11-19', '2026-11-20', '2026-11-25']),
      '2026-11-19 to 2026-11-23, 2026-11-25',
    );
    assert.equal(describeDates(['2026-11-13']), '2026-11-13');
  });

  it('maps categories to OAI-PMH sets and matches archives', () => {
    assert.deepEqual(
      ['cs.AI', 'math.AG', 'hep-th', 'astro-ph.GA', 'physics.optics', 'q-bio.NC', 'quant-ph'].map(oaiSetOf),
      ['cs', 'math', 'physics:hep-th', 'physics:astro-ph', 'physics:physics', 'q-bio', 'physics:quant-ph'],
    );
    assert.equal(categoryMatches('math', 'math.AG'), true);
    assert.equal(categoryMatches('cs.AI', 'cs.AIX'), false);
    assert.equal(categoryMatches('hep-th', 'hep-th'), true);
    assert.equal(addDays('2026-12-31', 1), '2027-01-01');
  });
});
