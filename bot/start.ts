/**
 * What `start` calls to run the bot: the gateway when DISCORD_TOKEN is set, the HTTP
 * interactions endpoint when DISCORD_PUBLIC_KEY and DISCORD_INTERACTIONS_ADDR are set (both may
 * run). Returns null when neither is configured.
 */
import type { AgentService } from '../app/agent-service.ts';
import type { RadarService } from '../app/radar-service.ts';
import type { Config } from '../config/env.ts';
import type { Logger } from '../lib/logger.ts';
import { createBot } from './bot.ts';
import { createDiscordRest } from '../lib/discord/rest.ts';
import { createInteractionsServer } from './http/interactions-server.ts';
import { assertNoProblems, interactionsProblems, parseListenAddress } from '../lib/listen-address.ts';
import type { RateLimitOptions } from '../lib/rate-limit.ts';

export type DiscordConfig = Pick<
  Config,
  | 'DISCORD_TOKEN'
  | 'DISCORD_PUBLIC_KEY'
  | 'DISCORD_API_URL'
  | 'DISCORD_MANAGER_ROLE'
  | 'DISCORD_INTERACTIONS_ADDR'
  | 'DISCORD_USER_BURST'
  | 'DISCORD_USER_REFILL_SECONDS'
> &
  Partial<Pick<Config, 'ARXIV_SITE_URL'>>;

/** The per-user limit on expensive commands: a burst, then one more every refill period. */
export function userRateLimit(
  config: Pick<Config, 'DISCORD_USER_BURST' | 'DISCORD_USER_REFILL_SECONDS'>,
): RateLimitOptions {
  return { capacity: config.DISCORD_USER_BURST, refillMs: config.DISCORD_USER_REFILL_SECONDS * 1000 };
}

export interface RunningDiscord {
  /** Full URL of the interactions endpoint, when it runs (set it in the developer portal). */
  interactionsUrl: string | null;
  gateway: boolean;
  stop(): Promise<void>;
}

/**
 * Starts whatever Discord front ends the config enables; null when none is. `opts.agent`: the
 * research agent `/arxiv ask` uses when an LLM is configured.
 */
export async function startDiscord(
  config: DiscordConfig,
  service: RadarService,
  logger: Logger,
  opts: { rateLimit?: RateLimitOptions; agent?: AgentService | undefined } = {},
): Promise<RunningDiscord | null> {
  // The config schema applies the same rules; this guards callers that build the config by hand.
  assertNoProblems(interactionsProblems(config.DISCORD_INTERACTIONS_ADDR, config.DISCORD_PUBLIC_KEY));
  const wantsHttp = Boolean(config.DISCORD_PUBLIC_KEY && config.DISCORD_INTERACTIONS_ADDR);
  if (!config.DISCORD_TOKEN && !wantsHttp) return null;
  const bot = createBot({
    service,
    agent: opts.agent,
    logger,
    managerRoleId: config.DISCORD_MANAGER_ROLE ?? null,
    arxivOrigin: config.ARXIV_SITE_URL,
    rateLimit: opts.rateLimit ?? userRateLimit(config),
  });
  const stops: Array<() => Promise<void>> = [];
  let interactionsUrl: string | null = null;
  try {
    if (wantsHttp && config.DISCORD_PUBLIC_KEY && config.DISCORD_INTERACTIONS_ADDR) {
      const { host, port } = parseListenAddress(
        config.DISCORD_INTERACTIONS_ADDR,
        'DISCORD_INTERACTIONS_ADDR',
      );
      const rest = createDiscordRest({ apiUrl: config.DISCORD_API_URL, botToken: config.DISCORD_TOKEN });
      const server = createInteractionsServer({
        bot,
        rest,
        threads: Boolean(config.DISCORD_TOKEN),
        publicKey: config.DISCORD_PUBLIC_KEY,
        logger,
      });
      interactionsUrl = await server.listen(host, port);
      stops.push(() => server.close());
      logger.info({ url: interactionsUrl }, 'Discord interactions endpoint listening');
    }
    if (config.DISCORD_TOKEN) {
      const { startGateway } = await import('./gateway/gateway.ts');
      const gw = await startGateway({
        bot,
        token: config.DISCORD_TOKEN,
        apiUrl: config.DISCORD_API_URL,
        logger,
      });
      stops.push(() => gw.stop());
    }
  } catch (e) {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    throw e;
  }
  return {
    interactionsUrl,
    gateway: Boolean(config.DISCORD_TOKEN),
    stop: async () => {
      for (const stop of stops.reverse()) await stop();
    },
  };
}
