/**
 * Labelled front-matter fields of page 1 (session 14, helper "lk14a", issue #30). Three shapes
 * that every class prints the same way, whatever its layout:
 *
 * - a note at the foot of page 1 in small print that opens with a run-in label and carries no
 *   footnote mark (`Send offprint requests to: …`, `Authors' addresses: …`, `Present address: …`):
 *   the body's own footnotes are marked, since the text refers to them; an unmarked labelled note
 *   under page 1's text is the class's or the author's record;
 * - a record of labelled fields before page 1's first section heading, two or more in a row, each
 *   one short line `Label: value` or a label alone over a short value (a submission's cover block:
 *   `Article Type: …` · `Word count: 7430`; a journal's side column: `Subject Areas:` over its
 *   subjects; a block of links: `Slides: https://…`): prose is never a run of labelled short lines;
 * - a line of page 1's front matter printed again, word for word, on a later page beside another
 *   such repeat (a journal's colophon on the last page: its name, its web address): furniture there too.
 */
import type { Segment } from './pdf-layout.ts';
import { atFoot } from './pdf-fm-notes.ts';

/** A run-in label: up to five words, the first capitalised or a lower-case scheme (`html:`), then a colon. */
const LABEL = /^(?:\p{Lu}[\p{L}’'.&-]*|[a-z]{2,6})(?:\s+[\p{L}’'.&()-]+){0,4}:(?!\/\/)/u;
/** Labels of an abstract, a caption, an algorithm or a statement: body text, never a record's field. */
const NOT_A_FIELD =
  /^(?:a ?b ?s ?t ?r ?a ?c ?t|summary|fig(?:ure)?|tab(?:le)?|algorithm|listing|scheme|chart|plate|input|output|require|ensure|given|find|step|proof|note|remark|example|definition|theorem|lemma|claim|question|answer|q|a)\b/i;
/** A footnote mark or a bullet opening a line. */
const MARKED = /^[\d∗*†‡§¶⋆♯•·]/u;
/** The first section's heading (`1 Introduction`, `I. INTRODUCTION`, `Introduction`). */
const SECTION = /^(?:(?:\d{1,2}|[IVX]{1,4})\.?\s+\p{Lu}|introduction$)/iu;

/** An abstract's label, alone or run in (`Abstract`, `ABSTRACT:`, `Abstract. We …`). */
const ABSTRACT = /^a ?b ?s ?t ?r ?a ?c ?t\b/i;

/**
 * Where page 1's record of fields must end: at its abstract's label (a structured abstract's
 * `Availability:` and `Contact:` are the abstract's own parts) or its first heading-like line in
 * heading type, or the page's end.
 */
function bodyStart(page: readonly Segment[], body: number): number {
  const h = page.findIndex(
    (s) =>
      ABSTRACT.test(s.text.trim()) ||
      (SECTION.test(s.text.trim()) && (s.bold === true || s.size > body + 0.5) && s.text.length < 80),
  );
  return h < 0 ? page.length : h;
}

/** Lines that continue `first` below it: same size and left edge, close leading, no label or mark of their own. */
function continuation(
  page: readonly Segment[],
  i: number,
  taken: ReadonlySet<Segment>,
  max: number,
): Segment[] {
  const first = page[i]!;
  const out: Segment[] = [];
  let last = first;
  for (let j = i + 1; j < page.length && out.length < max; j++) {
    const n = page[j]!;
    if (Math.abs(n.top - last.top) < 0.3 * last.size && n.x0 > last.x1) {
      // The value set on the label's own row (`GitHub Repo:`   `https://…`).
      if (last === first) out.push(n);
      continue;
    }
    if (
      taken.has(n) ||
      Math.abs(n.size - first.size) > 0.3 ||
      n.top < last.bottom - 0.1 ||
      n.top - last.bottom > 0.8 * first.size ||
      Math.abs(n.x0 - first.x0) > 2 * first.size ||
      LABEL.test(n.text.trim()) ||
      MARKED.test(n.text.trim())
    )
      break;
    out.push(n);
    last = n;
  }
  return out;
}

/** Page 1's unmarked, labelled notes in small print in the lower half, at the foot of their column, one group each. */
export function footLabelNotes(
  page: readonly Segment[],
  taken: ReadonlySet<Segment>,
  body: number,
): Segment[][] {
  // The page's printed height: its lowest line.
  const height = Math.max(0, ...page.map((s) => s.bottom));
  const out: Segment[][] = [];
  for (let i = 0; i < page.length; i++) {
    const s = page[i]!;
    const t = s.text.trim();
    if (taken.has(s) || s.size > body - 0.5 || s.top < 0.5 * height) continue;
    const label = LABEL.exec(t);
    if (!label || NOT_A_FIELD.test(t) || t.length === label[0].length) continue;
    const note = [s, ...continuation(page, i, taken, 6)];
    if (!atFoot(page, note, body)) continue;
    out.push(note);
    i += note.length - 1;
  }
  return out;
}

