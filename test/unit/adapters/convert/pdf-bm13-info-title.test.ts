/**
 * The info dictionary's Title as the metadata title (pdf-bm13-info-title.ts): used only when page 1
 * prints it in large type as one block; placeholders, wrecks and a template's stale title are not.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { layoutPdf } from '../../../../adapters/convert/pdf.ts';
import { printedInfoTitle } from '../../../../adapters/convert/pdf-bm13-info-title.ts';
import { dominantSize } from '../../../../adapters/convert/pdf-layout.ts';
import { renderSegments } from '../../../../adapters/convert/pdf-markdown.ts';
import { BODY, seg } from '../../../support/pdf-lines.ts';

const FIXTURES = path.join(import.meta.dirname, '../../../fixtures/convert/pdf');

describe('PDF info title', () => {
  const page = [
    seg('Technical Report Series Forty', 60, { size: 16 }),
    seg('A Study of Waves in', 100, { size: 16 }),
    seg('Shallow Channels', 118, { size: 16 }),
    seg('Wei Li and Ana Costa', 140),
    ...Array.from({ length: 12 }, (_, k) => seg(BODY, 170 + 12 * k)),
  ];

  it('is taken when page 1 prints it as a block of large type, and then names the title', () => {
    assert.equal(
      printedInfoTitle('A study of waves in shallow channels', page, 10),
      'A study of waves in shallow channels',
    );
    const { title } = renderSegments([page], [792], { infoTitle: 'A study of waves in shallow channels' });
    assert.equal(title, 'A Study of Waves in Shallow Channels');
    // Without it the layout alone takes the first large line, a series banner, for the title.
    assert.equal(renderSegments([page], [792]).title, 'Technical Report Series Forty');
  });

  it('is refused as a placeholder, when not printed, or when printed only in body type', () => {
    assert.equal(printedInfoTitle('ATLAS draft', page, 10), undefined);
    assert.equal(printedInfoTitle('A Consistent Age for an OB Association', page, 10), undefined);
    assert.equal(printedInfoTitle('Wei Li and Ana Costa wrote', page, 10), undefined);
    assert.equal(printedInfoTitle(null, page, 10), undefined);
    // A block that holds the title and more (the banner's line joined to it) is not the title.
    const joined = [
      seg('Technical Report Series Forty A Study of Waves in', 100, { size: 16 }),
      ...page.slice(2),
    ];
    assert.equal(printedInfoTitle('A study of waves in shallow channels', joined, 10), undefined);
  });

  it('reads real info titles: a printed one is used, a template placeholder is not', async () => {
    const used = await layoutPdf(
      new Uint8Array(readFileSync(path.join(FIXTURES, 'elsarticle-broad-ranges.pdf'))),
    );
    assert.match(used.infoTitle ?? '', /^Broad Ranges of Investment Configurations/);
    assert.equal(
      printedInfoTitle(used.infoTitle, used.pages[0]!, dominantSize(used.pages.flat())),
      used.infoTitle,
    );
    const placeholder = await layoutPdf(
      new Uint8Array(readFileSync(path.join(FIXTURES, '1605.03814v2.pdf'))),
    );
    assert.equal(placeholder.infoTitle, 'ATLAS draft');
    assert.equal(
      printedInfoTitle(placeholder.infoTitle, placeholder.pages[0]!, dominantSize(placeholder.pages.flat())),
      undefined,
    );
  });
});
