/**
 * The real RadarService on the real Temporal dev server, wired to loopback fakes of arXiv, Notion
 * and Discord: what the digest integration tests share. `stop()` closes everything it started.
 */
import { silentLogger } from '../../lib/logger.ts';
import { openRadarService, type RadarServiceHandle } from '../../workers/compose.ts';
import { startFakeArxiv, type FakeArxiv, type FakeArxivOptions } from '../fakes/arxiv-server.ts';
import { startDiscordServer, type DiscordFake, type DiscordFakeOptions } from '../fakes/discord-server.ts';
import { startNotionServer, type NotionFake, type NotionFakeOptions } from '../fakes/notion-server.ts';
import { fakeServicesEnv } from './fake-env.ts';
import { startTestRuntime, type TestRuntime } from './runtime.ts';

export interface ServiceHarness {
  arxiv: FakeArxiv;
  notion: NotionFake;
  discord: DiscordFake;
  t: TestRuntime;
  service: RadarServiceHandle;
  stop(): Promise<void>;
}

/** Options of the Notion and Discord fakes, and settings over the fakes' environment. */
export interface HarnessOptions {
  notion?: NotionFakeOptions;
  discord?: DiscordFakeOptions;
  /** Extra settings; a value of '' removes the setting. */
  env?: (fakes: { notion: NotionFake; discord: DiscordFake }) => Record<string, string>;
}

export async function startServiceHarness(
  arxivOptions: FakeArxivOptions = {},
  options: HarnessOptions = {},
): Promise<ServiceHarness> {
  const arxiv = await startFakeArxiv(arxivOptions);
  const notion = await startNotionServer(options.notion);
  const discord = await startDiscordServer({ token: 'bot-token', ...options.discord });
  const env = { ...fakeServicesEnv(arxiv, notion, discord), ...options.env?.({ notion, discord }) };
  for (const [k, v] of Object.entries(env)) if (v === '') delete env[k];
  const t = await startTestRuntime(env);
  const service = openRadarService(t.config, silentLogger, { client: t.client });
  return {
    arxiv,
    notion,
    discord,
    t,
    service,
    async stop() {
      await service.close();
      await t.stop();
      await Promise.all([arxiv.close(), notion.close(), discord.close()]);
    },
  };
}
