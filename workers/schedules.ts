/**
 * Each subscription is a Temporal Schedule (`digest-<name>`) running topicDigest on its cron in
 * its time zone, overlap SKIP, catch-up window one day. These functions keep the schedules in
 * sync with the subscriptions in the library.
 */
import {
  ScheduleNotFoundError,
  ScheduleOverlapPolicy,
  type Client,
  type ScheduleOptions,
} from '@temporalio/client';
import type { PaperStore } from '../app/ports/store.ts';
import type { Subscription } from '../domain/subscription.ts';
import { LEGACY_DIGEST_CRON } from '../domain/arxiv-calendar.ts';
import { cronProblem } from '../domain/cron.ts';
import { AppError } from '../domain/errors.ts';
import { topicDigest } from '../workflows/topic-digest.ts';

export const SCHEDULE_PREFIX = 'digest-';

export const scheduleIdOf = (name: string) => `${SCHEDULE_PREFIX}${name}`;

function scheduleOptions(sub: Subscription, taskQueue: string): ScheduleOptions {
  return {
    scheduleId: scheduleIdOf(sub.name),
    spec: { cronExpressions: [sub.cron], timezone: sub.timezone },
    action: {
      type: 'startWorkflow',
      workflowType: topicDigest,
      args: [sub.name],
      taskQueue,
      workflowId: `digest-${sub.name}`,
    },
    policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: '1 day' },
    state: { paused: sub.paused, note: sub.paused ? 'paused in arxiv-radar' : undefined },
  };
}

/** Creates or updates the schedule of one subscription. */
export async function upsertSchedule(
  client: Client,
  sub: Subscription,
  taskQueue: string,
): Promise<'created' | 'updated'> {
  const opts = scheduleOptions(sub, taskQueue);
  const handle = client.schedule.getHandle(opts.scheduleId);
  try {
    await handle.describe();
  } catch (e) {
    if (!(e instanceof ScheduleNotFoundError)) throw e;
    await client.schedule.create(opts);
    return 'created';
  }
  await handle.update((prev) => ({
    ...prev,
    spec: opts.spec,
    action: { ...opts.action, workflowId: `digest-${sub.name}` },
    policies: { ...prev.policies, overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: '1 day' },
    state: { ...prev.state, paused: sub.paused },
  }));
  return 'updated';
}

/** Deletes a subscription's schedule; false when there was none. */
export async function deleteSchedule(client: Client, name: string): Promise<boolean> {
  try {
    await client.schedule.getHandle(scheduleIdOf(name)).delete();
    return true;
  } catch (e) {
    if (e instanceof ScheduleNotFoundError) return false;
    throw e;
  }
}

/** Makes the server's digest schedules match the stored subscriptions: upserts each, deletes orphans. */
export async function syncSchedules(
  client: Client,
  subs: Subscription[],
  taskQueue: string,
): Promise<{ upserted: number; deleted: number }> {
  for (const sub of subs) await upsertSchedule(client, sub, taskQueue);
  const wanted = new Set(subs.map((s) => scheduleIdOf(s.name)));
  let deleted = 0;
  for await (const s of client.schedule.list()) {
    if (s.scheduleId.startsWith(SCHEDULE_PREFIX) && !wanted.has(s.scheduleId)) {
      await client.schedule.getHandle(s.scheduleId).delete();
      deleted++;
    }
  }
  return { upserted: subs.length, deleted };
}

/**
 * Before `start` schedules anything: a stored subscription whose cron does not parse stops the
 * start, naming each one; subscriptions still on the old default cron (which never read Friday's
 * feed) move to the configured default, each with a line saying so.
 */
export async function prepareSubscriptions(
  store: PaperStore,
  defaults: { cron: string; timezone: string },
  say: (message: string) => void,
): Promise<{ moved: string[] }> {
  const subs = await store.listSubscriptions();
  const broken = subs.flatMap((s) => {
    const problem = cronProblem(s.cron);
    return problem ? [`subscription "${s.name}": cron ${problem}`] : [];
  });
  if (broken.length > 0) {
    throw new AppError(
      'CONFIG_INVALID',
      `Stored subscriptions have invalid schedules:\n${broken.map((b) => `  - ${b}`).join('\n')}\nFix each with \`arxiv-radar subscribe <name> --cron "…"\` (or unsubscribe it), then start again.`,
    );
  }
  const moved: string[] = [];
  if (defaults.cron === LEGACY_DIGEST_CRON) return { moved };
  for (const s of subs) {
    if (s.cron !== LEGACY_DIGEST_CRON) continue;
    await store.upsertSubscription({ ...s, cron: defaults.cron, timezone: defaults.timezone });
    moved.push(s.name);
    say(
      `Subscription "${s.name}": schedule moved from the old default "${LEGACY_DIGEST_CRON}" (never read Friday's feed) to "${defaults.cron}" (${defaults.timezone})`,
    );
  }
  return { moved };
}
