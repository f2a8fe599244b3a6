/**
 * Five-field cron expressions (minute hour day-of-month month day-of-week), as Temporal schedules
 * read them: numbers, `*`, lists, ranges, steps and the names JAN–DEC / SUN–SAT. One parser for
 * the config, `subscribe` and `doctor`, so a bad expression is refused before anything is stored.
 * Pure: workflows and the browser may import it.
 */
import {
  addDays,
  ARXIV_TIME_ZONE,
  feedDateAt,
  isFeedDay,
  WEEKDAY_NAMES,
  weekdayOf,
  zonedInstant,
} from './arxiv-calendar.ts';

export interface CronFields {
  minutes: number[];
  hours: number[];
  daysOfMonth: number[];
  months: number[];
  /** 0 = Sunday … 6 = Saturday (7 is folded into 0). */
  daysOfWeek: number[];
  /** True when the day-of-month field is `*` (cron's day rule: both restricted → either matches). */
  anyDayOfMonth: boolean;
  anyDayOfWeek: boolean;
}

const FIELDS = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day of month', min: 1, max: 31 },
  {
    name: 'month',
    min: 1,
    max: 12,
    names: ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'],
    base: 1,
  },
  { name: 'day of week', min: 0, max: 7, names: ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'], base: 0 },
] as const;

/** A cron expression that cannot be parsed; the message names the field and what to write. */
export class CronError extends Error {
  override name = 'CronError';
}

function parseValue(text: string, field: (typeof FIELDS)[number]): number {
  const names = 'names' in field ? (field.names as readonly string[]) : null;
  const named = names?.indexOf(text.toUpperCase()) ?? -1;
  if (names && named >= 0) return named + ('base' in field ? field.base : 0);
  if (!/^\d+$/.test(text)) throw new CronError(`"${text}" is not a number in the ${field.name} field`);
  const n = Number(text);
  if (n < field.min || n > field.max)
    throw new CronError(`${field.name} ${n} is out of range (${field.min}-${field.max})`);
  return n;
}

function parseField(text: string, field: (typeof FIELDS)[number]): number[] {
  const values = new Set<number>();
  for (const part of text.split(',')) {
    if (part === '') throw new CronError(`empty list item in the ${field.name} field`);
    const [range = '', stepText, extra] = part.split('/');
    if (extra !== undefined) throw new CronError(`"${part}" has two steps in the ${field.name} field`);
    let step = 1;
    if (stepText !== undefined) {
      if (!/^\d+$/.test(stepText) || Number(stepText) < 1)
        throw new CronError(`step "${stepText}" in the ${field.name} field must be a whole number ≥ 1`);
      step = Number(stepText);
    }
    let lo: number;
    let hi: number;
    if (range === '*') {
      lo = field.min;
      hi = field.name === 'day of week' ? 6 : field.max;
    } else if (range.includes('-')) {
      const [a = '', b = ''] = range.split('-');
      lo = parseValue(a, field);
      hi = parseValue(b, field);
      if (lo > hi) throw new CronError(`range ${range} in the ${field.name} field runs backwards`);
    } else {
      lo = parseValue(range, field);
      hi = stepText !== undefined ? (field.name === 'day of week' ? 6 : field.max) : lo;
    }
    for (let v = lo; v <= hi; v += step) values.add(field.name === 'day of week' ? v % 7 : v);
  }
  return [...values].sort((a, b) => a - b);
}

/** Parses a 5-field cron expression; throws CronError saying what is wrong. */
export function parseCron(expression: string): CronFields {
  const parts = String(expression ?? '')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  if (parts.length !== 5) {
    throw new CronError(
      `"${expression}" has ${parts.length} field${parts.length === 1 ? '' : 's'}; write 5: minute hour day-of-month month day-of-week (e.g. "15 1,7 * * 1-5")`,
    );
  }
  const [minutes, hours, daysOfMonth, months, daysOfWeek] = parts.map((p, i) =>
    parseField(p, FIELDS[i]!),
  ) as [number[], number[], number[], number[], number[]];
  return {
    minutes,
    hours,
    daysOfMonth,
    months,
    daysOfWeek,
    anyDayOfMonth: parts[2] === '*',
    anyDayOfWeek: parts[4] === '*',
  };
}

/** The reason a cron expression is invalid, or null when it parses. */
export function cronProblem(expression: string): string | null {
  try {
    parseCron(expression);
    return null;
  } catch (e) {
    return e instanceof CronError ? e.message : String(e);
  }
}

function runsOn(c: CronFields, date: string): boolean {
  const month = Number(date.slice(5, 7));
  if (!c.months.includes(month)) return false;
  const dom = c.daysOfMonth.includes(Number(date.slice(8, 10)));
  const dow = c.daysOfWeek.includes(weekdayOf(date));
  if (c.anyDayOfMonth && c.anyDayOfWeek) return true;
  if (c.anyDayOfMonth) return dow;
  if (c.anyDayOfWeek) return dom;
  return dom || dow;
}

/** The fire times of `expression` in `timeZone` from `fromDate` for `days` days (inclusive of fromDate). */
export function fireTimes(expression: string, timeZone: string, fromDate: string, days: number): Date[] {
  const c = parseCron(expression);
  const out: Date[] = [];
  for (let i = 0; i < days; i++) {
    const date = addDays(fromDate, i);
    if (!runsOn(c, date)) continue;
    for (const h of c.hours) for (const m of c.minutes) out.push(zonedInstant(date, h, m, timeZone));
  }
  return out.sort((a, b) => a.getTime() - b.getTime());
}

/**
 * The weekdays whose arXiv feed a schedule never reads. A feed is current from its midnight ET
 * until the next midnight, so a run reads the feed of its own ET date. Checked over a winter and a
 * summer fortnight (both DST states). Day-of-month or month restrictions are reported too: such
 * a schedule skips most feeds even when it sometimes runs on each weekday.
 */
export function unreadFeedDays(
  expression: string,
  timeZone: string,
): { neverRead: string[]; restricted: boolean } {
  const c = parseCron(expression);
  const read = new Set<number>();
  for (const from of ['2026-01-05', '2026-07-06']) {
    for (const t of fireTimes(expression, timeZone, from, 14)) {
      const date = feedDateAt(t);
      if (isFeedDay(date)) read.add(weekdayOf(date));
    }
  }
  const neverRead = [1, 2, 3, 4, 5].filter((d) => !read.has(d)).map((d) => WEEKDAY_NAMES[d]!);
  return { neverRead, restricted: !c.anyDayOfMonth || c.months.length < 12 };
}

/** A sentence warning that a schedule misses arXiv feeds, or null when it reads every one. */
export function feedCoverageWarning(expression: string, timeZone: string): string | null {
  const { neverRead, restricted } = unreadFeedDays(expression, timeZone);
  if (restricted)
    return `"${expression}" runs only on some days of the month or year, so it reads only some of arXiv's daily feeds; those announcements are only caught up later`;
  if (neverRead.length > 0) {
    return `"${expression}" (${timeZone}) never runs on a ${neverRead.join(', ')} in New York time, so it never reads arXiv's ${neverRead.join(', ')} feed; those announcements are only caught up later. Use a schedule that runs every weekday after midnight ET, e.g. "15 1,7 * * 1-5" ${ARXIV_TIME_ZONE}`;
  }
  return null;
}
