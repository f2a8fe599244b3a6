/** arXiv's own HTML (LaTeXML), converted by the HTML converter. */
import type { FullTextKind } from './source.ts';

export const htmlKind = {
  kind: 'html',
  download: 'html',
  async fetch(client, id, version) {
    const html = await client.fetchHtml(id, version);
    return html === null ? null : { data: Buffer.from(html, 'utf8'), ext: 'html' };
  },
  converter: 'html',
} as const satisfies FullTextKind;
