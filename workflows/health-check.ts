/**
 * A trivial workflow that proves the server, the worker and the activity path all work.
 * `doctor` and the integration harness run it.
 */
import { proxyActivities } from '@temporalio/workflow';
import type { createActivities } from '../activities/index.ts';

const { ping } = proxyActivities<ReturnType<typeof createActivities>>({ startToCloseTimeout: '10 seconds' });

export async function healthCheck(name: string): Promise<string> {
  const pong = await ping(name);
  return `workflow ok; ${pong}`;
}
