/** A subscription's digests, and one digest with the user's ratings of its papers. */
import { AppError } from '../../domain/errors.ts';
import type { WebArea } from '../context.ts';
import { digestPage, digestsPage } from '../views/digests.ts';

export const digests: WebArea = {
  name: 'digests',
  register(app, web) {
    const { service } = web;
    app.get('/subscriptions/:name/digests', async (c) => {
      const name = c.req.param('name');
      return web.page(c, {
        title: `Digests of ${name}`,
        body: digestsPage(name, await service.listDigests(name, 100)),
      });
    });
    app.get('/digest', async (c) => {
      const key = c.req.query('key') ?? '';
      const d = await service.getDigest(key);
      if (!d) throw new AppError('NOT_FOUND', `No digest ${key}.`);
      // A digest outlives its subscription; then there is nothing to rate for.
      const ratings = await service.listRatings(d.subscription).catch(() => null);
      const body = ratings
        ? digestPage(web.pageContext(c), d, new Map(ratings.map((r) => [r.arxivId, r.rating])))
        : digestPage(web.pageContext(c), d);
      return web.page(c, { title: `${d.subscription} — ${d.date}`, body, math: true });
    });
  },
};
