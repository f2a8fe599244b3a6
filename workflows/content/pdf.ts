/** The PDF, the last resort: every paper has one, and its text is the least structured. */
import type { FullTextSource } from './source.ts';

export const pdfSource: FullTextSource = {
  kind: 'pdf',
  label: 'PDF',
  missing: 'no PDF version on arXiv',
  download: 'pdf',
};
