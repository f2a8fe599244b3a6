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

/** A fixture's section headings below the title, without their `#` marks. */
export async function fixtureSectionHeadings(file: string): Promise<string[]> {
  return markdownHeadings(await fixtureMarkdown(file))
    .filter((l) => /^#{2,6} /.test(l))
    .map((l) => l.replace(/^#+ /, ''));
}

/** The italic front-matter block of converted Markdown (its first block opening with `*`), or ''. */
export const frontBlock = (md: string): string => md.split('\n\n').find((b) => b.startsWith('*')) ?? '';

/** Everything after the front-matter block (all of the Markdown when there is none). */
export const afterFrontBlock = (md: string): string =>
  md.slice(md.indexOf(frontBlock(md)) + frontBlock(md).length);

/** The italic front-matter block under the title of a fixture's Markdown, and the rest after it. */
export async function fixtureFrontAndBody(file: string): Promise<{ front: string; body: string }> {
  const blocks = (await fixtureMarkdown(file)).split(/\n\n+/);
  const front = /^\*[^*]/.test(blocks[1] ?? '') ? blocks[1]! : '';
  return { front, body: blocks.slice(front ? 2 : 1).join('\n\n') };
}
