/**
 * The full-text sources on the activity side, in cascade order (the same kinds, in the same order,
 * as workflows/content/index.ts). A new source: one file in this folder, one line here.
 */
import { ar5ivKind } from './ar5iv.ts';
import { htmlKind } from './html.ts';
import { latexKind } from './latex.ts';
import { pdfKind } from './pdf.ts';
import type { FullTextKind } from './source.ts';

export const FULL_TEXT_KINDS = [htmlKind, ar5ivKind, latexKind, pdfKind] as const;

/** `arxivDownload`'s kinds: html, ar5iv, source, pdf. */
export type DownloadKind = (typeof FULL_TEXT_KINDS)[number]['download'];

/** The source `arxivDownload` fetches for a download kind, if any. */
export function byDownload(download: string): FullTextKind | undefined {
  return FULL_TEXT_KINDS.find((s) => s.download === download);
}

/** The source stored under `kind`, if any. */
export function byKind(kind: string): FullTextKind | undefined {
  return FULL_TEXT_KINDS.find((s) => s.kind === kind);
}

/** "html, ar5iv, source or pdf": the download kinds, for an error message. */
export function downloadKindsText(): string {
  const names = FULL_TEXT_KINDS.map((s) => s.download);
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}
