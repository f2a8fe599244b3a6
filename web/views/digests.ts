/** A subscription's digests, and one digest with its picks, reasons and 👍/👎. */
import { html } from 'hono/html';
import type { Digest } from '../../domain/digest.ts';
import { authorsOf, oneLine, paperActions, paperHref } from './components.ts';
import type { Html, PageContext } from './layout.ts';

export const digestHref = (key: string) => `/digest?key=${encodeURIComponent(key)}`;

export function digestsPage(name: string, digests: Digest[]): Html {
  return html`<h1>Digests of ${name}</h1>
    <p><a href="/subscriptions">← Subscriptions</a></p>
    ${
      digests.length === 0
        ? html`<p>
            No digest yet. Use <strong>Run now</strong> on the subscriptions page, or wait for the next
            announcement.
          </p>`
        : html`<ol class="digest-list">
            ${digests.map((d) => html`<li><a href="${digestHref(d.key)}">${d.date}</a> · ${d.entries.length} paper${d.entries.length === 1 ? '' : 's'}${d.notCovered?.length ? ` · ${d.notCovered.length} older announcement(s) not covered` : ''}</li>`)}
          </ol>`
    }`;
}

/** Why a digest picked a paper, with the numbers of the blend (interest, model, weight). */
function pickReason(e: Digest['entries'][number]): Html | '' {
  const w = e.why;
  if (!w) return '';
  const numbers =
    w.model === null
      ? `interest score ${w.interest.toFixed(3)}; no ratings yet`
      : `interest score ${w.interest.toFixed(3)} · model log-odds ${w.model.toFixed(2)} · model weight ${w.weight.toFixed(2)} (${w.ratings} rating${w.ratings === 1 ? '' : 's'}) · blended ${w.blended.toFixed(2)}`;
  return html`<p class="why"><strong>Why:</strong> ${w.text} <span class="weights">(${numbers})</span></p>`;
}

export function digestPage(
  ctx: PageContext,
  d: Digest,
  ratings: Map<string, 'up' | 'down'> = new Map(),
): Html {
  return html`<article class="digest" aria-labelledby="digest-h">
    <h1 id="digest-h">${d.subscription} — ${d.date}</h1>
    <p class="subtitle">${d.interest}</p>
    <p><a href="/subscriptions/${d.subscription}/digests">← All digests of ${d.subscription}</a></p>
    ${d.notCovered?.length ? html`<p class="note">Not covered (older than the catch-up limit): ${d.notCovered.join(', ')}</p>` : ''}
    ${
      d.entries.length === 0
        ? html`<p>Nothing in this announcement cleared the relevance floor.</p>`
        : html`<ol class="result-list">
            ${d.entries.map(
              (e, i) =>
                html`<li class="result">
                  <article aria-labelledby="d-${i}">
                    <h2 class="h3" id="d-${i}"><a href="${paperHref(e.arxivId)}">${oneLine(e.title)}</a></h2>
                    <p class="meta">
                      <span class="score">score ${e.score.toFixed(3)}</span> · arXiv:${e.arxivId} ·
                      ${e.primaryCategory} · ${e.published.slice(0, 10)}<br />${authorsOf(e.authors)}
                    </p>
                    ${pickReason(e)}
                    <p class="tldr"><strong>TL;DR:</strong> ${e.summary.tldr}</p>
                    ${
                      e.summary.keyPoints.length
                        ? html`<ul class="points">
                            ${e.summary.keyPoints.map((k) => html`<li>${k}</li>`)}
                          </ul>`
                        : ''
                    }
                    <p class="links">
                      <a href="${e.absUrl}" rel="noopener">arXiv page</a
                      >${e.pdfUrl ? html` · <a href="${e.pdfUrl}" rel="noopener">PDF</a>` : ''}
                    </p>
                    ${paperActions(ctx, e.arxivId, digestHref(d.key), { subscriptions: [], fixed: d.subscription, current: ratings.get(e.arxivId) ?? null })}
                  </article>
                </li>`,
            )}
          </ol>`
    }
  </article>`;
}
