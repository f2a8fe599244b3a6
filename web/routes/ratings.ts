/** 👍/👎 for a paper in a subscription (from a digest or a search result): its next digests learn from it. */
import { AppError } from '../../domain/errors.ts';
import type { WebArea } from '../context.ts';
import { backOf } from '../http.ts';

export const ratings: WebArea = {
  name: 'ratings',
  register(app, web) {
    app.post('/ratings', async (c) => {
      const body = await c.req.parseBody();
      const rating =
        body.rating === 'up' || body.rating === 'down'
          ? body.rating
          : body.rating === 'clear'
            ? null
            : undefined;
      if (rating === undefined) throw new AppError('INVALID_INPUT', 'rating must be up, down or clear');
      const subscription = String(body.subscription ?? '').trim();
      const r = await web.service.ratePaper(
        { subscription, paper: String(body.id ?? '').trim(), rating, source: 'web' },
        { signal: c.req.raw.signal },
      );
      const what = rating === null ? 'Cleared the rating of' : `Rated ${rating === 'up' ? '👍' : '👎'}`;
      return web.actionDone(
        c,
        `${what} arXiv:${r.paper.id} for ${subscription}; its next digests learn from it.`,
        backOf(body.back, '/subscriptions'),
      );
    });
  },
};
