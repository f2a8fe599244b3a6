import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { PublishProgress } from '../../../../app/ports/publisher.ts';
import { isAppError } from '../../../../domain/errors.ts';
import {
  checkSlackWebhookUrl,
  createSlackPublisher,
  digestToSlackMessages,
  slackMarker,
  SLACK_LIMITS,
} from '../../../../adapters/publish/slack.ts';
import { startSlackServer, type SlackFake, type SlackPostedMessage } from '../../../fakes/slack.ts';
import { corpusDigest, corpusEntries, longDigest } from './corpus-digest.ts';

const ten = corpusDigest(corpusEntries('search_testing_start0_max10.xml'));
/** A default-size digest (top 5): one message. */
const digest = corpusDigest(corpusEntries('search_testing_start0_max10.xml').slice(0, 5));

/** The section texts of papers (those opening with a rank) across messages, in posting order. */
const paperSections = (messages: SlackPostedMessage[]) =>
  messages
    .flatMap((m) => m.blocks ?? [])
    .filter((b) => b.type === 'section')
    .map((b) => String((b.text as { text: string }).text))
    .filter((t) => /^\*\d+\. </.test(t));

/** A PublishProgress that keeps what was recorded, for the next attempt. */
function progress(resume: unknown): PublishProgress & { last: unknown } {
  const p = {
    resume,
    last: resume,
    record(state: unknown) {
      p.last = state;
    },
  };
  return p;
}

describe('digestToSlackMessages', () => {
  it('renders a header, the interest and one linked section per paper, closed by the part marker', () => {
    const [message, ...rest] = digestToSlackMessages(digest);
    assert.equal(rest.length, 0, 'a default-size digest is one message');
    assert.deepEqual(message?.blocks[0], {
      type: 'header',
      text: { type: 'plain_text', text: 'testing-research — arXiv digest for 2026-04-13' },
    });
    const sections = paperSections([message as unknown as SlackPostedMessage]);
    assert.equal(sections.length, 5);
    assert.match(
      sections[0] ?? '',
      /^\*1\. <https:\/\/arxiv\.org\/abs\/2202\.12139v1\|Testing Deep Learning Models: A First Comparative Study of Multiple Testing Techniques>\*\n\*TL;DR\* Deep Learning \(DL\) has revolutionized/,
    );
    assert.match(
      sections[0] ?? '',
      /_Mohit Kumar Ahuja, Arnaud Gotlieb, Helge Spieker_\ncs\.SE, cs\.LG · score 1\.000/,
    );
    assert.deepEqual(message?.blocks.at(-1), {
      type: 'context',
      elements: [{ type: 'plain_text', text: slackMarker(digest.key, 1, 1) }],
    });
    assert.equal(message?.text, 'testing-research — arXiv digest for 2026-04-13 · 5 papers');
  });

  it('escapes mrkdwn in untrusted text and keeps a title from closing its link', () => {
    const [entry] = corpusEntries('search_testing_start0_max10.xml');
    assert.ok(entry);
    const odd = corpusDigest([{ ...entry, title: 'A <b>bold</b> | odd & title', authors: ['<!channel>'] }]);
    const section = paperSections(digestToSlackMessages(odd) as unknown as SlackPostedMessage[])[0] ?? '';
    assert.match(section, /\|A &lt;b&gt;bold&lt;\/b&gt; ¦ odd &amp; title>\*/);
    assert.match(section, /_&lt;!channel&gt;_/);
    assert.ok(!section.includes('<!channel>'));
  });

  it('splits a long digest into parts within every limit, papers in order, each part marked', () => {
    const long = longDigest();
    const messages = digestToSlackMessages(long);
    assert.ok(messages.length > 1, `expected several parts, got ${messages.length}`);
    messages.forEach((m, i) => {
      assert.ok(m.blocks.length <= SLACK_LIMITS.blocksPerMessage);
      for (const b of m.blocks) {
        if (b.type === 'section') assert.ok(b.text.text.length <= SLACK_LIMITS.sectionText);
        if (b.type === 'header') assert.ok(b.text.text.length <= SLACK_LIMITS.headerText);
      }
      assert.deepEqual(m.blocks.at(-1), {
        type: 'context',
        elements: [{ type: 'plain_text', text: slackMarker(long.key, i + 1, messages.length) }],
      });
    });
    const ranks = paperSections(messages as unknown as SlackPostedMessage[]).map((t) =>
      Number(/^\*(\d+)\./.exec(t)?.[1]),
    );
    assert.deepEqual(
      ranks,
      long.entries.map((_, i) => i + 1),
    );
  });

  it('says so when a digest has no papers', () => {
    const [m] = digestToSlackMessages(corpusDigest([]));
    assert.match(JSON.stringify(m?.blocks), /No new papers matched/);
  });
});

