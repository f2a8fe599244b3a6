/**
 * Unnumbered headings set at the body size in a face of their own, not bold (elsarticle's italic
 * `\subsection*`, many journals' run-on-line italic heads). A face is a heading face when it sets
 * at least two short lines on their own, spaced from the text above and followed by body text,
 * and fewer whole lines of prose: a face used for emphasis or theorem statements sets long lines.
 */
import type { Segment } from './pdf-layout.ts';
import { textBesideLabel } from './pdf-hd29-row-text.ts';
import { parseSectionNumber } from './pdf-numbering.ts';

/** A size step over the body: larger than this is a larger line by itself (`larger` in pdf-markdown.ts). */
const SIZE_STEP = 1.12;

/** The one font a line is set in (digits-only runs aside), or null when it mixes faces. */
export function soleFace(s: Segment): string | null {
  const runs = (s.fonts ?? []).filter((r) => r.chars > 0 && !r.number);
  const font = runs[0]?.font;
  return font !== undefined && runs.every((r) => r.font === font) ? font : null;
}

/**
 * A line shaped like a heading: short, capitalised, no closing punctuation, not bold, in body size
 * or one size step above it (hd18: tufte-book's italic `\subsection` in `\large`, 10.9 pt over 10;
 * the step is under the 1.12 that makes a line larger by itself, see pdf-hd14-size-step.ts).
 */
function headingShape(s: Segment, body: number): boolean {
  return (
    !s.bold &&
    s.size > body - 0.6 &&
    s.size < Math.max(body + 0.6, SIZE_STEP * body) &&
    s.text.length <= 90 &&
    s.text.split(/\s+/).length <= 12 &&
    /^\p{Lu}/u.test(s.text) &&
    !/[.:;,]$/.test(s.text) &&
    !/^(?:fig(?:ure)?|table|algorithm|listing)\b/i.test(s.text)
  );
}

/** A numbered line shaped like a heading once its number is set aside (`4.1.2. The Non-uniform Nyquist Limit`). */
function numberedHeadShape(s: Segment, body: number): boolean {
  const n = parseSectionNumber(s.text);
  return n !== null && headingShape({ ...s, text: n.rest }, body);
}

/** Body text right below `s`: a line of at least 25 characters in the body face, within 2.5 lines. */
function bodyBelow(s: Segment, next: Segment | undefined, bodyFace: string | null, pitch: number): boolean {
  return (
    next !== undefined &&
    next.page === s.page &&
    next.top >= s.bottom - 0.1 &&
    next.top - s.bottom < 2.5 * pitch &&
    next.text.length >= 25 &&
    (next.fonts ?? []).some((r) => r.font === bodyFace && r.chars >= 10)
  );
}

/** The faces that set unnumbered headings in this document. */
export function headingFaces(
  pages: Segment[][],
  body: number,
  bodyFace: string | null,
  pitch: number,
): Set<string> {
  const heads = new Map<string, number>();
  const prose = new Map<string, number>();
  const numbered = new Map<string, number>();
  for (const segs of pages) {
    segs.forEach((s, i) => {
      const face = soleFace(s);
      if (face === null || face === bodyFace) return;
      if (s.text.split(/\s+/).length > 12 && Math.abs(s.size - body) < 0.6)
        prose.set(face, (prose.get(face) ?? 0) + 1);
      const prev = segs[i - 1];
      const spaced = !prev || prev.page !== s.page || s.top - prev.bottom > 0.5 * pitch;
      if (!spaced) return;
      if (!bodyBelow(s, segs[i + 1], bodyFace, pitch)) {
        // hd29: or beside a label right below it (a description list's first row), for a head's shape.
        if (headingShape(s, body) && bodyBelow(s, textBesideLabel(segs[i + 1], segs), bodyFace, pitch))
          heads.set(face, (heads.get(face) ?? 0) + 1);
        return;
      }
      if (headingShape(s, body)) heads.set(face, (heads.get(face) ?? 0) + 1);
      else if (numberedHeadShape(s, body)) numbered.set(face, (numbered.get(face) ?? 0) + 1);
    });
  }
  // A face that sets the paper's numbered heads is a heading face even where it also sets
  // emphasis (AASTeX's italic `7.4.2. False Alarm Probability` and its unnumbered siblings).
  const vouched = (f: string, n: number) => (prose.get(f) ?? 0) < n || (numbered.get(f) ?? 0) >= 2;
  return new Set([...heads].filter(([f, n]) => n >= 2 && vouched(f, n)).map(([f]) => f));
}

/** The line is an unnumbered heading in one of the document's heading faces. */
export function isFaceHeading(
  s: Segment,
  next: Segment | undefined,
  faces: ReadonlySet<string>,
  ctx: { body: number; bodyFace: string | null; pitch: number; segs?: readonly Segment[] },
  after?: Segment,
): boolean {
  const face = soleFace(s);
  if (face === null || !faces.has(face) || !headingShape(s, ctx.body)) return false;
  if (bodyBelow(s, next, ctx.bodyFace, ctx.pitch)) return true;
  // hd29: its text beside a label right below it.
  if (ctx.segs && bodyBelow(s, textBesideLabel(next, ctx.segs), ctx.bodyFace, ctx.pitch)) return true;
  // hd23: a section's head directly over its first subsection's, set in another heading face, the
  // body text under that (BMC's `Evaluation Criteria` over `Computational Resources`).
  if (
    next !== undefined &&
    soleFace(next) !== face &&
    next.top - s.bottom < 2.5 * ctx.pitch &&
    isFaceHeading(next, after, faces, ctx)
  )
    return true;
  // A long heading wraps: its second line in the same face right below, then the body text.
  return (
    next !== undefined &&
    wrapsInFace(s, next, faces) &&
    s.text.split(/\s+/).length + next.text.split(/\s+/).length <= 20 &&
    !/[.:;,]$/.test(next.text) &&
    bodyBelow(next, after, ctx.bodyFace, ctx.pitch)
  );
}

/**
 * `next` is the second line of a heading set in one of the document's heading faces: the same face
 * and size, right below it (closer than a blank line), starting at its left edge or centred under it. Body text is in
 * another face, so a wrapped heading is told from the paragraph under it by the face alone.
 */
export function wrapsInFace(s: Segment, next: Segment, faces: ReadonlySet<string>): boolean {
  const face = soleFace(s);
  return (
    face !== null &&
    faces.has(face) &&
    soleFace(next) === face &&
    next.page === s.page &&
    Math.abs(next.size - s.size) < 0.3 &&
    next.top >= s.bottom - 0.1 &&
    next.top - s.bottom < 0.6 * s.size &&
    // Flush left under it, or centred under it (a centred heading style).
    (Math.abs(next.x0 - s.x0) < s.size || Math.abs(next.x0 + next.x1 - s.x0 - s.x1) < s.size)
  );
}

/**
 * A heading directly followed by its first subheading: the line below is set in a heading face of
 * the document and is a heading itself (body text follows it). `Methods` then `Plume simulation`.
 */
export function subheadingBelow(
  next: Segment | undefined,
  after: Segment | undefined,
  faces: ReadonlySet<string>,
  ctx: { body: number; bodyFace: string | null; pitch: number },
): boolean {
  return next !== undefined && isFaceHeading(next, after, faces, ctx);
}
