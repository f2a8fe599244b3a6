/** arXiv's own HTML (rendered from the LaTeX by LaTeXML, for most recent papers): the best structure, tried first. */
import type { FullTextSource } from './source.ts';

export const htmlSource: FullTextSource = {
  kind: 'html',
  label: 'HTML',
  missing: 'no HTML version on arXiv',
  download: 'html',
};
