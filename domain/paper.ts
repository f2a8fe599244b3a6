/**
 * The typed paper record every part of arxiv-radar shares (parsed from the API's Atom feed or
 * the RSS announce feed, stored in the library, ranked, summarised, published). Pure types and
 * tiny pure helpers only: workflows may import this module.
 */

export interface Author {
  name: string;
  affiliations: string[];
}

export interface PaperLinks {
  /** https://arxiv.org/abs/ID(vN) (on the configured ARXIV_SITE_URL) */
  abs: string;
  /** https://arxiv.org/pdf/ID(vN) */
  pdf: string | null;
  /** https://arxiv.org/html/ID(vN) when arXiv advertises it; null when unknown. */
  html: string | null;
}

export interface Paper {
  /** Base id without version: `2104.12255`, `astro-ph/0601001`. */
  id: string;
  /** Version number of this record (1 for v1), or null when the source does not say. */
  version: number | null;
  title: string;
  abstract: string;
  authors: Author[];
  /** Every category, primary first. */
  categories: string[];
  primaryCategory: string;
  /** ISO 8601 timestamp of v1 (`<published>`). */
  published: string;
  /** ISO 8601 timestamp of the returned version (`<updated>`). */
  updated: string;
  doi: string | null;
  journalRef: string | null;
  comment: string | null;
  /** License URL (RSS `dc:rights`, OAI `<license>`), null when the source does not say. */
  license: string | null;
  links: PaperLinks;
  /** True when the comment or abstract says the paper was withdrawn. */
  withdrawn: boolean;
}

/** How a paper appeared in an RSS announcement. */
export type AnnounceType = 'new' | 'cross' | 'replace' | 'replace-cross';

/** `2104.12255v3` for a versioned paper, the base id otherwise. */
export function versionedId(p: Pick<Paper, 'id' | 'version'>): string {
  return p.version ? `${p.id}v${p.version}` : p.id;
}

/**
 * The default arXiv site paper links point to (never a feed's `<link>`). A deployment may configure
 * another origin (ARXIV_SITE_URL, a mirror): the composition root passes it as `origin`.
 */
export const ARXIV_ORIGIN = 'https://arxiv.org';

/**
 * The links we vouch for: abs, pdf (and html when arXiv advertised one) built from the paper's id
 * and version on `origin` (a validated http(s) origin, ARXIV_ORIGIN by default). Feed fields are
 * never copied into an href: a `<link>` may say `javascript:…` or point anywhere. Each path segment
 * is encoded, so even a malformed id stays a path on the site.
 */
export function arxivLinks(
  p: Pick<Paper, 'id' | 'version'>,
  opts: { html?: boolean; origin?: string | undefined } = {},
): PaperLinks {
  const origin = opts.origin ?? ARXIV_ORIGIN;
  const path = versionedId(p)
    .split('/')
    .map((s) => encodeURIComponent(s))
    .join('/');
  return {
    abs: `${origin}/abs/${path}`,
    pdf: `${origin}/pdf/${path}`,
    html: opts.html ? `${origin}/html/${path}` : null,
  };
}

/** A licence URL we may put in an href: http(s) only, no credentials; anything else is dropped (null). */
export function safeLicenseUrl(value: string | null | undefined): string | null {
  const text = value?.trim();
  if (!text || text.length > 500) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password) return null;
  return url.href;
}
