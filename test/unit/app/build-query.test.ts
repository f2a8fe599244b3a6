import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createLlmClient } from '../../../adapters/llm/client.ts';
import { readQuery } from '../../../domain/arxiv-query.ts';
import { buildSearchQuery } from '../../../app/capabilities/build-query.ts';
import { startFakeLlm, type FakeLlm } from '../../fakes/llm-server.ts';

const NOW = new Date('2025-06-01T12:00:00Z');
const QUESTION = 'LLM agents for software testing since 2024';

describe('buildSearchQuery with the fake LLM', () => {
  let fake: FakeLlm;
  before(async () => {
    fake = await startFakeLlm();
  });
  after(() => fake.close());
  const llm = () => createLlmClient({ baseUrl: fake.url, model: 'fake', timeoutMs: 400, maxTokens: 200 });
  const { mode: _mode, ...read } = readQuery(QUESTION, { now: NOW });
  const heuristic = { ...read, method: 'heuristic' };

  it('uses a valid LLM query and its dates, sending the rules in the prompt', async () => {
    fake.script([
      {
        content: JSON.stringify({
          search_query:
            '(abs:"large language model" OR abs:LLM) AND abs:agent AND (abs:"software testing" OR abs:"test generation")',
          from: '2024-01-01',
          to: null,
        }),
      },
    ]);
    const built = await buildSearchQuery(QUESTION, { llm: llm(), now: NOW });
    assert.equal(built.method, 'llm');
    assert.match(built.searchQuery, /^\(\(abs:"large language model" OR abs:LLM\)/);
    assert.match(
      built.searchQuery,
      / AND submittedDate:\[202401010000 TO 202506012359\]$/,
      'the dates are part of the query sent',
    );
    assert.deepEqual(built.dateRange, { from: '2024-01-01', to: '2025-06-01' });
    const system = fake.requests.at(-1)!.body.messages![0]!.content ?? '';
    assert.match(system, /AND, OR, ANDNOT in capitals/);
    assert.match(system, /OR together synonyms/);
  });

  it('falls back to the heuristic when the LLM query breaks the syntax', async () => {
    fake.script([{ content: JSON.stringify({ search_query: 'abs:(llm agents AND', from: null, to: null }) }]);
    assert.deepEqual(await buildSearchQuery(QUESTION, { llm: llm(), now: NOW }), heuristic);
  });

  it('falls back to the heuristic when the LLM query makes a field name or an operator a search word', async () => {
    fake.script([
      { content: JSON.stringify({ search_query: 'all:ti AND all:agents', from: null, to: null }) },
      { content: JSON.stringify({ search_query: 'abs:agents AND all:andnot', from: null, to: null }) },
    ]);
    for (let i = 0; i < 2; i++)
      assert.deepEqual(await buildSearchQuery(QUESTION, { llm: llm(), now: NOW }), heuristic);
  });

  it('falls back on invalid JSON, 429 and a timeout', async () => {
    fake.script([{ content: 'search_query: all:llm' }, { status: 429 }, { hang: true }]);
    for (let i = 0; i < 3; i++)
      assert.deepEqual(await buildSearchQuery(QUESTION, { llm: llm(), now: NOW }), heuristic);
  });

  it('sends arXiv syntax as written, without asking the LLM', async () => {
    const asked = fake.requests.length;
    const built = await buildSearchQuery('ti:"diffusion model" AND cat:cs.CV', { llm: llm(), now: NOW });
    assert.deepEqual([built.searchQuery, built.method], ['ti:"diffusion model" AND cat:cs.CV', 'as-written']);
    assert.equal(fake.requests.length, asked);
  });

  it('uses the heuristic without an LLM', async () => {
    assert.deepEqual(await buildSearchQuery(QUESTION, { now: NOW }), heuristic);
  });
});
