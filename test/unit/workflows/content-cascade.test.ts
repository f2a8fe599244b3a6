/**
 * paperIngest's full-text cascade (workflows/content/index.ts): one entry per source, tried in
 * the list's order. Which source answers for which paper runs in test/integration/source-cascade.test.ts.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CONTENT_SOURCES } from '../../../domain/content-source.ts';
import { CONTENT_CASCADE } from '../../../workflows/content/index.ts';

describe('the full-text cascade of paperIngest', () => {
  it('tries arXiv HTML, ar5iv, the LaTeX source, then the PDF: every stored source kind, once', () => {
    assert.deepEqual(
      CONTENT_CASCADE.map((s) => s.kind),
      [...CONTENT_SOURCES],
    );
  });

  it('downloads the LaTeX source as the e-print and every other source by its own kind', () => {
    assert.deepEqual(
      CONTENT_CASCADE.map((s) => [s.kind, s.download]),
      [
        ['html', 'html'],
        ['ar5iv', 'ar5iv'],
        ['latex', 'source'],
        ['pdf', 'pdf'],
      ],
    );
  });

  it('names each source in progress and notes as before the cascade was a list', () => {
    assert.deepEqual(
      CONTENT_CASCADE.map((s) => `${s.label}: ${s.missing}`),
      [
        'HTML: no HTML version on arXiv',
        'ar5iv HTML: no ar5iv HTML',
        'LaTeX source: no LaTeX source on arXiv',
        'PDF: no PDF version on arXiv',
      ],
    );
  });
});
