/**
 * The whole note under a contact label (session 24, helper "lk25", issue #30). Frontiers' class
 * sets its corresponding authors as a label alone (`Correspondence*:`) over a block of lines at the
 * same left edge: each author's name and postal address, wrapped over two lines, then the e-mail
 * address. The label and the e-mail lines were front matter already, but the name and address
 * lines between them, long and without an address of their own, stayed in the text. The block is
 * read by its shape, so it holds in any language: tight lines at the label's left edge in its size,
 * none of them prose, down to the last one that holds an e-mail address or ORCID iD (a contact is
 * what makes the block a note; lines after it are not known to belong to it).
 */
import { CONTACT } from './pdf-fm-notes.ts';
import type { Segment } from './pdf-layout.ts';

/** A note of several authors' addresses: a few lines each. */
const MAX_LINES = 8;

/** A line of running prose: eight words or more, most of them in lower case. */
function isProse(text: string): boolean {
  const words = text.trim().split(/\s+/);
  return words.length >= 8 && words.filter((w) => /^\p{Ll}/u.test(w)).length * 2 > words.length;
}

/**
 * The lines of the contact note under `label` (a front-matter label set alone) that `taken` does
 * not hold yet, or none when the tight block under it holds no contact or a line of prose before
 * its last contact.
 */
export function contactLabelBlock(
  page: readonly Segment[],
  label: Segment,
  taken: ReadonlySet<Segment>,
): Segment[] {
  const block: Segment[] = [];
  for (let above = label; block.length < MAX_LINES;) {
    const next = page.find(
      (s) =>
        s !== above &&
        s !== label &&
        !block.includes(s) &&
        s.top >= above.bottom - 0.5 * label.size &&
        s.top - above.bottom < 0.8 * label.size &&
        Math.abs(s.x0 - label.x0) < 0.5 * label.size &&
        Math.abs(s.size - label.size) < 0.5,
    );
    if (!next) break;
    block.push(next);
    above = next;
  }
  const last = block.findLastIndex((s) => CONTACT.test(s.text));
  const note = block.slice(0, last + 1);
  // Lines another rule took already (the e-mail line) still shape the block; they are not taken twice.
  return note.length > 1 && !note.some((s) => isProse(s.text)) ? note.filter((s) => !taken.has(s)) : [];
}
