/**
 * arXiv's announcement calendar for the fake arXiv: a simulated clock ("now", set by the test),
 * feeds that change at midnight ET and carry their own pubDate, empty feeds on Saturday, Sunday
 * and holidays, and the OAI-PMH archive of every past announcement.
 *
 * The papers are real: the items of the recorded all-archives RSS feed (rss.arxiv.org, 2024-11-28,
 * 1504 items) dealt out round-robin over the calendar's feed days and re-dated. OAI-PMH records
 * are written in the format of the recorded ListRecords response
 * (atom/oai-pmh/oai_ListRecords_physics-hep-th_2017-12-14.xml), from the same items, so a day's
 * feed and its OAI records hold the same papers.
 */
import { readFileSync } from 'node:fs';
import {
  addDays,
  categoryMatches,
  feedDaysBetween,
  oaiSetOf,
  isFeedDay,
  previousFeedDay,
  WEEKDAY_NAMES,
  weekdayOf,
  zonedDate,
  zoneOffsetMinutes,
  zonedInstant,
} from '../../domain/arxiv-calendar.ts';
import { corpus } from '../support/corpus.ts';

const NY = 'America/New_York';
const ITEM = /<item>[\s\S]*?<\/item>/g;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export interface CalendarItem {
  /** Base id. */
  id: string;
  version: number;
  categories: string[];
  announceType: 'new' | 'cross' | 'replace' | 'replace-cross';
  /** The recorded <item> XML. */
  xml: string;
}

export interface ArxivCalendar {
  /** The simulated instant; feeds and OAI answer as of this moment. */
  now: Date;
  /** Feed days (YYYY-MM-DD) on which arXiv announced nothing. */
  holidays: Set<string>;
  /** Records per OAI-PMH page (arXiv uses 1000; tests lower it to exercise resumptionToken). */
  oaiPageSize: number;
  /** The items announced on a feed date (empty on weekends, holidays and dates after `now`). */
  itemsOn(date: string): CalendarItem[];
  /** Announces a new version of a paper (already announced earlier) on `date`. */
  addReplacement(date: string, id: string): void;
  /** The feed XML current at `now` for the requested categories. */
  feed(categories: string[]): string;
  /** An OAI-PMH ListRecords response. */
  oai(params: URLSearchParams): string;
}

function rfc822Midnight(date: string): string {
  const offset = zoneOffsetMinutes(zonedInstant(date, 0, 0, NY), NY);
  const sign = offset < 0 ? '-' : '+';
  const hhmm = `${String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0')}${String(Math.abs(offset) % 60).padStart(2, '0')}`;
  const [y, m, d] = date.split('-');
  return `${WEEKDAY_NAMES[weekdayOf(date)]!.slice(0, 3)}, ${d} ${MONTHS[Number(m) - 1]} ${y} 00:00:00 ${sign}${hhmm}`;
}

const tag = (xml: string, name: string) =>
  new RegExp(`<${name}[^>]*>([\\s\\S]*?)</${name}>`).exec(xml)?.[1] ?? '';

function parseItem(xml: string): CalendarItem | null {
  const guid = /oai:arXiv\.org:(.+?)v(\d+)</.exec(xml);
  if (!guid) return null;
  const type = tag(xml, 'arxiv:announce_type').trim() as CalendarItem['announceType'];
  return {
    id: guid[1]!,
    version: Number(guid[2]),
    categories: [...xml.matchAll(/<category>([^<]+)<\/category>/g)].map((m) => m[1]!),
    announceType: type,
    xml,
  };
}

/** True when a paper category belongs to a requested feed category (an archive covers its subjects). */
const inFeed = (wanted: string[], category: string) => wanted.some((w) => categoryMatches(w, category));

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const unescapeXml = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/**
 * A calendar starting at `firstFeedDay`: the recorded items of announce type new (and cross) are
 * dealt round-robin over `feedDays` consecutive feed days from there (holidays get none).
 */
