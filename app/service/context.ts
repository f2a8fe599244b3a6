/** What every part of the RadarService is built from: its ports, the deployment's settings, the log. */
import { AppError } from '../../domain/errors.ts';
import type { Logger } from '../../lib/logger.ts';
import type { RadarPorts, ServiceSettings } from '../ports/service.ts';

export interface ServiceContext {
  ports: RadarPorts;
  settings: ServiceSettings;
  logger: Logger;
}

export { notStored } from '../capabilities/summarise.ts';

/** NOT_FOUND for an unknown subscription, saying how to list them. */
export const notFound = (name: string) =>
  new AppError('NOT_FOUND', `No subscription named "${name}". List them with \`arxiv-radar subscriptions\`.`);
