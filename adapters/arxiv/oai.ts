/**
 * arXiv's OAI-PMH interface (metadataPrefix=arXiv), used to catch up announcements a digest
 * missed: the announcement feed holds only the latest one. One `ListRecords` page per request;
 * pages chain by `resumptionToken`; `noRecordsMatch` is an empty window, not a failure
 * (../shared/arxiv-notes.md, "OAI-PMH").
 */
import { AppError } from '../../domain/errors.ts';
import { parseArxivId } from '../../domain/arxiv-ids.ts';
import { arxivLinks, safeLicenseUrl, type Paper } from '../../domain/paper.ts';
import { attr, looksWithdrawn, nodes, optionalText, parseXml, squash, text, type XmlNode } from './xml.ts';

/** One record of a ListRecords page: the paper plus the dates that say why it is listed. */
export interface OaiRecord {
  paper: Paper;
  /** YYYY-MM-DD of the record's last change: the announcement for a new or replaced paper. */
  datestamp: string;
  /** YYYY-MM-DD of v1. */
  created: string;
  /** YYYY-MM-DD of the latest version, null when there is only v1. */
  updated: string | null;
}

export interface OaiPage {
  records: OaiRecord[];
  /** Token for the next page; null on the last page. */
  resumptionToken: string | null;
  /** Size of the whole list when the server says (`completeListSize`). */
  completeListSize: number | null;
}

/** A ListRecords request: a fresh window, or the continuation of one. */
export type OaiListRequest = { set: string; from: string; until: string } | { resumptionToken: string };

/** The request URL for one ListRecords page. */
export function oaiListUrl(baseUrl: string, req: OaiListRequest): string {
  const u = new URL(baseUrl);
  u.searchParams.set('verb', 'ListRecords');
  if ('resumptionToken' in req) {
    u.searchParams.set('resumptionToken', req.resumptionToken);
  } else {
    u.searchParams.set('metadataPrefix', 'arXiv');
    u.searchParams.set('set', req.set);
    u.searchParams.set('from', req.from);
    u.searchParams.set('until', req.until);
  }
  return u.toString();
}

function isoDay(s: string | null): string | null {
  return s && /^\d{4}-\d{2}-\d{2}/.test(s) ? s.slice(0, 10) : null;
}

function authorName(a: XmlNode): string {
  return squash([text(a.forenames), text(a.keyname), text(a.suffix)].filter(Boolean).join(' '));
}

function toRecord(rec: XmlNode): OaiRecord | null {
  const header = nodes(rec.header)[0];
  // Deleted records carry a header only.
  if (!header || attr(header, 'status') === 'deleted') return null;
  const meta = nodes(nodes(rec.metadata)[0]?.arXiv)[0];
  if (!meta) return null;
  const parsed = parseArxivId(text(meta.id));
  const datestamp = isoDay(text(header.datestamp));
  const created = isoDay(text(meta.created));
  if (!parsed || !datestamp || !created) return null;
  const updated = isoDay(optionalText(meta.updated));
  const categories = squash(text(meta.categories)).split(' ').filter(Boolean);
  const abstract = squash(text(meta.abstract));
  const comment = optionalText(meta.comments);
  const paper: Paper = {
    id: parsed.id,
    // The arXiv format does not number versions; an updated record is at least v2.
    version: null,
    title: squash(text(meta.title)),
    abstract,
    authors: nodes(nodes(meta.authors)[0]?.author).map((a) => ({
      name: authorName(a),
      affiliations: nodes(a.affiliation).map((x) => squash(text(x))),
    })),
    categories,
    primaryCategory: categories[0] ?? '',
    published: `${created}T00:00:00.000Z`,
    updated: `${updated ?? created}T00:00:00.000Z`,
    doi: optionalText(meta.doi),
    journalRef: optionalText(meta['journal-ref']),
    comment,
    // Only an http(s) licence URL may become an href; links are built from the id (domain/paper.ts).
    license: safeLicenseUrl(optionalText(meta.license)),
    links: arxivLinks({ id: parsed.id, version: null }),
    withdrawn: looksWithdrawn(comment, abstract),
  };
  return { paper, datestamp, created, updated };
}

/**
 * Parses one ListRecords response. `noRecordsMatch` gives an empty page; any other OAI error
 * (badArgument, badResumptionToken, …) throws ARXIV_API_ERROR with arXiv's message.
 */
export function parseOaiListRecords(xml: string): OaiPage {
  const doc = parseXml(xml, 'OAI-PMH');
  const root = doc['OAI-PMH'] as XmlNode | undefined;
  if (!root || typeof root !== 'object') {
    throw new AppError(
      'ARXIV_MALFORMED',
      `arXiv returned XML that is not an OAI-PMH response; it starts with: ${JSON.stringify(xml.slice(0, 120))}`,
      {
        retryable: true,
      },
    );
  }
  const errors = nodes(root.error);
  if (errors.length > 0) {
    if (errors.every((e) => attr(e, 'code') === 'noRecordsMatch'))
      return { records: [], resumptionToken: null, completeListSize: 0 };
    const what = errors.map((e) => `${attr(e, 'code')}: ${squash(text(e))}`).join('; ');
    throw new AppError('ARXIV_API_ERROR', `arXiv OAI-PMH error (${what}).`, { retryable: false });
  }
  const list = nodes(root.ListRecords)[0];
  if (!list)
    throw new AppError('ARXIV_MALFORMED', 'arXiv returned an OAI-PMH response without ListRecords.', {
      retryable: true,
    });
  const token =
    nodes(list.resumptionToken)[0] ??
    (typeof list.resumptionToken === 'string' ? { '#text': list.resumptionToken } : undefined);
  const tokenText = token ? squash(text(token)) : '';
  const size = token ? Number(attr(token, 'completeListSize')) : NaN;
  return {
    records: nodes(list.record)
      .map(toRecord)
      .filter((r): r is OaiRecord => r !== null),
    resumptionToken: tokenText === '' ? null : tokenText,
    completeListSize: Number.isFinite(size) && attr(token, 'completeListSize') !== '' ? size : null,
  };
}
