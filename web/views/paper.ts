/** The paper page: header, facts, actions, and the converted full text (stored, or streamed in). */
import { html, raw } from 'hono/html';
import type { PaperDocument } from '../../app/radar-service.ts';
import type { ContentSource } from '../../domain/content-source.ts';
import { renderMarkdown } from '../markdown.ts';
import { oneLine, paperActions } from './components.ts';
import type { Html, PageContext } from './layout.ts';

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

/** Where the streamed paper page continues once the full text is converted (routes/paper.ts splits the page here). */
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
