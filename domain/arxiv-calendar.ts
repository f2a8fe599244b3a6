/**
 * arXiv's announcement calendar, as pure functions (workflow-safe: no Node I/O).
 *
 * arXiv announces at 20:00 ET Sunday–Thursday and writes the announcement feed at the following
 * midnight ET, so every announcement is named by its feed date: a Monday–Friday date in
 * America/New_York (the RSS channel `pubDate`, Atom `updated`). Saturday and Sunday feeds are
 * empty; so are holidays. Submissions close at 14:00 ET on business days: the feed of date D holds
 * what was submitted between the two cutoffs before it (../shared/arxiv-notes.md, "Announcements
 * and RSS").
 */

/** arXiv's own time zone. */
export const ARXIV_TIME_ZONE = 'America/New_York';

/**
 * The default digest schedule: 01:15 and 07:15 ET, Monday to Friday. The first run reads each
 * feed an hour after it is written; the second catches a feed written late. A repeated read of
 * an announcement already delivered publishes nothing, so the second run is free.
 */
export const DEFAULT_DIGEST_CRON = '15 1,7 * * 1-5';

/** The default of releases before 0.2, which read the previous midnight's feed and never Friday's. */
export const LEGACY_DIGEST_CRON = '30 20 * * 0-4';

/** How many calendar days back a digest catches up missed announcements (DIGEST_CATCHUP_DAYS). */
export const DEFAULT_CATCHUP_DAYS = 7;

