/** The subscriptions page and the subscription form (new and edit). */
import { html, raw } from 'hono/html';
import type { DeliveryReport, SubscriptionView } from '../../app/radar-service.ts';
import { describeSchedule } from '../schedule-words.ts';
import { csrfField } from './components.ts';
import { MAX_TOP_K, MIN_TOP_K } from '../../domain/limits.ts';
import type { Html, PageContext } from './layout.ts';
import type { DestinationInfo } from '../../domain/digest-targets.ts';

export interface SubscriptionDefaults {
  cron: string;
  timezone: string;
  topK: number;
  /** The registered destinations whose per-subscription target the form offers (e.g. Slack). */
  destinations?: readonly DestinationInfo[];
}

function subscriptionForm(ctx: PageContext, d: SubscriptionDefaults, s: SubscriptionView | null): Html {
  const editing = s !== null;
  return html`<form method="post" action="/subscriptions" class="sub-form">
    ${csrfField(ctx)}
    <div class="grid">
      <p>
        <label for="s-name">Name</label
        ><input
          id="s-name"
          name="name"
          value="${s?.name ?? ''}"
          required
          maxlength="64"
          pattern="[a-z0-9]+(-[a-z0-9]+)*"
          aria-describedby="s-name-help"
          ${editing ? raw(' readonly') : ''}
        />
        <small id="s-name-help">lowercase words joined by -, e.g. llm-agents</small>
      </p>
      <p>
        <label for="s-interest">Interest, in plain language</label
        ><input
          id="s-interest"
          name="interest"
          value="${s?.interest ?? ''}"
          required
          minlength="3"
          maxlength="500"
        />
      </p>
      <p>
        <label for="s-query">arXiv query (optional)</label
        ><input
          id="s-query"
          name="query"
          value="${s?.query ?? ''}"
          maxlength="300"
          placeholder='ti:"language model" AND abs:agent'
        />
      </p>
      <p>
        <label for="s-cats">Categories (comma-separated)</label
        ><input
          id="s-cats"
          name="categories"
          value="${(s?.categories ?? []).join(',')}"
          placeholder="cs.AI,cs.CL"
        />
      </p>
      <p>
        <label for="s-cron">Schedule (cron: minute hour day month weekday)</label
        ><input
          id="s-cron"
          name="cron"
          value="${s?.cron ?? d.cron}"
          required
          aria-describedby="s-cron-help"
        />
        <small id="s-cron-help">${describeSchedule(s?.cron ?? d.cron, s?.timezone ?? d.timezone)}</small>
      </p>
      <p>
        <label for="s-tz">Time zone</label
        ><input id="s-tz" name="timezone" value="${s?.timezone ?? d.timezone}" required />
      </p>
      <p>
        <label for="s-topk">Papers per digest</label
        ><input
          id="s-topk"
          name="topK"
          type="number"
          min="${MIN_TOP_K}"
          max="${MAX_TOP_K}"
          value="${s?.topK ?? d.topK}"
        />
      </p>
      <p>
        <label for="s-dchan">Discord channel id (optional)</label
        ><input
          id="s-dchan"
          name="discordChannelId"
          value="${s?.destinations.discordChannelId ?? ''}"
          pattern="[0-9]{17,20}"
          inputmode="numeric"
        />
      </p>
      <p>
        <label for="s-dhook">Discord webhook URL (optional; never shown again)</label
        ><input
          id="s-dhook"
          name="discordWebhookUrl"
          type="password"
          autocomplete="off"
          placeholder="https://discord.com/api/webhooks/…"
        />
      </p>
      ${(d.destinations ?? []).map(targetField)}
      <p>
        <label for="s-like">Seed papers you already like (optional)</label
        ><input id="s-like" name="like" placeholder="2203.00274, 1706.03762" aria-describedby="s-like-help" />
        <small id="s-like-help">arXiv ids or URLs; each is rated 👍 and the digest learns from them</small>
      </p>
    </div>
    <p>
      <button type="submit">${editing ? 'Save changes' : 'Subscribe'}</button
      >${editing ? html` <a href="/subscriptions">Cancel</a>` : ''}
    </p>
  </form>`;
}