export function createArxivCalendar(opts: {
  firstFeedDay: string;
  feedDays: number;
  holidays?: string[];
  oaiPageSize?: number;
}): ArxivCalendar {
  const recorded = readFileSync(corpus('rss', 'rss_all-20-archives_2024-11-28.xml'), 'utf8');
  const channelHead = recorded.slice(0, recorded.indexOf('<item>'));
  const oaiRecording = readFileSync(
    corpus('atom', 'oai-pmh', 'oai_ListRecords_physics-hep-th_2017-12-14.xml'),
    'utf8',
  );
  const oaiHead = oaiRecording.slice(0, oaiRecording.indexOf('<responseDate>'));
  const holidays = new Set(opts.holidays ?? []);
  const days: string[] = [];
  for (let d = opts.firstFeedDay; days.length < opts.feedDays; d = addDays(d, 1))
    if (isFeedDay(d) && !holidays.has(d)) days.push(d);
  const byDay = new Map<string, CalendarItem[]>(days.map((d) => [d, []]));
  const pool = (recorded.match(ITEM) ?? [])
    .map(parseItem)
    .filter((i): i is CalendarItem => i !== null && (i.announceType === 'new' || i.announceType === 'cross'));
  pool.forEach((item, i) => byDay.get(days[i % days.length]!)!.push(item));
  const firstSeen = new Map<string, string>();
  for (const [d, items] of byDay) for (const it of items) firstSeen.set(it.id, d);

  const calendar: ArxivCalendar = {
    now: zonedInstant(opts.firstFeedDay, 6, 0, NY),
    holidays,
    oaiPageSize: opts.oaiPageSize ?? 1000,
    itemsOn(date) {
      if (holidays.has(date) || !isFeedDay(date) || date > zonedDate(calendar.now, NY)) return [];
      return byDay.get(date) ?? [];
    },
    addReplacement(date, id) {
      const original = [...byDay.values()].flat().find((i) => i.id === id);
      if (!original) throw new Error(`no paper ${id} in the calendar`);
      const version = original.version + 1;
      const xml = original.xml
        .replace(/oai:arXiv\.org:(.+?)v\d+</, `oai:arXiv.org:$1v${version}<`)
        .replace(/(arXiv:\S+?)v\d+ Announce Type: \S+/, `$1v${version} Announce Type: replace`)
        .replace(/<arxiv:announce_type>[^<]*</, '<arxiv:announce_type>replace<');
      const list = byDay.get(date) ?? [];
      list.push({ ...original, version, announceType: 'replace', xml });
      byDay.set(date, list);
    },
    feed(categories) {
      const date = zonedDate(calendar.now, NY);
      const pubDate = rfc822Midnight(date);
      const items = calendar
        .itemsOn(date)
        .filter((i) => i.categories.some((c) => inFeed(categories, c)))
        .map((i) => i.xml.replace(/<pubDate>[^<]*<\/pubDate>/, `<pubDate>${pubDate}</pubDate>`));
      const head = channelHead
        .replace(/<pubDate>[^<]*<\/pubDate>/, `<pubDate>${pubDate}</pubDate>`)
        .replace(/<lastBuildDate>[^<]*<\/lastBuildDate>/, `<lastBuildDate>${pubDate}</lastBuildDate>`);
      return `${head}${items.join('\n    ')}\n  </channel>\n</rss>\n`;
    },
    oai(params) {
      const token = params.get('resumptionToken');
      const state = token
        ? (JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as {
            set: string;
            from: string;
            until: string;
            offset: number;
          })
        : {
            set: params.get('set') ?? '',
            from: params.get('from') ?? '',
            until: params.get('until') ?? '',
            offset: 0,
          };
      const today = zonedDate(calendar.now, NY);
      const records: string[] = [];
      for (const date of [state.from, ...feedDaysBetween(state.from, addDays(state.until, 1))]) {
        if (date > today || !isFeedDay(date)) continue;
        for (const item of calendar.itemsOn(date)) {
          if (!item.categories.some((c) => oaiSetOf(c) === state.set)) continue;
          records.push(oaiRecord(item, date, state.set, firstSeen.get(item.id) ?? date));
        }
      }
      const request = token
        ? `<request verb="ListRecords" resumptionToken="${escapeXml(token)}">https://oaipmh.arxiv.org/oai</request>`
        : `<request verb="ListRecords" from="${state.from}" until="${state.until}" metadataPrefix="arXiv" set="${escapeXml(state.set)}">https://oaipmh.arxiv.org/oai</request>`;
      const head = `${oaiHead}<responseDate>${calendar.now.toISOString().replace(/\.\d+Z$/, 'Z')}</responseDate>\n${request}\n`;
      if (records.length === 0)
        return `${head}<error code="noRecordsMatch">No records match the query</error>\n</OAI-PMH>\n`;
      const page = records.slice(state.offset, state.offset + calendar.oaiPageSize);
      const next = state.offset + calendar.oaiPageSize;
      const resumption =
        next < records.length
          ? `<resumptionToken cursor="${state.offset}" completeListSize="${records.length}">${Buffer.from(JSON.stringify({ ...state, offset: next })).toString('base64url')}</resumptionToken>`
          : `<resumptionToken cursor="${state.offset}" completeListSize="${records.length}"/>`;
      return `${head}<ListRecords>\n${page.join('\n')}\n${resumption}\n</ListRecords>\n</OAI-PMH>\n`;
    },
  };
  return calendar;
}

/** One record in the arXiv metadata format, as the recorded ListRecords response writes them. */
function oaiRecord(item: CalendarItem, date: string, set: string, firstAnnounced: string): string {
  const title = tag(item.xml, 'title');
  const abstract = tag(item.xml, 'description').replace(/^[\s\S]*?Abstract:\s*/, '');
  const creators = unescapeXml(tag(item.xml, 'dc:creator')).split(/,\s*/).filter(Boolean);
  const authors = creators
    .map((name) => {
      const parts = name.trim().split(/\s+/);
      const keyname = parts.pop() ?? '';
      return `<author><keyname>${escapeXml(keyname)}</keyname>${parts.length ? `<forenames>${escapeXml(parts.join(' '))}</forenames>` : ''}</author>`;
    })
    .join('');
  // v1 was submitted before the cutoff of the day before its first announcement; a replacement's
  // new version before the cutoff of the day before this one.
  const created = previousFeedDay(firstAnnounced);
  const updated = item.announceType.startsWith('replace')
    ? `<updated>${previousFeedDay(date)}</updated>`
    : '';
  const license = tag(item.xml, 'dc:rights');
  return `<record>
<header>
 <identifier>oai:arXiv.org:${item.id}</identifier>
 <datestamp>${date}</datestamp>
 <setSpec>${set}</setSpec>
</header>
<metadata>
 <arXiv xmlns="http://arxiv.org/OAI/arXiv/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://arxiv.org/OAI/arXiv/ http://arxiv.org/OAI/arXiv.xsd">
 <id>${item.id}</id><created>${created}</created>${updated}<authors>${authors}</authors><title>${title}</title><categories>${item.categories.join(' ')}</categories>${license ? `<license>${license}</license>` : ''}<abstract>${abstract}</abstract></arXiv>
</metadata>
</record>`;
}
