/**
 * A paper in another language or script has a text layer: it converts rather than asking for
 * OCR. The two PDFs are short papers written for this test (test/fixtures/convert/lang, CC0),
 * built by xelatex in DejaVu Serif; the strings below are written for it too.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { convertPdf } from '../../../../adapters/convert/pdf.ts';
import { textLayerProblem } from '../../../../adapters/convert/pdf-text-layer.ts';
import { FIXTURES_DIR } from '../../../support/corpus.ts';

const lang = (name: string) => readFileSync(path.join(FIXTURES_DIR, 'convert', 'lang', name));
const firstHeadings = (md: string, n: number) =>
  md
    .split('\n')
    .filter((l) => /^#{1,6} /.test(l))
    .slice(0, n);

describe('papers in other languages and scripts convert', () => {
  it('converts a paper in Vietnamese (Latin letters with its own common words), title first', async () => {
    const r = await convertPdf(lang('vi-rainfall.pdf'));
    assert.deepEqual(firstHeadings(r.markdown, 3), [
      '# Dự báo lượng mưa theo mùa ở đồng bằng sông Cửu Long',
      '## 1 Giới thiệu',
      '## 2 Dữ liệu và phương pháp',
    ]);
  });

  it('converts a paper in Russian (Cyrillic), title first', async () => {
    const r = await convertPdf(lang('ru-rainfall.pdf'));
    assert.deepEqual(firstHeadings(r.markdown, 3), [
      '# Сезонный прогноз осадков в дельте Меконга',
      '## 1 Введение',
      '## 2 Данные и методы',
    ]);
    assert.match(r.markdown, /Нейронная сеть дала меньшую ошибку, чем регрессия/);
  });
});

describe('textLayerProblem', () => {
  const repeat = (s: string, n: number) => Array.from({ length: n }, () => s).join(' ');

  it('accepts Chinese text, which has no spaces and none of the Latin common words', () => {
    const zh = '本文提出一种简单的季节降水预测方法。我们使用区域气象站的观测数据，并与传统统计方法进行比较。';
    assert.equal(textLayerProblem(repeat(zh, 60), 2), null);
  });

  it('refuses Latin letter soup with no common words (glyphs mapped to the wrong letters)', () => {
    const soup = 'qxv zkpt wrnb jfqz ghxw vtkq mzrp xqwv bnkj ptzq';
    assert.match(textLayerProblem(repeat(soup, 60), 2) ?? '', /almost no common words/);
  });

  it('refuses letters scattered over several scripts (glyph codes read as Unicode)', () => {
    const soup = 'Ѐ ӯ ԁ ψ ק ש ء ب ज ก ζ ϐ ԅ Ӽ ף ئ ख ข Ϟ Ԛ';
    assert.match(textLayerProblem(repeat(soup, 40), 2) ?? '', /in no one script/);
  });

  it('still refuses punctuation soup and an empty page', () => {
    assert.match(textLayerProblem(repeat('!#%&*+-/<=>?@^_|~ a 0123', 60), 1) ?? '', /% letters$/);
    assert.match(textLayerProblem('', 3) ?? '', /^0 characters per page/);
  });
});
