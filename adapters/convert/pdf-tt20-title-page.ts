/**
 * Session 19 (tt20): the title of a title page. A thesis's or report's title page carries no body
 * text, only display lines: the university and faculty, the degree formula, the candidate, the
 * supervisor, a place and a date. Its title is the block set in the page's largest type, wherever it
 * stands on the page and however large the document's body type is: the lines above or beside it
 * (an institution in mid-size type, `DISSERTATION`) are set smaller. A paper's first page is read
 * otherwise (its topmost large line), since a figure there may carry larger type than its title.
 */
import { dominantSize, type Segment } from './pdf-layout.ts';
import { isDateLabel, isTitlePage } from './pdf-front.ts';
import { isAuthorLine } from './pdf-authors.ts';

/** A line's face (font id of its first letters, section number aside), when known. */
const face = (x: Segment) => x.fonts?.find((r) => !r.number)?.font ?? null;

/** `s` and `t` are in one face and weight, whatever their sizes. */
function sameFace(s: Segment, t: Segment): boolean {
  return s.bold === t.bold && face(s) === face(t);
}

/** `s` and `t` are in one type: size, weight and (when known) font. */
function sameType(s: Segment, t: Segment): boolean {
  return Math.abs(s.size - t.size) <= 0.3 && sameFace(s, t);
}

/**
 * The display blocks of a title page: runs of lines in one type, each at most 1.6 of its size below
 * the last (a title page spaces its display lines widely; there is no body text to run into).
 */
function displayBlocks(page: readonly Segment[]): Segment[][] {
  const sorted = [...page].sort((a, b) => a.top - b.top);
  const blocks: Segment[][] = [];
  for (const s of sorted) {
    const block = blocks.find((b) => {
      const last = b[b.length - 1]!;
      const gap = s.top - last.bottom;
      return sameType(s, last) && gap >= -0.5 && gap <= 1.6 * last.size && s.x0 < last.x1 && last.x0 < s.x1;
    });
    if (block) block.push(s);
    else blocks.push([s]);
  }
  return blocks;
}

/**
 * tt23: a cover's field, `Label: value`, whose value is a number or a person (`Matrikelnummer: 36873`,
 * `Betreuer: Prof. Dr. Martin Sulzmann`, `Supervisor: Jane Doe`), in any language: a title's colon
 * is followed by words of the topic, never by an identifier or a name alone.
 */
const FIELD = /^\p{Lu}[\p{L}'’.-]*(?:\s+[\p{L}'’.-]+){0,2}\s*:\s*(\S.*)$/u;
const PERSON = /^(?:Prof|Dr|PD|Professor|Dipl|Ing|Mr|Mrs|Ms)\b\.?/;

function isFieldLine(text: string): boolean {
  const value = FIELD.exec(text.trim())?.[1]?.trim();
  if (!value) return false;
  return (/^[\d\s./-]+$/.test(value) && /\d{3}/.test(value)) || PERSON.test(value) || isAuthorLine(value);
}

/** A date line or a field line: what a cover sets in its metadata blocks, never in its title. */
const isMetadataLine = (s: Segment) => isDateLabel(s.text) || isFieldLine(s.text);

/**
 * tt23: the lines of a title page's metadata blocks. A cover sets the candidate's name, student
 * number, term and date as one block of lines in one type, spaced alike; a title shares no block with
 * a date or a field line, so no line of such a block is the title (a name over them read as a title
 * with them: `Florian Wilhelm Matrikelnummer: 36873 Sommersemester 2014 22. Mai 2014`).
 */
export function metadataBlockLines(page: readonly Segment[]): Set<Segment> {
  if (!isTitlePage(page)) return new Set();
  return new Set(
    displayBlocks(page)
      .filter((b) => b.some(isMetadataLine))
      .flat(),
  );
}

/**
 * The first line of a title page's title, or null when `page` is no title page or nothing on it
 * stands above its ordinary type. The whole page is looked at (a thesis may set its title in the
 * middle, under the university's name in large type) but for its date line, and for its foot third
 * when a candidate stands in its top part: the foot holds the imprint (a publisher's or series' words,
 * a place), and a title set low stands alone. `usable` judges a block's joined words (a title's first
 * line that ends on a comma may read as a list of names; the whole block does not). The block holding
 * the page's largest usable type wins; larger lines right above it in the same column open it (a title
 * set in growing sizes, `DESIGN, MODELING, &` / `FOR SOFT ROBOTS`) when the words of both together are
 * usable (an institute's name right above is not) and they share the title's face and weight (tt22: a
 * genre line over the title, `Dissertation` in roman over a bold title, is a line of its own).
 */
export function titlePageFirstLine(
  page: readonly Segment[],
  height: number,
  usable: (block: readonly Segment[], text: string) => boolean,
): Segment | null {
  if (!isTitlePage(page)) return null;
  const joined = (b: readonly Segment[]) => b.map((s) => s.text.trim()).join(' ');
  const all = displayBlocks(page);
  let blocks = all.filter(
    (b) =>
      !b.some(isMetadataLine) &&
      /\p{L}{3}/u.test(joined(b)) &&
      joined(b).split(/\s+/).length >= 2 &&
      usable(b, joined(b)),
  );
  if (blocks.some((b) => b[0]!.top < 0.45 * height))
    blocks = blocks.filter((b) => b[0]!.top < (2 / 3) * height);
  if (!blocks.length) return null;
  const max = Math.max(...blocks.map((b) => b[0]!.size));
  const best = blocks.find((b) => b[0]!.size >= max - 0.3)!;
  // Only a title in type larger than the page's other lines is found so (a long title may hold most
  // of the page's letters).
  const ordinary = dominantSize(page.filter((s) => !best.includes(s)));
  if (max < 1.05 * ordinary || max - ordinary < 0.8) return null;
  let first = best[0]!;
  let text = joined(best);
  for (;;) {
    const above = all.find((b) => {
      const last = b[b.length - 1]!;
      const gap = first.top - last.bottom;
      return (
        last !== first &&
        gap >= -0.5 &&
        gap <= 0.9 * last.size &&
        last.size >= 0.7 * first.size &&
        sameFace(last, first) &&
        last.x0 < first.x1 &&
        first.x0 < last.x1 &&
        usable(b, `${joined(b)} ${text}`)
      );
    });
    if (!above) return first;
    first = above[0]!;
    text = `${joined(above)} ${text}`;
  }
}
/**
 * A title page's title keeps one weight over its lines: below the title's leading, a line of its size
 * in the other weight is the next display line (`Fran Bartolić` in roman under a bold title).
 */
export function oneWeight(segs: readonly Segment[]): Segment[] {
  const first = segs[0]!;
  const out = [first];
  for (const s of segs.slice(1)) {
    const last = out[out.length - 1]!;
    if (
      Math.abs(s.size - first.size) <= 0.3 &&
      s.bold !== first.bold &&
      s.top - last.bottom > 0.35 * first.size
    )
      break;
    out.push(s);
  }
  return out;
}
