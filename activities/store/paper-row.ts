/**
 * The `papers` table row both drivers share (SQLite stores `withdrawn` as 0/1, Postgres as a
 * boolean) and its one mapping back to a Paper.
 */
import type { Paper } from '../arxiv/paper.ts';

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
    license: r.license,
    links: { abs: r.abs_url, pdf: r.pdf_url, html: r.html_url },
    withdrawn: r.withdrawn === true || r.withdrawn === 1,
  };
}