/** One field of a record: its lines, and whether it was front matter already. */
interface Field {
  lines: Segment[];
  taken: boolean;
}

/** The field that starts at `page[i]`, or null: a short `Label: value` line, or a label alone over a short value. */
function fieldAt(page: readonly Segment[], i: number, taken: ReadonlySet<Segment>): Field | null {
  const s = page[i]!;
  const t = s.text.trim();
  const label = LABEL.exec(t);
  if (!label || NOT_A_FIELD.test(t)) return null;
  if (taken.has(s)) return { lines: [s], taken: true };
  if (t.length > label[0].length) {
    // A field's value is a few words on one line; a labelled line that runs on (a structured
    // abstract's `Methods: …`) or holds a sentence is a paragraph.
    const words = t.slice(label[0].length).trim().split(/\s+/).length;
    const short = t.length <= 100 && words <= 10 && !continuation(page, i, taken, 1).length;
    return short ? { lines: [s], taken: false } : null;
  }
  const value = continuation(page, i, taken, 3);
  const text = value.map((v) => v.text).join(' ');
  // A label alone over nothing heads the fields below it (`Other Materials:`), or a paragraph set
  // apart (`Archive statement:`), which is a statement, not a field.
  const next = page[i + 1];
  if (!value.length && !(next && LABEL.test(next.text.trim()))) return null;
  return text.length <= 120 ? { lines: [s, ...value], taken: false } : null;
}

/**
 * Page 1's records of labelled fields above its first section heading: runs of two or more fields
 * in a row, each close under the one before; the fields not yet front matter, one group each.
 */
export function labelledRecords(
  page: readonly Segment[],
  taken: ReadonlySet<Segment>,
  body: number,
): Segment[][] {
  const end = bodyStart(page, body);
  const out: Segment[][] = [];
  let run: Field[] = [];
  const close = () => {
    if (run.length >= 2) out.push(...run.filter((f) => !f.taken).map((f) => f.lines));
    run = [];
  };
  for (let i = 0; i < end; i++) {
    const field = fieldAt(page, i, taken);
    if (!field) {
      close();
      continue;
    }
    const prev = run[run.length - 1]?.lines.at(-1);
    const s = field.lines[0]!;
    if (prev && (s.top < prev.top || s.top - prev.bottom > 2.5 * s.size)) close();
    run.push(field);
    i += field.lines.length - 1;
  }
  close();
  return out;
}

/**
 * Lines of later pages that repeat a line of page 1's front matter word for word, where a page
 * holds two or more of them (a colophon); a lone repeat may be the text's own.
 */
export function repeatedFrontLines(pages: readonly Segment[][], front: readonly Segment[][]): Set<Segment> {
  const texts = new Set(
    front
      .flat()
      .filter((s) => s.page === (pages[0]?.[0]?.page ?? 0))
      .map((s) => s.text.trim())
      .filter((t) => t.length >= 12),
  );
  const out = new Set<Segment>();
  if (!texts.size) return out;
  for (const page of pages.slice(1)) {
    const hits = page.filter((s) => texts.has(s.text.trim()));
    if (hits.length >= 2) for (const s of hits) out.add(s);
  }
  return out;
}

/** The face of a line's first run of letters (a section number aside). */
const leadFace = (s: Segment) => s.fonts?.find((r) => !r.number && r.chars > 0)?.font ?? null;

/**
 * tt20: a record whose labels are set apart by face, not by a colon: LIPIcs's block between the
 * abstract and the first section (`2012 ACM Subject Classification …`, `Keywords and phrases …`,
 * `Digital Object Identifier …`, `Category …`, `Supplementary Material …`, `Funding …`). Each field
 * opens with a run in the face of the page's bold lines (its abstract label, its headings) followed by
 * the value in another face, and runs on over the lines below it that open otherwise. Three such
 * fields in a row, in type no larger than the body's, are the class's record: prose sets no run of
 * lines that each open with a bold phrase, and a structured abstract's parts follow its label at once,
 * not a paragraph of its own (they are looked for only after a line of prose below the abstract label).
 */
