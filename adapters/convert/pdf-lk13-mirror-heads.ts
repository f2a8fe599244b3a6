/**
 * Mirrored running heads (session 13, helper "lk13", issue #30). A two-sided layout sets one running
 * head on even pages (`S. Scaringi et al.`) and another on odd ones (`LISA CVs`), in the same slot.
 * In a short paper the second may repeat on two pages only, too few for dropPageFurniture's
 * repetition rule; once the first has shown the slot, a line repeated at that height on other pages
 * than the first's is the mirrored head. Every two-sided class (MNRAS, amsart, Springer) alternates so.
 */

/** Where one line's text (digits aside) was seen among a page's outer lines: page and height share. */
export interface Seen {
  page: number;
  y: number;
}

/** Heights agree within this share of the page (dropPageFurniture's tolerance). */
const SAME_Y = 0.02;

/**
 * An author-and-title running head (`S. Pandev: Observable dependence …`, `J. Smith et al.: …`),
 * keyed in lower case: the head of two-sided journals (A&A, Springer) in the edge row of a page.
 * Body lines do not open with initials, a surname and a colon at a page's edge on two pages, so
 * two are enough even where the other head is a bare page number (session 13, second round, lk13b).
 */
const AUTHOR_TITLE_HEAD = /^(?:\p{L}\.\s*(?:-?\p{L}\.\s*)*)\p{L}[\p{L}'’-]+(?:\s+et\s+al\.?)?:\s+\p{L}/u;

/**
 * A test for a line of key `k` at height share `y`: true when the key repeats at that height on two
 * pages or more, none of them a page of a running line confirmed at that height by repetition
 * (`repeatMin` pages), so the two alternate in one slot.
 */
export function mirroredHeads(
  seen: ReadonlyMap<string, readonly Seen[]>,
  repeatMin: number,
): (k: string, y: number) => boolean {
  const slots: Array<{ y: number; pages: Set<number> }> = [];
  for (const list of seen.values())
    for (const o of list) {
      const pages = new Set(list.filter((x) => Math.abs(x.y - o.y) < SAME_Y).map((x) => x.page));
      if (pages.size >= repeatMin) slots.push({ y: o.y, pages });
    }
  return (k, y) => {
    if (!/\p{L}{2}/u.test(k)) return false;
    const pages = new Set((seen.get(k) ?? []).filter((x) => Math.abs(x.y - y) < SAME_Y).map((x) => x.page));
    if (pages.size >= 2 && AUTHOR_TITLE_HEAD.test(k)) return true;
    return (
      pages.size >= 2 &&
      slots.some((slot) => Math.abs(slot.y - y) < SAME_Y && [...pages].every((p) => !slot.pages.has(p)))
    );
  };
}