describe('checkSlackWebhookUrl', () => {
  const hook = 'https://hooks.slack.com/services/T0123ABCD/B0456EFGH/abcdefghijklmnopqrstuvwx';
  it("accepts Slack's incoming-webhook URLs", () => {
    assert.equal(checkSlackWebhookUrl(` ${hook}/ `), hook);
  });
  for (const [why, url] of [
    ['http', hook.replace('https:', 'http:')],
    ['another host', hook.replace('hooks.slack.com', 'hooks.example.com')],
    ['a query', `${hook}?x=1`],
    ['credentials', hook.replace('https://', 'https://u:p@')],
    ['a workflow trigger path', 'https://hooks.slack.com/triggers/T0123ABCD/123/abcdefabcdef'],
    ['not a URL', 'hooks.slack.com/services/x'],
  ]) {
    it(`refuses ${why}, saying what to copy`, () => {
      assert.throws(
        () => checkSlackWebhookUrl(url ?? ''),
        (e) => isAppError(e) && e.code === 'INVALID_INPUT' && /Incoming Webhooks/.test(e.message),
      );
    });
  }
  it('accepts the configured origin (a loopback fake) instead', () => {
    const local = 'http://127.0.0.1:9/services/T0FAKE1/B0HOOK1/s3cret1234';
    assert.equal(checkSlackWebhookUrl(local, 'http://127.0.0.1:9'), local);
    assert.throws(() => checkSlackWebhookUrl(hook, 'http://127.0.0.1:9'));
  });
});

