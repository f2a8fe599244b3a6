/**
 * Running heads that name the current chapter or section (book, report, memoir, KOMA two-sided
 * layouts: `1.2. SOLAR-LIKE OSCILLATORS` on odd pages, `CHAPTER 1. …` on even ones). Their text
 * changes with the section, so a head may repeat on two pages only, too few for the repetition
 * rule of dropPageFurniture. What every class keeps fixed is the slot: a line alone above the
 * text block, set apart from it by the head separation (wider than the text's line pitch), in
 * type no larger than the text, at the same height on page after page.
 */
import { median, type Segment } from './pdf-layout.ts';

/** The head separation exceeds this many line pitches of the text below it. */
const SEPARATION = 1.6;
/** Heights agree within this share of the page (a slot is one fixed position). */
const SAME_HEIGHT = 0.01;

interface TopLine {
  page: number;
  /** Baseline as a share of the page height. */
  y: number;
  segs: Segment[];
  size: number;
  /** Baseline distance to the next row (Infinity when none). */
  gap: number;
  /** Set apart from the text below by more than its line pitch, and no larger than it. */
  apart: boolean;
  /** Its distance to the next row in line pitches of the text below (NaN: too few rows to measure). */
  lead: number;
}

/**
 * The segments set in a running-head slot, to be dropped with the other page furniture. A page whose
 * text below is too short to measure (a figure page) still loses a first row that fills a slot.
 */
export function runningHeadSlots(pages: Segment[][], heights: number[]): Set<Segment> {
  if (pages.length < 3) return new Set();
  // The share of pages dropPageFurniture asks of a repeated running line.
  const repeatMin = Math.max(3, Math.min(6, Math.ceil(pages.length * 0.3)));
  const tops = pages.flatMap((segs, p) => {
    const top = topLine(segs, heights[p]!);
    return top ? [{ ...top, page: p }] : [];
  });
  const slots: TopLine[][] = [];
  for (const t of tops.filter((o) => o.apart)) {
    const at = tops.filter((o) => Math.abs(o.y - t.y) < SAME_HEIGHT);
    // tt20: a row printed word for word in a slot's place on another page fills the slot even where a
    // figure under it hides the separation (LIPIcs's short title over a figure on page 2 of 4).
    // Its words, the page number beside them aside (`35:2`, `35:4`).
    const text = (o: TopLine) =>
      o.segs
        .map((x) => x.text.trim())
        .filter((x) => !/^[\d\s:.,–-]+$/.test(x))
        .join(' ');
    const same = at.filter((o) => o.apart || at.some((a) => a !== o && a.apart && text(a) === text(o)));
    // A text line that opens in lower case, the next line at about the text's pitch below it, carries
    // on a sentence from the page before: where pages start so at that height it is the top of the
    // text block (a layout without heads, whose pages open on a heading or a paragraph's last line
    // now and then), never a head's slot. A head in lower-case small capitals sits apart from its text.
    const carriedOn = new Set(
      at
        .filter((o) => !o.apart && o.lead < 1.45 && o.segs.some((s) => /^\p{Ll}/u.test(s.text)))
        .map((o) => o.page),
    );
    if (new Set(same.map((o) => o.page)).size >= repeatMin && carriedOn.size < 2) slots.push(same);
  }
  const out = new Set<Segment>();
  for (const t of tops) {
    const fills = slots.some(
      (slot) =>
        Math.abs(slot[0]!.y - t.y) < SAME_HEIGHT &&
        t.size <= 1.05 * Math.max(...slot.map((o) => o.size)) &&
        t.gap >= 0.9 * Math.min(...slot.map((o) => o.gap)),
    );
    if (fills) for (const s of t.segs) out.add(s);
  }
  return out;
}

/** The page's first row when it sits in the top fifth of the page. */
function topLine(segs: Segment[], height: number): Omit<TopLine, 'page'> | null {
  const rows: Segment[][] = [];
  for (const s of [...segs].sort((a, b) => a.baseline - b.baseline)) {
    const row = rows[rows.length - 1];
    if (row && s.baseline - row[0]!.baseline <= 2) row.push(s);
    else rows.push([s]);
  }
  if (!rows.length || rows[0]![0]!.baseline > 0.2 * height) return null;
  const base = rows.map((r) => r[0]!.baseline);
  const head = rows[0]!;
  const size = Math.max(...head.map((s) => s.size));
  const gap = rows.length > 1 ? base[1]! - base[0]! : Infinity;
  const top = { y: base[0]! / height, segs: head, size, gap };
  if (rows.length < 5) return { ...top, apart: false, lead: NaN };
  const pitches = columnPitches(rows);
  const pitch = pitches.length ? median(pitches) : gap;
  // No larger than the page's text either: a title's second line is as large as its first.
  const textSize = Math.min(Math.max(...rows[1]!.map((s) => s.size)), median(segs.map((s) => s.size)));
  // tt20: 1.05 inclusive, with the rounding of sizes in points (LIPIcs's 10.5 pt head over 10 pt text).
  return { ...top, apart: gap >= SEPARATION * pitch && size <= 1.05 * textSize + 0.01, lead: gap / pitch };
}

/**
 * Baseline distances between each row (the first aside) and the nearest row above it in the same
 * column (a segment overlapping it across): in two columns whose baselines do not line up, rows of
 * the two interleave and their distances are no line pitch.
 */
function columnPitches(rows: Segment[][]): number[] {
  const out: number[] = [];
  for (let i = 2; i < rows.length; i++) {
    for (let j = i - 1; j >= 1; j--) {
      if (rows[j]!.some((a) => rows[i]!.some((b) => a.x0 < b.x1 && b.x0 < a.x1))) {
        out.push(rows[i]![0]!.baseline - rows[j]![0]!.baseline);
        break;
      }
    }
  }
  return out;
}
