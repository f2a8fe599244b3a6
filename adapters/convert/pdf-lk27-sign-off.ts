/**
 * The sign-off under a thesis's preface (session 26, helper "lk27", issue #30). A preface or
 * foreword among the preliminary pages ends, after a blank of a line or more, with the place and
 * date it was written and the author's name (`Espoo, September 13, 2017` over `Teemu T. Vartiainen`;
 * `Berlin, im März 2019`; `Lisboa, 12 de maio de 2020`): the thesis's record, like the title page's
 * date, so front matter. lk23 (`pdf-lk23-signatures.ts`) takes the signature under a declaration;
 * this takes it under any other preliminary page of prose, by layout and a year, in any language:
 * - on a page after page 1 and before the contents page, opened by a heading (larger or bold type)
 *   and holding a paragraph of prose;
 * - the page's last lines, parted from the prose above by a gap of two line pitches or more, up to
 *   three, each short (half the measure at most), one of them holding a year.
 */
import type { Segment } from './pdf-layout.ts';
import { contentsPage } from './pdf-lk26-thesis-prelims.ts';
import { OPENER } from './pdf-lk13-section-names.ts';

/** At most this many lines of place, date and name. */
const MAX_LINES = 3;

/** A year of the last two centuries, as a date line prints it. */
const YEAR = /(?:^|\D)(?:19|20)\d\d(?:\D|$)/;

/** The place-and-date lines closing each preliminary page of prose, one group each. */
export function prelimSignOffs(
  pages: readonly Segment[][],
  taken: ReadonlySet<Segment>,
  body: number,
): Segment[][] {
  const contents = contentsPage(pages);
  const out: Segment[][] = [];
  for (let p = 1; p < contents; p++) {
    const segs = [...(pages[p] ?? [])].sort((a, b) => a.top - b.top || a.x0 - b.x0);
    const head = segs[0];
    if (!head || segs.length < 4 || taken.has(head)) continue;
    if (!(head.size > body + 0.5 || head.bold === true)) continue;
    const text = segs.slice(1);
    const pitches = text
      .slice(1)
      .map((s, i) => s.top - text[i]!.top)
      .filter((d) => d > 0.5 * body)
      .sort((a, b) => a - b);
    const pitch = pitches[Math.floor(pitches.length / 2)] ?? 0;
    if (!pitch) continue;
    let cut = -1;
    for (let i = 1; i < text.length; i++) if (text[i]!.top - text[i - 1]!.top >= 2 * pitch) cut = i;
    if (cut < 1) continue;
    const prose = text.slice(0, cut);
    const sign = text.slice(cut);
    const measure = Math.max(...prose.map((s) => s.x1 - s.x0));
    if (
      sign.length > MAX_LINES ||
      !prose.some((s) => s.text.trim().split(/\s+/).length >= 8) ||
      !sign.some((s) => YEAR.test(s.text)) ||
      sign.some(
        (s) =>
          taken.has(s) ||
          s.x1 - s.x0 > 0.5 * measure ||
          Math.abs(s.size - body) >= 0.5 ||
          s.bold === true ||
          // A date alone (`13 September 2017`) reads like a numbered heading; a year tells it.
          (OPENER.test(s.text.trim()) && !YEAR.test(s.text)),
      )
    )
      continue;
    out.push(sign);
  }
  return out;
}
