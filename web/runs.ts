/**
 * Manual digest runs started from the web app ("Run now"). A run is not tied to the request that
 * started it (a digest is not time-limited and publishing is idempotent, as for the CLI's `digest
 * run`): its progress lines are kept here and replayed to every listener of its SSE stream, so a
 * reload or a second tab sees the same run. Finished runs are forgotten after an hour.
 *
 * A run is named by its Temporal workflow id (`/runs/<workflowId>`), so its page outlives the web
 * app: after a restart the page is built from Temporal (RadarService.digestRun) instead, without the
 * progress lines (they were kept in memory only).
 */
import { randomBytes } from 'node:crypto';
import type { DigestRunResult, RadarService } from '../app/radar-service.ts';
import { errorMessage } from '../domain/errors.ts';

export type RunEvent =
  | { type: 'progress'; message: string; at: number }
  | { type: 'started'; workflowId: string; runId: string }
  | { type: 'done'; status: 'published' | 'empty'; digestKeys: string[]; reason?: string }
  | { type: 'error'; message: string };

export interface DigestRun {
  id: string;
  subscription: string;
  startedAt: number;
  events: RunEvent[];
  workflow: { workflowId: string; runId: string } | null;
  finished: boolean;
  /** False for a run read back from Temporal: no event stream to follow (its page reloads while it runs). */
  live?: boolean;
}

const KEEP_MS = 60 * 60 * 1000;

export class DigestRuns {
  private readonly runs = new Map<string, DigestRun & { listeners: Set<(e: RunEvent) => void> }>();

  constructor(private readonly service: RadarService) {}

  /** Starts a run of `subscription` now; resolves once its workflow started (or the run failed before). */
  async start(subscription: string): Promise<DigestRun> {
    this.sweep();
    const id = randomBytes(9).toString('base64url');
    const run = {
      id,
      subscription,
      startedAt: Date.now(),
      events: [] as RunEvent[],
      workflow: null as DigestRun['workflow'],
      finished: false,
      listeners: new Set<(e: RunEvent) => void>(),
    };
    this.runs.set(id, run);
    const emit = (e: RunEvent) => {
      run.events.push(e);
      for (const l of run.listeners) l(e);
    };
    emit({ type: 'progress', message: `starting the "${subscription}" digest…`, at: Date.now() });
    let started: () => void = () => {};
    const startedOrEnded = new Promise<void>((resolve) => (started = resolve));
    void this.service
      .runDigest(subscription, (message) => emit({ type: 'progress', message, at: Date.now() }), {
        onStart: (w) => {
          run.workflow = w;
          // Named by its workflow id from now on: the page can be found in Temporal after a restart.
          this.runs.delete(run.id);
          run.id = w.workflowId;
          this.runs.set(run.id, run);
          emit({ type: 'started', ...w });
          started();
        },
      })
      .then(
        (r: DigestRunResult) =>
          r.status === 'published'
            ? emit({ type: 'done', status: 'published', digestKeys: r.digests.map((d) => d.digest.key) })
            : emit({ type: 'done', status: 'empty', digestKeys: [], reason: r.reason }),
        (e: unknown) => emit({ type: 'error', message: errorMessage(e) }),
      )
      .finally(() => {
        run.finished = true;
        run.listeners.clear();
        started();
      });
    await startedOrEnded;
    return run;
  }

  get(id: string): DigestRun | undefined {
    return this.runs.get(id);
  }

  /** Replays a run's events so far, then calls `listener` for each new one until it finishes; returns an unsubscribe. */
  listen(id: string, listener: (e: RunEvent) => void): () => void {
    const run = this.runs.get(id);
    if (!run) return () => {};
    for (const e of run.events) listener(e);
    if (run.finished) return () => {};
    run.listeners.add(listener);
    return () => run.listeners.delete(listener);
  }

  private sweep(): void {
    const now = Date.now();
    for (const [id, r] of this.runs) if (r.finished && now - r.startedAt > KEEP_MS) this.runs.delete(id);
  }
}
