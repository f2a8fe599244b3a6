/**
 * The value under a front-matter label (session 13, second round, helper "lk13b", issue #30). A
 * label set alone with a colon (`Submitted to:`, `Published in:`, EPTCS's foot box) that is already
 * front matter has its value on the next line, at the same left edge (`TFPIE 2022`): that value is
 * front matter too, in every class that sets a record as label over value.
 */
import { CONTACT } from './pdf-fm-notes.ts';
import type { Segment } from './pdf-layout.ts';
import { contactLabelBlock } from './pdf-lk25-contact-label.ts';

/** A label alone: up to four words ending in a colon. */
const LABEL_ALONE = /^\S+(?:\s+\S+){0,3}:$/u;

/** The line under each lone label among page 1's front-matter groups, one group each. */
export function labelValues(page: readonly Segment[], groups: readonly Segment[][]): Segment[][] {
  const taken = new Set(groups.flat());
  const out: Segment[][] = [];
  for (const label of taken) {
    if (label.page !== (page[0]?.page ?? -1) || !LABEL_ALONE.test(label.text.trim())) continue;
    // lk25: a contact note of several lines, names and addresses over the e-mail (Frontiers).
    const note = contactLabelBlock(page, label, taken);
    if (note.length) {
      for (const s of note) taken.add(s);
      out.push(note);
      continue;
    }
    const value: Segment[] = [];
    // A contact's value runs on while its lines hold the contact (`Marijn van Vliet` over his e-mail, fn16).
    for (let above = label; value.length < 4;) {
      const next = lineUnder(page, above, label, taken);
      if (!next || (value.length && !CONTACT.test(next.text))) break;
      taken.add(next);
      value.push(next);
      above = next;
    }
    if (value.length) out.push(value);
  }
  return out;
}

/** The short line right under `above`, at the label's left edge, that no group holds. */
function lineUnder(
  page: readonly Segment[],
  above: Segment,
  label: Segment,
  taken: ReadonlySet<Segment>,
): Segment | undefined {
  return page.find(
    (s) =>
      !taken.has(s) &&
      s.top >= above.bottom - 0.2 * label.size &&
      s.top - above.bottom < 0.8 * label.size &&
      Math.abs(s.x0 - label.x0) < 0.5 * label.size &&
      // A record's value is short; a line of contacts may fill the measure (seven e-mail addresses).
      (s.text.trim().length <= 60 || CONTACT.test(s.text)),
  );
}
