/**
 * The `papers` table row both drivers share (SQLite stores `withdrawn` as 0/1, Postgres as a
 * boolean): the one check of a paper to store, its columns, and the mapping back to a Paper.
 */
import { AppError } from '../../domain/errors.ts';
import { arxivLinks, safeLicenseUrl, type Paper } from '../../domain/paper.ts';
import type { ListedPaper } from '../../domain/library.ts';
import { baseId, validateVersion } from '../../domain/library.ts';

export interface PaperRow<Withdrawn = number | boolean> {
  pk: number;
  id: string;
  version: number | null;
  title: string;
  abstract: string;
  authors_json: string;
  categories_json: string;
  primary_category: string;
  published: string;
  published_at: string;
  published_date: string;
  updated: string;
  doi: string | null;
  journal_ref: string | null;
  comment: string | null;
  license: string | null;
  abs_url: string;
  pdf_url: string | null;
  html_url: string | null;
  withdrawn: Withdrawn;
}

/** A stored row as a Paper (versions seen and topics are added by the caller). */
export function rowToPaper(r: Omit<PaperRow, 'published_at' | 'published_date'>): Paper {
  return {
    id: r.id,
    version: r.version,
    title: r.title,
    abstract: r.abstract,
    authors: JSON.parse(r.authors_json) as Paper['authors'],
    categories: JSON.parse(r.categories_json) as string[],
    primaryCategory: r.primary_category,
    published: r.published,
    updated: r.updated,
    doi: r.doi,
    journalRef: r.journal_ref,
    comment: r.comment,
    // Links and licence are vouched for on the way out too: rows stored before they were built
    // from the id may hold a feed's `<link>` (javascript:, anywhere).
    license: safeLicenseUrl(r.license),
    links: arxivLinks({ id: r.id, version: r.version }, { html: r.html_url !== null }),
    withdrawn: r.withdrawn === true || r.withdrawn === 1,
  };
}

/** A stored row as one paper of a `list_papers` answer. */
export function rowToListedPaper(
  r: Pick<
    PaperRow,
    'id' | 'title' | 'abstract' | 'authors_json' | 'categories_json' | 'published_date' | 'pdf_url'
  >,
): ListedPaper {
  return {
    arxiv_id: r.id,
    title: r.title,
    authors: (JSON.parse(r.authors_json) as Paper['authors']).map((a) => a.name),
    abstract: r.abstract,
    categories: JSON.parse(r.categories_json) as string[],
    published_date: r.published_date,
    pdf_url: r.pdf_url === null ? null : vouchedPdf(r.id, r.pdf_url),
  };
}

/** The stored PDF link when it is the one arxivLinks builds (versioned or not), else the id's. */
function vouchedPdf(id: string, stored: string): string {
  const base = arxivLinks({ id, version: null }).pdf!;
  return stored === base || (stored.startsWith(`${base}v`) && /^\d{1,4}$/.test(stored.slice(base.length + 1)))
    ? stored
    : base;
}

/** Checks a paper before it is stored; its base id, version and v1 time normalised to toISOString(). */
export function checkPaper(p: Paper): { id: string; version: number | null; publishedAt: string } {
  const id = baseId(p?.id);
  const version = validateVersion(p.version);
  const t = Date.parse(p.published);
  if (typeof p.published !== 'string' || Number.isNaN(t)) {
    throw new AppError(
      'INVALID_INPUT',
      `paper ${id}: published "${String(p.published)}" is not an ISO 8601 timestamp`,
    );
  }
  if (typeof p.title !== 'string' || !Array.isArray(p.authors) || !Array.isArray(p.categories)) {
    throw new AppError('INVALID_INPUT', `paper ${id}: title, authors and categories are required`);
  }
  return { id, version, publishedAt: new Date(t).toISOString() };
}

/** The stored columns of a checked paper (`withdrawn` as a boolean; SQLite writes it as 0/1). */
export function paperColumns(
  p: Paper,
  checked: { id: string; version: number | null; publishedAt: string },
): Omit<PaperRow<boolean>, 'pk'> {
  const { id, version, publishedAt } = checked;
  return {
    id,
    version,
    title: p.title,
    abstract: p.abstract ?? '',
    authors_json: JSON.stringify(p.authors),
    categories_json: JSON.stringify(p.categories),
    primary_category: p.primaryCategory ?? p.categories[0] ?? '',
    published: p.published,
    published_at: publishedAt,
    published_date: publishedAt.slice(0, 10),
    updated: p.updated ?? p.published,
    doi: p.doi ?? null,
    journal_ref: p.journalRef ?? null,
    comment: p.comment ?? null,
    license: safeLicenseUrl(p.license),
    abs_url: arxivLinks({ id, version }).abs,
    pdf_url: arxivLinks({ id, version }).pdf,
    html_url: p.links?.html ? arxivLinks({ id, version }, { html: true }).html : null,
    withdrawn: Boolean(p.withdrawn),
  };
}
