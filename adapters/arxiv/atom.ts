/**
 * Parses arXiv API responses (Atom) into typed Paper records. Handles both API generations in the
 * corpus: the old one (2016: `<link title="doi">`, opensearch namespaces declared per element,
 * http links) and the current one (namespaces on `<feed>`, https links).
 */
import { AppError } from '../../domain/errors.ts';
import type { ArxivFeed } from '../../app/ports/arxiv.ts';
import { arxivLinks, type Author, type Paper } from '../../domain/paper.ts';
import { attr, looksWithdrawn, nodes, optionalText, parseXml, squash, text, type XmlNode } from './xml.ts';

/** The arXiv port's feed (app/ports/arxiv.ts), under the name this parser has always used. */
export type AtomFeed = ArxivFeed;

/** `http://arxiv.org/abs/astro-ph/0601001v1` -> id and version. */
function idFromAbsUrl(url: string): { id: string; version: number | null } | null {
  const m = /\/abs\/(.+?)(?:v(\d+))?$/.exec(url.trim());
  if (!m?.[1]) return null;
  return { id: m[1], version: m[2] ? Number(m[2]) : null };
}

function doiFromLink(href: string): string | null {
  const m = /doi\.org\/(.+)$/i.exec(href);
  return m?.[1] ? decodeURIComponent(m[1]) : null;
}

function authors(entry: XmlNode): Author[] {
  return nodes(entry.author).map((a) => ({
    name: squash(text(a.name)),
    affiliations: (Array.isArray(a.affiliation) ? a.affiliation : [])
      .map((x) => squash(text(x)))
      .filter(Boolean),
  }));
}

function entryToPaper(entry: XmlNode): Paper | null {
  const parsedId = idFromAbsUrl(text(entry.id));
  if (!parsedId) return null;
  const links = nodes(entry.link);
  const comment = optionalText(entry.comment);
  const abstract = squash(text(entry.summary));
  const primary = attr(nodes(entry.primary_category)[0], 'term');
  const cats = nodes(entry.category)
    .map((c) => attr(c, 'term'))
    .filter(Boolean);
  const primaryCategory = primary || cats[0] || '';
  const categories = [...new Set([primaryCategory, ...cats].filter(Boolean))];
  const doiLink = links.find((l) => attr(l, 'title') === 'doi');
  return {
    id: parsedId.id,
    version: parsedId.version,
    title: squash(text(entry.title)),
    abstract,
    authors: authors(entry),
    categories,
    primaryCategory,
    published: text(entry.published),
    updated: text(entry.updated),
    doi: optionalText(entry.doi) ?? (doiLink ? doiFromLink(attr(doiLink, 'href')) : null),
    journalRef: optionalText(entry.journal_ref),
    comment,
    license: null,
    // Built from the id: the feed's `<link href>` is never trusted (it could say javascript:…).
    links: arxivLinks({ id: parsedId.id, version: parsedId.version }),
    withdrawn: looksWithdrawn(comment, abstract),
  };
}

function isErrorEntry(entry: XmlNode): boolean {
  return text(entry.title) === 'Error' && /\/api\/errors/.test(text(entry.id));
}

/**
 * Parses one API response. The error feed (one entry titled "Error") throws a non-retryable
 * ARXIV_API_ERROR quoting arXiv's message; malformed XML throws ARXIV_MALFORMED; an empty result
 * is a normal feed with no papers.
 */
export function parseAtomFeed(xml: string): AtomFeed {
  const doc = parseXml(xml, 'Atom');
  const feed = doc.feed as XmlNode | undefined;
  if (!feed || typeof feed !== 'object') {
    const head = xml.slice(0, 120).replace(/\s+/g, ' ');
    throw new AppError(
      'ARXIV_MALFORMED',
      `arXiv returned XML that is not an Atom feed; it starts with: ${JSON.stringify(head)}`,
      {
        retryable: true,
        details: { head },
      },
    );
  }
  const entries = nodes(feed.entry);
  const error = entries.find(isErrorEntry);
  if (error) {
    const message = squash(text(error.summary)) || 'unknown error';
    throw new AppError('ARXIV_API_ERROR', `arXiv API error: ${message}`, {
      retryable: false,
      details: { id: text(error.id) },
    });
  }
  const num = (v: unknown) => {
    const n = Number(text(v));
    return Number.isFinite(n) ? n : 0;
  };
  return {
    totalResults: num(feed.totalResults),
    startIndex: num(feed.startIndex),
    itemsPerPage: num(feed.itemsPerPage),
    papers: entries.map(entryToPaper).filter((p): p is Paper => p !== null),
  };
}
