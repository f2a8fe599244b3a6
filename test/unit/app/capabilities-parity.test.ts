/**
 * One scenario through every door of the core: the RadarService (what the CLI, the bot and the web
 * app call), the MCP server (an in-memory client) and the research agent's tools (the worker's
 * agentTool activity; for a tool with a side effect, the proposal the user confirms through
 * AgentService), over one real SQLite library. Each capability (list, topics, ask-library,
 * subscribe) is the same function in app/capabilities/, and each tool MCP and the agent share is
 * defined once in app/tools/, so all must give the same answer for the same question. Every shared
 * tool has its scenario here: a new one is its file, its line in SHARED_TOOLS and its scenario,
 * with or without a side effect (the last test adds a made-up one and nothing else).
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { createAgentActivities } from '../../../activities/agent/activities.ts';
import { builtinToolSpecs, checkToolCall } from '../../../activities/agent/tools.ts';
import { createProposalBook } from '../../../app/agent-proposal-store.ts';
import { createAgentService, type AgentService } from '../../../app/agent-service.ts';
import { libraryAnswerText } from '../../../app/tools/ask-papers.ts';
import { SHARED_TOOLS, type SharedTool } from '../../../app/tools/index.ts';
import { topicsText } from '../../../app/tools/list-topics.ts';
import { createMcpServer } from '../../../mcp/server.ts';
import { chunkMarkdown } from '../../../adapters/convert/chunks.ts';
import { createBm25Reranker } from '../../../adapters/rank/bm25.ts';
import { openSqliteStore } from '../../../adapters/store/sqlite/index.ts';
import type { PaperStore } from '../../../app/ports/store.ts';
import type { RadarService } from '../../../app/radar-service.ts';
import { createRadarService } from '../../../app/service/create.ts';
import { loadConfig } from '../../../config/env.ts';
import { DEFAULT_AGENT_LIMITS } from '../../../domain/agent.ts';
import { proposesOnly } from '../../../domain/agent-proposals.ts';
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
  let agent: AgentService;
  const serviceSchedules = createMemorySchedules();
  const client = new Client({ name: 'parity', version: '1.0.0' });
  const noWorkflow = () => Promise.reject(new AppError('INTERNAL', 'the scenario started a workflow'));

  before(async () => {
    store = openSqliteStore({ dataDir: path.join(root, 'db') });
    const noArxiv = () => Promise.reject(new AppError('INTERNAL', 'the scenario asked arXiv'));
    service = createRadarService(
      {
        store,
        runner: { run: noWorkflow },
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
    // The worker's wiring (workers/agent-deps.ts); it never runs a tool with a side effect.
    agentTool = createAgentActivities({
      store,
      reranker: async () => createBm25Reranker(),
      logger: silentLogger,
      agent: { llm: undefined },
    }).agentTool;
    // The caller's side of the agent (workers/compose-agent.ts): proposals, confirmed by the user.
    agent = createAgentService(
      { runner: { run: noWorkflow }, store, radar: service, tools: () => [] },
      { enabled: true, limits: DEFAULT_AGENT_LIMITS, llmTimeoutMs: 1000, turnTimeoutMs: 1000 },
      silentLogger,
    );
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
  const book = () => createProposalBook(store);

  /**
   * The agent's door to a tool with a side effect, as a turn goes through it: the worker marks the
   * model's call, so the agentTurn workflow proposes it (and the worker refuses to run it); the tool
   * describes the proposal, which is stored; `confirm` is the user's own action (AgentService).
   */
  const agentProposal = async (name: string, args: Record<string, unknown>) => {
    const call = checkToolCall({ id: 'call_1', name, arguments: JSON.stringify(args) }, new Set());
    assert.equal(call.error, undefined);
    assert.equal(call.proposes, true, `the worker marks a call of ${name} as a proposal`);
    assert.ok(proposesOnly(call), 'the agentTurn workflow only proposes it');
    const refused = await tool(name, call.args!);
    assert.equal(refused.isError, true);
    assert.match(refused.text, /PERMISSION_DENIED.*only the user can apply it/);
    const summary = await service.describeProposal(name, call.args!);
    const conversationId = `parity:${name}:${randomBytes(3).toString('hex')}`;
    const [proposal] = await book().record(conversationId, 'turn-1', undefined, [
      {
        proposal: {
          id: randomBytes(4).toString('hex'),
          tool: name,
          ...summary,
          confirmable: summary.problem === null,
        },
        write: { tool: name, args: call.args! },
      },
    ]);
    return { summary, proposal: proposal!, confirm: () => agent.confirm(proposal!.id, { conversationId }) };
  };
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
      assert.equal(
        serviceSchedules.entries.has('test-generation'),
        false,
        'unsubscribe removed the schedule',
      );
      // The agent: the model's call is a proposal, described from the stored state; nothing changes.
      const created = await agentProposal('subscribe_topic', args);
      assert.deepEqual(created.summary, {
        title: 'Create the subscription "test-generation"',
        changes: [
          'categories: cs.SE',
          'interest: "automatic test generation"',
          'top: 7',
          'anything not listed: the deployment’s defaults',
        ],
        problem: null,
      });
      assert.equal(await store.getSubscription('test-generation'), null, 'the model’s call changed nothing');
      // The user's confirmation runs the same tool.
      const done = await created.confirm();
      assert.match(
        done.message,
        /^The user confirmed proposal [0-9a-f]{8}: subscription "test-generation" created \(schedule .+\)\.$/,
      );
      const agentStored = await store.getSubscription('test-generation');
      const { createdAt: _a, updatedAt: _b, ...agentSub } = agentStored!;
      const { createdAt: _c, updatedAt: _d, ...serviceSub } = serviceStored!;
      assert.deepEqual(agentSub, serviceSub);
      assert.deepEqual(serviceSchedules.entries.get('test-generation'), agentStored);
      // An update is described as a diff of the stored subscription.
      const updated = await agentProposal('subscribe_topic', { ...args, top_k: 8 });
      assert.deepEqual(updated.summary.changes, ['top: 7 → 8']);
      assert.match((await updated.confirm()).message, /subscription "test-generation" updated/);
      assert.equal((await store.getSubscription('test-generation'))?.topK, 8);
      // A stored proposal is checked again: only the model's arguments count.
      await assert.rejects(
        service.runTool(
          'subscribe_topic',
          { ...args, discord_webhook_url: 'https://discord.com/api/webhooks/1/x' },
          { proposal: true },
        ),
        /invalid arguments for subscribe_topic: .*discord_webhook_url/,
      );

      const noScope = { name: 'no-scope', interest: 'anything at all' };
      const unscoped = await agentProposal('subscribe_topic', noScope);
      assert.match(unscoped.summary.problem ?? '', /neither a query nor categories/);
      assert.equal(unscoped.proposal.confirmable, false, 'a proposal that cannot be applied is not kept');
      const refusedByMcp = await mcp('subscribe_topic', noScope);
      assert.equal(refusedByMcp.isError, true);
      assert.match(refusedByMcp.text, /INVALID_INPUT.*query or categories/);
      await assert.rejects(
        service.runTool('subscribe_topic', noScope, { proposal: true }),
        /query or categories/,
      );
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
      }
      // The model never gets the arguments only a direct caller may give (e.g. a webhook URL).
      const modelArgs = Object.keys((a.parameters as { properties?: object }).properties ?? {});
      for (const k of Object.keys(shared.callerShape ?? {})) {
        assert.ok(!modelArgs.includes(k), `${shared.name}'s ${k} is not offered to the model`);
        assert.ok(k in (m.inputSchema.properties ?? {}), `${shared.name}'s ${k} is offered by MCP`);
      }
    }
  });

  describe('a made-up tool with a side effect: its definition and its line in SHARED_TOOLS are all it takes', () => {
    // Its effect: the papers it starred, here in the test (a real tool writes the library).
    const starred: string[] = [];
    const starPaper: SharedTool = {
      name: 'star_paper',
      title: 'Star a paper',
      description: 'Star a paper of the library.',
      shape: { arxiv_id: z.string().regex(/^\d{4}\.\d{4,5}$/) },
      sideEffect: { idempotent: true, destructive: false },
      async run(_ctx, args) {
        starred.push(String(args.arxiv_id));
        return { text: `starred ${String(args.arxiv_id)}` };
      },
    };
    const other = new Client({ name: 'parity-made-up', version: '1.0.0' });
    // What its one line in app/tools/index.ts does (removed again after these tests).
    before(async () => {
      (SHARED_TOOLS as SharedTool[]).push(starPaper);
      const [a, b] = InMemoryTransport.createLinkedPair();
      await Promise.all([createMcpServer({ service, logger: silentLogger }).connect(a), other.connect(b)]);
    });
    after(async () => {
      (SHARED_TOOLS as SharedTool[]).splice(SHARED_TOOLS.indexOf(starPaper), 1);
      await other.close();
    });

    it('MCP offers it with its hints and runs it; the model is told it only proposes', async () => {
      const listed = (await other.listTools()).tools.find((t) => t.name === 'star_paper');
      assert.deepEqual(listed?.annotations, {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: true,
      });
      const r = (await other.callTool({
        name: 'star_paper',
        arguments: { arxiv_id: '2401.00001' },
      })) as CallToolResult;
      assert.equal(mcpText(r), 'starred 2401.00001');
      assert.deepEqual(starred.splice(0), ['2401.00001']);
      const spec = builtinToolSpecs().find((t) => t.name === 'star_paper');
      assert.match(spec?.description ?? '', /only proposes/);
    });

    it('the agent only proposes it, shows its arguments, and runs it once on the user’s confirmation', async () => {
      const p = await agentProposal('star_paper', { arxiv_id: '2401.00002' });
      assert.deepEqual(p.summary, {
        title: 'Star a paper',
        changes: ['arxiv_id: "2401.00002"'],
        problem: null,
      });
      assert.deepEqual(starred, [], 'neither the model’s call nor the worker ran it');
      const done = await p.confirm();
      assert.match(done.message, /^The user confirmed proposal [0-9a-f]{8}: Star a paper: done\.$/);
      assert.deepEqual(starred, ['2401.00002']);
      await assert.rejects(p.confirm(), /No pending proposal/, 'a second confirmation applies nothing');
      assert.deepEqual(starred, ['2401.00002']);
      // Arguments the model could not have given are refused when described and when applied.
      await assert.rejects(
        service.describeProposal('star_paper', { arxiv_id: '2401.00003', note: 'x' }),
        /invalid arguments for star_paper/,
      );
      await assert.rejects(service.describeProposal('list_topics', {}), /nothing to propose/);
    });
  });
});
