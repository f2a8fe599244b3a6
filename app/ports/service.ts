/**
 * What the application service needs from the outside world, as small interfaces. `workers/`
 * builds the real ones from Config (Temporal, the library drivers, the models, arXiv); tests pass
 * in-memory ones. Types only: nothing here does I/O.
 */
import type { PublishingSettings } from '../../domain/digest-targets.ts';
import type { QueryDefinition, Workflow } from '@temporalio/common';
import type { PaperStore } from './store.ts';
import type { Reranker } from './ranker.ts';
import type { LlmClient } from './llm.ts';
import type { Publisher } from './publisher.ts';
import type { ConvertResult } from './converter.ts';
import type { ArxivSearch, FeedParser } from './arxiv.ts';
import type { Summaries } from './summarizer.ts';
import type { Digest } from '../../domain/digest.ts';
import type { Subscription } from '../../domain/subscription.ts';

export type { ArxivSearch } from './arxiv.ts';

/**
 * Reports progress of long work ("searching arXiv…", "ranking 40 papers…"). `detail.waiting`
 * marks a message about waiting on arXiv (a 503, a retry, the shared backoff); `detail.key` stays
 * the same while only a countdown in the message changes, so a log can print each state once.
 */
export type ProgressFn = (message: string, detail?: { waiting?: boolean; key?: string }) => void;

/** How one workflow is run for a waiting caller. */
export interface RunOptions {
  /** Prefix of the workflow id (`search`, `get`, `digest-<name>-manual`). */
  idPrefix: string;
  /** What the user asked for, for messages ("get 1605.08386"). */
  what: string;
  /** Shown when the workflow starts ("searching arXiv…"). */
  label: string;
  /** On-demand work gets ONDEMAND_TIMEOUT_SECONDS as its execution timeout; a manual digest none. */
  onDemand: boolean;
  progress?: ProgressFn | undefined;
  /** The caller went away: cancel the workflow (and withdraw its queued arXiv requests). */
  signal?: AbortSignal | undefined;
  /** Hears the workflow's id as soon as it starts (the web app links it in the Temporal UI). */
  onStart?: ((run: { workflowId: string; runId: string }) => void) | undefined;
  /** Overrides the on-demand execution timeout (the agent's turn has budgets of its own). */
  timeoutMs?: number | undefined;
  /** A query of the workflow's polled with its progress (the agent's tool-call trace). */
  watch?: WatchedQuery | undefined;
  /**
   * Hears the text a running activity of the workflow reports as `draft` in its heartbeat details
   * (the agent's answer as the model writes it), polled a few times a second while it grows. `key`
   * changes when a new text starts (another activity, attempt or model call).
   */
  onDraft?: ((draft: ActivityDraft) => void) | undefined;
}

/** Text an activity is writing, as its heartbeat details last reported it. */
export interface ActivityDraft {
  key: string;
  text: string;
}

export interface WatchedQuery<T = unknown> {
  query: QueryDefinition<T>;
  onValue(value: T): void;
}

/**
 * Runs workflows by their function, so arguments and results are typed by the workflow itself.
 * Failures arrive as AppErrors whose code says what happened (CANCELLED, TIMED_OUT, or the
 * failing activity's own code).
 */
export interface WorkflowRunner {
  run<W extends Workflow>(
    workflow: W,
    args: Parameters<W>,
    options: RunOptions,
  ): Promise<Awaited<ReturnType<W>>>;
  /**
   * A workflow by id, as Temporal keeps it (so a page about it survives a restart of the caller):
   * its type, run, status and, once completed, its result. Null when there is none.
   */
  describe?(workflowId: string): Promise<WorkflowState | null>;
}

export interface WorkflowState {
  type: string;
  runId: string;
  status: 'running' | 'completed' | 'failed';
  result?: unknown;
  failure?: string;
}

/** Keeps each subscription's Temporal Schedule in step with the stored subscription. */
export interface Schedules {
  upsert(sub: Subscription): Promise<void>;
  /** True when a schedule existed. */
  remove(name: string): Promise<boolean>;
}

/** A local file made Markdown (the same sandboxed converter the workers use). */
export interface FileConverter {
  convertFile(
    path: string,
    options: { kind?: 'pdf' | 'html' | 'latex'; signal?: AbortSignal },
  ): Promise<ConvertResult>;
}

/** Everything the RadarService is built from. */
export interface RadarPorts {
  store: PaperStore;
  runner: WorkflowRunner;
  schedules: Schedules;
  /** Loaded on first use (a model takes a while to load; most calls never rank). */
  reranker: () => Promise<Reranker>;
  /** Undefined when no LLM is configured. */
  llm: () => Promise<LlmClient | undefined>;
  /** Notion for single papers; null when it is not configured. */
  notion: () => Promise<Publisher | null>;
  converter: FileConverter;
  /** The process's one arXiv client, shared by every call (each request passes its own signal). */
  arxiv: () => Promise<ArxivSearch>;
  /** Saved arXiv API responses read into papers (`import`, `rank`). */
  feeds: () => Promise<FeedParser>;
  /** Summaries of a paper or a document: the LLM's when one is configured, the extractive one always. */
  summaries: () => Promise<Summaries>;
  /** A digest as the Markdown publisher writes it (`digest show`). */
  digestMarkdown: (digest: Digest) => Promise<string>;
}

/** Defaults a deployment sets (config): what a new subscription gets when the request does not say. */
export interface ServiceSettings {
  digestCron: string;
  digestTimeZone: string;
  digestTopK: number;
  /** Where digests can go (what `subscriptions` and doctor show); absent: Markdown only. */
  publishing?: PublishingSettings;
}
