/** A digest run's page (this process's runs, or Temporal's record of an older one) and its event stream. */
import { streamSSE } from 'hono/streaming';
import { AppError } from '../../domain/errors.ts';
import type { WebArea, WebContext } from '../context.ts';
import type { DigestRun, RunEvent } from '../runs.ts';
import { digestHref } from '../views/digests.ts';
import { runPage, temporalRunUrl } from '../views/runs.ts';

export const runs: WebArea = {
  name: 'runs',
  register(app, web) {
    app.get('/runs/:id', async (c) => {
      const id = c.req.param('id');
      const run = web.runs.get(id) ?? (await runFromTemporal(web, id));
      if (!run) throw new AppError('NOT_FOUND', 'No such run.');
      return web.page(c, {
        title: `Run: ${run.subscription}`,
        body: runPage(web.pageContext(c), run),
        ...(run.finished ? {} : { refreshSeconds: 2 }),
      });
    });
    app.get('/runs/:id/events', (c) => {
      const id = c.req.param('id');
      if (!web.runs.get(id)) throw new AppError('NOT_FOUND', 'No such run.');
      const ctx = web.pageContext(c);
      return streamSSE(c, async (stream) => {
        await new Promise<void>((resolve) => {
          // Writes in order, and the stream ends only after the last one is written.
          let written = Promise.resolve();
          const send = (e: RunEvent) => {
            const data =
              e.type === 'started'
                ? { ...e, url: temporalRunUrl(ctx, e) }
                : e.type === 'done'
                  ? { ...e, links: e.digestKeys.map((k) => ({ key: k, href: digestHref(k) })) }
                  : e;
            written = written
              .then(() => stream.writeSSE({ event: e.type, data: JSON.stringify(data) }))
              .catch(() => {});
            if (e.type === 'done' || e.type === 'error') void written.then(resolve);
          };
          const stop = web.runs.listen(id, send);
          stream.onAbort(() => {
            stop();
            resolve();
          });
        });
      });
    });
  },
};

/** A run this process does not hold (started before a restart), as Temporal keeps it: finished, or still running. */
async function runFromTemporal(web: WebContext, workflowId: string): Promise<DigestRun | null> {
  const state = await web.service.digestRun(workflowId);
  if (!state) return null;
  const events: RunEvent[] = [
    {
      type: 'progress',
      message:
        'This run started before the web app restarted: its state comes from Temporal (the progress lines were not kept).',
      at: Date.now(),
    },
    { type: 'started', workflowId: state.workflowId, runId: state.runId },
  ];
  if (state.status === 'published' || state.status === 'empty')
    events.push({
      type: 'done',
      status: state.status,
      digestKeys: state.digestKeys,
      ...(state.reason ? { reason: state.reason } : {}),
    });
  if (state.status === 'failed') events.push({ type: 'error', message: state.reason ?? 'failed' });
  // Still running: the page reloads itself (no event stream here); finished: as any finished run.
  return {
    id: workflowId,
    subscription: state.subscription,
    startedAt: Date.now(),
    events,
    workflow: { workflowId: state.workflowId, runId: state.runId },
    finished: state.status !== 'running',
    live: false,
  };
}
