/** Search: the page (results rendered on the server) and its event stream (progress, then full-text TL;DRs). */
import { streamSSE } from 'hono/streaming';
import { AppError, errorMessage } from '../../domain/errors.ts';
import type { WebArea, WebContext, WebRequest } from '../context.ts';
import { statusOf } from '../http.ts';
import { searchPage, searchResults, summaryBlock } from '../views/search.ts';

/** How many of the best get a full-text TL;DR streamed in after the results. */
const FULL_TEXT_TOP_N = 3;

type SearchInput = ReturnType<typeof searchInput>;

function searchInput(c: WebRequest) {
  const q = (c.req.query('q') ?? '').trim().slice(0, 500);
  const query = (c.req.query('query') ?? '').trim().slice(0, 500);
  const max = [10, 20, 50].includes(Number(c.req.query('max'))) ? Number(c.req.query('max')) : 10;
  // Full-text TL;DRs for the top 3 stream in after the results: on for a new search, then as the form says.
  const full = q ? c.req.query('full') === '1' : true;
  const back = `/search?${new URLSearchParams({ q, ...(query ? { query } : {}), max: String(max), ...(full ? { full: '1' } : {}) }).toString()}`;
  return { q, query, max, full, back };
}

export const search: WebArea = {
  name: 'search',
  register(app, web) {
    app.get('/', (c) => c.redirect('/search', 302));
    app.get('/search', async (c) => {
      const s = searchInput(c);
      let result = null;
      let error: unknown = null;
      if (s.q) {
        try {
          web.limit(c, 'search');
          result = await web.service.searchPapers(
            { question: s.q, maxResults: s.max, ...(s.query ? { searchQuery: s.query } : {}) },
            undefined,
            { signal: c.req.raw.signal },
          );
        } catch (e) {
          error = e;
        }
      }
      const rateFor = result ? (await web.service.listSubscriptions()).map((x) => x.name) : [];
      const body = searchPage(web.pageContext(c), {
        ...s,
        result,
        error: error ? errorMessage(error) : null,
        rateFor,
      });
      return web.page(c, {
        title: s.q ? `Search: ${s.q}` : 'Search',
        body,
        status: error ? statusOf(error) : 200,
      });
    });
    app.get('/search/events', (c) => streamSearch(c, web, searchInput(c)));
  },
};

function streamSearch(c: WebRequest, web: WebContext, s: SearchInput): Response {
  const { service } = web;
  return streamSSE(c, async (stream) => {
    const ac = new AbortController();
    stream.onAbort(() => ac.abort());
    const send = (event: string, data: unknown) => stream.writeSSE({ event, data: JSON.stringify(data) });
    try {
      if (!s.q) throw new AppError('INVALID_INPUT', 'Type a question first.');
      web.limit(c, 'search');
      const r = await service.searchPapers(
        { question: s.q, maxResults: s.max, ...(s.query ? { searchQuery: s.query } : {}) },
        (message) => void send('progress', { message }).catch(() => {}),
        { signal: ac.signal },
      );
      // Results as soon as arXiv answered; then, if asked, the full texts of the top 3, each
      // TL;DR replacing its abstract one as it arrives.
      const papers = r.papers.length ? r.papers : (r.broader?.papers ?? []);
      const rateFor = (await service.listSubscriptions()).map((x) => x.name);
      const pending = s.full
        ? papers
            .slice(0, FULL_TEXT_TOP_N)
            .flatMap((p, i) => (p.summarySource === 'abstract' ? [{ p, rank: i + 1 }] : []))
        : [];
      await send('result', {
        html: (await searchResults(web.pageContext(c), s.q, r, s.back, rateFor)).toString(),
        url: s.back,
        count: papers.length,
        pending: pending.length,
      });
      for (const [i, { p, rank }] of pending.entries()) {
        await send('progress', {
          message: `Fetching the full text of arXiv:${p.paper.id} (${i + 1} of ${pending.length})…`,
        });
        try {
          const doc = await service.fullTextSummary(p.paper, undefined, { signal: ac.signal });
          const fromText =
            doc.summary && doc.source
              ? { ...p, summary: doc.summary, summarySource: 'full-text' as const }
              : p;
          await send('fulltext', {
            rank,
            id: p.paper.id,
            html: summaryBlock(fromText, rank).toString(),
            ok: fromText !== p,
            ...(doc.note ? { message: doc.note } : {}),
          });
        } catch (e) {
          if (ac.signal.aborted) return;
          await send('fulltext', { rank, id: p.paper.id, html: null, ok: false, message: errorMessage(e) });
        }
      }
      if (pending.length) await send('done', { count: papers.length });
    } catch (e) {
      await send('error', { message: errorMessage(e) });
    }
  });
}
