/**
 * The publishers, as a list: the one place a destination is added (its file under
 * adapters/publish/ exports a PublisherPlugin; one line here lists it). The order is the order a
 * digest goes out in. The worker's publishers, the destinations of a subscription and what the
 * service shows and checks are all derived from this list.
 */
import type { Publisher } from '../../app/ports/publisher.ts';
import type { Config } from '../../config/env.ts';
import type { DestinationKind } from '../../domain/digest.ts';
import type { DestinationInfo } from '../../domain/digest-targets.ts';
import type { Destinations } from '../../domain/subscription.ts';
import type { Logger } from '../../lib/logger.ts';
import { discordPublisher } from './discord.ts';
import { markdownPublisher } from './markdown-folder.ts';
import { notionPublisher } from './notion.ts';
import type { PublisherPlugin, PublisherResolver } from './plugin.ts';
import { slackPublisher } from './slack.ts';

export const PUBLISHERS: readonly PublisherPlugin[] = [
  notionPublisher,
  discordPublisher,
  slackPublisher,
  markdownPublisher,
];

/** The built publishers of a process. */
export interface Publishers {
  /** The publisher for one destination of a subscription, or null when it is not configured. */
  publisherFor(kind: DestinationKind, destinations: Destinations): Publisher | null;
  /** Where a subscription's digests go: the configured destinations it asked for, else the fallback (Markdown). */
  destinationsOf(destinations: Destinations): DestinationKind[];
}

/** What the service shows and checks for the destinations with targets of their own (no secrets, nothing built). */
export function registeredDestinations(
  config: Config,
  plugins: readonly PublisherPlugin[] = PUBLISHERS,
): DestinationInfo[] {
  return plugins.flatMap((p) => (p.info ? [p.info(config)] : []));
}

/** Builds the resolvers of `plugins` (their publishers are built on first use). */
export function createPublishers(
  ctx: { config: Config; logger: Logger },
  plugins: readonly PublisherPlugin[] = PUBLISHERS,
): Publishers {
  const resolvers = new Map<DestinationKind, PublisherResolver>(plugins.map((p) => [p.kind, p.create(ctx)]));
  const publisherFor = (kind: DestinationKind, d: Destinations) => resolvers.get(kind)?.(d) ?? null;
  return {
    publisherFor,
    destinationsOf(d) {
      const kinds = plugins
        .filter((p) => !p.fallback && (p.chosen?.(d) ?? true) && publisherFor(p.kind, d))
        .map((p) => p.kind);
      for (const p of plugins.filter((p) => p.fallback))
        if (p.chosen?.(d) || kinds.length === 0) kinds.push(p.kind);
      return kinds;
    },
  };
}

const built = new WeakMap<Config, Publishers>();

/** The process's publishers for `config`, built once (one Notion publisher, whoever asks: worker or service). */
export function publishersOf(config: Config, logger: Logger): Publishers {
  let p = built.get(config);
  if (!p) built.set(config, (p = createPublishers({ config, logger })));
  return p;
}
