/**
 * Body text that opens with a code fence (a printed R Markdown chunk, `~~~`) stays text: unescaped,
 * any Markdown renderer would open a code block there that swallows the rest of the paper, its
 * headings included. Found in session 19 when the scorer learnt to skip fenced lines.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { convertPdf } from '../../../../adapters/convert/pdf.ts';
import { fencedLines } from '../../../../scripts/eval-convert.ts';
import { textPdf, type TextLine } from '../../../support/text-pdf.ts';

const prose =
  'This paragraph of body text runs long enough to be read as prose by the converter, with words.';

function paper(fenceLine: string): TextLine[] {
  return [
    { text: 'A Study of Fenced Things', size: 18, y: 720, bold: true },
    { text: '1 Introduction', size: 12, y: 680, bold: true },
    { text: prose, size: 10, y: 660 },
    { text: 'A chunk of the notebook follows.', size: 10, y: 648 },
    { text: fenceLine, size: 10, y: 628 },
    { text: prose, size: 10, y: 608 },
    { text: '2 Results', size: 12, y: 580, bold: true },
    { text: prose, size: 10, y: 560 },
  ];
}

describe('a body line that opens with a code fence', () => {
  it('is escaped, so the headings after it stay headings in any renderer', async () => {
    const { markdown } = await convertPdf(
      textPdf(paper('~~~ fences the code chunks of this paper, as it prints them in the text of its pages.')),
    );
    const lines = markdown.split('\n');
    assert.ok(
      lines.some((l) => l.startsWith('\\~~~ fences the code chunks')),
      markdown,
    );
    const fenced = fencedLines(lines);
    const results = lines.indexOf('## 2 Results');
    assert.ok(results > 0, markdown);
    assert.equal(fenced[results], false, markdown);
  });
});
