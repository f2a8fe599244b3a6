/**
 * A full-text source of paperIngest's cascade: where the Markdown of a paper can come from, one
 * gated download (the arXiv queue's `arxivDownload`) then one conversion (`convertAndStore`).
 * Each source is one file in this folder, listed once, in cascade order, in index.ts; what the
 * activities do for it (the request, the converter) is its file in activities/content/.
 */
import type { DownloadInput } from '../../activities/arxiv/activities.ts';
import type { ContentSource } from '../../domain/content-source.ts';

export interface FullTextSource {
  /** What the stored Markdown records as its source (domain/content-source.ts). */
  kind: ContentSource;
  /** How progress and notes name it: `downloading the ${label}`, `${label} conversion failed`. */
  label: string;
  /** The note when arXiv has none of it. */
  missing: string;
  /** The download the arXiv queue makes for it. */
  download: DownloadInput['kind'];
}
