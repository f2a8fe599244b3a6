/** The library page: filters, the stored papers (saved or only seen), removal and paging. */
import { html, raw } from 'hono/html';
import type { ListFiltersInput, ListResultOutput } from '../../app/radar-service.ts';
import { authorsOf, csrfField, oneLine, paperHref } from './components.ts';
import type { Html, PageContext } from './layout.ts';

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