/** Hour (ET) at which arXiv's daily submission window closes. */
const CUTOFF_HOUR_ET = 14;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar date written YYYY-MM-DD. */
export function isIsoDate(s: string): boolean {
  if (!DATE.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

function checkDate(s: string): string {
  if (!isIsoDate(s)) throw new TypeError(`"${s}" is not a YYYY-MM-DD date`);
  return s;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar date (YYYY-MM-DD) of an instant in a time zone. */
export function zonedDate(instant: Date, timeZone: string = ARXIV_TIME_ZONE): string {
  let f = dateFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dateFormats.set(timeZone, f);
  }
  return f.format(instant);
}

/** YYYY-MM-DD plus `days` (may be negative). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${checkDate(date)}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(date: string): number {
  return new Date(`${checkDate(date)}T00:00:00Z`).getUTCDay();
}

export const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/** Monday–Friday: the days arXiv writes a non-empty feed (holidays aside). */
export function isFeedDay(date: string): boolean {
  const w = weekdayOf(date);
  return w >= 1 && w <= 5;
}

/** The feed date current at an instant: the ET date (feeds are written at midnight ET). */
export function feedDateAt(instant: Date): string {
  return zonedDate(instant, ARXIV_TIME_ZONE);
}

/** The latest Monday–Friday feed date at or before `date`. */
export function latestFeedDay(date: string): string {
  let d = checkDate(date);
  while (!isFeedDay(d)) d = addDays(d, -1);
  return d;
}

/** The feed day before `date` (skipping weekends). */
export function previousFeedDay(date: string): string {
  return latestFeedDay(addDays(date, -1));
}

/** Feed days strictly after `after` and strictly before `before`, oldest first. */
export function feedDaysBetween(after: string, before: string): string[] {
  const out: string[] = [];
  for (let d = addDays(after, 1); d < before; d = addDays(d, 1)) if (isFeedDay(d)) out.push(d);
  return out;
}

/** Minutes east of UTC of `timeZone` at an instant (e.g. -300 for New York in winter). */
export function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(instant);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/** The instant of a wall-clock time (`date` at `hour:minute`) in a time zone. */
export function zonedInstant(date: string, hour: number, minute: number, timeZone: string): Date {
  const [y, m, d] = checkDate(date).split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d, hour, minute);
  // Two passes settle the offset across a DST change.
  let t = guess - zoneOffsetMinutes(new Date(guess), timeZone) * 60_000;
  t = guess - zoneOffsetMinutes(new Date(t), timeZone) * 60_000;
  return new Date(t);
}

/**
 * The submission window whose papers the feed of `feedDate` announces: from the cutoff (14:00 ET)
 * of the business day before the previous one to the cutoff of the previous business day. The
 * Tuesday feed covers Friday 14:00 → Monday 14:00 ET. Holidays are not modelled: consecutive
 * windows still tile time, so nothing falls between them.
 */
export function submissionWindow(feedDate: string): { start: Date; end: Date } {
  const endDay = previousFeedDay(checkDate(feedDate));
  return {
    start: zonedInstant(previousFeedDay(endDay), CUTOFF_HOUR_ET, 0, ARXIV_TIME_ZONE),
    end: zonedInstant(endDay, CUTOFF_HOUR_ET, 0, ARXIV_TIME_ZONE),
  };
}

/** arXiv's date-range syntax (`submittedDate:[… TO …]`), GMT: YYYYMMDDHHMM. */
export function arxivStamp(d: Date): string {
  return d.toISOString().replace(/[-:T]/g, '').slice(0, 12);
}

/** What one digest run has to cover, computed from the last announcement delivered. */
export interface AnnouncementPlan {
  /** Missed announcements recovered from arXiv's archive (OAI-PMH / date windows), oldest first. */
  catchUp: string[];
  /** Missed announcements older than the catch-up limit: reported, not delivered. */
  skipped: string[];
  /** True when the current announcement itself still has to be delivered. */
  current: boolean;
}

/**
 * Plans a run: the current announcement `current` (a feed date) and every feed day between the
 * last one delivered and it, within `catchupDays` calendar days of `current`. A subscription that
 * never delivered anything starts with the current announcement only.
 */
export function planAnnouncements(
  lastDelivered: string | null,
  current: string,
  catchupDays: number,
): AnnouncementPlan {
  checkDate(current);
  if (lastDelivered === null) return { catchUp: [], skipped: [], current: true };
  if (checkDate(lastDelivered) >= current) return { catchUp: [], skipped: [], current: false };
  const missed = feedDaysBetween(lastDelivered, current);
  const oldest = addDays(current, -catchupDays);
  return {
    catchUp: missed.filter((d) => d >= oldest),
    skipped: missed.filter((d) => d < oldest),
    current: true,
  };
}

/**
 * Compresses dates into readable runs: ['2026-11-02','2026-11-03','2026-11-04','2026-11-09'] →
 * '2026-11-02 to 2026-11-04, 2026-11-09' (feed days in a row count as consecutive across weekends).
 */
export function describeDates(dates: string[]): string {
  const sorted = [...dates].sort();
  const runs: string[][] = [];
  for (const d of sorted) {
    const run = runs[runs.length - 1];
    const last = run?.[run.length - 1];
    if (run && last && feedDaysBetween(last, d).length === 0) run.push(d);
    else runs.push([d]);
  }
  return runs.map((r) => (r.length === 1 ? r[0] : `${r[0]} to ${r[r.length - 1]}`)).join(', ');
}

/**
 * The OAI-PMH set of the archive a category belongs to: `cs.AI` → `cs`, `math.AG` → `math`,
 * `hep-th` → `physics:hep-th`, `astro-ph.GA` → `physics:astro-ph`, `physics.optics` →
 * `physics:physics`. arXiv files the physics archives under the `physics` group.
 */
export function oaiSetOf(category: string): string {
  const archive = category.split('.')[0] ?? category;
  const topLevel = new Set(['cs', 'econ', 'eess', 'math', 'q-bio', 'q-fin', 'stat']);
  return topLevel.has(archive) ? archive : `physics:${archive}`;
}

/** True when `paperCategory` falls under a subscribed category (an archive such as `math` covers `math.AG`). */
export function categoryMatches(subscribed: string, paperCategory: string): boolean {
  return (
    subscribed === paperCategory || (!subscribed.includes('.') && paperCategory.startsWith(`${subscribed}.`))
  );
}
