/**
 * What a publisher registers about itself: its kind, the variables it reads, what the core shows
 * and checks for it, whether a subscription must ask for it, and how it is built. Each publisher
 * file exports one of these; adapters/publish/registry.ts lists them.
 */
import type { Publisher } from '../../app/ports/publisher.ts';
import type { Config } from '../../config/env.ts';
import type { DestinationKind } from '../../domain/digest.ts';
import type { DestinationInfo } from '../../domain/digest-targets.ts';
import type { Destinations } from '../../domain/subscription.ts';
import type { Logger } from '../../lib/logger.ts';

export interface PublisherContext {
  config: Config;
  logger: Logger;
}

/** The publisher for a subscription's destinations, or null when this destination is not configured for them. */
export type PublisherResolver = (destinations: Destinations) => Publisher | null;

export interface PublisherPlugin {
  readonly kind: DestinationKind;
  /** The variables it reads (docs/publishing.md lists them). */
  readonly env: readonly (keyof Config)[];
  /**
   * What the core shows and checks for it when a subscription may name its own target
   * (`destinations.targets[kind]`); absent for the built-in three, whose fields are named.
   */
  info?(config: Config): DestinationInfo;
  /** Whether the subscription asked for it (Notion: `--notion`); absent: whenever it is configured. */
  chosen?(destinations: Destinations): boolean;
  /** The embedded default: used when nothing else is (the Markdown folder). */
  readonly fallback?: boolean;
  /** Builds its resolver, once per process; the resolver caches the publishers it builds. */
  create(ctx: PublisherContext): PublisherResolver;
}

/**
 * The target of a destination with a subscription's own target and a deployment default: the
 * subscription's (`destinations.targets[kind]`), else the default, else none.
 */
export function targetOf(
  destinations: Destinations,
  kind: DestinationKind,
  fallback?: string,
): string | null {
  return destinations.targets?.[kind] ?? fallback ?? null;
}

/** One publisher per target, built on first use. */
export function perTarget(build: (target: string) => Publisher): (target: string) => Publisher {
  const built = new Map<string, Publisher>();
  return (target) => {
    let p = built.get(target);
    if (!p) built.set(target, (p = build(target)));
    return p;
  };
}
