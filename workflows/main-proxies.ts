/** Activity proxies for the main task queue, shared by the workflows. Types only from activities. */
import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/index.ts';
import { DEFAULT_PUBLISH_HEARTBEAT_SECONDS } from '../domain/digest.ts';

const retry = {
  initialInterval: '2 seconds',
  backoffCoefficient: 2,
  maximumInterval: '5 minutes',
  maximumAttempts: 8,
};

/** Quick store/rank/publish work. */
export const main = proxyActivities<Activities>({ startToCloseTimeout: '2 minutes', retry });

/** Conversion and summarisation: long, heartbeating. */
export const heavy = proxyActivities<Activities>({
  startToCloseTimeout: '15 minutes',
  heartbeatTimeout: '1 minute',
  retry: { ...retry, maximumAttempts: 3 },
});

/**
 * Publishing: heartbeats, so a publish lost with a crashed worker is retried within seconds (the
 * publishers' own lookups make the retry safe).
 */
export const publishing = publishingWithin(DEFAULT_PUBLISH_HEARTBEAT_SECONDS);

/**
 * Publishing with the configured heartbeat timeout (DIGEST_PUBLISH_HEARTBEAT_SECONDS, read by the
 * activity that loads the digest state). An option change only: no new commands, so histories
 * recorded with another timeout replay unchanged.
 */
export function publishingWithin(heartbeatSeconds: number | undefined) {
  return proxyActivities<Activities>({
    startToCloseTimeout: '10 minutes',
    heartbeatTimeout: `${heartbeatSeconds ?? DEFAULT_PUBLISH_HEARTBEAT_SECONDS} seconds`,
    retry,
  });
}
