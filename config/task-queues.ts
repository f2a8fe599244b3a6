/**
 * Task queue names. No imports, so workflows may import this file.
 *
 * MAIN: workflows and every activity that does not talk to arXiv.
 * ARXIV: every activity that makes an arXiv HTTP request. The worker polling it sets a
 * server-side rate limit (maxTaskQueueActivitiesPerSecond) so the limit holds across all
 * workers and machines; see docs/architecture.md.
 */
export const taskQueues = (base: string) => ({ main: base, arxiv: `${base}-arxiv` }) as const;

export const DEFAULT_TASK_QUEUE = 'arxiv-radar';
