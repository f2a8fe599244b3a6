import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { XMLParser } from 'fast-xml-parser';
import { createLlmClient } from '../../../../adapters/llm/client.ts';
import { extractiveSummary } from '../../../../adapters/summarize/extractive.ts';
import { createSummarizer, llmSummary } from '../../../../adapters/summarize/llm.ts';
import { startFakeLlm, type FakeLlm } from '../../../fakes/llm-server.ts';
import { corpus } from '../../../support/corpus.ts';

const xml = readFileSync(corpus('atom/id_list_1707.08567.xml'), 'utf8');
const entry = (new XMLParser().parse(xml) as { feed: { entry: { title: string; summary: string } } }).feed
  .entry;
const PAPER = { title: String(entry.title), abstract: String(entry.summary) };

const GOOD = JSON.stringify({
  tldr: 'The paper studies the problem at hand. It proposes a method and shows it works well on benchmarks.',
  keyPoints: ['A new method is proposed.', 'It is evaluated on public data.', 'It beats the baselines.'],
});

describe('LLM summaries against the fake server', () => {
  let fake: FakeLlm;
  before(async () => {
    fake = await startFakeLlm();
  });
  after(() => fake.close());
  const llm = () =>
    createLlmClient({ baseUrl: fake.url, model: 'fake-model', timeoutMs: 500, maxTokens: 400 });

  it('returns the validated structured summary, marked with the model, sending the paper in the prompt', async () => {
    fake.script([{ content: GOOD }]);
    const s = await llmSummary(llm(), PAPER);
    assert.equal(s.method, 'llm:fake-model');
    assert.equal(s.keyPoints.length, 3);
    const user = fake.requests.at(-1)!.body.messages!.find((m) => m.role === 'user')!;
    assert.ok((user.content ?? '').includes(PAPER.title));
    assert.deepEqual(fake.requests.at(-1)!.body.response_format, { type: 'json_object' });
  });

  it('repairs invalid JSON with one more request that quotes the bad reply', async () => {
    const before = fake.requests.length;
    fake.script([{ content: '{"tldr": "oops, truncated' }, { content: GOOD }]);
    const s = await llmSummary(llm(), PAPER);
    assert.equal(s.method, 'llm:fake-model');
    assert.equal(fake.requests.length - before, 2);
    const repairMessages = fake.requests.at(-1)!.body.messages!;
    assert.equal(repairMessages.at(-2)!.content, '{"tldr": "oops, truncated');
    assert.match(repairMessages.at(-1)!.content ?? '', /not valid: not JSON/);
  });

  it('repairs JSON that breaks the schema (too few key points)', async () => {
    fake.script([
      { content: JSON.stringify({ tldr: 'A long enough TL;DR sentence here.', keyPoints: ['only one'] }) },
      { content: GOOD },
    ]);
    const s = await llmSummary(llm(), PAPER);
    assert.equal(s.keyPoints.length, 3);
    assert.match(fake.requests.at(-1)!.body.messages!.at(-1)!.content ?? '', /keyPoints/);
  });

  it('falls back to the extractive summary after a failed repair, with exactly two LLM calls', async () => {
    const before = fake.requests.length;
    fake.script([{ content: 'not json' }, { content: 'still not json' }]);
    const s = await createSummarizer({ llm: llm() }).summarize(PAPER);
    assert.equal(fake.requests.length - before, 2);
    assert.deepEqual(s, extractiveSummary(PAPER));
  });

  it('falls back on 429 and on a timeout without retrying', async () => {
    const summarizer = createSummarizer({ llm: llm() });
    let before = fake.requests.length;
    fake.script([{ status: 429, retryAfter: '30' }]);
    assert.equal((await summarizer.summarize(PAPER)).method, 'extractive');
    assert.equal(fake.requests.length - before, 1);
    before = fake.requests.length;
    fake.script([{ hang: true }]);
    assert.equal((await summarizer.summarize(PAPER)).method, 'extractive');
    assert.equal(fake.requests.length - before, 1);
  });

  it('is extractive without an LLM', async () => {
    const s = await createSummarizer({}).summarize(PAPER);
    assert.equal(s.method, 'extractive');
    assert.ok(s.tldr.length > 0);
  });
});
