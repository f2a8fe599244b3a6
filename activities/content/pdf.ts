/** The PDF, converted by the PDF converter (which matches the stored title); arXiv answers 404 when there is none. */
import { isAppError } from '../../domain/errors.ts';
import type { FullTextKind } from './source.ts';

export const pdfKind = {
  kind: 'pdf',
  download: 'pdf',
  async fetch(client, id, version) {
    try {
      return { data: await client.fetchPdf(id, version), ext: 'pdf' };
    } catch (e) {
      if (isAppError(e, 'NOT_FOUND')) return null;
      throw e;
    }
  },
  converter: 'pdf',
} as const satisfies FullTextKind;
