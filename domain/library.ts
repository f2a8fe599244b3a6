/**
 * The library's rules: list filters, topic names, paper ids and versions, author names. Every store
 * driver and front end applies these, so they reject the same input with the same messages.
 */
import { AppError } from './errors.ts';
import { isIsoDate } from './arxiv-calendar.ts';
import type { Paper } from './paper.ts';

/** A paper as the library holds it: the newest record seen plus every version number seen. */
export type StoredPaper = Paper & {
  /** Ascending, without duplicates; empty when no source ever named a version. */
  versionsSeen: number[];
  /** Topic folders the paper belongs to, sorted by name. */
  topics: string[];
};

/** Filters of `list_papers` (seed 002). Every field is optional; absent means "no constraint". */
export interface ListFilters {
  /**
   * Full-text over title and abstract; every word must match; ranked by relevance (BM25) among the
   * 2,000 most recently stored matches, so broad queries stay fast; total_count is exact.
   */
  query?: string | undefined;
  /**
   * Any author whose full name, or its trailing words (the surname), equals this text, ignoring
   * case, accents and punctuation: "Del Maestro", "adrian del maestro", "Wubben" for "Dirk Wübben".
   */
  author?: string | undefined;
  /** Papers in at least one of these categories (cross-lists included). */
  categories?: string[] | undefined;
  /** Inclusive YYYY-MM-DD bounds on the v1 publication date (UTC). */
  start_date?: string | undefined;
  end_date?: string | undefined;
  /** Only papers in this topic folder. */
  topic?: string | undefined;
  /** 1..50, default 20. */
  limit?: number | undefined;
  /** >= 0, default 0. */
  offset?: number | undefined;
}

/** One paper of a `list_papers` answer (seed 002 shape). */
export interface ListedPaper {
  /** Base id without version. */
  arxiv_id: string;
  title: string;
  authors: string[];
  abstract: string;
  categories: string[];
  /** YYYY-MM-DD of v1. */
  published_date: string;
  pdf_url: string | null;
}

export interface ListResult {
  /** Matches before limit/offset. */
  total_count: number;
  /** `papers.length`. */
  returned: number;
  papers: ListedPaper[];
}

export interface TopicCount {
  name: string;
  count: number;
}

/** The limits live in domain/limits.ts; these names stay for the library's callers. */
export { MAX_SEARCH_RESULTS } from './limits.ts';
export { DEFAULT_LIST_LIMIT as DEFAULT_LIMIT, MAX_LIST_LIMIT as MAX_LIMIT } from './limits.ts';
import { DEFAULT_LIST_LIMIT as DEFAULT_LIMIT, MAX_LIST_LIMIT as MAX_LIMIT } from './limits.ts';

/** Filters after validation: trimmed, defaults applied, empties dropped. */
export interface NormalizedFilters {
  query: string | null;
  author: string | null;
  categories: string[];
  startDate: string | null;
  endDate: string | null;
  topic: string | null;
  limit: number;
  offset: number;
}

const invalid = (message: string, details?: unknown) => new AppError('INVALID_INPUT', message, { details });

/** Trimmed text, or null for absent or blank input; INVALID_INPUT naming `name` for a non-string. */
export function optionalText(v: unknown, name: string): string | null {
  if (v === undefined || v === null) return null;
  if (typeof v !== 'string') throw invalid(`${name} must be a string`);
  const t = v.trim();
  return t === '' ? null : t;
}

/** An arXiv category such as `cs.LG` or `hep-th`: the shape front-end schemas state too. */
export const CATEGORY = /^[a-z][a-z-]*(\.[A-Za-z-]+)?$/;

/** Validates a category such as `cs.LG` or `hep-th`. */
export function validateCategory(c: string, name = 'categories'): string {
  const t = c.trim();
  if (!CATEGORY.test(t))
    throw invalid(`${name}: "${c}" is not an arXiv category (expected e.g. cs.LG or hep-th)`);
  return t;
}

/** Checks `list_papers` filters; throws INVALID_INPUT naming the bad filter. */
export function normalizeFilters(f: ListFilters): NormalizedFilters {
  const startDate = optionalText(f.start_date, 'start_date');
  const endDate = optionalText(f.end_date, 'end_date');
  if (startDate !== null && !isIsoDate(startDate))
    throw invalid(`start_date "${startDate}" is not a date; use YYYY-MM-DD`);
  if (endDate !== null && !isIsoDate(endDate))
    throw invalid(`end_date "${endDate}" is not a date; use YYYY-MM-DD`);
  if (startDate !== null && endDate !== null && startDate > endDate) {
    throw invalid(`start_date ${startDate} is after end_date ${endDate}; swap them`);
  }
  const limit = f.limit ?? DEFAULT_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
    throw invalid(`limit must be a whole number from 1 to ${MAX_LIMIT} (got ${String(f.limit)})`);
  }
  const offset = f.offset ?? 0;
  if (!Number.isInteger(offset) || offset < 0)
    throw invalid(`offset must be a whole number >= 0 (got ${String(f.offset)})`);
  if (f.categories !== undefined && !Array.isArray(f.categories))
    throw invalid('categories must be a list of arXiv categories');
  const categories = [
    ...new Set((f.categories ?? []).filter((c) => c.trim() !== '').map((c) => validateCategory(c))),
  ];
  const author = optionalText(f.author, 'author');
  if (author !== null && normalizeName(author) === '')
    throw invalid(`author "${author}" has no letters or digits to match`);
  const topic = optionalText(f.topic, 'topic');
  return {
    query: optionalText(f.query, 'query'),
    author,
    categories,
    startDate,
    endDate,
    topic: topic === null ? null : validateTopicName(topic),
    limit,
    offset,
  };
}

/**
 * Lowercase, accents stripped (NFD + drop combining marks), punctuation to spaces, collapsed:
 * `Jean-Pierre Müller` -> `jean pierre muller`. Used for case- and accent-insensitive author match.
 */
export function normalizeName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The word-aligned suffixes of a normalised name, longest first: what an author filter can start with. */
export function nameKeys(normalized: string): string[] {
  const words = normalized.split(' ').filter(Boolean);
  return words.map((_, i) => words.slice(i).join(' '));
}

/** Longest topic name. */
export const MAX_TOPIC_NAME = 100;

/** Topic folder names: 1-100 printable characters, trimmed. They are data, never paths. */
export function validateTopicName(name: string): string {
  const t = typeof name === 'string' ? name.trim() : '';
  // eslint-disable-next-line no-control-regex
  if (t === '' || t.length > MAX_TOPIC_NAME || /[\u0000-\u001f\u007f]/.test(t)) {
    throw invalid(`topic name "${String(name)}" must be 1-${MAX_TOPIC_NAME} printable characters`);
  }
  return t;
}

/** Longest paper id the library accepts. */
export const MAX_ID_LENGTH = 64;

/** `2104.12255v3` -> `2104.12255`; `astro-ph/0601001` unchanged. Rejects blanks and whitespace. */
export function baseId(id: string): string {
  const t = typeof id === 'string' ? id.trim() : '';
  if (t === '' || t.length > MAX_ID_LENGTH || /\s/.test(t))
    throw invalid(`"${String(id)}" is not an arXiv id (e.g. 2104.12255 or astro-ph/0601001)`);
  return t.replace(/v\d+$/, '');
}

/** Validates a version number: a positive integer or null. */
export function validateVersion(v: number | null | undefined): number | null {
  if (v === null || v === undefined) return null;
  if (!Number.isInteger(v) || v < 1)
    throw invalid(`version must be a positive whole number or null (got ${String(v)})`);
  return v;
}
