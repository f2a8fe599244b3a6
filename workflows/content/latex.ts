/** The LaTeX source (`/e-print`), converted in the sandbox; a PDF-only submission has none. */
import type { FullTextSource } from './source.ts';

export const latexSource: FullTextSource = {
  kind: 'latex',
  label: 'LaTeX source',
  missing: 'no LaTeX source on arXiv',
  download: 'source',
};
