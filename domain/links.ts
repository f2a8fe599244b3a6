/**
 * Paper links on the configured arXiv site (ARXIV_SITE_URL): the parsers and the store build every
 * link from the id on ARXIV_ORIGIN (domain/paper.ts); these move what they hand out onto the
 * deployment's origin, so the web app, CLI, bot, MCP and every publisher link to one site. Pure.
 */
import type { Digest } from './digest.ts';
import { withVouchedLinks } from './digest.ts';
import type { ListedPaper, ListResult } from './library.ts';
import { ARXIV_ORIGIN, arxivLinks, type Paper } from './paper.ts';

/**
 * An http(s) site origin (`https://arxiv.org`, no path, query or credentials), or the problem with
 * the value: what config/env.ts checks ARXIV_SITE_URL with.
 */
export function siteOriginProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an absolute http(s) URL like https://arxiv.org';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an http(s) URL';
  if (url.username || url.password) return 'must not carry a user name or password';
  if (url.pathname !== '/' || url.search || url.hash || /[?#]/.test(value))
    return `must be an origin only (scheme, host and port, e.g. ${url.origin}): paths are added per link`;
  return null;
}

/** The paper with its links rebuilt from its id on `origin` (an html link stays only when it had one). */
export function paperOnSite<P extends Paper>(p: P, origin: string): P {
  if (origin === ARXIV_ORIGIN) return p;
  return {
    ...p,
    links: arxivLinks({ id: p.id, version: p.version }, { html: p.links?.html != null, origin }),
  };
}

/** A listed paper's PDF link on `origin` (the stored link, versioned or not, has the default origin). */
export function listedOnSite(p: ListedPaper, origin: string): ListedPaper {
  if (origin === ARXIV_ORIGIN || p.pdf_url === null) return p;
  const prefix = `${ARXIV_ORIGIN}/pdf/`;
  return {
    ...p,
    pdf_url: p.pdf_url.startsWith(prefix)
      ? `${origin}/pdf/${p.pdf_url.slice(prefix.length)}`
      : arxivLinks({ id: p.arxiv_id, version: null }, { origin }).pdf,
  };
}

export function listOnSite(r: ListResult, origin: string): ListResult {
  return origin === ARXIV_ORIGIN ? r : { ...r, papers: r.papers.map((p) => listedOnSite(p, origin)) };
}

export function digestOnSite(d: Digest, origin: string): Digest {
  return origin === ARXIV_ORIGIN ? d : withVouchedLinks(d, origin);
}
