/**
 * A vendored fixture PDF (test/fixtures/convert/pdf) converted once per test process, for rule
 * tests that check a whole paper's outline.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { convertPdf } from '../../adapters/convert/pdf.ts';
import { FIXTURES_DIR } from './corpus.ts';

const converted = new Map<string, Promise<string>>();

/** The Markdown of `test/fixtures/convert/pdf/<file>`. */
export function fixtureMarkdown(file: string): Promise<string> {
  let md = converted.get(file);
  if (!md) {
    const pdf = readFileSync(path.join(FIXTURES_DIR, 'convert', 'pdf', file));
    md = convertPdf(new Uint8Array(pdf)).then((r) => r.markdown);
    converted.set(file, md);
  }
  return md;
}

/** The Markdown's heading lines, `#` marks included. */
export const markdownHeadings = (md: string): string[] => md.split('\n').filter((l) => /^#{1,6} /.test(l));
