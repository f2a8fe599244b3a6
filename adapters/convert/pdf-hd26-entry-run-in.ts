/**
 * Session 25 (hd26): a list of figures' entry that reads as a run-in head. A thesis's list of
 * figures copies each caption whole, so an entry whose short title closes with a stop and runs on
 * into the caption's text (`3.3 High throughput imaging system … illumination. A.) Our system`)
 * has the shape of a numbered run-in subsection, and when no leaders or page number close it on its
 * line the contents rules do not take it. Its place tells it apart: the block written right before
 * it is a contents entry, with no text between (its leaders and page number are dropped). A
 * section's run-in head follows its section's heading or text, never a contents entry.
 */

/** The last block written (of `count`) is the contents entry written at `lastEntry`, and no paragraph is open. */
export function rightAfterEntry(count: number, lastEntry: number | undefined, paraOpen: boolean): boolean {
  return !paraOpen && lastEntry !== undefined && lastEntry === count - 1;
}
