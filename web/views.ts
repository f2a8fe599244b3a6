/**
 * The web app's pages, rendered on the server with hono/html: every interpolated value is escaped
 * (titles, authors and abstracts come from arXiv and are untrusted); only Markdown that went
 * through web/markdown.ts (sanitised) is inserted raw. Pages work without JavaScript (forms and
 * links); web/assets/app.js adds live progress (SSE), in-place actions, chat streaming and voice.
 */
import { html, raw } from 'hono/html';
import type { ContentSource } from '../domain/content-source.ts';
import type { HtmlEscapedString } from 'hono/utils/html';
import type { AgentReply } from '../app/agent-service.ts';
import type {
  ListFiltersInput,
  ListResultOutput,
  PaperDocument,
  RankedPaper,
  SearchResult,
  SubscriptionView,
  DeliveryReport,
} from '../app/radar-service.ts';
import type { Digest } from '../domain/digest.ts';
import { MAX_TOP_K, MIN_TOP_K } from '../domain/limits.ts';
import { renderMarkdown } from './markdown.ts';
import { describeSchedule } from './schedule-words.ts';
import type { DigestRun, RunEvent } from './runs.ts';
import type { ChatProposal, Session } from './security.ts';

export type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

export interface PageContext {
  csrf: string;
  /** Asset version for cache busting (a hash of their contents). */
  assetVersion: string;
  notion: boolean;
  stt: boolean;
  tts: 'server' | 'browser';
  audioMaxSeconds: number;
  temporalUiUrl: string | null;
  namespace: string;
}

const NAV: Array<[string, string]> = [
  ['/search', 'Search'],
  ['/library', 'Library'],
  ['/subscriptions', 'Subscriptions'],
  ['/chat', 'Chat'],
];

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();
const authorsOf = (names: string[]) =>
  names.length > 4 ? `${names.slice(0, 4).join(', ')} et al.` : names.join(', ');
const paperHref = (id: string) => `/paper/${id.split('/').map(encodeURIComponent).join('/')}`;

