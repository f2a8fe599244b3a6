/**
 * Client-side pacing of Notion requests, per integration (Notion averages ~3 requests/s per
 * integration: https://developers.notion.com/reference/request-limits).
 */

/** Per integration (base URL + token): settles when the previous request may be followed. */
const lastRequestByIntegration = new Map<string, Promise<void>>();

/**
 * Runs requests of one integration one at a time, each starting `minIntervalMs` after the
 * previous one's response. Shared by every publisher in the process: Notion's rate limit is per
 * integration, and a publisher rebuilt after a failure must not burst right after the previous
 * one. Spacing from the response (not the send) keeps arrivals at Notion spaced even when a send
 * is delayed (connection setup), at the cost of ~1.5-2.5 requests/s instead of 3.
 */
export async function paced<T>(
  integration: string,
  minIntervalMs: number,
  request: () => Promise<T>,
): Promise<T> {
  const previous = lastRequestByIntegration.get(integration) ?? Promise.resolve();
  let finished!: () => void;
  const mine = new Promise<void>((resolve) => (finished = resolve));
  lastRequestByIntegration.set(
    integration,
    mine.then(() => new Promise((resolve) => setTimeout(resolve, minIntervalMs))),
  );
  await previous;
  try {
    return await request();
  } finally {
    finished();
  }
}
