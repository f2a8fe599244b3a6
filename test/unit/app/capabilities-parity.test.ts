/**
 * One scenario through every door of the core: the RadarService (what the CLI, the bot and the web
 * app call), the MCP server (an in-memory client) and the research agent's tools (the worker's
 * agentTool activity), over one real SQLite library. Each capability (list, topics, ask-library,
 * subscribe) is the same function in app/capabilities/, and each tool MCP and the agent share is
 * defined once in app/tools/, so all must give the same answer for the same question. Every shared
 * tool has its scenario here: a new one is its file, its line in SHARED_TOOLS and its scenario.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createAgentActivities } from '../../../activities/agent/activities.ts';
import { builtinToolSpecs } from '../../../activities/agent/tools.ts';
import { libraryAnswerText } from '../../../app/tools/ask-papers.ts';
import { SHARED_TOOLS } from '../../../app/tools/index.ts';
import { topicsText } from '../../../app/tools/list-topics.ts';
import { createMcpServer } from '../../../mcp/server.ts';
import { chunkMarkdown } from '../../../adapters/convert/chunks.ts';
import { createBm25Reranker } from '../../../adapters/rank/bm25.ts';
import { openSqliteStore } from '../../../adapters/store/sqlite/index.ts';
import { subscribeTopic } from '../../../app/capabilities/subscribe.ts';
import type { PaperStore } from '../../../app/ports/store.ts';
import type { RadarService } from '../../../app/radar-service.ts';
import { createRadarService } from '../../../app/service/create.ts';
import { loadConfig } from '../../../config/env.ts';
import { isWriteTool } from '../../../domain/agent-proposals.ts';
import { AppError } from '../../../domain/errors.ts';
import { silentLogger } from '../../../lib/logger.ts';
import { serviceSettings } from '../../../workers/compose.ts';
import { textPorts } from '../../../workers/text-ports.ts';
import { corpus } from '../../support/corpus.ts';
import { createMemorySchedules } from '../../support/memory-radar-service.ts';

const root = mkdtempSync(path.join(os.tmpdir(), 'capabilities-parity-'));
const settings = serviceSettings(loadConfig({ DATA_DIR: root }, {}));
const mcpText = (r: unknown) => ((r as CallToolResult).content[0] as { text: string }).text;

describe('the service, MCP and the agent run the same capabilities', () => {
  let store: PaperStore;
  let service: RadarService;
  let agentTool: ReturnType<typeof createAgentActivities>['agentTool'];
  const serviceSchedules = createMemorySchedules();
  const agentSchedules = createMemorySchedules();
  const client = new Client({ name: 'parity', version: '1.0.0' });

  before(async () => {
    store = openSqliteStore({ dataDir: path.join(root, 'db') });
    const noArxiv = () => Promise.reject(new AppError('INTERNAL', 'the scenario asked arXiv'));
    service = createRadarService(
      {
        store,
        runner: { run: () => Promise.reject(new AppError('INTERNAL', 'the scenario started a workflow')) },
        schedules: serviceSchedules,
        reranker: async () => createBm25Reranker(),
        llm: async () => undefined,
        notion: async () => null,
        converter: { convertFile: noArxiv },
        arxiv: noArxiv,
        ...textPorts(async () => undefined, silentLogger),
      },
      settings,
      silentLogger,
    );
    // The worker's wiring (workers/agent-deps.ts): the agent subscribes through the same capability.
    agentTool = createAgentActivities({
      store,
      reranker: async () => createBm25Reranker(),
      logger: silentLogger,
      agent: {
        llm: undefined,
        subscribe: (req) => subscribeTopic({ store, schedules: agentSchedules }, settings, req),
      },
    }).agentTool;
    const [a, b] = InMemoryTransport.createLinkedPair();
    await Promise.all([createMcpServer({ service, logger: silentLogger }).connect(a), client.connect(b)]);
    // A real arXiv API response (100 results for "testing"), stored under a topic; the full text
    // of each paper here is its abstract, chunked as the converter chunks Markdown.
    const xml = readFileSync(corpus('atom', 'search_testing_start0_max100.xml'), 'utf8');
    await service.importFeeds([{ name: 'testing.xml', text: xml }], { topic: 'software testing' });
    const listed = await service.listPapers({ limit: 30 });
    for (const p of listed.papers.slice(0, 30)) {
      const paper = (await store.getPaper(p.arxiv_id))!;
      const markdown = `## Abstract\n\n${paper.abstract}\n`;
      await store.saveContent({
        id: paper.id,
        version: paper.version,
        source: 'html',
        markdown,
        warnings: [],
      });
      await store.replaceChunks(paper.id, paper.version, chunkMarkdown(markdown));
    }
  });
  after(async () => {
    await client.close();
    await store.close();
    rmSync(root, { recursive: true, force: true });
  });

  /** The agent's call: its result text, and whether it failed. */
  const tool = (name: string, args: Record<string, unknown>) => agentTool({ name, args });
  /** The MCP client's call: its text, its structured content, and whether it failed. */
  const mcp = async (name: string, args: Record<string, unknown>) => {
    const r = (await client.callTool({ name, arguments: args })) as CallToolResult;
    return { text: mcpText(r), structured: r.structuredContent, isError: r.isError === true };
  };

  /** Each shared tool's scenario (the test below checks every one in app/tools/ has one). */
  const scenarios: Record<string, () => Promise<void>> = {
    async list_papers() {
      for (const args of [
        { query: 'mutation testing', limit: 5, offset: 0 },
        { categories: ['cs.SE'], start_date: '2010-01-01', limit: 7, offset: 3 },
        { author: '', query: '', topic: 'software testing', limit: 50, offset: 0 },
      ]) {
        const out = await tool('list_papers', args);
        assert.equal(out.isError, false, out.text);
        const fromService = await service.listPapers(
          Object.fromEntries(Object.entries(args).filter(([, v]) => v !== '')),
        );
        assert.ok(fromService.returned > 0, `the scenario lists papers for ${JSON.stringify(args)}`);
        const page = {
          total_count: fromService.total_count,
          returned: fromService.returned,
          papers: fromService.papers,
        };
        assert.deepEqual(JSON.parse(out.text), page);
        const viaMcp = await mcp('list_papers', args);
        assert.equal(viaMcp.text, out.text, 'MCP returns the text the model reads');
        assert.deepEqual(viaMcp.structured, page);
      }
    },

    async list_topics() {
      const topics = await service.topics();
      assert.deepEqual(topics, [{ name: 'software testing', count: 100 }]);
      const out = await tool('list_topics', {});
      assert.equal(out.text, topicsText(topics));
      assert.equal((await mcp('list_topics', {})).text, out.text);
      await assert.rejects(service.runTool('no_such_tool', {}), /there is no tool "no_such_tool"/);
    },

    async ask_papers() {
      const question = 'How are test cases generated automatically?';
      const fromService = await service.askPapers(question);
      assert.equal(fromService.usedLlm, false);
      assert.ok(fromService.passages.length > 0, 'the library holds passages about test generation');
      const out = await tool('ask_papers', { question });
      assert.equal(out.isError, false, out.text);
      assert.equal(out.text, libraryAnswerText(fromService));
      assert.match(out.text, /\n\nSources:\n\[1\] arXiv:\S+ \(Abstract\)\n.*\n\nPassages:\n\[/s);
      assert.equal((await mcp('ask_papers', { question })).text, out.text);
      // Turns recorded when the agent called it ask_library still run it.
      assert.equal((await tool('ask_library', { question })).text, out.text);
    },

    async subscribe_topic() {
      const args = {
        name: 'test-generation',
        interest: 'automatic test generation',
        categories: ['cs.SE'],
        top_k: 7,
      };
      const view = await service.subscribe({
        name: 'test-generation',
        interest: 'automatic test generation',
        categories: ['cs.SE'],
        topK: 7,
      });
      const serviceStored = await store.getSubscription('test-generation');
      assert.equal(await service.unsubscribe('test-generation'), true);
      const viaMcp = await mcp('subscribe_topic', args);
      assert.equal(viaMcp.isError, false, viaMcp.text);
      assert.deepEqual(viaMcp.structured, { subscription: view });
      assert.deepEqual(
        serviceSchedules.entries.get('test-generation'),
        await store.getSubscription('test-generation'),
      );
      assert.equal(await service.unsubscribe('test-generation'), true);
      // The agent's worker runs it only as the workflow lets a write through after consent.
      const out = await tool('subscribe_topic', args);
      assert.equal(out.isError, false, out.text);
      assert.equal(out.text, viaMcp.text);
      const agentStored = await store.getSubscription('test-generation');
      const { createdAt: _a, updatedAt: _b, ...agentSub } = agentStored!;
      const { createdAt: _c, updatedAt: _d, ...serviceSub } = serviceStored!;
      assert.deepEqual(agentSub, serviceSub);
      assert.deepEqual(agentSchedules.entries.get('test-generation'), agentStored);
      assert.equal(
        serviceSchedules.entries.has('test-generation'),
        false,
        'unsubscribe removed the schedule',
      );
      // A confirmed proposal (AgentService.confirm) runs the same tool; only the model's arguments count.
      const confirmed = await service.runTool('subscribe_topic', { ...args, top_k: 8 }, { proposal: true });
      assert.equal((confirmed.structured as { subscription: { topK: number } }).subscription.topK, 8);
      await assert.rejects(
        service.runTool(
          'subscribe_topic',
          { ...args, discord_webhook_url: 'https://discord.com/api/webhooks/1/x' },
          { proposal: true },
        ),
        /invalid arguments for subscribe_topic: .*discord_webhook_url/,
      );

      const refused = await tool('subscribe_topic', { name: 'no-scope', interest: 'anything at all' });
      assert.equal(refused.isError, true);
      assert.match(refused.text, /INVALID_INPUT.*query or categories/);
      const refusedByMcp = await mcp('subscribe_topic', { name: 'no-scope', interest: 'anything at all' });
      assert.equal(refusedByMcp.isError, true);
      assert.equal(refusedByMcp.text, refused.text);
      await assert.rejects(
        service.subscribe({ name: 'no-scope', interest: 'anything at all' }),
        (e: unknown) => {
          assert.ok(
            e instanceof AppError &&
              e.code === 'INVALID_INPUT' &&
              /query or at least one category/.test(e.message),
          );
          return true;
        },
      );
      assert.equal(await store.getSubscription('no-scope'), null);
    },
  };

  for (const [name, scenario] of Object.entries(scenarios))
    it(`${name}: the same result through each door`, scenario);

  it('every tool MCP and the agent share has its scenario, and both offer it', async () => {
    assert.deepEqual(SHARED_TOOLS.map((t) => t.name).sort(), Object.keys(scenarios).sort());
    const offeredByMcp = (await client.listTools()).tools;
    const offeredToModel = builtinToolSpecs();
    for (const shared of SHARED_TOOLS) {
      const m = offeredByMcp.find((t) => t.name === shared.name);
      const a = offeredToModel.find((t) => t.name === shared.name);
      assert.ok(m && a, `${shared.name} is offered by MCP and to the model`);
      assert.equal(m.annotations?.readOnlyHint, !shared.sideEffect, shared.name);
      if (shared.sideEffect) {
        assert.equal(m.annotations?.destructiveHint, shared.sideEffect.destructive);
        assert.equal(m.annotations?.idempotentHint, shared.sideEffect.idempotent);
        assert.match(a.description, /only proposes/, 'the model is told its call is a proposal');
        // The agentTurn workflow turns calls of WRITE_TOOLS into proposals; the worker refuses any other write.
        assert.ok(
          isWriteTool(shared.name),
          `${shared.name} is listed in domain/agent-proposals.ts WRITE_TOOLS`,
        );
      }
      // The model never gets the arguments only a direct caller may give (e.g. a webhook URL).
      const modelArgs = Object.keys((a.parameters as { properties?: object }).properties ?? {});
      for (const k of Object.keys(shared.callerShape ?? {})) {
        assert.ok(!modelArgs.includes(k), `${shared.name}'s ${k} is not offered to the model`);
        assert.ok(k in (m.inputSchema.properties ?? {}), `${shared.name}'s ${k} is offered by MCP`);
      }
    }
  });
});
