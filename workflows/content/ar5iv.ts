/** ar5iv's HTML (the same LaTeXML rendering, for older papers arXiv has no HTML of). */
import type { FullTextSource } from './source.ts';

export const ar5ivSource: FullTextSource = {
  kind: 'ar5iv',
  label: 'ar5iv HTML',
  missing: 'no ar5iv HTML',
  download: 'ar5iv',
};