export function layout(
  ctx: PageContext,
  page: {
    title: string;
    path: string;
    body: Html;
    math?: boolean;
    flash?: string | null;
    refreshSeconds?: number;
  },
): Html {
  const v = ctx.assetVersion;
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="csrf-token" content="${ctx.csrf}" />
        ${page.refreshSeconds ? html`<noscript><meta http-equiv="refresh" content="${page.refreshSeconds}" /></noscript>` : ''}
        <title>${page.title} · arxiv-radar</title>
        <link rel="icon" href="/assets/favicon.svg?v=${v}" type="image/svg+xml" />
        <link rel="stylesheet" href="/assets/app.css?v=${v}" />
        ${page.math ? html`<link rel="stylesheet" href="/assets/katex/katex.min.css?v=${v}" />` : ''}
        <script src="/assets/app.js?v=${v}" defer></script>
      </head>
      <body
        data-stt="${ctx.stt ? '1' : '0'}"
        data-tts="${ctx.tts}"
        data-audio-max-seconds="${ctx.audioMaxSeconds}"
      >
        <a class="skip" href="#main">Skip to content</a>
        <header class="top">
          <a class="brand" href="/">arxiv-radar</a>
          <nav aria-label="Main">
            <ul>
              ${NAV.map(([href, label]) => html`<li><a href="${href}" ${page.path.startsWith(href) ? raw(' aria-current="page"') : ''}>${label}</a></li>`)}
            </ul>
          </nav>
        </header>
        <main id="main" tabindex="-1">
          ${page.flash ? html`<p class="flash" role="status">${page.flash}</p>` : ''} ${page.body}
        </main>
        <footer class="foot">
          <p>
            arxiv-radar · the same service as the CLI, the Discord bot and the MCP
            server${ctx.temporalUiUrl ? html` · <a href="${ctx.temporalUiUrl}">Temporal UI</a>` : ''}
          </p>
        </footer>
      </body>
    </html>`;
}

const csrfField = (ctx: PageContext) => html`<input type="hidden" name="_csrf" value="${ctx.csrf}" />`;

/**
 * Where 👍/👎 go: a digest entry rates for its own subscription (`fixed`, and saving it counts as
 * 👍 there); a search result for the subscription picked in its form.
 */
export interface RatingTarget {
  subscriptions: string[];
  fixed?: string;
  current?: 'up' | 'down' | null;
}

/** 👍/👎 for one paper: the subscription's next digests learn from it. */
function ratingForm(ctx: PageContext, id: string, back: string, t: RatingTarget): Html {
  const pressed = (r: 'up' | 'down') => raw(` aria-pressed="${t.current === r ? 'true' : 'false'}"`);
  return html`<form method="post" action="/ratings" class="js-action rating">
    ${csrfField(ctx)}<input type="hidden" name="id" value="${id}" /><input
      type="hidden"
      name="back"
      value="${back}"
    />
    ${
      t.fixed
        ? html`<input type="hidden" name="subscription" value="${t.fixed}" />`
        : html`<label
            >Rate for
            <select name="subscription">
              ${t.subscriptions.map((s) => html`<option value="${s}">${s}</option>`)}
            </select></label
          >`
    }
    <button
      type="submit"
      name="rating"
      value="up"
      aria-label="Relevant (👍)"
      title="Relevant: more like this"
      ${pressed('up')}
    >
      👍
    </button>
    <button
      type="submit"
      name="rating"
      value="down"
      aria-label="Not relevant (👎)"
      title="Not relevant: fewer like this"
      ${pressed('down')}
    >
      👎
    </button>
  </form>`;
}

/** Save-to-library and send-to-Notion buttons for one paper, and 👍/👎 when there is a subscription to rate for. */
function paperActions(ctx: PageContext, id: string, back: string, rate?: RatingTarget): Html {
  return html`<div class="actions">
    <form method="post" action="/library/save" class="js-action">
      ${csrfField(ctx)}<input type="hidden" name="id" value="${id}" /><input
        type="hidden"
        name="back"
        value="${back}"
      />${rate?.fixed ? html`<input type="hidden" name="subscription" value="${rate.fixed}" />` : ''}
      <label
        >Topic
        <input name="topic" value="saved" size="10" required pattern="[A-Za-z0-9][A-Za-z0-9 _.\\-]{0,63}"
      /></label>
      <button type="submit">Save to library</button>
    </form>
    ${rate && (rate.fixed || rate.subscriptions.length > 0) ? ratingForm(ctx, id, back, rate) : ''}
    ${ctx.notion ? html`<form method="post" action="/notion/send" class="js-action">${csrfField(ctx)}<input type="hidden" name="id" value="${id}" /><input type="hidden" name="back" value="${back}" /><button type="submit">Send to Notion</button></form>` : ''}
    <p class="action-status" role="status" aria-live="polite"></p>
  </div>`;
}

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

/** The Markdown after the header that the page renders itself (title, authors, metadata lines). */
function bodyMarkdown(markdown: string): string {
  const i = markdown.indexOf('\n## Abstract');
  return i >= 0 ? markdown.slice(i + 1) : markdown;
}

/** The paper page's "Full text: from …" line. */
const FULL_TEXT_FROM: Record<ContentSource, string> = {
  html: 'from arXiv HTML (LaTeXML)',
  ar5iv: 'from ar5iv HTML (LaTeXML)',
  latex: 'from the LaTeX source (converted)',
  pdf: 'from the PDF (converted)',
};

function paperFacts(p: PaperDocument['paper']): Html {
  return html`<dl class="facts">
    <div>
      <dt>arXiv</dt>
      <dd>${p.id}${p.version ? `v${p.version}` : ''} · ${p.categories.join(', ')}</dd>
    </div>
    <div>
      <dt>Published</dt>
      <dd>${p.published.slice(0, 10)}</dd>
    </div>
    <div>
      <dt>License</dt>
      <dd>
        ${p.license ? html`<a href="${p.license}" rel="noopener license">${p.license}</a>` : 'not stated'}
      </dd>
    </div>
    <div>
      <dt>Links</dt>
      <dd>
        <a href="${p.links.abs}" rel="noopener">arXiv page</a
        >${p.links.pdf ? html` · <a href="${p.links.pdf}" rel="noopener">PDF</a>` : ''}${p.links.html ? html` · <a href="${p.links.html}" rel="noopener">HTML</a>` : ''}
      </dd>
    </div>
  </dl>`;
}

const sourceText = (doc: PaperDocument): Html | string => {
  const source = doc.source ? FULL_TEXT_FROM[doc.source] : 'not available';
  return doc.note ? html`${source} (${doc.note})` : source;
};

/** The converted paper below its header: TL;DR, outline and full text. */
export function paperBody(doc: PaperDocument): Html {
  const rendered = renderMarkdown(bodyMarkdown(doc.markdown));
  return html`<p class="source"><strong>Full text:</strong> ${sourceText(doc)}</p>
    ${
      doc.summary
        ? html`<section class="summary" aria-label="Summary">
            <p><strong>TL;DR:</strong> ${doc.summary.tldr}</p>
            ${
              doc.summary.keyPoints.length
                ? html`<ul>
                    ${doc.summary.keyPoints.map((k) => html`<li>${k}</li>`)}
                  </ul>`
                : ''
            }
          </section>`
        : ''
    }
    <div class="paper-grid">
      ${
        rendered.outline.length
          ? html`<nav class="outline" aria-label="Sections">
              <h2>Sections</h2>
              <ol>
                ${rendered.outline.map((o) => html`<li class="lv${o.level}"><a href="#${o.id}">${o.text}</a></li>`)}
              </ol>
            </nav>`
          : ''
      }
      <div class="markdown" data-math-count="${rendered.mathCount}">${raw(rendered.html)}</div>
    </div>`;
}

/** The paper's header: title, authors, facts and actions (the stored page and the streamed one alike). */
function paperHead(ctx: PageContext, p: PaperDocument['paper'], back: string): Html {
  return html`<header class="paper-head">
    <h1 id="paper-title">${oneLine(p.title)}</h1>
    <p class="authors">${p.authors.map((a) => a.name).join(', ')}</p>
    ${paperFacts(p)} ${paperActions(ctx, p.id, back)}
  </header>`;
}

export function paperPage(ctx: PageContext, doc: PaperDocument, back: string): Html {
  const p = doc.paper;
  return html`<article class="paper" aria-labelledby="paper-title">
    ${paperHead(ctx, p, back)} ${paperBody(doc)}
  </article>`;
}

/** Where the streamed paper page continues once the full text is converted (server.ts splits the page here). */
export const PAPER_STREAM_MARK = '<!--arxiv-radar:full-text-->';

/**
 * A paper not converted yet, at once: header, metadata and abstract, and a note that the full
 * text is on its way. The server streams `paperBody` (or an error) at PAPER_STREAM_MARK; the
 * stylesheet hides `.early` (the abstract shown meanwhile) once `.late` follows it.
 */
export function paperShell(ctx: PageContext, p: PaperDocument['paper'], back: string): Html {
  return html`<article class="paper" aria-labelledby="paper-title">
    ${paperHead(ctx, p, back)}
    <div class="early">
      <p class="progress converting" role="status">
        Fetching and converting the full text (arXiv HTML, else ar5iv, the LaTeX source or the PDF); it
        appears here when ready.
      </p>
      <section aria-labelledby="early-abstract">
        <h2 id="early-abstract">Abstract</h2>
        <p>${oneLine(p.abstract)}</p>
      </section>
    </div>
    ${raw(PAPER_STREAM_MARK)}
  </article>`;
}

/** What is streamed at PAPER_STREAM_MARK: the converted paper, or why it failed. */
export function paperLate(doc: PaperDocument | null, error: string | null): Html {
  return html`<div class="late">
    ${doc ? paperBody(doc) : html`<p class="error" role="alert">The full text could not be fetched: ${error ?? 'unknown error'}</p>`}
  </div>`;
}

export function libraryPage(
  ctx: PageContext,
  f: ListFiltersInput & { page: number },
  r: ListResultOutput,
  topics: Array<{ name: string; count: number }>,
  query: string,
  folders: ReadonlyMap<string, readonly string[]> = new Map(),
  back = '/library',
): Html {
  const limit = f.limit ?? 20;
  const from = r.total_count === 0 ? 0 : (f.offset ?? 0) + 1;
  const to = (f.offset ?? 0) + r.returned;
  const pageLink = (page: number) => {
    const u = new URLSearchParams(query);
    u.set('page', String(page));
    return `/library?${u.toString()}`;
  };
  const pages = Math.max(1, Math.ceil(r.total_count / limit));
  return html`<h1>Library</h1>
    <form method="get" action="/library" class="filters">
      <div class="grid">
        <p>
          <label for="f-query">Words in title or abstract</label
          ><input id="f-query" name="query" value="${f.query ?? ''}" maxlength="300" />
        </p>
        <p>
          <label for="f-author">Author</label
          ><input id="f-author" name="author" value="${f.author ?? ''}" maxlength="200" />
        </p>
        <p>
          <label for="f-cat">Categories (comma-separated)</label
          ><input
            id="f-cat"
            name="categories"
            value="${(f.categories ?? []).join(',')}"
            placeholder="cs.LG,stat.ML"
          />
        </p>
        <p>
          <label for="f-from">Published from</label
          ><input id="f-from" type="date" name="start_date" value="${f.start_date ?? ''}" />
        </p>
        <p>
          <label for="f-to">Published to</label
          ><input id="f-to" type="date" name="end_date" value="${f.end_date ?? ''}" />
        </p>
        <p>
          <label for="f-topic">Topic</label
          ><select id="f-topic" name="topic">
            <option value="">any</option>
            ${topics.map((t) => html`<option value="${t.name}" ${t.name === f.topic ? raw(' selected') : ''}>${t.name} (${t.count})</option>`)}
          </select>
        </p>
        <p>
          <label for="f-limit">Per page</label
          ><select id="f-limit" name="limit">
            ${[5, 20, 50].map((n) => html`<option value="${n}" ${n === limit ? raw(' selected') : ''}>${n}</option>`)}
          </select>
        </p>
      </div>
      <p><button type="submit">Filter</button> <a href="/library">Clear</a></p>
    </form>
    <p class="total" role="status">
      ${r.total_count === 0 ? 'No papers match.' : `Showing ${from}–${to} of ${r.total_count} paper${r.total_count === 1 ? '' : 's'}`}
    </p>
    <p class="legend">
      <span class="badge">saved</span> filed under a topic folder (Save, a digest, the agent) ·
      <span class="badge seen">seen</span> stored because a search or a digest read it
    </p>
    <ol class="library-list" start="${from || 1}">
      ${r.papers.map((p, i) => {
        const inFolders = folders.get(p.arxiv_id) ?? [];
        return html`<li>
          <article aria-labelledby="lib-${i}">
            <h2 class="h3" id="lib-${i}">
              <a href="${paperHref(p.arxiv_id)}">${oneLine(p.title)}</a>
              ${inFolders.length ? html`<span class="badge" title="in ${inFolders.join(', ')}">saved</span>` : html`<span class="badge seen">seen</span>`}
            </h2>
            <p class="meta">
              arXiv:${p.arxiv_id} · ${p.categories.join(', ')} ·
              ${p.published_date}${inFolders.length ? ` · in ${inFolders.join(', ')}` : ''}<br />${authorsOf(p.authors)}
            </p>
            <details>
              <summary>Abstract</summary>
              <p>${oneLine(p.abstract)}</p>
            </details>
            <div class="actions">
              <form
                method="post"
                action="/library/remove"
                class="js-action"
                data-confirm="Remove arXiv:${p.arxiv_id} from the library? Its digests stay."
              >
                ${csrfField(ctx)}<input type="hidden" name="id" value="${p.arxiv_id}" /><input
                  type="hidden"
                  name="back"
                  value="${back}"
                /><button type="submit" class="danger">
                  Remove<span class="sr-only"> arXiv:${p.arxiv_id}</span>
                </button>
              </form>
              <p class="action-status" role="status" aria-live="polite"></p>
            </div>
          </article>
        </li>`;
      })}
    </ol>
    ${
      pages > 1
        ? html`<nav class="pager" aria-label="Pages">
            ${f.page > 1 ? html`<a href="${pageLink(f.page - 1)}" rel="prev">← Previous</a>` : ''}
            <span>Page ${f.page} of ${pages}</span>
            ${f.page < pages ? html`<a href="${pageLink(f.page + 1)}" rel="next">Next →</a>` : ''}
          </nav>`
        : ''
    }`;
}

export interface SubscriptionDefaults {
  cron: string;
  timezone: string;
  topK: number;
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

/** One assistant answer: sanitised Markdown, its tool calls and its cited papers as cards. */
export function assistantMessage(
  text: string,
  cited: AgentReply['cited'],
  tools: string[],
  n: number,
  proposals: { list: ChatProposal[]; csrf: string } = { list: [], csrf: '' },
): Html {
  const rendered = renderMarkdown(text, { headingOffset: 2 });
  return html`<article class="msg assistant" id="msg-${n}" aria-label="arxiv-radar's answer">
    <p class="who">arxiv-radar</p>
    ${
      tools.length
        ? html`<ul class="tools" aria-label="Tool calls">
            ${tools.map((t) => html`<li>Tool: ${t}</li>`)}
          </ul>`
        : ''
    }
    <div class="answer markdown">${raw(rendered.html)}</div>
    ${citedCards(cited)} ${proposals.list.map((p) => proposalBox(p, proposals.csrf))}
    <button type="button" class="speak" data-speak="msg-${n}" hidden>Read aloud</button>
  </article>`;
}

/**
 * A change the agent proposed: the server's summary, and the user's own Confirm and Decline (the
 * only way it is applied; the model cannot press them).
 */
function proposalBox(p: ChatProposal, csrf: string): Html {
  const status =
    p.state === 'applied'
      ? 'Applied.'
      : p.state === 'declined'
        ? 'Declined: nothing changed.'
        : p.problem
          ? `Cannot be applied: ${p.problem}.`
          : 'Not applied: confirm to apply it.';
  return html`<section class="proposal" aria-label="Proposed change">
    <p><strong>Proposed:</strong> ${p.title}</p>
    <ul>
      ${p.changes.map((c) => html`<li>${c}</li>`)}
    </ul>
    <p class="meta">${status}</p>
    ${p.state === 'pending' && p.confirmable ? html`<form method="post" action="/chat/proposal"><input type="hidden" name="_csrf" value="${csrf}" /><input type="hidden" name="id" value="${p.id}" /><button type="submit" name="decision" value="confirm">Confirm</button> <button type="submit" name="decision" value="decline" class="secondary">Decline</button></form>` : ''}
  </section>`;
}

export function citedCards(cited: AgentReply['cited']): Html | '' {
  if (!cited.length) return '';
  return html`<ul class="cards" aria-label="Cited papers">
    ${cited.map(
      (c) =>
        html`<li class="card">
          <a href="${paperHref(c.id)}">${c.title ? oneLine(c.title) : `arXiv:${c.id}`}</a
          ><span class="meta">arXiv:${c.id} · <a href="${c.url}" rel="noopener">arXiv page</a></span>
        </li>`,
    )}
  </ul>`;
}

export function chatPage(
  ctx: PageContext,
  session: Session,
  notice: string | null,
  error: string | null,
): Html {
  return html`<h1>Chat with the research agent</h1>
    ${notice ? html`<p class="note">${notice}</p>` : ''}
    <div id="chat-log" class="chat-log" role="log" aria-live="polite" aria-label="Conversation">
      ${session.chat.map((m, i) =>
        m.role === 'user'
          ? html`<article class="msg user" aria-label="You">
              <p class="who">You</p>
              <p>${m.text}</p>
            </article>`
          : assistantMessage(m.text, m.cited ?? [], m.tools ?? [], i, {
              list: m.proposals ?? [],
              csrf: ctx.csrf,
            }),
      )}
    </div>
    <p id="chat-status" class="progress" role="status" aria-live="polite"></p>
    ${error ? html`<p class="error" role="alert">${error}</p>` : ''}
    <form method="post" action="/chat" id="chat-form" class="chat-form">
      ${csrfField(ctx)}
      <label for="question">Your question</label>
      <textarea
        id="question"
        name="question"
        rows="3"
        required
        minlength="1"
        maxlength="2000"
        placeholder="e.g. What is new in software testing? Cite papers."
      ></textarea>
      <div class="row">
        <button type="submit" id="send">Send</button>
        ${ctx.stt ? html`<button type="button" id="mic" aria-pressed="false" hidden>Record question</button>` : ''}
        <span id="voice-status" role="status" aria-live="polite"></span>
        <button type="submit" form="chat-reset" class="reset">New conversation</button>
      </div>
    </form>
    <form method="post" action="/chat/reset" id="chat-reset">${csrfField(ctx)}</form>`;
}

export function loginPage(ctx: PageContext, error: string | null): Html {
  return html`<h1>Sign in</h1>
    <p>This arxiv-radar is reachable from other machines, so it asks for its token (WEB_TOKEN).</p>
    ${error ? html`<p class="error" role="alert">${error}</p>` : ''}
    <form method="post" action="/login">
      ${csrfField(ctx)}
      <p>
        <label for="token">Token</label
        ><input id="token" name="token" type="password" required autocomplete="current-password" />
      </p>
      <p><button type="submit">Sign in</button></p>
    </form>`;
}

/** Another site linked or embedded a paper we do not have yet: fetching it from arXiv takes the user's own click. */
export function confirmFetchPage(id: string, path: string, source: string | null): Html {
  return html`<h1>Open arXiv:${id}?</h1>
    <p>
      This paper is not in the library yet. Opening it fetches it from arXiv and converts it, which takes a
      moment. You came here from another site, so it waits for you to ask.
    </p>
    <form method="get" action="${path}">
      ${source ? html`<input type="hidden" name="source" value="${source}" />` : ''}<button type="submit">
        Fetch and open the paper
      </button>
    </form>`;
}

/**
 * An error's heading: its first sentence, which says what went wrong ("No subscription named
 * \"x\"", "arXiv has no paper 2401.99999"); the rest (what to do) goes below it.
 */
export function errorHeading(message: string): { heading: string; rest: string } {
  const m = /^(.+?[.!?])\s+(\S.*)$/s.exec(message.trim());
  const [first, rest] = m ? [m[1]!, m[2]!] : [message.trim(), ''];
  return { heading: first.replace(/\.$/, ''), rest };
}

export function errorPage(message: string): Html {
  const { heading, rest } = errorHeading(message);
  return html`<h1 class="error" role="alert">${heading}</h1>
    ${rest ? html`<p>${rest}</p>` : ''}
    <p><a href="/">Back to search</a></p>`;
}
