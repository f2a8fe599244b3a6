import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { startDiscordServer, type DiscordFake } from '../fakes/discord-server.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const APP_ID = '1300000000000000001';
const run = promisify(execFile);

describe('./bin/arxiv-radar discord deploy-commands', () => {
  let discord: DiscordFake;
  before(async () => {
    discord = await startDiscordServer({ applicationId: APP_ID, token: 'test-bot-token' });
  });
  after(async () => {
    await discord.close();
  });
  const env = () => ({
    ...process.env,
    DISCORD_API_URL: discord.url,
    DISCORD_TOKEN: 'test-bot-token',
    DISCORD_APPLICATION_ID: APP_ID,
    LOG_LEVEL: 'warn',
  });

  it('PUTs the /arxiv command to a guild with the bot token', async () => {
    const { stdout } = await run(
      path.join(ROOT, 'bin/arxiv-radar'),
      ['discord', 'deploy-commands', '--guild', '1300000000000000200'],
      { cwd: ROOT, env: env() },
    );
    assert.match(stdout, /Registered 1 command .* for guild 1300000000000000200/);
    const put = discord.requests.find((r) => r.method === 'PUT');
    assert.equal(put?.path, `/applications/${APP_ID}/guilds/1300000000000000200/commands`);
    assert.equal(put?.headers.authorization, 'Bot test-bot-token');
    const [cmd] = put?.body as Array<{ name: string; options: Array<{ name: string }> }>;
    assert.deepEqual(
      cmd?.options.map((o) => o.name),
      ['search', 'paper', 'ask', 'list', 'subscribe', 'unsubscribe', 'subscriptions', 'digest'],
    );
  });

  it('PUTs globally without --guild, and explains missing credentials', async () => {
    await run(path.join(ROOT, 'bin/arxiv-radar'), ['discord', 'deploy-commands'], { cwd: ROOT, env: env() });
    assert.ok(
      discord.requests.some((r) => r.method === 'PUT' && r.path === `/applications/${APP_ID}/commands`),
    );
    await assert.rejects(
      run(path.join(ROOT, 'bin/arxiv-radar'), ['discord', 'deploy-commands'], {
        cwd: ROOT,
        env: { ...env(), DISCORD_TOKEN: '' },
      }),
      (e: { code: number; stderr: string }) => e.code === 2 && /Set DISCORD_TOKEN/.test(e.stderr),
    );
  });
});
