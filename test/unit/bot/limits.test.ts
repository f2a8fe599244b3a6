import assert from 'node:assert/strict';
import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, it } from 'node:test';
import { paperMessage, searchMessage } from '../../../bot/format.ts';
import { discordPublicKey, verifyDiscordSignature } from '../../../bot/http/verify.ts';
import { fitMessage, longTextMessage, splitText } from '../../../bot/limits.ts';
import { DISCORD_LIMITS, embedLength } from '../../../domain/discord-limits.ts';
import { parseListButtonId } from '../../../bot/list-state.ts';
import { createRateLimiter } from '../../../lib/rate-limit.ts';
import { userRateLimit } from '../../../bot/start.ts';
import { ConfigError, loadConfig } from '../../../config/env.ts';
import { papersFromCorpusFeed } from '../../support/memory-radar-service.ts';

const PAPERS = papersFromCorpusFeed('search_testing_start0_max100.xml');
const ABSTRACTS = PAPERS.map((p) => p.abstract).join('\n\n');

describe('Discord limits', () => {
  it('splits on paragraph or word boundaries and loses no words', () => {
    const chunks = splitText(ABSTRACTS, DISCORD_LIMITS.description);
    assert.ok(chunks.length > 5);
    assert.ok(chunks.every((c) => c.length <= DISCORD_LIMITS.description));
    assert.equal(chunks.join(' ').split(/\s+/).length, ABSTRACTS.trim().split(/\s+/).length);
  });

  it('fits 25 real papers as search fields within 6000 characters', () => {
    const m = searchMessage({
      query: 'all:testing',
      ranker: 'bm25',
      papers: PAPERS.slice(0, 25).map((paper) => ({
        paper,
        score: 1,
        summary: { tldr: paper.abstract, keyPoints: [], method: 'extractive' },
      })),
    });
    const total = (m.embeds ?? []).reduce((n, e) => n + embedLength(e), 0);
    assert.ok(total <= DISCORD_LIMITS.embedsTotal, `${total}`);
    assert.ok(total > 5000, 'the budget is used, not thrown away');
    const fields = m.embeds?.[0]?.fields ?? [];
    assert.ok(fields.length >= 20, `${fields.length} fields kept`);
    assert.ok(fields.every((f) => f.value.length <= DISCORD_LIMITS.fieldValue && f.value.length >= 80));
  });

  it('drops embeds beyond ten and truncates an over-long title', () => {
    const m = fitMessage({
      embeds: Array.from({ length: 12 }, (_, i) => ({
        title: `${PAPERS[i]?.title ?? ''} `.repeat(20),
        description: 'x',
      })),
    });
    assert.ok((m.embeds?.length ?? 0) <= 10);
    assert.ok(
      m.embeds?.every((e) => (e.title ?? '').length <= DISCORD_LIMITS.title && e.title?.endsWith('…')),
    );
  });

  it('attaches text too long for one message', () => {
    const m = longTextMessage({ title: 'Everything', text: ABSTRACTS, fileName: 'answer.md' });
    assert.equal(m.files?.[0]?.data.toString('utf8'), ABSTRACTS);
    assert.ok((m.embeds?.[0]?.description ?? '').length <= DISCORD_LIMITS.description);
  });

  it("keeps an answer's sources in its first embed, short or long (the long answer previewed and attached)", () => {
    const tail = '**Sources**\n[1] arXiv:1111.2011 — 2 Model';
    const short = longTextMessage({ title: 'Q', text: PAPERS[0]!.abstract, tail, fileName: 'answer.md' });
    assert.equal(short.embeds?.length, 1);
    assert.equal(short.embeds?.[0]?.description, `${PAPERS[0]!.abstract}\n\n${tail}`);
    assert.equal(short.files, undefined);
    // Longer than one embed but within the 6000 total: without a tail it would be split over two.
    const text = ABSTRACTS.slice(0, 4500);
    const long = longTextMessage({ title: 'Q', text, tail, fileName: 'answer.md' });
    assert.equal(long.embeds?.length, 1);
    const description = long.embeds?.[0]?.description ?? '';
    assert.ok(description.length <= DISCORD_LIMITS.description);
    assert.ok(description.endsWith(tail), 'the sources end the first embed');
    assert.ok(description.startsWith(text.slice(0, 200)), 'the answer is previewed first');
    assert.equal(
      long.files?.[0]?.data.toString('utf8'),
      `${text}\n\n${tail}`,
      'the whole answer with its sources is attached',
    );
  });

  it('names the Markdown file safely for old-style ids', () => {
    const old = papersFromCorpusFeed('id_list_astro-ph_0601001.xml')[0];
    assert.ok(old);
    const m = paperMessage({ paper: old, markdown: '# x', source: null, note: 'PDF only', summary: null });
    assert.match(m.files?.[0]?.name ?? '', /^astro-ph_0601001(v\d+)?\.md$/);
    assert.match(m.embeds?.[0]?.footer?.text ?? '', /full text unavailable \(PDF only\)/);
  });
});

