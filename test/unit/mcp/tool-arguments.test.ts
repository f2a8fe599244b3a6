/**
 * Tool arguments through the real MCP SDK client: a malformed call or an argument outside the
 * tool's schema is JSON-RPC -32602 with one line naming the argument, and the schemas state the
 * limits the service enforces (one constant each).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { CallToolResultSchema, ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { MAX_SEARCH_RESULTS } from '../../../domain/library.ts';
import {
  baseId,
  MAX_ID_LENGTH,
  MAX_LIMIT,
  MAX_TOPIC_NAME,
  normalizeFilters,
  validateTopicName,
} from '../../../domain/library.ts';
import { MAX_SUBSCRIPTION_NAME, SUBSCRIPTION_NAME_PATTERN } from '../../../domain/subscription.ts';
import { silentLogger } from '../../../lib/logger.ts';
import { createMcpServer } from '../../../mcp/server.ts';
import { createMemoryRadarService, papersFromCorpusFeed } from '../../support/memory-radar-service.ts';

/** [tool, arguments, the argument the one-line message must name] */
const INVALID: Array<[string, unknown, string]> = [
  ['list_papers', { limit: 51 }, 'limit'],
  ['list_papers', { limit: 0 }, 'limit'],
  ['list_papers', { limit: 2.5 }, 'limit'],
  ['list_papers', { offset: -1 }, 'offset'],
  ['list_papers', { start_date: '2023-02-29' }, 'start_date'],
  ['list_papers', { categories: ['-x'] }, 'categories.0'],
  ['list_papers', { topic: 't'.repeat(MAX_TOPIC_NAME + 1) }, 'topic'],
  ['list_papers', { limit: '5' }, 'limit'],
  ['search_papers', { topic: 'graphs', max_results: MAX_SEARCH_RESULTS + 1 }, 'max_results'],
  ['search_papers', { topic: 'x'.repeat(MAX_TOPIC_NAME + 1) }, 'topic'],
  ['search_papers', {}, 'topic'],
  ['extract_info', { paper_id: '1'.repeat(MAX_ID_LENGTH + 1) }, 'paper_id'],
  ['get_paper', { ref: '2104.12255', source: 'docx' }, 'source'],
  ['get_paper', { ref: 'x'.repeat(301) }, 'ref'],
  ['ask_papers', { question: 'a' }, 'question'],
  ['subscribe_topic', { name: '-', interest: 'graph learning', categories: ['cs.LG'] }, 'name'],
  ['subscribe_topic', { name: '..', interest: 'graph learning', categories: ['cs.LG'] }, 'name'],
  ['subscribe_topic', { name: 'con', interest: 'graph learning', categories: ['cs.LG'] }, 'name'],
  [
    'subscribe_topic',
    { name: 'a'.repeat(MAX_SUBSCRIPTION_NAME + 1), interest: 'graph learning', categories: ['cs.LG'] },
    'name',
  ],
  [
    'subscribe_topic',
    { name: 'graphs', interest: 'graph learning', categories: ['cs.LG'], schedule: 'bogus' },
    'schedule',
  ],
  [
    'subscribe_topic',
    { name: 'graphs', interest: 'graph learning', categories: ['cs.LG'], top_k: 51 },
    'top_k',
  ],
  [
    'subscribe_topic',
    { name: 'graphs', interest: 'graph learning', categories: ['cs.LG'], timezone: 'Mars/Base' },
    'timezone',
  ],
];

