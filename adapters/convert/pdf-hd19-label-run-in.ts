/**
 * A paragraph head with a label of its own, run into its paragraph with no stop: REVTeX's
 * `\paragraph` (`a. Classic ICs Our first set…`, label and title in italic) and LLNCS's
 * (`(1) Codata Definitions For the existing…`, in bold). The stop the other run-in rules look for
 * is not printed; the head ends where the face does, the paragraph going on in the body face on the
 * same line. A quad after the label or the title may leave each a segment of its own on the row.
 *
 * An enumerate item sets its label in the body face and a bold phrase after it; here the label is
 * in the head's face. A lettered head is read only as the first of its series (`a.`, `(1)`) or the
 * one after the last head accepted (`b.` after `a.`), so a stray `c. Word` in italic is no head.
 */
import type { FontRun, Segment } from './pdf-layout.ts';

/** `a.`, `(1)`, `2.`, `(ii)`, `B.` before the title. */
const LABEL = /^(?:\((\d{1,2}|[a-z]|[ivx]{1,4}|[A-Z])\)|(\d{1,2}|[a-z]|[A-Z])\.)\s+(\S.*)$/;
const ROMAN = ['i', 'ii', 'iii', 'iv', 'v', 'vi', 'vii', 'viii', 'ix', 'x'];

/** The series a label belongs to (its form and kind) and its place in it. */
function ordinal(
  label: string,
  form: string,
  last: Map<string, number>,
): { series: string; n: number } | null {
  const candidates: Array<{ series: string; n: number }> = [];
  if (/^\d+$/.test(label)) candidates.push({ series: `${form}1`, n: Number(label) });
  if (/^[a-z]$/.test(label)) candidates.push({ series: `${form}a`, n: label.charCodeAt(0) - 96 });
  if (/^[A-Z]$/.test(label)) candidates.push({ series: `${form}A`, n: label.charCodeAt(0) - 64 });
  if (ROMAN.includes(label)) candidates.push({ series: `${form}i`, n: ROMAN.indexOf(label) + 1 });
  return candidates.find((c) => c.n === 1 || last.get(c.series) === c.n - 1) ?? null;
}

/** The segments after `segs[i]` on its row, left to right, as long as they touch its baseline. */
function rowFrom(segs: readonly Segment[], i: number): Segment[] {
  const s = segs[i]!;
  const row = [s];
  for (let j = i + 1; j < segs.length; j++) {
    const o = segs[j]!;
    const last = row[row.length - 1]!;
    if (o.page !== s.page || Math.abs(o.baseline - s.baseline) > 1 || o.x0 < last.x1 - 1) break;
    row.push(o);
  }
  return row;
}

export interface LabelRunIn {
  /** `a. Classic ICs`. */
  head: string;
  /** The paragraph's text after the head. */
  rest: string;
  /** Segments of the row after the first that the head and its text took. */
  taken: Segment[];
  series: string;
  n: number;
}

/**
 * A labelled head run in at `segs[i]`, the paragraph before it (`before`) finished. `last` holds
 * the place of the last head accepted in each series.
 */
export function labelRunIn(
  segs: readonly Segment[],
  i: number,
  bodyFace: string | null,
  before: string | undefined,
  last: Map<string, number>,
): LabelRunIn | null {
  if (!bodyFace || (before !== undefined && !/[.!?:]["')\]]?\d{0,2}$/.test(before.trim()))) return null;
  const first = segs[i]!;
  if (!/^\(?(?:\d{1,2}|[a-zA-Z]|[ivx]{1,4})[.)]/.test(first.text)) return null;
  // The row takes the segments up to the first that holds body text (the paragraph's first line).
  const row: Segment[] = [];
  for (const o of rowFrom(segs, i)) {
    row.push(o);
    if ((o.fonts ?? []).some((r) => r.font === bodyFace && r.chars > 0)) break;
  }
  const runs: FontRun[] = row.flatMap((o) => (o.fonts ?? []).filter((r) => r.chars > 0));
  const face = runs[0]?.font;
  if (!face || face === bodyFace) return null;
  let lead = 0;
  let k = 0;
  for (; k < runs.length && runs[k]!.font === face; k++) lead += runs[k]!.chars;
  // hd20: a stop-closed head in italic may fill its row, the paragraph starting on the next line.
  const fills =
    k === runs.length &&
    /\.$/.test(row[row.length - 1]!.text.trim()) &&
    labelApart(row) &&
    bodyBelow(row, segs[i + row.length], bodyFace);
  if (!fills && (k === runs.length || runs[k]!.font !== bodyFace)) return null;
  const text = row.map((o) => o.text.trim()).join(' ');
  let count = 0;
  let end = 0;
  for (const ch of text) {
    if (count >= lead) break;
    end += ch.length;
    if (/[\p{L}\p{N}]/u.test(ch)) count++;
  }
  // The letters were counted: a head's closing bracket and stop follow its last letter (hd20).
  const closer = /^[)\]’”]*[.:]/.exec(text.slice(end).trim())?.[0] ?? '';
  const head = `${text.slice(0, end).trim()}${closer}`;
  const rest = text.slice(end).trim().slice(closer.length).trim();
  // A head closed by a stop is the other run-in rules' (or a list item's bold lead: `(1) Exhaustion
  // of scoring. Eleven…` in a list of contributions); here the face change alone closes it.
  const m = LABEL.exec(head);
  // hd20: REVTeX's `\paragraph` closes its italic head with a stop (`a. Kaplinghat, Tulin & Yu
  // (2016) compilation. We…`), its label a quad apart; a list's lead is bold, its label in the text's run.
  const stopped = /\.$/.test(head) && labelApart(row);
  if (!m || !(/^\p{Lu}/u.test(rest) || (stopped && !rest)) || (/[.:]$/.test(head) && !stopped)) return null;
  const title = stopped ? m[3]!.replace(/\.$/, '') : m[3]!;
  const words = title.split(/\s+/).length;
  // A title names a work by its authors (`Kaplinghat, Tulin & Yu`, `Read et al. 2019`): commas and `al.` are no sentence's stops.
  const sentence = stopped ? /[.!?;]\s/.test(title.replace(/\bal\.\s/g, 'al ')) : /[.!?;,]\s/.test(title);
  if (!/^[\p{Lu}\p{N}]/u.test(title) || words > 8 || sentence) return null;
  const place = ordinal(m[1] ?? m[2]!, m[1] !== undefined ? '()' : '.', last);
  if (!place) return null;
  return { head: stopped ? head.replace(/\.$/, '') : head, rest, taken: row.slice(1), ...place };
}

/** The label (`a.`) is a segment of its own, a quad before its title, in a face that is not bold. */
function labelApart(row: readonly Segment[]): boolean {
  const label = row[0]!;
  if (row.length < 2 || !/^\(?(?:\d{1,2}|[a-zA-Z]|[ivx]{1,4})[.)]$/.test(label.text.trim())) return false;
  return !row.some((o) => o.bold === true) && row[1]!.x0 - label.x1 >= 0.6 * label.size;
}

/** The line right below the row opens in the body face: the paragraph a head filling its row leads. */
function bodyBelow(row: readonly Segment[], next: Segment | undefined, bodyFace: string): boolean {
  const last = row[row.length - 1]!;
  const first = (next?.fonts ?? []).find((r) => r.chars > 0);
  return (
    next !== undefined &&
    next.page === last.page &&
    next.top >= last.bottom - 0.5 &&
    next.top - last.bottom < last.size &&
    first?.font === bodyFace
  );
}
