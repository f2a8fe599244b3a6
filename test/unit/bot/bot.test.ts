import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import { createBot, type Bot } from '../../../bot/bot.ts';
import { DISCORD_LIMITS, embedLength } from '../../../domain/discord-limits.ts';
import { PERMISSION } from '../../../bot/permissions.ts';
import type { BotMessage, CommandInvocation } from '../../../bot/types.ts';
import { silentLogger } from '../../../lib/logger.ts';
import {
  createMemoryRadarService,
  papersFromCorpusFeed,
  type MemoryRadarService,
} from '../../support/memory-radar-service.ts';
import { recordingResponder } from './recording-responder.ts';

const PAPERS = papersFromCorpusFeed('search_testing_start0_max100.xml');

const member = (
  over: Partial<CommandInvocation> = {},
): Omit<CommandInvocation, 'subcommand' | 'options'> => ({
  userId: '111',
  guildId: '222',
  channelId: '333333333333333333',
  permissions: 0n,
  roles: [],
  ...over,
});
const manager = member({ permissions: PERMISSION.MANAGE_CHANNELS });

const inv = (
  subcommand: string,
  options: CommandInvocation['options'] = {},
  who = member(),
): CommandInvocation => ({ ...who, subcommand, options });

function assertWithinLimits(m: BotMessage): void {
  assert.ok((m.embeds?.length ?? 0) <= DISCORD_LIMITS.embedsPerMessage);
  assert.ok((m.content ?? '').length <= DISCORD_LIMITS.content);
  let total = 0;
  for (const e of m.embeds ?? []) {
    assert.ok((e.title ?? '').length <= DISCORD_LIMITS.title, 'title too long');
    assert.ok((e.description ?? '').length <= DISCORD_LIMITS.description, 'description too long');
    assert.ok((e.fields ?? []).length <= DISCORD_LIMITS.fields);
    for (const f of e.fields ?? [])
      assert.ok(f.value.length <= DISCORD_LIMITS.fieldValue && f.name.length <= DISCORD_LIMITS.fieldName);
    total += embedLength(e);
  }
  assert.ok(total <= DISCORD_LIMITS.embedsTotal, `embeds carry ${total} characters`);
}

