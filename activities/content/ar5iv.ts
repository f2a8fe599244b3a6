/** ar5iv's HTML (the same LaTeXML rendering, for older papers): the HTML converter, stored as `ar5iv`. */
import type { FullTextKind } from './source.ts';

export const ar5ivKind = {
  kind: 'ar5iv',
  download: 'ar5iv',
  async fetch(client, id, version) {
    const html = await client.fetchAr5iv(id, version);
    return html === null ? null : { data: Buffer.from(html, 'utf8'), ext: 'html' };
  },
  converter: 'html',
} as const satisfies FullTextKind;
