/** The search page: the question form, the ranked results and their TL;DRs. */
import { html, raw } from 'hono/html';
import type { RankedPaper, SearchResult } from '../../app/radar-service.ts';
import { authorsOf, oneLine, paperActions, paperHref } from './components.ts';
import type { Html, PageContext } from './layout.ts';

function resultItem(
  ctx: PageContext,
  r: RankedPaper,
  rank: number,
  back: string,
  rateFor: string[] = [],
): Html {
  const p = r.paper;
  return html`<li class="result">
    <article aria-labelledby="r-${rank}">
      <h3 id="r-${rank}"><a href="${paperHref(p.id)}">${oneLine(p.title)}</a></h3>
      <p class="meta">
        <span class="score" title="relevance score">score ${r.score.toFixed(3)}</span> · arXiv:${p.id} ·
        ${p.primaryCategory} · ${p.published.slice(0, 10)}<br />${authorsOf(p.authors.map((a) => a.name))}
      </p>
      ${summaryBlock(r, rank)}
      <p class="links">
        <a href="${p.links.abs}" rel="noopener">arXiv page<span class="sr-only"> of arXiv:${p.id}</span></a
        >${p.links.pdf ? html` · <a href="${p.links.pdf}" rel="noopener">PDF<span class="sr-only"> of arXiv:${p.id}</span></a>` : ''}
      </p>
      ${paperActions(ctx, p.id, back, { subscriptions: rateFor })}
    </article>
  </li>`;
}

/**
 * A result's TL;DR and key points, saying what they were taken from; the enhanced search page
 * replaces it (by its id) when the full-text one streams in.
 */
export function summaryBlock(r: RankedPaper, rank: number): Html {
  const from = r.summarySource === 'full-text' ? 'from the full text' : 'from the abstract';
  return html`<div class="summary" id="summary-${rank}" data-source="${r.summarySource ?? 'none'}">
    ${
      r.summary
        ? html`<p class="tldr">
              <strong>TL;DR</strong> <span class="from">(${from})</span>: ${r.summary.tldr}
            </p>
            ${
              r.summary.keyPoints.length
                ? html`<ul class="points">
                    ${r.summary.keyPoints.map((k) => html`<li>${k}</li>`)}
                  </ul>`
                : ''
            }`
        : html`<details>
            <summary>Abstract</summary>
            <p>${oneLine(r.paper.abstract)}</p>
          </details>`
    }
  </div>`;
}

/** The edited-query form: the arXiv query that ran, to change and run again. */
function queryEdit(question: string, query: string): Html {
  return html`<form method="get" action="/search" class="query-edit">
    <input type="hidden" name="q" value="${question}" />
    <label for="built-query">arXiv query that was run (edit it and search again)</label>
    <div class="row">
      <input id="built-query" name="query" value="${query}" spellcheck="false" /><button type="submit">
        Run this query
      </button>
    </div>
  </form>`;
}

/** Nothing found: one message, what to try, and the query to edit. */
function noResults(question: string, r: SearchResult): Html {
  return html`<section class="results empty" aria-labelledby="results-h">
    <h2 id="results-h">No papers found</h2>
    <p>arXiv has nothing for the query <code>${r.query}</code>, built from your question. Try:</p>
    <ul class="hints">
      <li>fewer or broader words (“graph neural networks”, not a whole sentence);</li>
      <li>other words for the same idea, or the field’s usual term;</li>
      <li>
        editing the arXiv query below: drop a field such as <code>ti:</code>, an <code>AND</code> term or a
        date range.
      </li>
    </ul>
    ${r.broader ? html`<p class="broader-note">We also tried one broader query (${r.broader.why}): <code>${r.broader.query}</code>, which found nothing either.</p>` : ''}
    ${queryEdit(question, r.query)}
  </section>`;
}

/** The results block (also sent as one SSE event to the enhanced search form). */
export function searchResults(
  ctx: PageContext,
  question: string,
  r: SearchResult,
  back: string,
  rateFor: string[] = [],
): Html {
  if (r.papers.length === 0 && r.broader?.papers.length)
    return broaderResults(ctx, question, r, r.broader, back, rateFor);
  if (r.papers.length === 0) return noResults(question, r);
  return html`<section class="results" aria-labelledby="results-h">
    <h2 id="results-h">${r.papers.length} result${r.papers.length === 1 ? '' : 's'}</h2>
    ${queryEdit(question, r.query)}
    <p class="ranker">
      Ranked by <strong>${r.ranker === 'cross-encoder' ? 'the cross-encoder' : 'BM25'}</strong> against your
      question; TL;DRs are taken from the abstracts (from the full text where the library has it).
    </p>
    <ol class="result-list">
      ${r.papers.map((x, i) => resultItem(ctx, x, i + 1, back, rateFor))}
    </ol>
  </section>`;
}

/** Nothing for the query that ran, but the one broader query found papers: says so, and lists them marked as broader. */
function broaderResults(
  ctx: PageContext,
  question: string,
  r: SearchResult,
  b: NonNullable<SearchResult['broader']>,
  back: string,
  rateFor: string[],
): Html {
  return html`<section class="results" aria-labelledby="results-h">
    <h2 id="results-h">No papers found for your query</h2>
    <p class="empty">arXiv has nothing for <code>${r.query}</code>.</p>
    ${queryEdit(question, r.query)}
    <h3 class="broader">Broader query: ${b.papers.length} result${b.papers.length === 1 ? '' : 's'}</h3>
    <p class="broader-note">We tried one broader query (${b.why}): <code>${b.query}</code></p>
    <ol class="result-list broader-list">
      ${b.papers.map((x, i) => resultItem(ctx, x, i + 1, back, rateFor))}
    </ol>
  </section>`;
}

export function searchPage(
  ctx: PageContext,
  s: {
    q: string;
    query: string;
    max: number;
    full: boolean;
    result: SearchResult | null;
    error: string | null;
    back: string;
    rateFor?: string[];
  },
): Html {
  return html`<h1>Search arXiv</h1>
    <form method="get" action="/search" class="search-form" id="search-form">
      <label for="q">Your question, in plain language</label>
      <div class="row">
        <input
          type="search"
          id="q"
          name="q"
          value="${s.q}"
          required
          maxlength="500"
          placeholder="e.g. graph neural networks for molecules"
          autocomplete="off"
        />
        <span class="field-inline"
          ><label class="inline" for="max">Results</label
          ><select id="max" name="max">
            ${[10, 20, 50].map((n) => html`<option value="${n}" ${n === s.max ? raw(' selected') : ''}>${n}</option>`)}
          </select></span
        >
        <button type="submit">Search</button>
      </div>
      <label class="inline full-text"
        ><input type="checkbox" name="full" value="1" ${s.full ? raw(' checked') : ''} /> Then fetch full-text
        TL;DRs for the top 3 (a few seconds each)</label
      >
    </form>
    <div id="search-progress" class="progress" role="status" aria-live="polite"></div>
    ${s.error ? html`<p class="error" role="alert">${s.error}</p>` : ''}
    <div id="results">${s.result ? searchResults(ctx, s.q, s.result, s.back, s.rateFor) : ''}</div>`;
}
