/**
 * The research agent end to end: the real AgentService and agentTurn workflow on the Temporal dev
 * server, the SQLite library, the fake arXiv (recorded corpus) and a scripted fake of the
 * OpenAI-compatible wire format (native tool_calls, streamed). Scenarios from issue 19: one tool
 * call then an answer (with an invented citation removed), parallel tool calls, a failing tool,
 * invalid JSON arguments (repaired; re-asked once), the step budget, a follow-up in a stored
 * conversation, a confirmed subscription, and no LLM configured.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { AgentService } from '../../app/agent-service.ts';
import { NO_LLM_NOTICE } from '../../app/agent-service.ts';
import { arxivIdsIn } from '../../domain/agent.ts';
import { silentLogger } from '../../lib/logger.ts';
import { createMcpServer } from '../../mcp/server.ts';
import { openAgentService } from '../../workers/compose-agent.ts';
import { openRadarService, type RadarServiceHandle } from '../../workers/compose.ts';
import { startFakeArxiv, type FakeArxiv } from '../fakes/arxiv-server.ts';
import { startFakeLlm, type FakeLlm, type FakeLlmRequest } from '../fakes/llm-server.ts';
import { compromisedModel, INJECTED_SUBSCRIPTION } from '../support/compromised-model.ts';
import { standInPdf } from '../support/corpus.ts';
import { maybeRecordHistory } from '../support/histories.ts';
import { startTestRuntime, testConfig, type TestRuntime } from '../support/runtime.ts';
import { fakeArxivEnv, fakeLlmEnv } from '../support/fake-env.ts';

type Body = FakeLlmRequest['body'];
const REPO = path.resolve(import.meta.dirname, '../..');
const lastMessage = (b: Body) => b.messages?.at(-1);
const toolMessages = (b: Body) => (b.messages ?? []).filter((m) => m.role === 'tool');
const hasTools = (b: Body) => Array.isArray(b.tools) && b.tools.length > 0;
/** The query builder inside topicSearch asks in JSON mode: it always gets this query (the recorded `testing` search). */
const queryBuilder = (b: Body) =>
  b.response_format ? { content: '{"search_query":"all:testing"}' } : undefined;

