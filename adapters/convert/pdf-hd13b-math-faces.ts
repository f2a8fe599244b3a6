/**
 * What TeX's math fonts mean for a line's face and text. A heading set in bold keeps its formulas in
 * the math fonts (TeX emboldens math only under `\boldmath`), so `S-III: Bias in p(σ̂2[D̂∗])` is a
 * bold line whose formula is not; and the extension font's wide accents (`\widehat`, `\widetilde`)
 * come out of pdf.js as the letters of their glyph slots (`Db` for D̂).
 */
import type { Segment } from './pdf-layout.ts';

/**
 * TeX's math fonts by name (Computer Modern and Latin Modern math italic, symbols and extension; the
 * AMS symbol and Euler fonts; RSFS script): a closed class, as the bold faces of BOLD_FONT are.
 */
const TEX_MATH_FONT = /^(?:cmmi|cmsy|cmbsy|cmex|lmmi|lmsy|lmex|msam|msbm|eufm|eusm|eurm|rsfs)\d/i;

type Run = NonNullable<Segment['fonts']>[number];

/**
 * Bold outside its formulas: the letters not in a math font and not a digit run of their own (a
 * subscript, `Li7La3Zr2O12`) are bold, at least six of them, and they are most of the line's
 * letters (a display equation with a few `\mathbf` letters stays unbolded).
 */
export function boldOutsideMath(
  runs: readonly Run[],
  bold: ReadonlySet<string>,
  names: ReadonlyMap<string, string>,
): boolean {
  let all = 0;
  let inBold = 0;
  let math = 0;
  for (const r of runs) {
    all += r.chars;
    if (bold.has(r.font)) inBold += r.chars;
    else if (r.number || TEX_MATH_FONT.test(names.get(r.font) ?? '')) math += r.chars;
  }
  return math > 0 && inBold >= 6 && inBold >= 0.85 * (all - math) && inBold >= 0.6 * all;
}

/** cmex's wide accents sit in the slots of `b c d` (`\widehat`, three sizes) and `e f g` (`\widetilde`). */
const WIDE_ACCENT: Record<string, string> = {
  b: '\u0302',
  c: '\u0302',
  d: '\u0302',
  e: '\u0303',
  f: '\u0303',
  g: '\u0303',
};

/**
 * A wide accent of TeX's extension font put back as a combining mark on the letter before it (TeX
 * draws the accent after its base): `σ2[Db∗]` → `σ2[D̂∗]`. Only a one-letter run in a cmex font is
 * read so; the fonts' letters are otherwise delimiters and big operators, never letters.
 */
export function restoreWideAccents(pages: Segment[][], names: ReadonlyMap<string, string>): void {
  const cmex = new Set([...names].filter(([, n]) => /^(?:cmex|lmex)\d/i.test(n)).map(([id]) => id));
  if (!cmex.size) return;
  for (const s of pages.flat()) {
    const runs = s.fonts;
    if (!runs?.some((r) => cmex.has(r.font) && r.chars === 1)) continue;
    // Positions of the letters and digits in the text, which the runs count in order.
    const at = [...s.text.matchAll(/[\p{L}\p{N}]/gu)].map((m) => m.index);
    if (at.length !== runs.reduce((n, r) => n + r.chars, 0)) continue;
    const marks: number[] = [];
    let k = 0;
    for (const r of runs) {
      if (cmex.has(r.font) && r.chars === 1 && WIDE_ACCENT[s.text[at[k]!]!] && at[k]! > 0) marks.push(at[k]!);
      k += r.chars;
    }
    let text = s.text;
    for (const i of marks.reverse()) {
      // The accent follows its base; a space pdf.js put between them is no word space.
      const before = text.slice(0, i).replace(/ $/, '');
      text = `${before}${WIDE_ACCENT[text[i]!]}${text.slice(i + 1)}`;
    }
    s.text = text;
  }
}
