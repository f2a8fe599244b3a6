/**
 * Workflow-side handles to the arXiv activities, on the rate-limited arXiv task queue, with the
 * retry policy for arXiv traffic. Call arxivProxies() inside a workflow function: the queue name is
 * derived from the workflow's own task queue, which is only known at run time.
 */
import { proxyActivities, workflowInfo, type ActivityOptions } from '@temporalio/workflow';
import { taskQueues } from '../config/task-queues.ts';
import { PERMANENT_CODES } from '../domain/errors.ts';
import type { ArxivActivities } from '../activities/arxiv/activities.ts';

/**
 * Exponential backoff for 429/503 without Retry-After (arXiv often omits it: arxiv.py issue 203);
 * when it is given, the activity's failure carries it as nextRetryDelay, which wins. Permanent
 * errors are non-retryable failures, so they stop at once.
 */
export const ARXIV_RETRY_POLICY: NonNullable<ActivityOptions['retry']> = {
  initialInterval: '2 seconds',
  backoffCoefficient: 2,
  maximumInterval: '2 minutes',
  maximumAttempts: 10,
  nonRetryableErrorTypes: [...PERMANENT_CODES],
};

/** The arXiv activities for the current workflow, scheduled on `<base>-arxiv`. */
export function arxivProxies(overrides: Partial<ActivityOptions> = {}) {
  return proxyActivities<ArxivActivities>({
    taskQueue: taskQueues(workflowInfo().taskQueue).arxiv,
    // One request, plus the transport's timeout and the in-process spacing.
    startToCloseTimeout: '3 minutes',
    // The transport heartbeats while it waits for the arXiv gate and while it holds the turn
    // (adapters/arxiv/temporal-gate.ts): so a cancelled workflow's request leaves the gate's queue,
    // a dead worker's attempt is retried sooner, and the gate's state reaches describe() (progress).
    // An option change only: replays of earlier histories are unaffected (no new commands).
    heartbeatTimeout: '20 seconds',
    retry: ARXIV_RETRY_POLICY,
    ...overrides,
  });
}

type Calls = {
  [K in keyof ArxivActivities]: (...args: Parameters<ArxivActivities[K]>) => ReturnType<ArxivActivities[K]>;
};

/**
 * The same activities as a module-level object: each call resolves the queue from the calling
 * workflow (workflowInfo() is only available inside a workflow, not at import time).
 */
export const arxiv: Calls = {
  arxivSearchPage: (...args) => arxivProxies().arxivSearchPage(...args),
  arxivSearchPageFile: (...args) => arxivProxies().arxivSearchPageFile(...args),
  arxivLookupIds: (...args) => arxivProxies().arxivLookupIds(...args),
  arxivAnnouncements: (...args) => arxivProxies().arxivAnnouncements(...args),
  arxivAnnouncementsFile: (...args) => arxivProxies().arxivAnnouncementsFile(...args),
  arxivDownload: (...args) => arxivProxies().arxivDownload(...args),
  arxivOaiPageFile: (...args) => arxivProxies().arxivOaiPageFile(...args),
};
