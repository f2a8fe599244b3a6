/**
 * Paths into the real recorded data vendored with the tests (test/fixtures/corpus, a redistributable
 * subset of ../shared/corpus; provenance and licences in test/fixtures/MANIFEST.md) and the small
 * model files in test/fixtures/models. Tests read nothing outside the repository
 * (test/unit/repo/self-contained.test.ts checks that).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** test/fixtures: everything tests read that is not code. */
export const FIXTURES_DIR = path.resolve(import.meta.dirname, '../fixtures');
export const CORPUS_DIR = path.join(FIXTURES_DIR, 'corpus');
export const MODELS_DIR = path.join(FIXTURES_DIR, 'models');

export const corpus = (...parts: string[]) => path.join(CORPUS_DIR, ...parts);

/**
 * Full text for the fake arXiv's `documents` option: the corpus has no paper with both an Atom
 * record and a PDF the repository may redistribute, so the CC BY 3.0 PDF of 1503.07589v1 is served
 * as the PDF of 1111.2011 (whose Atom record is recorded). Metadata and body then come from two
 * different papers, which tests that check where each part of the Markdown came from rely on.
 */
export const STAND_IN_PDF_ID = '1111.2011';
export function standInPdf(): Record<string, Uint8Array> {
  return { [`pdf/${STAND_IN_PDF_ID}`]: readFileSync(corpus('pdf', '1503.07589v1.pdf')) };
}

/**
 * For the fake arXiv's `submittedDates` option: the papers of a recorded search (a file under
 * corpus/atom) re-dated evenly across a submission window, so that a date-window search (a
 * query-only digest) finds real recorded papers, as the calendar re-dates its feed items.
 */
export function redatedSearch(file: string, window: { start: Date; end: Date }): Map<string, string> {
  const xml = readFileSync(corpus('atom', file), 'utf8');
  const ids = [...xml.matchAll(/<entry>\s*<id>https?:\/\/arxiv\.org\/abs\/([^<]+?)(?:v\d+)?<\/id>/g)].map(
    (m) => m[1]!,
  );
  const span = window.end.getTime() - window.start.getTime() - 120_000;
  return new Map(
    ids.map((id, i) => [
      id,
      new Date(
        window.start.getTime() + 60_000 + Math.floor((span * i) / Math.max(ids.length - 1, 1)),
      ).toISOString(),
    ]),
  );
}
