/** A digest run as it goes: state, progress lines, the Temporal link and the digests it made. */
import { html, raw } from 'hono/html';
import type { DigestRun, RunEvent } from '../runs.ts';
import { digestHref } from './digests.ts';
import type { Html, PageContext } from './layout.ts';

export function temporalRunUrl(ctx: PageContext, w: { workflowId: string; runId: string }): string | null {
  return ctx.temporalUiUrl
    ? `${ctx.temporalUiUrl.replace(/\/+$/, '')}/namespaces/${encodeURIComponent(ctx.namespace)}/workflows/${encodeURIComponent(w.workflowId)}/${encodeURIComponent(w.runId)}/history`
    : null;
}

function runEventItem(e: RunEvent): Html | '' {
  return e.type === 'progress' ? html`<li>${e.message}</li>` : '';
}

export function runPage(ctx: PageContext, run: DigestRun): Html {
  const done = run.events.find(
    (e): e is Extract<RunEvent, { type: 'done' | 'error' }> => e.type === 'done' || e.type === 'error',
  );
  const link = run.workflow ? temporalRunUrl(ctx, run.workflow) : null;
  return html`<h1>Digest run: ${run.subscription}</h1>
    <section
      class="run"
      data-run-id="${run.id}"
      data-finished="${run.finished || run.live === false ? '1' : '0'}"
    >
      <p class="run-state" id="run-state" role="status">
        ${
          done
            ? done.type === 'error'
              ? html`<span class="error">Failed: ${done.message}</span>`
              : done.status === 'published'
                ? 'Published.'
                : html`Nothing new: ${done.reason ?? ''}`
            : 'Running…'
        }
      </p>
      <progress id="run-bar" aria-labelledby="run-state" ${done ? raw(' value="1" max="1"') : ''}></progress>
      <p id="run-temporal">
        ${link ? html`<a href="${link}">This run in the Temporal UI</a> (workflow ${run.workflow?.workflowId})` : run.workflow ? html`Workflow ${run.workflow.workflowId}` : ''}
      </p>
      <h2>Progress</h2>
      <div role="log" aria-live="polite" aria-label="Progress">
        <ol id="run-log" class="run-log">
          ${run.events.map(runEventItem)}
        </ol>
      </div>
      <div id="run-digests">
        ${
          done?.type === 'done' && done.digestKeys.length
            ? html`<h2>Digests</h2>
                <ul>
                  ${done.digestKeys.map((k) => html`<li><a href="${digestHref(k)}">${k}</a></li>`)}
                </ul>`
            : ''
        }
      </div>
      <p><a href="/subscriptions/${run.subscription}/digests">All digests of ${run.subscription}</a></p>
    </section>`;
}