describe('bot command handlers', () => {
  let service: MemoryRadarService;
  let bot: Bot;
  let clock: number;
  beforeEach(() => {
    clock = 1_000_000;
    service = createMemoryRadarService(PAPERS);
    bot = createBot({
      service,
      logger: silentLogger,
      managerRoleId: '999',
      rateLimit: { capacity: 2, refillMs: 10_000, now: () => clock },
    });
  });

  it('search defers, then edits with ranked papers and their TL;DRs', async () => {
    const r = recordingResponder();
    await bot.handleCommand(inv('search', { question: 'deep learning testing techniques' }), r);
    assert.equal(r.log[0]?.kind, 'defer');
    const m = r.last('editOriginal');
    assert.ok(m?.embeds?.[0]?.fields?.length);
    assert.match(m.embeds[0].fields[0]?.name ?? '', /Test/i);
    assert.match(m.embeds[0].title ?? '', /^Top \d+ papers$/);
    assertWithinLimits(m);
    assert.deepEqual(service.calls[0], {
      method: 'searchPapers',
      args: [{ question: 'deep learning testing techniques', maxResults: 5 }],
    });
    // Posted at once with TL;DRs from the abstracts, then edited as each of the top 3 full texts arrives.
    const edits = r.log
      .filter((x) => x.kind === 'editOriginal' && x.message?.embeds?.length)
      .map((x) => x.message?.embeds?.[0]?.fields?.map((f) => f.value) ?? []);
    assert.ok(edits.length >= 2, 'a first reply, then edits');
    assert.match(edits[0]!.join('\n'), /from the abstract; full text on its way/);
    assert.doesNotMatch(edits.at(-1)!.join('\n'), /on its way/);
    const fetched = service.calls.filter((c) => c.method === 'fullTextSummary').length;
    assert.equal(fetched, Math.min(3, m.embeds[0].fields!.length), 'the top 3 full texts, after the reply');
  });

  it('paper answers with the paper embed and the full Markdown attached', async () => {
    const r = recordingResponder();
    await bot.handleCommand(inv('paper', { ref: 'https://arxiv.org/abs/2202.12139v1' }), r);
    const m = r.last('editOriginal');
    assert.equal(
      m?.embeds?.[0]?.title,
      'Testing Deep Learning Models: A First Comparative Study of Multiple Testing Techniques',
    );
    assert.equal(m?.embeds?.[0]?.url, 'https://arxiv.org/abs/2202.12139v1');
    assert.equal(m?.files?.[0]?.name, '2202.12139v1.md');
    assert.match(m?.files?.[0]?.data.toString('utf8') ?? '', /^# Testing Deep Learning Models/);
    assertWithinLimits(m ?? {});
  });

  it('paper with a bad ref fails with a short ephemeral error after deferring', async () => {
    const r = recordingResponder();
    await bot.handleCommand(inv('paper', { ref: 'not a paper' }), r);
    assert.deepEqual(
      r.log.map((x) => x.kind),
      ['defer', 'editOriginal', 'deleteOriginal', 'followUp'],
    );
    const m = r.last('followUp');
    assert.equal(m?.ephemeral, true);
    assert.match(
      m?.embeds?.[0]?.description ?? '',
      /No arXiv id found in "not a paper": expected an id like 2104\.12255/,
    );
  });

  it('ask answers with citations; a long answer is split across embeds, a very long one attached', async () => {
    // The library needs full texts to answer from: a search stores them only when asked.
    await service.searchPapers({ question: 'mutation testing', fullText: 3 });
    const short = recordingResponder();
    await bot.handleCommand(inv('ask', { question: 'What is mutation testing?' }), short);
    const s = short.last('editOriginal');
    assert.match(s?.embeds?.[0]?.description ?? '', /\*\*Sources\*\*\n\[1\] arXiv:/);

    service.answerText = Array.from({ length: 9 }, (_, i) => `Paragraph ${i}: ${PAPERS[i]?.abstract ?? ''}`)
      .join('\n\n')
      .slice(0, 5200);
    clock += 60_000;
    const split = recordingResponder();
    await bot.handleCommand(inv('ask', { question: 'Summarise the library' }), split);
    const sm = split.last('editOriginal') ?? {};
    assert.ok((sm.embeds?.length ?? 0) >= 2, 'a 5200-character answer spans more than one embed');
    assert.equal(sm.files, undefined);
    assertWithinLimits(sm);

    service.answerText = PAPERS.slice(0, 20)
      .map((p) => p.abstract)
      .join('\n\n');
    clock += 60_000;
    const attached = recordingResponder();
    await bot.handleCommand(inv('ask', { question: 'Everything?' }), attached);
    const am = attached.last('editOriginal') ?? {};
    assert.equal(am.files?.[0]?.name, 'answer.md');
    assert.ok(am.files[0].data.toString('utf8').includes(PAPERS[19]?.abstract.slice(0, 80) ?? 'x'));
    assert.match(am.embeds?.[0]?.description ?? '', /attached as `answer\.md`/);
    assertWithinLimits(am);
  });

  it('list pages the library with validated buttons', async () => {
    await service.searchPapers({ question: 'testing software deep learning', maxResults: 25 });
    const r = recordingResponder();
    await bot.handleCommand(inv('list', { query: 'testing' }), r);
    const first = r.last('editOriginal');
    const embed = first?.embeds?.[0];
    assert.match(embed?.title ?? '', /^Library: \d+ papers$/);
    assert.equal(embed?.fields?.length, 10);
    const [prev, next] = first?.components?.[0]?.components ?? [];
    assert.equal(prev?.disabled, true);
    assert.equal(next?.disabled, false);
    assert.match(next?.custom_id ?? '', /^arxiv:list:[a-z0-9]{10}:10$/);

    const page2 = recordingResponder();
    await bot.handleComponent({ ...member(), customId: next?.custom_id ?? '' }, page2);
    assert.equal(page2.log[0]?.kind, 'deferUpdate');
    assert.match(page2.last('editOriginal')?.embeds?.[0]?.fields?.[0]?.name ?? '', /^11\. /);

    const forged = recordingResponder();
    await bot.handleComponent({ ...member(), customId: 'arxiv:list:../../etc:0' }, forged);
    assert.equal(forged.last('reply')?.ephemeral, true);
    const expired = recordingResponder();
    await bot.handleComponent({ ...member(), customId: 'arxiv:list:abcdefghij:10' }, expired);
    assert.match(expired.last('reply')?.embeds?.[0]?.description ?? '', /expired. Run `\/arxiv list` again/);
  });

  it('list rejects a malformed date before deferring', async () => {
    const r = recordingResponder();
    await bot.handleCommand(inv('list', { from: '2024-02-30' }), r);
    assert.deepEqual(
      r.log.map((x) => x.kind),
      ['reply'],
    );
    assert.match(r.last('reply')?.embeds?.[0]?.description ?? '', /`from` must be a date like 2025-01-31/);
  });

  it('subscribe, subscriptions, digest and unsubscribe for a manager; digests go to the current channel', async () => {
    const sub = recordingResponder();
    const seeds = papersFromCorpusFeed('search_testing_start0_max100.xml')
      .slice(0, 2)
      .map((p) => p.id);
    await bot.handleCommand(
      inv(
        'subscribe',
        {
          name: 'dl-testing',
          query: 'all:testing',
          interest: 'testing deep learning models',
          categories: 'cs.SE, cs.LG',
          top: 3,
          timezone: 'Europe/Berlin',
          like: `${seeds[0]}, https://arxiv.org/abs/${seeds[1]}`,
        },
        manager,
      ),
      sub,
    );
    assert.match(sub.last('editOriginal')?.embeds?.[0]?.title ?? '', /Subscribed: dl-testing/);
    assert.match(sub.last('editOriginal')?.embeds?.[0]?.description ?? '', /2 seed papers rated 👍/);
    const req = service.calls.find((c) => c.method === 'subscribe')?.args[0] as Record<string, unknown>;
    assert.equal(req.discordChannelId, '333333333333333333');
    assert.deepEqual(req.categories, ['cs.SE', 'cs.LG']);
    assert.deepEqual(
      (await service.listRatings('dl-testing')).map((r) => [r.arxivId, r.rating, r.source]).sort(),
      seeds.map((id) => [id, 'up', 'seed']).sort(),
    );

    const list = recordingResponder();
    await bot.handleCommand(inv('subscriptions'), list);
    assert.equal(list.last('editOriginal')?.embeds?.[0]?.fields?.[0]?.name, 'dl-testing');

    const run = recordingResponder();
    await bot.handleCommand(inv('digest', { name: 'dl-testing' }, manager), run);
    const d = run.last('editOriginal');
    assert.equal(d?.embeds?.[0]?.fields?.length, 3);
    assert.match(d?.embeds?.[0]?.title ?? '', /^Digest dl-testing/);

    const choices = await bot.autocomplete({
      ...manager,
      subcommand: 'unsubscribe',
      focused: { name: 'name', value: 'DL' },
    });
    assert.deepEqual(
      choices.map((c) => c.value),
      ['dl-testing'],
    );

    const un = recordingResponder();
    await bot.handleCommand(inv('unsubscribe', { name: 'dl-testing' }, manager), un);
    assert.match(un.last('editOriginal')?.embeds?.[0]?.title ?? '', /Unsubscribed: dl-testing/);
    const again = recordingResponder();
    await bot.handleCommand(inv('unsubscribe', { name: 'dl-testing' }, manager), again);
    assert.match(
      again.last('followUp')?.embeds?.[0]?.description ?? '',
      /no subscription named "dl-testing"/,
    );
  });

  it('refuses subscription management without Manage Channels or the manager role, without deferring', async () => {
    for (const sub of ['subscribe', 'unsubscribe', 'digest']) {
      const r = recordingResponder();
      await bot.handleCommand(inv(sub, { name: 'x', query: 'q', interest: 'i' }), r);
      assert.deepEqual(
        r.log.map((x) => x.kind),
        ['reply'],
      );
      assert.equal(r.last('reply')?.ephemeral, true);
      assert.match(
        r.last('reply')?.embeds?.[0]?.description ?? '',
        /needs the Manage Channels permission or the <@&999> role/,
      );
    }
    assert.equal(service.calls.length, 0);
    const withRole = recordingResponder();
    await bot.handleCommand(
      inv('subscribe', { name: 'x', query: 'q', interest: 'i' }, member({ roles: ['999'] })),
      withRole,
    );
    assert.match(withRole.last('editOriginal')?.embeds?.[0]?.title ?? '', /Subscribed: x/);
  });

  it('limits expensive commands per user and tells them when to retry', async () => {
    const ok1 = recordingResponder();
    const ok2 = recordingResponder();
    const limited = recordingResponder();
    await bot.handleCommand(inv('search', { question: 'testing' }), ok1);
    await bot.handleCommand(inv('search', { question: 'testing' }), ok2);
    await bot.handleCommand(inv('search', { question: 'testing' }), limited);
    assert.equal(ok2.log[0]?.kind, 'defer');
    assert.deepEqual(
      limited.log.map((x) => x.kind),
      ['reply'],
    );
    assert.match(limited.last('reply')?.embeds?.[0]?.description ?? '', /again in 10 s/);
    const other = recordingResponder();
    await bot.handleCommand(inv('search', { question: 'testing' }, member({ userId: '777' })), other);
    assert.equal(other.log[0]?.kind, 'defer', 'another user is not limited');
    const cheap = recordingResponder();
    await bot.handleCommand(inv('subscriptions'), cheap);
    assert.equal(cheap.log[0]?.kind, 'defer', 'cheap commands are not limited');
    clock += 10_000;
    const later = recordingResponder();
    await bot.handleCommand(inv('search', { question: 'testing' }), later);
    assert.equal(later.log[0]?.kind, 'defer');
  });

  it('autocomplete offers at most 25 choices', async () => {
    for (let i = 0; i < 30; i++)
      await service.subscribe({ name: `topic-${i}`, categories: ['cs.LG'], interest: 'x'.repeat(200) });
    const choices = await bot.autocomplete({
      ...manager,
      subcommand: 'digest',
      focused: { name: 'name', value: '' },
    });
    assert.equal(choices.length, 25);
    assert.ok(choices.every((c) => c.name.length <= 100));
  });
});
