/** The library: the stored papers with filters and paging, saving a paper to it and removing one. */
import { z } from 'zod';
import { listPapersShape } from '../../domain/tool-schemas.ts';
import type { WebArea, WebContext, WebRequest } from '../context.ts';
import { backOf, splitList, zodMessage } from '../http.ts';
import { errorPage } from '../views/layout.ts';
import { libraryPage } from '../views/library.ts';

export const library: WebArea = {
  name: 'library',
  register(app, web) {
    const { service } = web;
    app.get('/library', (c) => libraryRoute(c, web));
    app.post('/library/save', async (c) => {
      const body = await c.req.parseBody();
      const id = String(body.id ?? '').trim();
      const topic = String(body.topic ?? 'saved').trim() || 'saved';
      const saved = await service.savePaper({ id, topic });
      // Saving from a digest counts as 👍 for its subscription.
      const sub = typeof body.subscription === 'string' ? body.subscription.trim() : '';
      if (sub)
        await service.ratePaper(
          { subscription: sub, paper: saved.id, rating: 'up', source: 'web' },
          { signal: c.req.raw.signal },
        );
      return web.actionDone(
        c,
        `Saved arXiv:${saved.id} to the library under "${saved.topic}"${sub ? ` and rated it 👍 for ${sub}` : ''}.`,
        backOf(body.back, '/library'),
      );
    });
    app.post('/library/remove', async (c) => {
      const body = await c.req.parseBody();
      const removed = await service.removePaper(String(body.id ?? '').trim());
      const message = `Removed arXiv:${removed.id} from the library (its digests stay).`;
      // Shown on the page the enhanced form reloads, too.
      c.var.session.flash = message;
      return web.actionDone(c, message, backOf(body.back, '/library'));
    });
  },
};

async function libraryRoute(c: WebRequest, web: WebContext) {
  const { service } = web;
  const q = c.req.query();
  const limitN = [5, 20, 50].includes(Number(q.limit)) ? Number(q.limit) : 20;
  const pageN = Math.max(1, Math.min(10_000, Number.parseInt(q.page ?? '1', 10) || 1));
  const raw = {
    ...(q.query?.trim() ? { query: q.query.trim() } : {}),
    ...(q.author?.trim() ? { author: q.author.trim() } : {}),
    ...(splitList(q.categories).length ? { categories: splitList(q.categories) } : {}),
    ...(q.start_date ? { start_date: q.start_date } : {}),
    ...(q.end_date ? { end_date: q.end_date } : {}),
    ...(q.topic ? { topic: q.topic } : {}),
    limit: limitN,
    offset: (pageN - 1) * limitN,
  };
  const parsed = z.object(listPapersShape).safeParse(raw);
  const [topics, result, error] = parsed.success
    ? [await service.topics(), await service.listPapers(parsed.data), null]
    : [await service.topics(), { total_count: 0, returned: 0, papers: [] }, zodMessage(parsed.error)];
  const query = new URLSearchParams(
    Object.entries(q).filter(([k, v]) => k !== 'page' && v !== ''),
  ).toString();
  // Saved (filed under a topic folder) or only seen (stored because a search or digest read it).
  const folders = new Map(
    await Promise.all(
      result.papers.map(
        async (p) =>
          [p.arxiv_id, (await service.extractInfo(p.arxiv_id).catch(() => null))?.topics ?? []] as const,
      ),
    ),
  );
  const body = libraryPage(
    web.pageContext(c),
    { ...raw, page: pageN },
    result,
    topics,
    query,
    folders,
    c.req.url.slice(c.req.url.indexOf('/library')),
  );
  return web.page(c, {
    title: 'Library',
    body: error ? errorPage(error) : body,
    status: error ? 400 : 200,
  });
}
