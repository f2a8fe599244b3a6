/**
 * Parses rss.arxiv.org announcement feeds (2024+ format) in both shapes arXiv serves: RSS 2.0
 * (`/rss/CATS`, `<item>`) and Atom (`/atom/CATS`, `<entry>`). Each item names its announce type
 * (new, cross, replace, replace-cross), the id with version (`oai:arXiv.org:IDvN`) and the
 * license (`dc:rights`). An empty feed (weekends, holidays) is a normal result.
 */
import { feedDateAt } from '../../domain/arxiv-calendar.ts';
import { AppError } from '../../domain/errors.ts';
import { parseArxivId } from '../../domain/arxiv-ids.ts';
import { arxivLinks, safeLicenseUrl, type AnnounceType, type Paper } from '../../domain/paper.ts';
import { attr, looksWithdrawn, nodes, optionalText, parseXml, squash, text, type XmlNode } from './xml.ts';

export interface AnnounceItem {
  paper: Paper;
  announceType: AnnounceType;
}

export interface AnnounceFeed {
  /** The categories the feed covers (from its self link), e.g. ['cs.AI', 'cs.LG']. */
  categories: string[];
  /**
   * The announcement this feed carries, named by its feed date (YYYY-MM-DD, America/New_York):
   * the channel `pubDate` (RSS) or feed `updated` (Atom). Null when the feed states no date.
   */
  feedDate: string | null;
  items: AnnounceItem[];
}

const ANNOUNCE_TYPES = new Set<AnnounceType>(['new', 'cross', 'replace', 'replace-cross']);

/** `arXiv:2604.21935v1 Announce Type: new \nAbstract: …` -> the abstract alone. */
function stripAnnouncePrefix(description: string): string {
  return squash(description.replace(/^\s*arXiv:\S+\s+Announce Type:\s*\S+\s*(Abstract:)?/i, ''));
}

/** Publication dates come as RFC 822 (RSS) or ISO (Atom); both become ISO 8601. */
function isoDate(s: string): string {
  const d = new Date(s);
  return Number.isNaN(d.getTime()) ? s : d.toISOString();
}

/** The feed date of a channel/feed timestamp: its calendar date in New York, where feeds are written at midnight. */
function feedDateOf(stamp: string): string | null {
  const d = new Date(stamp.trim());
  return stamp.trim() === '' || Number.isNaN(d.getTime()) ? null : feedDateAt(d);
}

function categoriesFromSelfLink(href: string): string[] {
  const last =
    href
      .replace(/[?#].*$/, '')
      .split('/')
      .filter(Boolean)
      .pop() ?? '';
  return last ? decodeURIComponent(last).split(/[+ ]/).filter(Boolean) : [];
}

interface RawItem {
  guid: string;
  title: string;
  description: string;
  categories: string[];
  date: string;
  announceType: string;
  rights: string;
  creator: string;
  doi: string | null;
  journalRef: string | null;
}

function toItem(raw: RawItem): AnnounceItem | null {
  const parsed = parseArxivId(raw.guid.replace(/^oai:arXiv\.org:/i, ''));
  if (!parsed) return null;
  const announceType = raw.announceType.trim() as AnnounceType;
  if (!ANNOUNCE_TYPES.has(announceType)) {
    throw new AppError(
      'ARXIV_MALFORMED',
      `Unknown announce type "${raw.announceType}" for ${raw.guid} in an arXiv RSS feed.`,
      { retryable: false },
    );
  }
  const abstract = stripAnnouncePrefix(raw.description);
  const date = isoDate(raw.date);
  const paper: Paper = {
    id: parsed.id,
    version: parsed.version,
    title: squash(raw.title),
    abstract,
    // dc:creator is one comma-separated string of names; RSS carries no affiliations.
    authors: raw.creator
      .split(/,\s*/)
      .map((n) => squash(n))
      .filter(Boolean)
      .map((name) => ({ name, affiliations: [] })),
    categories: raw.categories,
    primaryCategory: raw.categories[0] ?? '',
    // The feed only gives the announcement date; fetch by id_list for the v1 and version dates.
    published: date,
    updated: date,
    doi: raw.doi,
    journalRef: raw.journalRef,
    comment: null,
    // Only an http(s) licence URL may become an href; links are built from the id (domain/paper.ts).
    license: safeLicenseUrl(raw.rights),
    links: arxivLinks({ id: parsed.id, version: parsed.version }),
    withdrawn: looksWithdrawn(null, abstract),
  };
  return { paper, announceType };
}

function fromRss(channel: XmlNode): AnnounceFeed {
  const self = nodes(channel.link).find((l) => attr(l, 'rel') === 'self');
  const selfHref = self ? attr(self, 'href') : text(nodes(channel.link)[0] ?? channel.link);
  const items = nodes(channel.item).map((i) =>
    toItem({
      guid: text(i.guid),
      title: text(i.title),
      description: text(i.description),
      categories: (Array.isArray(i.category) ? i.category : []).map((c) => squash(text(c))).filter(Boolean),
      date: text(i.pubDate),
      announceType: text(i.announce_type),
      rights: squash(text(i.rights)),
      creator: text(i.creator),
      doi: optionalText(i.DOI),
      journalRef: optionalText(i.journal_reference),
    }),
  );
  return {
    categories: categoriesFromSelfLink(selfHref),
    feedDate: feedDateOf(text(channel.pubDate) || text(channel.lastBuildDate)),
    items: items.filter((x): x is AnnounceItem => x !== null),
  };
}

function fromAtom(feed: XmlNode): AnnounceFeed {
  const self = nodes(feed.link).find((l) => attr(l, 'rel') === 'self');
  const items = nodes(feed.entry).map((e) =>
    toItem({
      guid: text(e.id),
      title: text(e.title),
      description: text(e.summary),
      categories: nodes(e.category)
        .map((c) => attr(c, 'term'))
        .filter(Boolean),
      date: text(e.published),
      announceType: text(e.announce_type),
      rights: squash(text(e.rights)),
      creator: text(e.creator),
      doi: optionalText(e.DOI),
      journalRef: optionalText(e.journal_reference),
    }),
  );
  return {
    categories: categoriesFromSelfLink(self ? attr(self, 'href') : text(feed.id)),
    feedDate: feedDateOf(text(feed.updated)),
    items: items.filter((x): x is AnnounceItem => x !== null),
  };
}

/** Parses an announcement feed (RSS 2.0 or Atom). Malformed XML throws ARXIV_MALFORMED. */
export function parseAnnounceFeed(xml: string): AnnounceFeed {
  const doc = parseXml(xml, 'RSS');
  const channel = (doc.rss as XmlNode | undefined)?.channel;
  if (channel && typeof channel === 'object') return fromRss(channel as XmlNode);
  if (doc.feed && typeof doc.feed === 'object') return fromAtom(doc.feed as XmlNode);
  const head = xml.slice(0, 120).replace(/\s+/g, ' ');
  throw new AppError(
    'ARXIV_MALFORMED',
    `arXiv returned XML that is neither RSS nor Atom; it starts with: ${JSON.stringify(head)}`,
    {
      retryable: true,
      details: { head },
    },
  );
}
