/**
 * The RadarService over its ports: the one implementation every front end uses (its interface is
 * app/radar-service.ts), assembled from its parts by area.
 */
import type { Logger } from '../../lib/logger.ts';
import type { RadarPorts, ServiceSettings } from '../ports/service.ts';
import type { RadarService } from '../radar-service.ts';
import { arxivToolMethods } from './arxiv-tools.ts';
import { libraryMethods } from './library.ts';
import { publishingMethods } from './publishing.ts';
import { searchMethods } from './search.ts';
import { subscriptionMethods } from './subscriptions.ts';
import { sharedToolMethods } from './tools.ts';

export function createRadarService(
  ports: RadarPorts,
  settings: ServiceSettings,
  logger: Logger,
): RadarService {
  const ctx = { ports, settings, logger };
  return {
    ...searchMethods(ctx),
    ...libraryMethods(ctx),
    ...subscriptionMethods(ctx),
    ...publishingMethods(ctx),
    ...arxivToolMethods(ctx),
    ...sharedToolMethods(ctx),
  };
}
