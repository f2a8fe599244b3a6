/**
 * hd28: lines the body sets apart that are no sections.
 * - The paper's title printed again, whole, on a later page before the first numbered section (a
 *   thesis's abstract page repeats it over the author's name in a smaller size, on one line where
 *   the title page broke it in two): the title page's lines compared one by one miss it.
 * - A display quotation set in bold (a thesis's guiding question, indented from the text's left edge
 *   by the quote's margin, its second line flush under its first at that indent): a heading starts
 *   at its column's edge, or is centred, its second line centred too.
 */
import type { Segment } from './pdf-layout.ts';

const norm = (t: string) =>
  t
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** `text` is the paper's `title`, word for word (case and punctuation aside), five words or more. */
export function repeatsPaperTitle(text: string, title: string | null): boolean {
  if (!title) return false;
  const t = norm(title);
  return t.split(' ').length >= 5 && norm(text) === t;
}

/** Lines of text this long or more mark the text's left edge on the page. */
const TEXT_LINE = 50;

/** `s`, its wrap `next` flush under it, is indented from the page's text edge by more than 1.5 em, and not centred. */
export function indentedDisplayLines(
  s: Segment,
  next: Segment | undefined,
  segs: readonly Segment[],
): boolean {
  if (
    next === undefined ||
    next.page !== s.page ||
    next.top < s.bottom - 0.1 ||
    next.top - s.bottom > 1.2 * s.size ||
    Math.abs(next.x0 - s.x0) > 0.5 ||
    Math.abs(next.size - s.size) > 0.3 ||
    next.bold !== s.bold ||
    // A centred head's short second line is centred under its first.
    Math.abs(next.x0 + next.x1 - s.x0 - s.x1) < 2 * s.size
  )
    return false;
  // The text's edge: where most long lines over the quotation's width start (a caption across both columns is one).
  const starts = new Map<number, number>();
  for (const o of segs)
    if (o.page === s.page && o.text.length >= TEXT_LINE && o.x0 <= s.x0 && o.x1 >= s.x1) {
      const x = Math.round(o.x0);
      starts.set(x, (starts.get(x) ?? 0) + 1);
    }
  let left: number | null = null;
  let most = 1;
  for (const [x, n] of starts) if (n > most) [left, most] = [x, n];
  return left !== null && s.x0 - left > 1.5 * s.size;
}
