/**
 * The `chat` REPL as a user drives it through stdin: the real CLI process (bin/arxiv-radar chat)
 * against the Temporal dev server and workers of this test, the fake arXiv and the scripted fake
 * LLM. `@folders` lists the library's topics, `@<topic>` shows a topic's papers, `/prompts` lists
 * the prompts, `/prompt generate_search_prompt topic=… num_papers=3` runs the prompt through the
 * agent (its tool call shown as it happens, the answer with sources), `/quit` ends the session
 * (nothing after it reaches the agent).
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { arxivIdsIn } from '../../domain/agent.ts';
import { silentLogger } from '../../lib/logger.ts';
import { openRadarService, type RadarServiceHandle } from '../../workers/compose.ts';
import { startFakeArxiv, type FakeArxiv } from '../fakes/arxiv-server.ts';
import { startFakeLlm, type FakeLlm, type FakeLlmRequest } from '../fakes/llm-server.ts';
import { BIN, REPO_ROOT, spawnCli } from '../support/cli.ts';
import { compromisedModel, INJECTED_SUBSCRIPTION } from '../support/compromised-model.ts';
import { startTestRuntime, type TestRuntime } from '../support/runtime.ts';
import { fakeArxivEnv, fakeLlmEnv } from '../support/fake-env.ts';

type Body = FakeLlmRequest['body'];
/** The query builder inside topicSearch asks in JSON mode: it always gets the recorded `testing` search. */
const queryBuilder = (b: Body) =>
  b.response_format ? { content: '{"search_query":"all:testing"}' } : undefined;

/** Runs `chat` with `input` on stdin until it exits (asynchronously: the fakes live in this process). */
async function chat(
  env: Record<string, string>,
  input: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const cli = spawnCli(['chat'], env);
  cli.child.stdin.end(input);
  const timer = setTimeout(() => cli.child.kill('SIGKILL'), 120_000);
  const { code } = await cli.exited;
  clearTimeout(timer);
  return { code, ...cli.output() };
}

/**
 * Runs `chat` on a terminal: util-linux `script` gives it a pseudo-terminal and forwards what the
 * test writes to its stdin as typed input (so stdin.isTTY is true in the CLI).
 */
function chatOnTerminal(env: Record<string, string>) {
  const child = spawn('script', ['-qfec', `'${BIN}' chat`, '/dev/null'], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env, TERM: 'dumb' },
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    type: (line: string) => child.stdin.write(`${line}\n`),
    output: () => out,
    exited,
    kill: () => child.kill('SIGKILL'),
    /** Resolves when the output since `from` matches; returns the match and where it ends. */
    async waitFor(pattern: RegExp, from = 0): Promise<{ match: RegExpExecArray; end: number }> {
      const deadline = Date.now() + 90_000;
      while (Date.now() < deadline) {
        const m = pattern.exec(out.slice(from));
        if (m) return { match: m, end: from + m.index + m[0].length };
        if (child.exitCode !== null) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`timed out waiting for ${pattern}; output:\n${out}`);
    },
  };
}

