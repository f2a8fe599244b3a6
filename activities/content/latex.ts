/** The LaTeX source (`/e-print`, downloaded as `source`), converted by the LaTeX converter; a PDF-only submission has none. */
import type { FullTextKind } from './source.ts';

export const latexKind = {
  kind: 'latex',
  download: 'source',
  async fetch(client, id, version) {
    const source = await client.fetchSource(id, version);
    return source === null ? null : { data: source, ext: 'gz' };
  },
  converter: 'latex',
} as const satisfies FullTextKind;
