/** Subscriptions: the list and form, saving (new or edited), pausing, deleting and running one now. */
import { z } from 'zod';
import { subscriptionRequestOf } from '../../app/capabilities/subscribe.ts';
import type { SubscriptionView } from '../../app/radar-service.ts';
import { AppError } from '../../domain/errors.ts';
import { seedPapersShape, subscribeTopicShape } from '../../domain/tool-schemas.ts';
import type { WebArea, WebContext, WebRequest } from '../context.ts';
import { splitList, zodMessage } from '../http.ts';
import { editSubscriptionPage, subscriptionsPage } from '../views/subscriptions.ts';

/** The subscription of that name, or NOT_FOUND. */
export async function findSubscription(web: WebContext, name: string): Promise<SubscriptionView> {
  const s = (await web.service.listSubscriptions()).find((x) => x.name === name);
  if (!s) throw new AppError('NOT_FOUND', `No subscription named "${name}".`);
  return s;
}

export const subscriptions: WebArea = {
  name: 'subscriptions',
  register(app, web) {
    const { service } = web;
    app.get('/subscriptions', async (c) =>
      web.page(c, {
        title: 'Subscriptions',
        body: subscriptionsPage(
          web.pageContext(c),
          await service.listSubscriptions(),
          web.defaults,
          await service.deliveryReport(),
        ),
      }),
    );
    app.get('/subscriptions/:name/edit', async (c) => {
      const s = await findSubscription(web, c.req.param('name'));
      return web.page(c, {
        title: `Edit ${s.name}`,
        body: editSubscriptionPage(web.pageContext(c), s, web.defaults),
      });
    });
    app.post('/subscriptions', (c) => saveSubscription(c, web));
    app.post('/subscriptions/:name/pause', async (c) => {
      const b = await c.req.parseBody();
      const s = await service.pauseSubscription(c.req.param('name'), b.paused === '1');
      return web.actionDone(
        c,
        s.paused ? `Paused ${s.name}: its schedule will not run.` : `Resumed ${s.name}.`,
        '/subscriptions',
      );
    });
    app.post('/subscriptions/:name/delete', async (c) => {
      const name = c.req.param('name');
      const existed = await service.unsubscribe(name);
      if (!existed) throw new AppError('NOT_FOUND', `No subscription named "${name}".`);
      return web.actionDone(c, `Deleted ${name}; its digests stay.`, '/subscriptions');
    });
    app.post('/subscriptions/:name/run', async (c) => {
      const s = await findSubscription(web, c.req.param('name'));
      const run = await web.runs.start(s.name);
      return web.actionDone(c, `Running the ${s.name} digest…`, `/runs/${encodeURIComponent(run.id)}`);
    });
  },
};

/** The subscription form, new or edited: checked by the shared schema, then subscribed. */
async function saveSubscription(c: WebRequest, web: WebContext) {
  const { service } = web;
  const b = await c.req.parseBody();
  const str = (k: string) => (typeof b[k] === 'string' ? (b[k] as string).trim() : '');
  const parsed = z.object({ ...subscribeTopicShape, ...seedPapersShape }).safeParse({
    name: str('name'),
    interest: str('interest'),
    ...(str('query') ? { query: str('query') } : {}),
    ...(splitList(str('categories')).length ? { categories: splitList(str('categories')) } : {}),
    ...(str('cron') ? { schedule: str('cron') } : {}),
    ...(str('timezone') ? { timezone: str('timezone') } : {}),
    ...(str('topK') ? { top_k: Number(str('topK')) } : {}),
    ...(splitList(str('like')).length ? { like: splitList(str('like')) } : {}),
  });
  if (!parsed.success) throw new AppError('INVALID_INPUT', zodMessage(parsed.error));
  const a = parsed.data;
  const prior = (await service.listSubscriptions()).find((x) => x.name === a.name);
  // A registered destination's own target, only when typed (never shown back; the service checks it).
  const targets = Object.fromEntries(
    (web.defaults.destinations ?? []).flatMap((t) =>
      str(`target.${t.kind}`) ? [[t.kind, str(`target.${t.kind}`)]] : [],
    ),
  );
  // The one request builder; the form is the whole subscription, so an emptied query or category list clears it.
  const request = subscriptionRequestOf(
    {
      ...a,
      // Discord: a channel id given here; a webhook URL only when typed (it is never shown back).
      discord_channel_id: str('discordChannelId'),
      discord_webhook_url: str('discordWebhookUrl'),
      targets,
    },
    { whole: true },
  );
  await service.subscribe(request, { signal: c.req.raw.signal });
  // Editing keeps a paused subscription paused (subscribe stores it active).
  if (prior?.paused) await service.pauseSubscription(a.name, true);
  const seeded = a.like?.length
    ? ` ${a.like.length} seed paper${a.like.length === 1 ? '' : 's'} rated 👍.`
    : '';
  return web.actionDone(
    c,
    `${prior ? `Saved ${a.name}.` : `Subscribed: ${a.name}.`}${seeded}`,
    `/subscriptions#sub-${a.name}`,
  );
}