describe('MCP tool arguments', () => {
  const service = createMemoryRadarService(papersFromCorpusFeed('search_testing_start0_max100.xml'));
  const client = new Client({ name: 'args-test', version: '1.0.0' });
  const server = createMcpServer({ service, logger: silentLogger });
  before(async () => {
    const [a, b] = InMemoryTransport.createLinkedPair();
    await Promise.all([server.connect(a), client.connect(b)]);
  });
  after(async () => {
    await client.close();
    await server.close();
  });

  /** Sends tools/call as given (the SDK client would not let us send `arguments: null`). */
  const rawCall = (params: unknown) =>
    client.request({ method: 'tools/call', params: params as { name: string } }, CallToolResultSchema);

  for (const [tool, args, argument] of INVALID) {
    it(`${tool} ${JSON.stringify(args).slice(0, 60)} -> -32602 naming ${argument}`, async () => {
      await assert.rejects(
        client.callTool({ name: tool, arguments: args as Record<string, unknown> }),
        (e: unknown) => {
          assert.ok(e instanceof McpError, String(e));
          assert.equal(e.code, ErrorCode.InvalidParams);
          assert.doesNotMatch(e.message, /\n/, 'one line');
          assert.ok(e.message.includes(`${argument}: `), e.message);
          assert.ok(e.message.includes(tool), e.message);
          return true;
        },
      );
    });
  }

  it('arguments that are not an object (null, a list, a string) are -32602, not -32603 with a zod dump', async () => {
    for (const args of [null, [], 'limit=5']) {
      await assert.rejects(rawCall({ name: 'list_papers', arguments: args }), (e: unknown) => {
        assert.ok(e instanceof McpError);
        assert.equal(e.code, ErrorCode.InvalidParams, e.message);
        assert.match(
          e.message,
          /Invalid arguments for list_papers: arguments must be an object of named arguments/,
        );
        assert.doesNotMatch(e.message, /\n|"code":|invalid_type/);
        return true;
      });
    }
    await assert.rejects(
      rawCall({ arguments: {} }),
      (e: unknown) =>
        e instanceof McpError &&
        e.code === ErrorCode.InvalidParams &&
        /name: the tool to call is required/.test(e.message),
    );
    await assert.rejects(
      rawCall({ name: 'no_such_tool', arguments: {} }),
      (e: unknown) =>
        e instanceof McpError &&
        e.code === ErrorCode.InvalidParams &&
        /Unknown tool "no_such_tool"/.test(e.message),
    );
  });

  it('values at the limits pass, and tools without arguments still run', async () => {
    const r = await client.callTool({ name: 'list_papers', arguments: { limit: MAX_LIMIT } });
    assert.equal(r.isError, undefined);
    const subs = await client.callTool({ name: 'list_subscriptions' });
    assert.equal(subs.isError, undefined);
    const sub = await client.callTool({
      name: 'subscribe_topic',
      arguments: {
        name: 'graph-learning-2',
        interest: 'graph learning',
        categories: ['cs.LG'],
        schedule: '30 20 * * 0-4',
      },
    });
    assert.equal(sub.isError, undefined);
  });

  it('the schemas state the service limits (one constant each) and the service accepts the stated maximum', async () => {
    const tools = Object.fromEntries(
      (await client.listTools()).tools.map((t) => [
        t.name,
        t.inputSchema.properties as Record<string, Record<string, unknown>>,
      ]),
    );
    assert.equal(tools.list_papers?.limit?.maximum, MAX_LIMIT);
    assert.equal(tools.list_papers?.topic?.maxLength, MAX_TOPIC_NAME);
    assert.equal(tools.search_papers?.max_results?.maximum, MAX_SEARCH_RESULTS);
    assert.equal(tools.search_papers?.topic?.maxLength, MAX_TOPIC_NAME);
    assert.equal(tools.extract_info?.paper_id?.maxLength, MAX_ID_LENGTH);
    assert.equal(tools.subscribe_topic?.name?.maxLength, MAX_SUBSCRIPTION_NAME);
    assert.equal(tools.subscribe_topic?.name?.pattern, SUBSCRIPTION_NAME_PATTERN.source);
    // What the library's validators accept at those limits.
    assert.equal(normalizeFilters({ limit: MAX_LIMIT }).limit, MAX_LIMIT);
    assert.throws(() => normalizeFilters({ limit: MAX_LIMIT + 1 }), /limit/);
    assert.equal(validateTopicName('t'.repeat(MAX_TOPIC_NAME)).length, MAX_TOPIC_NAME);
    assert.throws(() => validateTopicName('t'.repeat(MAX_TOPIC_NAME + 1)));
    assert.equal(baseId('1'.repeat(MAX_ID_LENGTH)).length, MAX_ID_LENGTH);
    assert.throws(() => baseId('1'.repeat(MAX_ID_LENGTH + 1)));
  });
});