describe('Slack publisher against the loopback fake', () => {
  let fake: SlackFake;
  before(async () => {
    fake = await startSlackServer();
  });
  after(() => fake.close());
  const publisher = (webhookUrl: string) =>
    createSlackPublisher({ webhookUrl, apiUrl: fake.url, minIntervalMs: 0 });

  it('posts a digest and returns a receipt naming its parts (never the secret URL)', async () => {
    const hook = fake.addWebhook();
    const receipt = await publisher(hook).publish(digest);
    assert.equal(fake.messagesOf(hook).length, 1);
    assert.equal(paperSections(fake.messagesOf(hook)).length, 5);
    assert.equal(receipt.destination, 'slack');
    assert.match(receipt.ref, /^webhook [0-9a-f]{12}: 1 part$/);
    assert.ok(!receipt.ref.includes('s3cret'));
    assert.ok(!Number.isNaN(Date.parse(receipt.publishedAt)));
  });

  it('posts ten papers, over one message, as parts that each fit', async () => {
    const hook = fake.addWebhook();
    await publisher(hook).publish(ten);
    assert.equal(fake.messagesOf(hook).length, digestToSlackMessages(ten).length);
    assert.equal(paperSections(fake.messagesOf(hook)).length, 10);
  });

  it('posts a long digest as several parts, in order, each accepted by the fake', async () => {
    const hook = fake.addWebhook();
    const long = longDigest();
    const receipt = await publisher(hook).publish(long);
    const parts = digestToSlackMessages(long).length;
    assert.equal(fake.messagesOf(hook).length, parts);
    assert.equal(receipt.ref.endsWith(`${parts} parts`), true);
    assert.equal(paperSections(fake.messagesOf(hook)).length, long.entries.length);
  });

  it('a retry after a rate limit posts only the parts that had not landed', async () => {
    const hook = fake.addWebhook();
    const long = longDigest();
    const parts = digestToSlackMessages(long).length;
    fake.fail({ status: 429, body: 'rate_limited', retryAfterSec: 2, skip: 1 });
    const first = progress(undefined);
    await assert.rejects(
      publisher(hook).publish(long, first),
      (e) => isAppError(e) && e.code === 'RATE_LIMITED' && e.retryable && e.options.retryAfterMs === 2000,
    );
    assert.equal(fake.messagesOf(hook).length, 1);
    const receipt = await publisher(hook).publish(long, progress(first.last));
    const posted = fake.messagesOf(hook);
    assert.equal(posted.length, parts);
    const markers = posted.map((m) => JSON.stringify(m.blocks?.at(-1)));
    assert.equal(new Set(markers).size, parts, 'no part twice');
    assert.equal(paperSections(posted).length, long.entries.length);
    assert.match(receipt.ref, new RegExp(`${parts} parts$`));
  });

  it("ignores another digest's or another webhook's recorded progress", async () => {
    const hook = fake.addWebhook();
    const other = progress({ key: digest.key, hook: 'ffffffffffff', parts: 1, posted: 1, firstAt: 'x' });
    await publisher(hook).publish(digest, other);
    assert.equal(fake.messagesOf(hook).length, 1);
  });

  it('a removed webhook (404 no_service) is a permanent failure that says what to do', async () => {
    const hook = `${fake.url}/services/T0GONE/B0GONE/abcdefgh1234`;
    await assert.rejects(
      publisher(hook).publish(digest),
      (e) =>
        isAppError(e) &&
        e.code === 'PUBLISH_FAILED' &&
        !e.retryable &&
        /no_service/.test(e.message) &&
        /create a new incoming webhook/.test(e.message) &&
        !e.message.includes('abcdefgh1234'),
    );
  });

  it('an archived channel (410 channel_is_archived) is permanent', async () => {
    const hook = fake.addWebhook({ archived: true });
    await assert.rejects(
      publisher(hook).publish(digest),
      (e) => isAppError(e) && !e.retryable && /channel_is_archived/.test(e.message),
    );
  });

  it('a server error is retried by the caller (retryable)', async () => {
    const hook = fake.addWebhook();
    fake.fail({ status: 500, body: 'rollup_error' });
    await assert.rejects(publisher(hook).publish(digest), (e) => isAppError(e) && e.retryable);
    await publisher(hook).publish(digest);
    assert.equal(fake.messagesOf(hook).length, 1);
  });

  it('refuses to post to a URL off the configured origin, without a request', async () => {
    const before = fake.requests.length;
    await assert.rejects(
      createSlackPublisher({
        webhookUrl: 'https://evil.example/services/T1/B1/abcdefgh',
        apiUrl: fake.url,
      }).publish(digest),
      (e) => isAppError(e) && !e.retryable && /must look like/.test(e.message),
    );
    assert.equal(fake.requests.length, before);
  });
});

describe('the Slack fake is at least as strict as Slack', () => {
  let fake: SlackFake;
  before(async () => {
    fake = await startSlackServer();
  });
  after(() => fake.close());
  const post = (url: string, body: string, type = 'application/json') =>
    fetch(url, { method: 'POST', headers: { 'content-type': type }, body }).then(async (r) => [
      r.status,
      await r.text(),
    ]);
  const section = (n: number) => ({ type: 'section', text: { type: 'mrkdwn', text: 'x'.repeat(n) } });

  it('accepts a valid message with 200 ok', async () => {
    const hook = fake.addWebhook();
    assert.deepEqual(await post(hook, JSON.stringify({ text: 'hi', blocks: [section(10)] })), [200, 'ok']);
  });
  it('refuses bad JSON, no text, a section over 3000, over 50 blocks, an unknown path', async () => {
    const hook = fake.addWebhook();
    assert.deepEqual(await post(hook, '{"text":'), [400, 'invalid_payload']);
    assert.deepEqual(await post(hook, '{}'), [400, 'no_text']);
    assert.deepEqual(await post(hook, JSON.stringify({ blocks: [section(3001)] })), [400, 'invalid_blocks']);
    const many = Array.from({ length: 51 }, () => section(1));
    assert.deepEqual(await post(hook, JSON.stringify({ blocks: many })), [400, 'invalid_blocks']);
    const big = Array.from({ length: 5 }, () => section(2900));
    assert.deepEqual(await post(hook, JSON.stringify({ blocks: big })), [400, 'msg_blocks_too_long']);
    assert.deepEqual(await post(`${fake.url}/services/T1/B1/nope`, '{"text":"x"}'), [404, 'no_service']);
    assert.deepEqual(await post(hook, 'text=x', 'application/x-www-form-urlencoded'), [
      400,
      'invalid_payload',
    ]);
    assert.equal(fake.messagesOf(hook).length, 0);
  });
});
