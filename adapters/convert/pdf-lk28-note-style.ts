/**
 * Notes set in a front note's style (session 27, helper "lk28", issue #30).
 *
 * Journal classes set their first page's notes as one run of lines in one small style: IEEE Access
 * prints, between the author block and the abstract, `Corresponding author: …` and right under it
 * the funding note (`This work was partially supported by …`) in the same size and face, at the
 * same left edge. The first is a known metadata line; the funding note names institutions, so the
 * title block took it for an affiliation and left it in the text. A note's style is the layout's own
 * mark, in any language: on the title's page, the lines that follow a front-matter line smaller
 * than the text type straight down, in its size, face and left edge, with no more than a line's
 * gap between each, are notes too. Only lines the title block kept as author lines are taken (the
 * rest is front matter already, or no title block at all), and never a line of names.
 */
import type { Segment } from './pdf-layout.ts';
import { isAuthorLine } from './pdf-authors.ts';

/** The face that sets most of a line's letters. */
function mainFace(s: Segment): string | undefined {
  let best: string | undefined;
  let n = 0;
  for (const r of s.fonts ?? []) if (r.chars > n) [best, n] = [r.font, r.chars];
  return best;
}

/** `b` goes on under `a` in `a`'s style: same size and face, same left edge, a line's gap at most. */
function goesOnInStyle(a: Segment, b: Segment): boolean {
  return (
    Math.abs(a.size - b.size) <= 0.2 &&
    Math.abs(a.x0 - b.x0) <= 0.3 * a.size &&
    b.top >= a.bottom - 0.5 &&
    b.top - a.bottom <= 1.2 * a.size &&
    mainFace(a) !== undefined &&
    mainFace(a) === mainFace(b)
  );
}

/**
 * Put into `front` (the front-matter block's groups, in order) the title block's kept lines on
 * `page` that go on under a front-matter line in its style: each run as a group of its own, right
 * after the group of the note it goes on from. `kept` holds the title block's author lines
 * (pdf-tb16-title-block.ts), `body` the text type's size.
 */
export function addNotesInNoteStyle(
  front: Segment[][],
  page: readonly Segment[],
  kept: ReadonlySet<Segment>,
  body: number,
): void {
  if (!kept.size) return;
  const taken = new Set(front.flat());
  for (let i = 0; i < page.length; i++) {
    const note = page[i]!;
    if (!taken.has(note) || note.size > body - 0.5) continue;
    const run: Segment[] = [];
    let last = note;
    for (let j = i + 1; j < page.length; j++) {
      const s = page[j]!;
      if (!kept.has(s) || taken.has(s) || isAuthorLine(s.text) || !goesOnInStyle(last, s)) break;
      run.push(s);
      last = s;
    }
    if (!run.length) continue;
    front.splice(front.findIndex((g) => g.includes(note)) + 1, 0, run);
    for (const s of run) taken.add(s);
    i += run.length;
  }
}
