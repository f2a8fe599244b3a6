/** The service's subscriptions: subscribing (the one capability), ratings, pausing, and where digests go. */
import { describeTargets, type PublishingSettings } from '../../domain/digest-targets.ts';
import { viewOf, subscribeTopic } from '../capabilities/subscribe.ts';
import { ratePaper } from '../ratings.ts';
import type { CallOptions, DeliveryReport, RadarService } from '../radar-service.ts';
import { notFound, type ServiceContext } from './context.ts';

const NO_PUBLISHING: PublishingSettings = {
  notion: false,
  discordApiUrl: 'https://discord.com/api/v10',
  discordBot: false,
  discordWebhook: false,
  discordChannelId: null,
};

type SubscriptionMethods = Pick<
  RadarService,
  | 'subscribe'
  | 'ratePaper'
  | 'listRatings'
  | 'unsubscribe'
  | 'listSubscriptions'
  | 'deliveryReport'
  | 'pauseSubscription'
>;

export function subscriptionMethods({ ports, settings }: ServiceContext): SubscriptionMethods {
  const { store, schedules } = ports;
  return {
    subscribe: (input, options: CallOptions = {}) => subscribeTopic(ports, settings, input, options.signal),

    ratePaper: (input, options: CallOptions = {}) => ratePaper(store, ports.arxiv, input, options.signal),

    async listRatings(subscription) {
      if (!(await store.getSubscription(subscription))) throw notFound(subscription);
      return store.listRatings(subscription);
    },

    async unsubscribe(name) {
      const existed = await store.deleteSubscription(name);
      const hadSchedule = await schedules.remove(name);
      return existed || hadSchedule;
    },

    listSubscriptions: async () => (await store.listSubscriptions()).map(viewOf),

    async deliveryReport() {
      const publishing = settings.publishing ?? NO_PUBLISHING;
      const reports: DeliveryReport[] = [];
      for (const sub of await store.listSubscriptions()) {
        const pending = (await store.pendingDeliveries(sub.name)).map((d) => ({
          announcement: d.announcement,
          failures: d.failures ?? [],
        }));
        reports.push({ name: sub.name, sendsTo: describeTargets(sub.destinations, publishing), pending });
      }
      return reports;
    },

    async pauseSubscription(name, paused) {
      const prior = await store.getSubscription(name);
      if (!prior) throw notFound(name);
      const sub = await store.upsertSubscription({ ...prior, paused });
      await schedules.upsert(sub);
      return viewOf(sub);
    },
  };
}