export function faceLabelledRecord(
  page: readonly Segment[],
  taken: ReadonlySet<Segment>,
  body: number,
): Segment[][] {
  const bold = new Set(page.filter((s) => s.bold === true).map(leadFace));
  bold.delete(null);
  // A field opens a paragraph of its own (set apart from the line above) with a short label.
  const labelled = (i: number) => {
    const s = page[i]!;
    const above = page[i - 1];
    const runs = (s.fonts ?? []).filter((r) => r.chars > 0);
    const lead = runs.findIndex((r) => !r.number);
    return (
      s.bold !== true &&
      s.size <= body + 0.3 &&
      (!above || s.top - above.bottom >= 0.5 * s.size) &&
      lead >= 0 &&
      runs[lead]!.chars <= 40 &&
      bold.has(runs[lead]!.font) &&
      runs.slice(lead + 1).some((r) => r.font !== runs[lead]!.font)
    );
  };
  const abstract = page.findIndex((s) => ABSTRACT.test(s.text.trim()));
  const end = page.findIndex(
    (s, i) => i > abstract && SECTION.test(s.text.trim()) && (s.bold === true || s.size > body + 0.5),
  );
  // Past the abstract's label and its first line of prose.
  const start = abstract < 0 ? -1 : page.findIndex((_, i) => i > abstract + 1 && labelled(i));
  if (start < 0) return [];
  const fields: Segment[][] = [];
  for (let i = start; i < (end < 0 ? page.length : end); i++) {
    const s = page[i]!;
    const last = fields.at(-1)?.at(-1);
    if (labelled(i) && (!last || s.top - last.bottom <= 2.5 * s.size)) {
      fields.push([s]);
      continue;
    }
    // A value's further lines: its size, close under the line before, near the label's left edge.
    const first = fields.at(-1)?.[0];
    if (
      first &&
      last &&
      Math.abs(s.size - first.size) <= 0.3 &&
      s.top >= last.bottom - 0.5 &&
      s.top - last.bottom <= 0.8 * s.size &&
      Math.abs(s.x0 - first.x0) <= 2 * first.size
    ) {
      fields.at(-1)!.push(s);
      continue;
    }
    break;
  }
  if (fields.length < 3) return [];
  return fields.map((f) => f.filter((s) => !taken.has(s))).filter((f) => f.length > 0);
}

/**
 * tt20: a link set apart under page 1's abstract, before its first section: a labelled field whose value
 * is a web address alone (`Jupyter notebook:` over `https://github.com/…`, `Code: https://…`). A paper's
 * own sentence that gives an address runs on from prose; a field standing as its own paragraph between
 * the abstract and the text is the paper's record, as the same field above the abstract is.
 */
export function linkFields(page: readonly Segment[], taken: ReadonlySet<Segment>, body: number): Segment[][] {
  const abstract = page.findIndex((s) => ABSTRACT.test(s.text.trim()));
  if (abstract < 0) return [];
  const end = page.findIndex(
    (s, i) => i > abstract && SECTION.test(s.text.trim()) && (s.bold === true || s.size > body + 0.5),
  );
  const out: Segment[][] = [];
  for (let i = abstract + 2; i < (end < 0 ? page.length : end); i++) {
    const s = page[i]!;
    const above = page[i - 1]!;
    if (taken.has(s) || s.top - above.bottom < 0.6 * s.size) continue;
    const label = LABEL.exec(s.text.trim());
    if (!label || NOT_A_FIELD.test(s.text.trim())) continue;
    // A label alone has its value on the line right under it, left-aligned or centred under it.
    const next = page[i + 1];
    const under =
      s.text.trim() === label[0] &&
      next !== undefined &&
      !taken.has(next) &&
      Math.abs(next.size - s.size) <= 0.3 &&
      next.top >= s.bottom - 0.5 &&
      next.top - s.bottom < 0.8 * s.size &&
      next.x0 < s.x1 &&
      s.x0 < next.x1;
    const lines = under ? [s, next] : [s];
    const value = lines
      .map((l) => l.text.trim())
      .join(' ')
      .slice(label[0].length)
      .trim();
    if (/^https?:\/\/\S+$/.test(value)) out.push(lines);
    i += lines.length - 1;
  }
  return out;
}

/** Page 1's labelled foot notes and records (above) that `groups` do not hold yet, one group each. */
export function labelledFrontFields(
  page: readonly Segment[],
  groups: readonly Segment[][],
  titleSegs: readonly Segment[],
  body: number,
): Segment[][] {
  if (!titleSegs.length) return [];
  const taken = new Set([...titleSegs, ...groups.flat()]);
  const notes = footLabelNotes(page, taken, body);
  for (const s of notes.flat()) taken.add(s);
  const records = labelledRecords(page, taken, body);
  for (const s of records.flat()) taken.add(s);
  const faced = faceLabelledRecord(page, taken, body);
  for (const s of faced.flat()) taken.add(s);
  return [...notes, ...records, ...faced, ...linkFields(page, taken, body)];
}
