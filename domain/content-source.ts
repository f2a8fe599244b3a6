/**
 * Where a paper's stored Markdown came from: arXiv's HTML, ar5iv's HTML (older papers), the LaTeX
 * source (`/e-print`), or the PDF. The ingest cascade tries them in this order.
 */
export const CONTENT_SOURCES = ['html', 'ar5iv', 'latex', 'pdf'] as const;
export type ContentSource = (typeof CONTENT_SOURCES)[number];

export function isContentSource(s: unknown): s is ContentSource {
  return typeof s === 'string' && (CONTENT_SOURCES as readonly string[]).includes(s);
}

/** How pages name where a full text came from. */
export const SOURCE_NAMES: Record<ContentSource, string> = {
  html: 'arXiv HTML',
  ar5iv: 'ar5iv HTML',
  latex: 'LaTeX source',
  pdf: 'arXiv PDF',
};

/** The sources in the order the cascade tries them, as help texts name them. */
export const CASCADE_NAMES = CONTENT_SOURCES.map((s) => SOURCE_NAMES[s]).join(', ');
