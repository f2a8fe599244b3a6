/**
 * Many subscriptions' digests run at once on the harness's real Temporal server, as a schedule
 * firing for all of them would: the tests of reads shared across subscriptions count what arXiv
 * received meanwhile.
 */
import type { TopicDigestResult } from '../../workflows/topic-digest.ts';
import type { ArxivCalendar } from '../fakes/arxiv-calendar.ts';
import type { RecordedRequest } from '../fakes/arxiv-server.ts';
import type { ServiceHarness } from './service-harness.ts';

/** Runs the digests of `names` at once as of `now` (the fake calendar's clock too); their results and arXiv's requests meanwhile. */
export async function runDigestsAt(
  harness: ServiceHarness,
  calendar: ArxivCalendar,
  names: string[],
  now: Date,
  round: string,
): Promise<{ results: TopicDigestResult[]; requests: RecordedRequest[] }> {
  calendar.now = now;
  const mark = harness.arxiv.requests.length;
  const { t } = harness;
  const results = await Promise.all(
    names.map(
      (name) =>
        t.client.workflow.execute('topicDigest', {
          taskQueue: t.config.TEMPORAL_TASK_QUEUE,
          workflowId: `digest-${name}-${round}`,
          args: [name, { asOf: now.toISOString() }],
        }) as Promise<TopicDigestResult>,
    ),
  );
  return { results, requests: harness.arxiv.requests.slice(mark) };
}