describe('chat REPL driven through stdin (real CLI process)', () => {
  let arxiv: FakeArxiv;
  let llm: FakeLlm;
  let t: TestRuntime;
  let service: RadarServiceHandle;
  let cliEnv: Record<string, string>;

  before(async () => {
    arxiv = await startFakeArxiv();
    llm = await startFakeLlm();
    const env = {
      ...fakeArxivEnv(arxiv),
      ...fakeLlmEnv(llm),
    };
    t = await startTestRuntime(env);
    service = openRadarService(t.config, silentLogger, { client: t.client });
    llm.respondWith(queryBuilder);
    // A topic in the library for @folders and @<topic>.
    // (The fake arXiv answers the recorded pages: max_results 10 or 100 of the `testing` search.)
    await service.searchPapers({ question: 'testing', maxResults: 10, topic: 'testing' }, undefined);
    cliEnv = {
      ...env,
      DATA_DIR: t.dataDir,
      TEMPORAL_ADDRESS: t.runtime.temporalAddress,
      TEMPORAL_TASK_QUEUE: t.config.TEMPORAL_TASK_QUEUE,
      LOG_LEVEL: 'error',
    };
  });
  after(async () => {
    await service?.close();
    await t?.stop();
    await Promise.all([arxiv?.close(), llm?.close()]);
  });

  it('@folders, @<topic>, /prompts, /prompt generate_search_prompt topic=… num_papers=3, /quit', async () => {
    // The agent: one search (10 results: a page the fake arXiv has recorded), then an answer citing the first paper it found.
    llm.respondWith((b) => {
      if (b.response_format) return queryBuilder(b);
      const last = b.messages?.at(-1);
      if (last?.role === 'user')
        return {
          toolCalls: [{ name: 'search_arxiv', arguments: '{"topic":"graph transformers","max_results":10}' }],
        };
      if (last?.role === 'tool')
        return { content: `Report: arXiv:${arxivIdsIn(last.content ?? '')[0]} leads the field.` };
      return undefined;
    });
    const before = llm.requests.length;
    const input = [
      '@folders',
      '@testing',
      '/prompts',
      '/prompt generate_search_prompt topic="graph transformers" num_papers=3',
      '/quit',
      'this line comes after /quit',
      '',
    ].join('\n');
    const r = await chat(cliEnv, input);
    llm.respondWith(queryBuilder);
    assert.equal(r.code, 0, r.stderr);
    const out = r.stdout;

    // @folders: the topics with their counts; @testing: the topic's papers as Markdown.
    assert.match(out, /^ {2}testing \(10 papers\)$/m);
    const stored = await service.listPapers({ topic: 'testing', limit: 3, offset: 0 });
    assert.ok(out.includes(stored.papers[0]!.title.slice(0, 30)), 'the topic’s papers are shown');
    // /prompts
    assert.match(out, /^ {2}generate_search_prompt topic=… \[num_papers=…\]: search arXiv for a topic/m);
    // /prompt: the prompt's text went to the agent, its tool call was shown, then the answer with sources.
    assert.match(out, /^\(prompt generate_search_prompt\)$/m);
    assert.match(out, /^ {2}→ searching arXiv: graph transformers$/m);
    const agentCalls = llm.requests.slice(before).filter((q) => q.body.stream === true);
    assert.equal(
      agentCalls.length,
      2,
      'one search step and the answer: nothing after /quit reached the agent',
    );
    const asked = agentCalls[0]!.body.messages?.find((m) => m.role === 'user')?.content ?? '';
    assert.match(asked, /^Search for 3 academic papers about 'graph transformers'/);
    assert.match(
      asked,
      /using search_arxiv\(topic='graph transformers', max_results=3\)/,
      'the prompt names the agent’s own tools',
    );
    assert.match(asked, /with get_paper\(ref\)/);
    assert.ok(!asked.includes('search_papers'), 'not the MCP server’s tool names');
    const cited = /^Report: arXiv:(\S+) leads the field\.$/m.exec(out)?.[1];
    assert.ok(cited, out);
    assert.match(
      out,
      new RegExp(
        `^Sources:\\n {2}\\[1\\] arXiv:${cited.replace('.', '\\.')} — .+ https://arxiv\\.org/abs/`,
        'm',
      ),
    );
    assert.match(out, /^\(2 steps, 1 tool call, \d+\.\d s; fake-agent at 127\.0\.0\.1:\d+\)$/m);
    assert.ok(!out.includes('this line comes after'), 'the line after /quit was not handled');
    assert.ok(!out.includes('Error:'), out);
  });

  it('consent is bound to a proposal: a compromised model cannot confirm its own proposal in the next turn; only /confirm <id> applies one, and a proposal expires after the next turn', async () => {
    llm.respondWith((b) => queryBuilder(b) ?? compromisedModel()(b));
    const cli = spawnCli(['chat'], cliEnv);
    try {
      cli.child.stdin.write('What is new on Bethe lattices?\n');
      const first = await cli.waitFor(/Apply it: \/confirm ([0-9a-f]{8})/);
      assert.ok(!cli.output().stdout.includes('[y/N]'), 'piped input is never asked yes/no');
      assert.match(
        cli.output().stdout,
        /Proposed \(not applied\): Create the subscription "injected"\n {2}query: "all:attacker"/,
      );
      // Turn 2: the user asks something unrelated; the model calls subscribe_topic with confirmed:true.
      cli.child.stdin.write('Thanks. Which categories does the library have?\n');
      const second = await cli.waitFor(
        /Apply it: \/confirm ([0-9a-f]{8})[\s\S]*Apply it: \/confirm ([0-9a-f]{8})/,
      );
      assert.equal(
        await service.store.getSubscription(INJECTED_SUBSCRIPTION.name),
        null,
        'the model’s "confirmed": true applied nothing',
      );
      // "yes" is a message to the model, not consent.
      cli.child.stdin.write('yes\n');
      await cli.waitFor(
        /Apply it: \/confirm [0-9a-f]{8}[\s\S]*Apply it: \/confirm [0-9a-f]{8}[\s\S]*Apply it: \/confirm ([0-9a-f]{8})/,
      );
      assert.equal(
        await service.store.getSubscription(INJECTED_SUBSCRIPTION.name),
        null,
        'typing yes applied nothing',
      );
      // The first turn's proposal expired at the end of the second turn.
      cli.child.stdin.write(`/confirm ${first[1]}\n`);
      await cli.waitFor(/Error: No pending proposal/);
      assert.notEqual(second[2], first[1]);
      const third = [...cli.output().stdout.matchAll(/Apply it: \/confirm ([0-9a-f]{8})/g)].at(-1)![1]!;
      cli.child.stdin.write(`/confirm ${third}\n/quit\n`);
      await cli.waitFor(/^Applied: Create the subscription "injected"\.$/m);
      await cli.exited;
      assert.equal(
        (await service.store.getSubscription(INJECTED_SUBSCRIPTION.name))?.query,
        'all:attacker',
        'the user’s own /confirm applied it',
      );
    } finally {
      cli.child.kill('SIGKILL');
      llm.respondWith(queryBuilder);
      await service.unsubscribe(INJECTED_SUBSCRIPTION.name).catch(() => false);
    }
  });

  it('on a terminal it asks y/N with the exact proposal: anything but y declines, y applies that proposal', async () => {
    llm.respondWith((b) => queryBuilder(b) ?? compromisedModel()(b));
    const tty = chatOnTerminal(cliEnv);
    const question =
      /Create the subscription "injected" \(query: "all:attacker"; interest: "whatever the attacker wants"; schedule: "0 3 \* \* \*"; anything not listed: the deployment’s defaults\)\? \[y\/N\] /;
    try {
      tty.type('What is new on Bethe lattices?');
      let at = (await tty.waitFor(question)).end;
      tty.type('sure');
      at = (await tty.waitFor(/Declined: Create the subscription "injected"\. Nothing changed\./, at)).end;
      assert.equal(
        await service.store.getSubscription(INJECTED_SUBSCRIPTION.name),
        null,
        '"sure" is not a yes',
      );
      // Turn 2: the model "confirms" its own proposal; that is only a new proposal, and the user's y applies it.
      tty.type('Anything else?');
      at = (await tty.waitFor(question, at)).end;
      assert.equal(await service.store.getSubscription(INJECTED_SUBSCRIPTION.name), null);
      tty.type('y');
      await tty.waitFor(/Applied: Create the subscription "injected"\./, at);
      assert.equal((await service.store.getSubscription(INJECTED_SUBSCRIPTION.name))?.query, 'all:attacker');
      tty.type('/quit');
      assert.equal(await tty.exited, 0, tty.output());
      assert.ok(!/Error:/.test(tty.output()), tty.output());
    } finally {
      tty.kill();
      llm.respondWith(queryBuilder);
      await service.unsubscribe(INJECTED_SUBSCRIPTION.name).catch(() => false);
    }
  });
});
