/**
 * A subscription's schedule in words for the web app ("every weekday (Monday to Friday) at 01:15
 * and 07:15 America/New_York, after arXiv's midnight ET feed"), from the same cron parser the
 * config and `subscribe` use, with the feed-coverage warning of domain/cron.ts when it misses feeds.
 */
import { WEEKDAY_NAMES } from '../domain/arxiv-calendar.ts';
import { feedCoverageWarning, parseCron } from '../domain/cron.ts';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const list = (items: string[]) =>
  items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
const pad = (n: number) => String(n).padStart(2, '0');

/** The days part: "every weekday (Monday to Friday)", "every day", "on Monday and Thursday", … */
function days(c: ReturnType<typeof parseCron>): string {
  const dow = [...new Set(c.daysOfWeek)].sort();
  let out: string;
  if (c.anyDayOfWeek && c.anyDayOfMonth) out = 'every day';
  else if (c.anyDayOfMonth) {
    out =
      dow.join(',') === '1,2,3,4,5'
        ? 'every weekday (Monday to Friday)'
        : dow.length === 7
          ? 'every day'
          : `every ${list(dow.map((d) => WEEKDAY_NAMES[d]!))}`;
  } else if (c.anyDayOfWeek) out = `on day ${list(c.daysOfMonth.map(String))} of the month`;
  else
    out = `on day ${list(c.daysOfMonth.map(String))} of the month or every ${list(dow.map((d) => WEEKDAY_NAMES[d]!))}`;
  if (c.months.length < 12) out += ` in ${list(c.months.map((m) => MONTHS[m - 1]!))}`;
  return out;
}

/** The times part: "at 01:15 and 07:15", or "every 15 minutes from 00:00 to 23:45" style for many. */
function times(c: ReturnType<typeof parseCron>): string {
  const all = c.hours.flatMap((h) => c.minutes.map((m) => `${pad(h)}:${pad(m)}`));
  if (all.length <= 6) return `at ${list(all)}`;
  if (c.hours.length === 24) return `at minute ${list(c.minutes.map(String))} of every hour`;
  return `${all.length} times a day (${all[0]} to ${all.at(-1)})`;
}

/** One sentence describing when a cron expression in a time zone runs and which arXiv feeds it reads. */
export function describeSchedule(cron: string, timeZone: string): string {
  let c: ReturnType<typeof parseCron>;
  try {
    c = parseCron(cron);
  } catch {
    return `"${cron}" (${timeZone})`;
  }
  const base = `${days(c)} ${times(c)} ${timeZone}`;
  const warning = feedCoverageWarning(cron, timeZone);
  return warning
    ? `${base}. Note: ${warning}.`
    : `${base}, after arXiv's midnight ET feed: every announcement is read.`;
}
