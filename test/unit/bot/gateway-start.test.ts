/**
 * `start` with DISCORD_TOKEN brings the gateway bot up on the default form of DISCORD_API_URL
 * (`…/api/v10`) against the strict Discord fake: discord.js asks `GET /api/v10/gateway/bot` (not a
 * doubled `/v10/v10`), connects to the fake gateway, identifies with the token and gets Ready.
 * The same holds for the root written without the version.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startDiscord } from '../../../bot/start.ts';
import { silentLogger } from '../../../lib/logger.ts';
import { startDiscordServer, type DiscordFake } from '../../fakes/discord-server.ts';
import { createMemoryRadarService, type MemoryRadarService } from '../../support/memory-radar-service.ts';

const TOKEN = 'gateway-bot-token';

describe('the gateway bot starts against the strict Discord fake', () => {
  let discord: DiscordFake;
  let service: MemoryRadarService;
  before(async () => {
    discord = await startDiscordServer({ token: TOKEN });
    service = createMemoryRadarService([]);
  });
  after(async () => {
    await service?.close();
    await discord?.close();
  });

  for (const form of ['default (…/api/v10)', 'without the version (…/api)']) {
    it(`with DISCORD_API_URL ${form}`, async () => {
      const apiUrl = form.startsWith('default') ? discord.url : discord.url.replace(/\/v10$/, '');
      const requestsBefore = discord.requests.length;
      const connectionsBefore = discord.gateway.connections.length;
      const running = await startDiscord(
        {
          DISCORD_TOKEN: TOKEN,
          DISCORD_API_URL: apiUrl,
          DISCORD_PUBLIC_KEY: undefined,
          DISCORD_INTERACTIONS_ADDR: undefined,
          DISCORD_MANAGER_ROLE: undefined,
          DISCORD_USER_BURST: 3,
          DISCORD_USER_REFILL_SECONDS: 20,
        },
        service,
        silentLogger,
      );
      try {
        assert.equal(running?.gateway, true);
        const rest = discord.requests.slice(requestsBefore);
        assert.deepEqual(
          rest.map((r) => `${r.method} ${r.path} ${r.status}`),
          ['GET /gateway/bot 200'],
          'one REST call, under /api/v10',
        );
        assert.equal(rest[0]?.headers.authorization, `Bot ${TOKEN}`);
        assert.equal(discord.gateway.connections.length, connectionsBefore + 1);
        assert.equal(discord.gateway.connections.at(-1)?.v, '10');
        const identify = discord.gateway.received.filter((e) => e.op === 2).at(-1);
        assert.ok(identify, 'the client identified');
        assert.equal((identify.d as { token?: string }).token, TOKEN);
      } finally {
        await running?.stop();
      }
    });
  }
});