describe('request signatures, button ids and the rate limiter', () => {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const key = discordPublicKey(
    publicKey.export({ format: 'der', type: 'spki' }).subarray(12).toString('hex'),
  );
  const body = Buffer.from('{"type":1}');

  it('accepts a fresh valid signature and rejects stale, tampered or malformed ones', () => {
    const ts = '1700000000';
    const signature = sign(null, Buffer.concat([Buffer.from(ts), body]), privateKey).toString('hex');
    assert.equal(verifyDiscordSignature({ key, signature, timestamp: ts, body, nowS: 1_700_000_100 }), true);
    assert.equal(verifyDiscordSignature({ key, signature, timestamp: ts, body, nowS: 1_700_000_301 }), false);
    assert.equal(
      verifyDiscordSignature({
        key,
        signature,
        timestamp: ts,
        body: Buffer.from('{"type":2}'),
        nowS: 1_700_000_000,
      }),
      false,
    );
    assert.equal(
      verifyDiscordSignature({ key, signature: 'zz', timestamp: ts, body, nowS: 1_700_000_000 }),
      false,
    );
    assert.equal(
      verifyDiscordSignature({ key, signature, timestamp: undefined, body, nowS: 1_700_000_000 }),
      false,
    );
  });

  it('accepts only well-formed list button ids', () => {
    assert.deepEqual(parseListButtonId('arxiv:list:abcdefghij:20'), { key: 'abcdefghij', offset: 20 });
    for (const bad of [
      'arxiv:list:abc:20',
      'arxiv:list:abcdefghij:-1',
      'arxiv:list:ABCDEFGHIJ:0',
      'x',
      'arxiv:list:abcdefghij:1234567',
    ])
      assert.equal(parseListButtonId(bad), null, bad);
  });

  it('takes the per-user limit from DISCORD_USER_BURST and DISCORD_USER_REFILL_SECONDS', () => {
    assert.deepEqual(userRateLimit(loadConfig({}, {})), { capacity: 3, refillMs: 20_000 });
    assert.deepEqual(
      userRateLimit(loadConfig({ DISCORD_USER_BURST: '1', DISCORD_USER_REFILL_SECONDS: '60' }, {})),
      { capacity: 1, refillMs: 60_000 },
    );
    assert.throws(
      () => loadConfig({ DISCORD_USER_BURST: '0' }, {}),
      (e) => e instanceof ConfigError && /DISCORD_USER_BURST/.test(e.message),
    );
  });

  it('refills one token per interval up to the capacity', () => {
    let t = 0;
    const limiter = createRateLimiter({ capacity: 2, refillMs: 1000, now: () => t });
    assert.equal(limiter.take('u'), 0);
    assert.equal(limiter.take('u'), 0);
    assert.equal(limiter.take('u'), 1000);
    t = 500;
    assert.equal(limiter.take('u'), 500);
    t = 1000;
    assert.equal(limiter.take('u'), 0);
  });
});