/** A registered destination's own target (a secret: typed, never shown back; empty keeps the stored one). */
function targetField(t: DestinationInfo): Html {
  const help = t.fallback ? `default ${t.fallback}` : 'none set for the deployment';
  return html`<p>
    <label for="s-target-${t.kind}">${t.label}: ${t.target} (optional; never shown again; ${help})</label
    ><input id="s-target-${t.kind}" name="target.${t.kind}" type="password" autocomplete="off" />
  </p>`;
}

/** Digests that have not reached every destination: what failed, since when (the store's record). */
function pendingBanner(reports: DeliveryReport[]): Html | string {
  const lines = reports.flatMap((r) =>
    r.pending.flatMap((p) =>
      p.failures.map(
        (f) =>
          html`<li>
            ${r.name}: the ${p.announcement} digest is pending: ${f.destination} failing since
            ${f.since.slice(0, 16).replace('T', ' ')} UTC: ${f.message}
          </li>`,
      ),
    ),
  );
  return lines.length
    ? html`<div class="error" role="alert">
        <p>Some digests have not been published everywhere yet; every run retries them.</p>
        <ul>
          ${lines}
        </ul>
      </div>`
    : '';
}

export function subscriptionsPage(
  ctx: PageContext,
  subs: SubscriptionView[],
  d: SubscriptionDefaults,
  reports: DeliveryReport[] = [],
): Html {
  return html`<h1>Subscriptions and digests</h1>
    ${pendingBanner(reports)}
    ${
      subs.length === 0
        ? html`<p>
            No subscriptions yet. Create one below: a digest then arrives after every arXiv announcement.
          </p>`
        : html`<ul class="subs">
            ${subs.map(
              (s) =>
                html`<li class="sub" id="sub-${s.name}">
                  <article aria-labelledby="sub-h-${s.name}">
                    <h2 id="sub-h-${s.name}">
                      ${s.name}
                      ${s.paused ? html`<span class="badge paused">paused</span>` : html`<span class="badge">active</span>`}
                    </h2>
                    <p>${s.interest}</p>
                    <p class="meta">
                      ${s.query ? html`query <code>${s.query}</code>` : ''}${s.query && s.categories.length ? ' · ' : ''}${s.categories.length ? html`categories ${s.categories.join(', ')}` : ''}
                      · top ${s.topK} · to
                      ${[s.destinations.markdown ? 'Markdown files' : '', s.destinations.notion ? 'Notion' : '', s.destinations.discordChannelId ? 'Discord' : ''].filter(Boolean).join(', ') || 'nowhere'}
                    </p>
                    <p class="schedule">
                      <strong>When:</strong> ${describeSchedule(s.cron, s.timezone)} <code>${s.cron}</code>
                    </p>
                    <div class="actions">
                      <form method="post" action="/subscriptions/${s.name}/run" class="js-action">
                        ${csrfField(ctx)}<button type="submit">Run now</button>
                      </form>
                      <a class="button" href="/subscriptions/${s.name}/digests">Digests</a>
                      <a class="button" href="/subscriptions/${s.name}/edit">Edit</a>
                      <form method="post" action="/subscriptions/${s.name}/pause" class="js-action">
                        ${csrfField(ctx)}<input
                          type="hidden"
                          name="paused"
                          value="${s.paused ? '0' : '1'}"
                        /><button type="submit">${s.paused ? 'Resume' : 'Pause'}</button>
                      </form>
                      <form
                        method="post"
                        action="/subscriptions/${s.name}/delete"
                        class="js-action"
                        data-confirm="Delete the subscription ${s.name}? Its digests stay."
                      >
                        ${csrfField(ctx)}<button type="submit" class="danger">Delete</button>
                      </form>
                      <p class="action-status" role="status" aria-live="polite"></p>
                    </div>
                  </article>
                </li>`,
            )}
          </ul>`
    }
    <h2>New subscription</h2>
    ${subscriptionForm(ctx, d, null)}`;
}

export function editSubscriptionPage(ctx: PageContext, s: SubscriptionView, d: SubscriptionDefaults): Html {
  return html`<h1>Edit ${s.name}</h1>
    ${subscriptionForm(ctx, d, s)}`;
}