describe('research agent (agentTurn) against the scripted fake LLM', () => {
  let arxiv: FakeArxiv;
  let llm: FakeLlm;
  let t: TestRuntime;
  let service: RadarServiceHandle;
  let agent: AgentService;
  let env: Record<string, string>;

  let dir: string;
  /** The first turn's workflow: its history is the replay fixture of agentTurn (RECORD_HISTORIES=1). */
  let recordedTurn: string | undefined;
  /** A turn whose model call proposes subscribe_topic: the replay fixture of the proposal path. */
  let proposalTurn: string | undefined;

  before(async () => {
    arxiv = await startFakeArxiv({ documents: standInPdf() });
    llm = await startFakeLlm();
    // One external MCP server (a real child process over stdio) whose tools the agent is offered.
    dir = mkdtempSync(path.join(os.tmpdir(), 'arxiv-radar-agent-mcp-'));
    const serversFile = path.join(dir, 'mcp-servers.json');
    writeFileSync(
      serversFile,
      JSON.stringify({
        mcpServers: {
          lab: {
            command: process.execPath,
            args: ['--import', 'tsx', path.join(REPO, 'test/fakes/mcp-server.ts')],
            cwd: REPO,
          },
        },
      }),
    );
    env = {
      MCP_SERVERS_FILE: serversFile,
      ...fakeArxivEnv(arxiv),
      ...fakeLlmEnv(llm),
    };
    t = await startTestRuntime(env);
    service = openRadarService(t.config, silentLogger, { client: t.client });
    agent = openAgentService(t.config, silentLogger, service);
    llm.respondWith(queryBuilder);
  });
  /** The agent's own model calls (streamed), from index `from` of every request. */
  const agentRequests = (from = 0) => llm.requests.slice(from).filter((q) => q.body.stream === true);
  after(async () => {
    if (t && recordedTurn)
      await maybeRecordHistory(t.runtime.temporalAddress, recordedTurn, 'agentTurn', 'search-then-answer');
    if (t && proposalTurn)
      await maybeRecordHistory(t.runtime.temporalAddress, proposalTurn, 'agentTurn', 'subscribe-proposal');
    await service?.close();
    await t?.stop();
    await arxiv?.close();
    await llm?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('one tool call then an answer; an invented citation is removed, the real one kept', async () => {
    const before = llm.requests.length;
    llm.script([
      { toolCalls: [{ name: 'search_arxiv', arguments: '{"topic":"testing","max_results":10}' }] },
    ]);
    // The answer cites the first id the search returned, and one no tool returned.
    llm.respondWith((b) => {
      if (b.response_format) return queryBuilder(b);
      if (lastMessage(b)?.role !== 'tool') return undefined;
      const found = arxivIdsIn(
        toolMessages(b)
          .map((m) => m.content ?? '')
          .join('\n'),
      )[0];
      return { content: `The most relevant paper is arXiv:${found}; see also arXiv:2401.99999.` };
    });
    const progress: string[] = [];
    const tools: string[] = [];
    const arxivBefore = arxiv.requests.length;
    const r = await agent.ask({ question: 'What is new in software testing?' }, (m) => progress.push(m), {
      onTool: (x) => tools.push(x.label),
      onStart: (run) => (recordedTurn = run.workflowId),
    });
    llm.respondWith(queryBuilder);
    const sent = agentRequests(before);
    assert.equal(sent.length, 2, 'two model calls, streamed');
    assert.ok(hasTools(sent[0]!.body));
    assert.deepEqual(
      sent[0]!.body.tools!.map((x) => x.function.name),
      [
        'search_arxiv',
        'get_paper',
        'list_papers',
        'ask_papers',
        'list_topics',
        'subscribe_topic',
        'lab__lookup_note',
        'lab__add',
        'lab__fail',
        'lab__crash',
      ],
      'our tools, then the external MCP server’s',
    );
    const result = toolMessages(sent[1]!.body)[0]!.content ?? '';
    assert.match(result, /^arXiv search "testing"/);
    const found = arxivIdsIn(result)[0]!;
    assert.equal(r.usedAgent, true);
    assert.equal(r.steps, 2);
    assert.equal(r.toolCalls, 1);
    assert.deepEqual(
      r.cited.map((c) => c.id),
      [found],
    );
    assert.ok(r.cited[0]!.title, 'the cited paper is in the library');
    assert.deepEqual(r.removed, ['2401.99999']);
    const [body, flag] = r.answer.split('\n\n');
    assert.ok(!body!.includes('2401.99999'), r.answer);
    assert.match(body!, /\[citation removed: not found by a tool\]/);
    assert.equal(flag, '_1 citation removed: no tool returned 2401.99999 in this conversation._');
    assert.deepEqual(tools, ['searching arXiv: testing']);
    assert.equal(r.toolChars, result.length);
    const sentToArxiv = arxiv.requests.slice(arxivBefore);
    assert.deepEqual(
      sentToArxiv.map((q) => `${q.path} ${q.query.search_query ?? ''}`),
      ['/api/query all:testing'],
      'one arXiv request: no full text unless get_paper asks',
    );
  });

  it('a search in arXiv syntax goes as written, without the LLM query builder, in one arXiv request', async () => {
    llm.script([
      { toolCalls: [{ name: 'search_arxiv', arguments: '{"topic":"cat:cs.CL","max_results":5}' }] },
      { content: 'Three cs.CL papers: arXiv:2312.06056.' },
    ]);
    const [llmBefore, arxivBefore] = [llm.requests.length, arxiv.requests.length];
    const r = await agent.ask({ question: 'Search cat:cs.CL' });
    assert.equal(
      llm.requests.slice(llmBefore).filter((b) => b.body.response_format).length,
      0,
      'no LLM call to build the query',
    );
    assert.deepEqual(
      arxiv.requests.slice(arxivBefore).map((q) => `${q.path} ${q.query.search_query ?? ''}`),
      ['/api/query cat:cs.CL'],
    );
    assert.deepEqual(
      r.cited.map((c) => c.id),
      ['2312.06056'],
    );
  });

  it('runs parallel tool calls in one step and answers from both', async () => {
    llm.script([
      {
        toolCalls: [
          { id: 'p1', name: 'list_topics', arguments: '{}' },
          { id: 'p2', name: 'get_paper', arguments: '{"ref":"arXiv:1111.2011v2"}' },
        ],
      },
      {
        content:
          'The library has a testing topic, and arXiv:1111.2011 studies quantum criticality on a Bethe lattice.',
      },
    ]);
    const before = llm.requests.length;
    const r = await agent.ask({ question: 'What topics do I have, and what is 1111.2011 about?' });
    assert.equal(r.steps, 2);
    assert.deepEqual(
      r.trace.map((x) => [x.step, x.tool, x.isError]),
      [
        [1, 'list_topics', false],
        [1, 'get_paper', false],
      ],
    );
    const second = agentRequests(before)[1]!.body;
    const [topics, paper] = toolMessages(second);
    assert.equal(topics!.tool_call_id, 'p1');
    assert.match(topics!.content ?? '', /testing \(\d+ papers?\)/);
    assert.equal(paper!.tool_call_id, 'p2');
    assert.match(paper!.content ?? '', /^# Quantum Criticality for Extended Nodes on a Bethe Lattice/);
    assert.match(paper!.content ?? '', /## Sections \(read one with get_paper/);
    assert.deepEqual(
      r.cited.map((c) => c.id),
      ['1111.2011'],
    );
  });

  // The stand-in PDF is a letter without numbered sections (test/support/corpus.ts): a section by its words.
  it('reads one section of a paper on request', async () => {
    llm.script([
      { toolCalls: [{ name: 'get_paper', arguments: '{"ref":"1111.2011","section":"acknowledgments"}' }] },
      { content: 'The acknowledgments of arXiv:1111.2011 thank the funding agencies.' },
    ]);
    const before = llm.requests.length;
    const r = await agent.ask({ question: 'Read the acknowledgments of 1111.2011' });
    const text = toolMessages(agentRequests(before)[1]!.body)[0]!.content ?? '';
    assert.match(text, /^# Quantum Criticality.* — Acknowledgments\n/);
    assert.ok(text.length < 20_000, `one section, not the paper (${text.length} chars)`);
    assert.equal(r.trace[0]!.label, 'reading 1111.2011 §acknowledgments');
  });

  it('a failing tool comes back as an error result and the agent recovers', async () => {
    llm.script([
      { toolCalls: [{ name: 'get_paper', arguments: '{"ref":"https://example.com/not-arxiv"}' }] },
      { toolCalls: [{ name: 'list_topics', arguments: '{}' }] },
      { content: 'That link is not an arXiv paper; your library has the topic testing.' },
    ]);
    const before = llm.requests.length;
    const r = await agent.ask({ question: 'Summarise https://example.com/not-arxiv' });
    assert.equal(r.steps, 3);
    assert.deepEqual(
      r.trace.map((x) => [x.tool, x.isError]),
      [
        ['get_paper', true],
        ['list_topics', false],
      ],
    );
    const failed = toolMessages(agentRequests(before)[1]!.body)[0]!.content ?? '';
    assert.match(failed, /^Error: get_paper failed: /);
    assert.match(r.answer, /not an arXiv paper/);
  });

  it('a paper arXiv does not have is an error result at once, and its invented citation is removed', async () => {
    llm.script([
      { toolCalls: [{ name: 'get_paper', arguments: '{"ref":"2401.99999"}' }] },
      { content: 'arXiv:2401.99999 could not be read.' },
    ]);
    const started = Date.now();
    const before = llm.requests.length;
    const r = await agent.ask({ question: 'What does 2401.99999 say?' });
    assert.ok(Date.now() - started < 30_000, `no wait for a timeout (${Date.now() - started} ms)`);
    assert.deepEqual(
      r.trace.map((x) => [x.tool, x.isError]),
      [['get_paper', true]],
    );
    assert.match(
      toolMessages(agentRequests(before)[1]!.body)[0]!.content ?? '',
      /^Error: get_paper failed: arXiv has no paper 2401\.99999/,
    );
    assert.deepEqual(r.removed, ['2401.99999']);
  });

  it('repairs broken JSON arguments, and re-asks once when they cannot be repaired', async () => {
    // Single quotes, a bare key and a trailing comma: repaired without asking.
    llm.script([
      { toolCalls: [{ name: 'list_papers', arguments: "{topic: 'testing', limit: 2,}" }] },
      { content: 'Listed two papers.' },
    ]);
    const r1 = await agent.ask({ question: 'List two testing papers' });
    assert.deepEqual(
      r1.trace.map((x) => [x.tool, x.isError]),
      [['list_papers', false]],
    );

    // Not JSON at all: one re-ask showing the parser's complaint, then the corrected call runs.
    llm.script([
      { toolCalls: [{ id: 'bad', name: 'list_topics', arguments: '{"a": [1, 2}' }] },
      { toolCalls: [{ id: 'good', name: 'list_topics', arguments: '{}' }] },
      { content: 'Here are your topics.' },
    ]);
    const before = llm.requests.length;
    const r2 = await agent.ask({ question: 'Which topics do I have?' });
    assert.equal(agentRequests(before).length, 3);
    const reask = lastMessage(agentRequests(before)[1]!.body);
    assert.equal(reask?.role, 'tool');
    assert.match(
      reask?.content ?? '',
      /arguments are not valid JSON .*Send this call again with a valid JSON object/,
    );
    assert.deepEqual(
      r2.trace.map((x) => [x.tool, x.isError]),
      [['list_topics', false]],
    );

    // Still broken after the re-ask: a clear error result, and the model answers anyway.
    llm.script([
      { toolCalls: [{ name: 'list_topics', arguments: '{"a": [1, 2}' }] },
      { toolCalls: [{ name: 'list_topics', arguments: '{"a": [1, 2}' }] },
      { content: 'I could not call the tool.' },
    ]);
    const r3 = await agent.ask({ question: 'Which topics do I have?' });
    assert.deepEqual(
      r3.trace.map((x) => [x.tool, x.isError]),
      [['list_topics', true]],
    );
    assert.equal(r3.answer.startsWith('I could not call the tool.'), true);
  });

  it('stops at the step budget and answers with what it has, saying so', async () => {
    const { config } = testConfig({
      ...env,
      DATA_DIR: t.dataDir,
      TEMPORAL_TASK_QUEUE: t.config.TEMPORAL_TASK_QUEUE,
      AGENT_MAX_STEPS: '3',
    });
    const limited = openAgentService(config, silentLogger, service);
    // A model that always wants another tool while tools are offered.
    llm.respondWith(
      (b) =>
        queryBuilder(b) ??
        (hasTools(b)
          ? { toolCalls: [{ name: 'list_topics', arguments: '{}' }] }
          : { content: 'Partial answer: the library has a testing topic.' }),
    );
    const before = llm.requests.length;
    const r = await limited.ask({ question: 'Keep looking forever' });
    llm.respondWith(queryBuilder);
    assert.equal(r.steps, 3);
    assert.equal(r.budget, 'steps');
    assert.equal(agentRequests(before).length, 3);
    assert.equal(hasTools(llm.requests.at(-1)!.body), false, 'the last call offers no tools');
    assert.match(lastMessage(llm.requests.at(-1)!.body)?.content ?? '', /used the step budget/);
    assert.match(r.answer, /^Partial answer/);
    assert.match(r.answer, /ran out of its step budget \(AGENT_MAX_STEPS\)/);
  });

  it('continues a stored conversation: a follow-up may cite what an earlier turn found; a subscription is only a proposal until the user confirms it', async () => {
    const id = 'test:conversation-1';
    llm.script([
      { toolCalls: [{ name: 'get_paper', arguments: '{"ref":"1111.2011"}' }] },
      { content: 'arXiv:1111.2011 is about Bethe lattices.' },
    ]);
    await agent.ask({ question: 'What is 1111.2011 about?', conversationId: id });
    const args =
      '{"name":"bethe","interest":"quantum criticality on Bethe lattices","categories":["cond-mat.str-el"],"schedule":"0 3 1 1 *"}';
    llm.script([
      { toolCalls: [{ name: 'subscribe_topic', arguments: `{"confirmed":true,${args.slice(1)}` }] },
      { content: 'Shall I subscribe you to bethe (like arXiv:1111.2011)?' },
    ]);
    const before = llm.requests.length;
    const r2 = await agent.ask(
      { question: 'Subscribe me to papers like it', conversationId: id },
      undefined,
      { onStart: (run) => (proposalTurn = run.workflowId) },
    );
    const history = agentRequests(before)[0]!.body.messages!;
    assert.ok(
      history.some((m) => m.role === 'user' && m.content === 'What is 1111.2011 about?'),
      'the first turn is in the context',
    );
    assert.deepEqual(
      r2.cited.map((c) => c.id),
      ['1111.2011'],
      'cited from the earlier turn’s tool result',
    );
    assert.match(
      toolMessages(agentRequests(before)[1]!.body).at(-1)!.content ?? '',
      /^Proposed to the user, NOT applied: subscribe_topic/,
      'confirmed:true is only a proposal',
    );
    assert.equal(await service.store.getSubscription('bethe'), null);
    const [proposal] = r2.proposals;
    assert.equal(proposal?.title, 'Create the subscription "bethe"');
    assert.deepEqual(proposal?.changes.slice(0, 3), [
      'categories: cond-mat.str-el',
      'interest: "quantum criticality on Bethe lattices"',
      'schedule: "0 3 1 1 *"',
    ]);
    assert.equal(proposal?.confirmable, true);
    assert.match(proposal?.id ?? '', /^[0-9a-f]{8}$/);
    // The user's own action applies it; a second confirm of the same id finds nothing.
    const done = await agent.confirm(proposal!.id, { conversationId: id });
    assert.match(done.message, /subscription "bethe" created/);
    assert.equal(
      (await service.store.getSubscription('bethe'))?.interest,
      'quantum criticality on Bethe lattices',
    );
    await assert.rejects(agent.confirm(proposal!.id, { conversationId: id }), /No pending proposal/);
    // An update is a proposal too, summarised as a diff of the stored subscription.
    llm.script([
      {
        toolCalls: [
          {
            name: 'subscribe_topic',
            arguments: '{"name":"bethe","interest":"anything at all","schedule":"* * * * *"}',
          },
        ],
      },
      { content: 'Proposed a change.' },
    ]);
    const r3 = await agent.ask({ question: 'Make it broader', conversationId: id });
    assert.equal(r3.proposals[0]?.title, 'Change the subscription "bethe"');
    assert.deepEqual(r3.proposals[0]?.changes, [
      'interest: "quantum criticality on Bethe lattices" → "anything at all"',
      'schedule: "0 3 1 1 *" → "* * * * *"',
    ]);
    assert.equal((await service.store.getSubscription('bethe'))?.cron, '0 3 1 1 *', 'not applied');
    await assert.rejects(
      agent.confirm(r3.proposals[0]!.id, { conversationId: 'test:another-conversation' }),
      /No pending proposal/,
      'only from its own conversation',
    );
    await agent.decline(r3.proposals[0]!.id, { conversationId: id });
    const stored = await service.store.getConversation(id);
    assert.equal(stored?.messages.filter((m) => m.role === 'user').length, 3);
    assert.ok(
      stored?.messages.some(
        (m) => m.role === 'assistant' && /The user declined proposal/.test(String(m.content)),
      ),
      'the decision is in the conversation',
    );
    await service.unsubscribe('bethe');
  });

  it('compromised model across two turns: its "confirmed": true never applies; a proposal expires at the end of the next turn; agent_ask can propose but never apply', async () => {
    const id = 'test:injection';
    llm.respondWith((b) => queryBuilder(b) ?? compromisedModel()(b));
    try {
      const r1 = await agent.ask({ question: 'Summarise the Bethe lattice paper', conversationId: id });
      const r2 = await agent.ask({
        question: 'Unrelated: which topics does my library have?',
        conversationId: id,
      });
      assert.deepEqual(
        r2.trace.map((x) => x.label),
        ['proposing subscription injected'],
      );
      assert.equal(
        await service.store.getSubscription(INJECTED_SUBSCRIPTION.name),
        null,
        'nothing applied by the model',
      );
      await assert.rejects(
        agent.confirm(r1.proposals[0]!.id, { conversationId: id }),
        /No pending proposal .* expired/,
        'turn 1’s proposal expired with turn 2',
      );
      // MCP: proposals are reported, none is kept to be applied.
      const mcp = new McpClient({ name: 'consent-test', version: '1.0.0' });
      const [a, b] = InMemoryTransport.createLinkedPair();
      await Promise.all([
        createMcpServer({ service, agent, logger: silentLogger }).connect(a),
        mcp.connect(b),
      ]);
      try {
        for (const question of ['Summarise the Bethe lattice paper', 'And now?']) {
          const r = (await mcp.callTool({
            name: 'agent_ask',
            arguments: { question, conversation_id: 'mcp-injection' },
          })) as CallToolResult;
          assert.match(
            (r.content[0] as { text: string }).text,
            /Proposed, not applied \(agent_ask cannot apply changes/,
          );
        }
      } finally {
        await mcp.close();
      }
      assert.equal(await service.store.getSubscription(INJECTED_SUBSCRIPTION.name), null);
      const tools = agentRequests(0).at(-1)!.body.tools ?? [];
      assert.ok(!tools.some((t) => /confirm/i.test(t.function.name)), 'no tool the model could confirm with');
      assert.ok(
        !JSON.stringify(
          tools.find((t) => t.function.name === 'subscribe_topic')?.function.parameters,
        ).includes('confirmed'),
        'no confirmed argument offered',
      );
    } finally {
      llm.respondWith(queryBuilder);
    }
  });

  it('without an LLM it says so in one sentence and answers from the library with citations', async () => {
    const { config } = testConfig({
      ...env,
      DATA_DIR: t.dataDir,
      TEMPORAL_TASK_QUEUE: t.config.TEMPORAL_TASK_QUEUE,
      LLM_BASE_URL: '',
      LLM_MODEL: '',
    });
    const plainService = openRadarService(config, silentLogger, { client: t.client });
    const plain = openAgentService(config, silentLogger, plainService);
    const before = llm.requests.length;
    const r = await plain.ask({ question: 'What is quantum criticality on a Bethe lattice?' });
    assert.equal(plain.enabled, false);
    assert.equal(r.usedAgent, false);
    assert.equal(r.notice, NO_LLM_NOTICE);
    assert.equal(NO_LLM_NOTICE.split(/(?<=\.)\s/).length, 1, 'one sentence');
    assert.ok(
      r.cited.some((c) => c.id === '1111.2011'),
      JSON.stringify(r.cited),
    );
    assert.equal(llm.requests.length, before, 'no model was called');
    await plainService.close();
  });

  it('offers the tools of external MCP servers (MCP_SERVERS_FILE): their results reach the model and may be cited; their errors are results', async () => {
    llm.script([
      {
        toolCalls: [
          { id: 'n1', name: 'lab__lookup_note', arguments: '{"topic":"Bethe lattices"}' },
          { id: 'n2', name: 'lab__fail', arguments: '{"reason":"busy"}' },
        ],
      },
      { content: 'Your lab discussed arXiv:1111.2011; the other notebook was locked.' },
    ]);
    const before = llm.requests.length;
    const r = await agent.ask({ question: 'What did my lab discuss about Bethe lattices?' });
    const [note, failed] = toolMessages(agentRequests(before)[1]!.body);
    assert.equal(
      note!.content,
      'Lab note on Bethe lattices: the group discussed arXiv:1111.2011 on Tuesday.',
    );
    assert.match(failed!.content ?? '', /^Error: lab__fail failed \(INVALID_INPUT\): notebook locked: busy/);
    assert.deepEqual(
      r.trace.map((x) => [x.tool, x.label, x.isError]),
      [
        ['lab__lookup_note', 'calling lab__lookup_note', false],
        ['lab__fail', 'calling lab__fail', true],
      ],
    );
    assert.deepEqual(
      r.cited.map((c) => c.id),
      ['1111.2011'],
      'an id an external tool returned counts as found',
    );
  });

  it('MCP agent_ask runs the same loop: checked citations, the tool calls as progress and in the result, follow-ups by conversation_id', async () => {
    const mcp = new McpClient({ name: 'agent-ask-test', version: '1.0.0' });
    const [a, b] = InMemoryTransport.createLinkedPair();
    await Promise.all([createMcpServer({ service, agent, logger: silentLogger }).connect(a), mcp.connect(b)]);
    try {
      const listed = await mcp.listTools();
      const tool = listed.tools.find((x) => x.name === 'agent_ask');
      assert.deepEqual(Object.keys(tool?.inputSchema.properties ?? {}).sort(), [
        'conversation_id',
        'question',
      ]);

      llm.script([
        { toolCalls: [{ name: 'get_paper', arguments: '{"ref":"1111.2011"}' }] },
        { content: 'arXiv:1111.2011 studies Bethe lattices (not arXiv:2401.99999).' },
      ]);
      const progress: string[] = [];
      const r = (await mcp.callTool(
        {
          name: 'agent_ask',
          arguments: { question: 'What is 1111.2011 about?', conversation_id: 'mcp-test-1' },
        },
        undefined,
        {
          onprogress: (p) => progress.push(p.message ?? ''),
        },
      )) as CallToolResult;
      assert.equal(r.isError, undefined, JSON.stringify(r.content));
      const text = (r.content[0] as { text: string }).text;
      assert.match(
        text,
        /^arXiv:1111\.2011 studies Bethe lattices \(not \[citation removed: not found by a tool\]\)\./,
      );
      assert.match(text, /Sources:\n\[1\] arXiv:1111\.2011 — Quantum Criticality/);
      const s = r.structuredContent as {
        used_agent: boolean;
        cited: Array<{ id: string }>;
        removed: string[];
        steps: number;
        tool_calls: Array<{ tool: string; label: string }>;
      };
      assert.equal(s.used_agent, true);
      assert.deepEqual(
        s.cited.map((c) => c.id),
        ['1111.2011'],
      );
      assert.deepEqual(s.removed, ['2401.99999']);
      assert.equal(s.steps, 2);
      assert.deepEqual(
        s.tool_calls.map((c) => c.label),
        ['reading 1111.2011'],
      );
      assert.ok(progress.includes('reading 1111.2011'), JSON.stringify(progress));

      // The follow-up sees the first turn (stored under mcp:<conversation_id>).
      llm.script([{ content: 'As said, arXiv:1111.2011.' }]);
      const before = llm.requests.length;
      const again = (await mcp.callTool({
        name: 'agent_ask',
        arguments: { question: 'Which paper was that?', conversation_id: 'mcp-test-1' },
      })) as CallToolResult;
      assert.equal(again.isError, undefined);
      assert.ok(
        agentRequests(before)[0]!.body.messages!.some(
          (m) => m.role === 'user' && m.content === 'What is 1111.2011 about?',
        ),
      );
      assert.deepEqual(
        (again.structuredContent as { cited: Array<{ id: string }> }).cited.map((c) => c.id),
        ['1111.2011'],
      );
      assert.ok(await service.store.getConversation('mcp:mcp-test-1'));

      const bad = mcp.callTool({
        name: 'agent_ask',
        arguments: { question: 'hi', conversation_id: 'no spaces allowed' },
      });
      await assert.rejects(
        bad,
        /Invalid arguments for agent_ask: question: .*; conversation_id: letters, digits/,
      );
    } finally {
      await mcp.close();
    }
  });
});
