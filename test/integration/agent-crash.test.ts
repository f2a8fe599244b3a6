/**
 * A research-agent turn survives its worker being killed between two tool calls: the worker
 * (`arxiv-radar start --no-bot` against a shared dev server) stops itself at the failpoint
 * `agent-after-tool:list_topics` (the first tool ran, its result is not recorded yet) and is
 * killed there with SIGKILL; a new worker without failpoints takes the turn over. The turn
 * completes once: one workflow run, one answer, each model step asked once, each tool call once in
 * the trace, one user message and one answer in the stored conversation.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Client, Connection } from '@temporalio/client';
import type { AgentService } from '../../app/agent-service.ts';
import { silentLogger } from '../../lib/logger.ts';
import { openAgentService } from '../../workers/compose-agent.ts';
import { openRadarService, type RadarServiceHandle } from '../../workers/compose.ts';
import { startDevServer, type DevServer } from '../../workers/dev-server.ts';
import { resolveTemporalCli } from '../../workers/temporal-cli.ts';
import { startFakeArxiv, type FakeArxiv } from '../fakes/arxiv-server.ts';
import { startFakeLlm, type FakeLlm } from '../fakes/llm-server.ts';
import { spawnCli } from '../support/cli.ts';
import { testConfig } from '../support/runtime.ts';
import { fakeArxivEnv, fakeLlmEnv } from '../support/fake-env.ts';

const QUEUE = `agent-crash-${process.pid}`;
const FAILPOINT = 'agent-after-tool:list_topics';

describe('an agent turn survives a worker killed between two tool calls', () => {
  let dev: DevServer;
  let arxiv: FakeArxiv;
  let llm: FakeLlm;
  let connection: Connection;
  let client: Client;
  let service: RadarServiceHandle;
  let agent: AgentService;
  let env: Record<string, string>;
  let dataDir: string;
  const workers: Array<ReturnType<typeof spawnCli>> = [];

  const startWorker = async (extraEnv: Record<string, string> = {}) => {
    const worker = spawnCli(['start', '--no-bot'], { ...env, ...extraEnv });
    workers.push(worker);
    await worker.waitFor(/Ready in/);
    return worker;
  };

  before(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'arxiv-radar-agent-crash-'));
    const cli = await resolveTemporalCli({ install: false });
    dev = await startDevServer({ cliPath: cli.path, port: 0, uiPort: -1 });
    arxiv = await startFakeArxiv();
    llm = await startFakeLlm();
    env = {
      DATA_DIR: dataDir,
      TEMPORAL_ADDRESS: dev.address,
      TEMPORAL_TASK_QUEUE: QUEUE,
      ...fakeArxivEnv(arxiv),
      ...fakeLlmEnv(llm),
      LOG_LEVEL: 'error',
    };
    connection = await Connection.connect({ address: dev.address });
    client = new Client({ connection });
    const { config } = testConfig(env);
    service = openRadarService(config, silentLogger, { client });
    agent = openAgentService(config, silentLogger, service);
  });

  after(async () => {
    for (const w of workers.splice(0)) {
      if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGKILL');
      await w.exited;
    }
    await service?.close();
    await connection?.close();
    await dev?.stop();
    await Promise.all([arxiv?.close(), llm?.close()]);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(`killed at ${FAILPOINT}, then a new worker: the turn completes once`, async () => {
    llm.script([
      { toolCalls: [{ id: 't1', name: 'list_topics', arguments: '{}' }] },
      { toolCalls: [{ id: 't2', name: 'list_papers', arguments: '{"limit":3}' }] },
      { content: 'Your library has no topics and no papers yet.' },
    ]);
    const first = await startWorker({ FAILPOINTS: FAILPOINT });
    const conversationId = 'test:agent-crash';
    const turn = agent.ask({ question: 'What is in my library?', conversationId });
    // Stop waiting as soon as the turn ends without reaching the failpoint (neither branch rejects).
    const early = turn.then(
      (r) => `the turn ended before ${FAILPOINT}: ${r.answer}`,
      (e: unknown) => `the turn failed before ${FAILPOINT}: ${String(e)}`,
    );
    const reached = first
      .waitFor(new RegExp(`failpoint ${FAILPOINT} reached \\(pid \\d+\\)`), 120_000, 'stderr')
      .then(
        () => null,
        (e: unknown) => String(e),
      );
    const problem = await Promise.race([reached, early]);
    if (problem !== null) assert.fail(problem);
    first.child.kill('SIGKILL');
    assert.equal((await first.exited).signal, 'SIGKILL');
    const modelCallsAtKill = llm.requests.filter((q) => q.body.stream === true).length;
    assert.equal(modelCallsAtKill, 1, 'the worker died after the first tool, before the second model call');

    await startWorker();
    const r = await turn;

    assert.equal(r.answer, 'Your library has no topics and no papers yet.');
    assert.equal(r.steps, 3);
    assert.deepEqual(
      r.trace.map((x) => [x.step, x.tool, x.isError]),
      [
        [1, 'list_topics', false],
        [2, 'list_papers', false],
      ],
    );
    const modelCalls = llm.requests.filter((q) => q.body.stream === true);
    assert.equal(modelCalls.length, 3, 'each model step was asked once: none repeated after the crash');
    const secondStep = modelCalls[1]!.body.messages ?? [];
    assert.deepEqual(
      secondStep.filter((m) => m.role === 'tool').map((m) => m.tool_call_id),
      ['t1'],
      'the first tool’s result reached the model once',
    );

    const stored = await service.store.getConversation(conversationId);
    const messages = stored?.messages ?? [];
    assert.deepEqual(
      messages.map((m) => m.role),
      ['user', 'assistant', 'tool', 'assistant', 'tool', 'assistant'],
      'one turn, stored once',
    );

    const runs: Array<{ id: string; status: string }> = [];
    for await (const w of client.workflow.list({
      query: `WorkflowType = 'agentTurn' AND TaskQueue = '${QUEUE}'`,
    }))
      runs.push({ id: w.workflowId, status: w.status.name });
    assert.deepEqual(
      runs.map((x) => x.status),
      ['COMPLETED'],
      'one workflow run',
    );
    // The killed tool call ran again on the new worker (attempt 2); the second ran once.
    const history = await client.workflow.getHandle(runs[0]!.id).fetchHistory();
    const events = history.events ?? [];
    const toolRuns = events.flatMap((e) =>
      e.activityTaskScheduledEventAttributes?.activityType?.name === 'agentTool' ? [e] : [],
    );
    assert.equal(toolRuns.length, 2, 'two tool activities scheduled, each once');
    const attempts = events.flatMap((e) =>
      e.activityTaskStartedEventAttributes ? [e.activityTaskStartedEventAttributes.attempt ?? 1] : [],
    );
    assert.ok(
      attempts.includes(2),
      `the interrupted tool call was retried: attempts ${JSON.stringify(attempts)}`,
    );
  });
});
