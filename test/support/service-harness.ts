/**
 * The real RadarService on the real Temporal dev server, wired to loopback fakes of arXiv, Notion
 * and Discord: what the digest integration tests share. `stop()` closes everything it started.
 */
import { silentLogger } from '../../lib/logger.ts';
import { openRadarService, type RadarServiceHandle } from '../../workers/compose.ts';
import { startFakeArxiv, type FakeArxiv, type FakeArxivOptions } from '../fakes/arxiv-server.ts';
import { startDiscordServer, type DiscordFake } from '../fakes/discord-server.ts';
import { startNotionServer, type NotionFake } from '../fakes/notion-server.ts';
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

export async function startServiceHarness(arxivOptions: FakeArxivOptions = {}): Promise<ServiceHarness> {
  const arxiv = await startFakeArxiv(arxivOptions);
  const notion = await startNotionServer();
  const discord = await startDiscordServer({ token: 'bot-token' });
  const t = await startTestRuntime(fakeServicesEnv(arxiv, notion, discord));
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
