import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { silentLogger } from '../../../lib/logger.ts';
import { createMcpServer } from '../../../mcp/server.ts';
import { createMemoryRadarService, papersFromCorpusFeed } from '../../support/memory-radar-service.ts';

const PAPERS = [
  ...papersFromCorpusFeed('search_testing_start0_max100.xml'),
  ...papersFromCorpusFeed('id_list_astro-ph_0601001.xml'),
];
const text = (r: unknown) => ((r as CallToolResult).content[0] as { text: string }).text;

describe('MCP server over an in-memory transport', () => {
  const service = createMemoryRadarService(PAPERS);
  const client = new Client({ name: 'test', version: '1.0.0' });
  const server = createMcpServer({ service, logger: silentLogger });
  before(async () => {
    const [a, b] = InMemoryTransport.createLinkedPair();
    await Promise.all([server.connect(a), client.connect(b)]);
  });
  after(async () => {
    await client.close();
    await server.close();
  });

  it('lists every tool with an input schema, the resources and the prompt', async () => {
    const tools = await client.listTools();
    assert.deepEqual(tools.tools.map((t) => t.name).sort(), [
      'ask_papers',
      'extract_info',
      'get_paper',
      'list_papers',
      'list_subscriptions',
      'list_topics',
      'rate_paper',
      'search_papers',
      'subscribe_topic',
    ]);
    const search = tools.tools.find((t) => t.name === 'search_papers');
    assert.deepEqual(Object.keys(search?.inputSchema.properties ?? {}).sort(), [
      'full_text',
      'max_results',
      'topic',
    ]);
    const templates = await client.listResourceTemplates();
    assert.deepEqual(templates.resourceTemplates.map((t) => t.uriTemplate).sort(), [
      'arxiv://paper/{+id}',
      'papers://{topic}',
    ]);
    const prompts = await client.listPrompts();
    assert.deepEqual(
      prompts.prompts.map((p) => p.name),
      ['generate_search_prompt'],
    );
  });

  it('search_papers stores under the topic; extract_info returns the stored paper as JSON', async () => {
    const r = await client.callTool({
      name: 'search_papers',
      arguments: { topic: 'mutation testing', max_results: 3 },
    });
    assert.equal(r.isError, undefined);
    const body = JSON.parse(text(r)) as { paper_ids: string[]; papers: Array<{ title: string }> };
    assert.equal(body.paper_ids.length, 3);
    assert.match(body.papers[0]?.title ?? '', /[Mm]utation|[Tt]esting/);
    const info = await client.callTool({ name: 'extract_info', arguments: { paper_id: body.paper_ids[0] } });
    const paper = JSON.parse(text(info)) as {
      id: string;
      title: string;
      topics: string[];
      authors: string[];
    };
    assert.equal(paper.id, body.paper_ids[0]);
    assert.deepEqual(paper.topics, ['mutation testing']);
    assert.ok(paper.authors.length > 0);
    const missing = await client.callTool({ name: 'extract_info', arguments: { paper_id: '9999.99999' } });
    assert.match(text(missing), /no saved information related to paper 9999\.99999\. Search for it first/);
  });

  it('get_paper returns Markdown; a bad reference is an isError result, not a thrown error', async () => {
    const r = await client.callTool({
      name: 'get_paper',
      arguments: { ref: 'https://arxiv.org/abs/2202.12139v1' },
    });
    assert.match(text(r), /^# Testing Deep Learning Models: A First Comparative Study/);
    // `url_or_id`, the argument's former name, still works for existing clients; the schema names `ref` first.
    const old = await client.callTool({
      name: 'get_paper',
      arguments: { url_or_id: 'https://arxiv.org/abs/2202.12139v1' },
    });
    assert.equal(text(old), text(r));
    const tool = (await client.listTools()).tools.find((t) => t.name === 'get_paper');
    assert.deepEqual(Object.keys(tool?.inputSchema.properties ?? {}), ['ref', 'url_or_id', 'source']);
    const none = await client.callTool({ name: 'get_paper', arguments: {} });
    assert.equal(none.isError, true);
    assert.match(text(none), /get_paper failed \(INVALID_INPUT\): get_paper needs "ref"/);
    const bad = await client.callTool({ name: 'get_paper', arguments: { ref: 'hello' } });
    assert.equal(bad.isError, true);
    assert.match(text(bad), /get_paper failed \(INVALID_INPUT\): No arXiv id found in "hello"/);
  });

  it('list_papers filters and pages the library as { total_count, returned, papers }', async () => {
    const r = await client.callTool({
      name: 'list_papers',
      arguments: { topic: 'mutation testing', limit: 2, offset: 1 },
    });
    const body = JSON.parse(text(r)) as {
      total_count: number;
      returned: number;
      papers: Array<{ arxiv_id: string }>;
    };
    assert.equal(body.total_count, 3);
    assert.equal(body.returned, 2);
    assert.deepEqual(r.structuredContent, body);
    // A malformed argument is a JSON-RPC Invalid params error naming it (tool-arguments.test.ts has the table).
    await assert.rejects(
      client.callTool({ name: 'list_papers', arguments: { start_date: '12/01/2024' } }),
      /-32602: Invalid arguments for list_papers: start_date: .*YYYY-MM-DD/,
    );
  });

  it('list_topics (shared with the agent: app/tools/) lists the topic folders with their counts', async () => {
    const topics = await service.topics();
    assert.ok(topics.length > 0, 'earlier tests filed papers under topics');
    const r = await client.callTool({ name: 'list_topics', arguments: {} });
    assert.equal(r.isError, undefined);
    assert.equal(
      text(r),
      topics.map((t) => `- ${t.name} (${t.count} paper${t.count === 1 ? '' : 's'})`).join('\n'),
    );
  });

  it('ask_papers answers with sources', async () => {
    const r = await client.callTool({
      name: 'ask_papers',
      arguments: { question: 'What is mutation testing?' },
    });
    assert.match(text(r), /Sources:\n\[1\] arXiv:\S+ \(Abstract\)/);
  });

  it('subscribe_topic and list_subscriptions', async () => {
    const r = await client.callTool({
      name: 'subscribe_topic',
      arguments: { name: 'dl-testing', interest: 'testing deep learning', categories: ['cs.SE'], top_k: 3 },
    });
    assert.equal((JSON.parse(text(r)) as { subscription: { topK: number } }).subscription.topK, 3);
    const none = await client.callTool({
      name: 'subscribe_topic',
      arguments: { name: 'empty', interest: 'anything at all' },
    });
    assert.equal(none.isError, true);
    assert.match(text(none), /give a query or categories/);
    const list = JSON.parse(text(await client.callTool({ name: 'list_subscriptions', arguments: {} }))) as {
      subscriptions: Array<{ name: string; categories: string[] }>;
    };
    assert.deepEqual(
      list.subscriptions.map((s) => [s.name, s.categories]),
      [['dl-testing', ['cs.SE']]],
    );
  });

  it('rate_paper rates a paper for a subscription, clears it, and seeds come with subscribe_topic like', async () => {
    const [seed, other] = PAPERS.map((p) => p.id);
    const sub = await client.callTool({
      name: 'subscribe_topic',
      arguments: { name: 'rated', interest: 'testing deep learning', categories: ['cs.SE'], like: [seed] },
    });
    assert.equal(sub.isError, undefined, text(sub));
    const up = await client.callTool({
      name: 'rate_paper',
      arguments: { subscription: 'rated', paper: other, rating: 'down' },
    });
    assert.deepEqual((up.structuredContent as { rating: string }).rating, 'down');
    assert.deepEqual(
      (await service.listRatings('rated')).map((r) => [r.arxivId, r.rating, r.source]),
      [
        [seed, 'up', 'seed'],
        [other, 'down', 'mcp'],
      ],
    );
    const cleared = await client.callTool({
      name: 'rate_paper',
      arguments: { subscription: 'rated', paper: other, rating: 'clear' },
    });
    assert.equal((cleared.structuredContent as { rating: string | null }).rating, null);
    const unknown = await client.callTool({
      name: 'rate_paper',
      arguments: { subscription: 'nope', paper: other, rating: 'up' },
    });
    assert.equal(unknown.isError, true);
    assert.match(text(unknown), /NOT_FOUND.*nope/);
    await assert.rejects(
      client.callTool({
        name: 'rate_paper',
        arguments: { subscription: 'rated', paper: other, rating: 'meh' },
      }),
      /-32602/,
    );
  });

  it('resources: folders with counts, a topic as Markdown, a paper by id (old-style ids too)', async () => {
    const folders = await client.readResource({ uri: 'papers://folders' });
    assert.match((folders.contents[0] as { text: string }).text, /- mutation testing \(3 papers\)/);
    const topic = await client.readResource({ uri: 'papers://mutation%20testing' });
    assert.match(
      (topic.contents[0] as { text: string }).text,
      /^# mutation testing\n\n3 papers\.\n\n## 1\. .+\n\n- \*\*Authors:\*\* /,
    );
    const paper = await client.readResource({ uri: 'arxiv://paper/astro-ph/0601001' });
    assert.match((paper.contents[0] as { text: string }).text, /\*\*arXiv:\*\* astro-ph\/0601001/);
    const listed = await client.listResources();
    assert.ok(listed.resources.some((r) => r.uri === 'papers://mutation%20testing'));
  });

  it('a resource URI the caller got wrong is -32602 with the reason, not -32603 (issue 28)', async () => {
    for (const uri of [
      'arxiv://paper/../../etc/passwd',
      'arxiv://paper/%E0%A4%A',
      'papers://no-such-topic',
      'papers://%E0%A4%A',
    ]) {
      await assert.rejects(client.readResource({ uri }), (e: unknown) => {
        const err = e as { code?: number; message?: string };
        assert.equal(err.code, -32602, `${uri}: ${err.message}`);
        assert.ok(
          (err.message ?? '').length > 20 && !/internal/i.test(err.message ?? ''),
          `${uri}: ${err.message}`,
        );
        return true;
      });
    }
  });

  it('generate_search_prompt names the topic and the number of papers', async () => {
    const p = await client.getPrompt({
      name: 'generate_search_prompt',
      arguments: { topic: 'graph neural networks', num_papers: '7' },
    });
    const t = (p.messages[0]?.content as { text: string }).text;
    assert.match(t, /search_papers\(topic='graph neural networks', max_results=7\)/);
    assert.match(t, /research landscape in graph neural networks/);
  });
});
