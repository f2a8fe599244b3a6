/**
 * `npm run eval:agent`: a fixed script of 10 research questions through the real research agent
 * (AgentService → agentTurn on a Temporal dev server with in-process workers, the SQLite library)
 * against the fake arXiv (recorded corpus; the stand-in PDF for 1111.2011) and the scripted fake
 * LLM, whose "model" follows one plan per question (which tools it calls, in which order, and what
 * it answers). Reports, per question: model steps, tool calls, arXiv requests, characters of tool
 * output kept in the context, the budget that ended the turn (if one did), citations kept and
 * removed, and wall time. `--json` prints the rows as JSON too.
 *
 * The numbers measure the agent's plumbing (durable steps, arXiv traffic, context growth, time),
 * not a model's judgement: the model is a script.
 */
import { performance } from 'node:perf_hooks';
import type { AgentReply } from '../app/agent-service.ts';
import { arxivIdsIn } from '../domain/agent.ts';
import { silentLogger } from '../lib/logger.ts';
import { startFakeArxiv } from '../test/fakes/arxiv-server.ts';
import { startFakeLlm, type FakeLlmRequest, type FakeLlmResponse } from '../test/fakes/llm-server.ts';
import { standInPdf } from '../test/support/corpus.ts';
import { startTestRuntime } from '../test/support/runtime.ts';
import { openAgentService } from '../workers/compose-agent.ts';
import { openRadarService } from '../workers/compose.ts';
import { fakeArxivEnv, fakeLlmEnv } from '../test/support/fake-env.ts';

type Message = NonNullable<FakeLlmRequest['body']['messages']>[number];

/** What the scripted model sees of the turn so far: its earlier rounds and the tool results. */
interface TurnView {
  /** Model calls already made in this turn. */
  round: number;
  /** Tool results of this turn, in order. */
  results: string[];
  /** The last call of a turn whose budget ran out: tools are not offered. */
  final: boolean;
}

type Plan = (t: TurnView) => FakeLlmResponse;

const call = (name: string, args: Record<string, unknown>) => ({ name, arguments: JSON.stringify(args) });
const ids = (t: TurnView) => arxivIdsIn(t.results.join('\n'));
const answer = (text: string): FakeLlmResponse => ({ content: text });

/** The fixed script: a question and the scripted model's plan for it. */
const SCRIPT: Array<{ question: string; plan: Plan }> = [
  {
    question: 'What is new in software testing research?',
    plan: (t) =>
      t.round === 0
        ? { toolCalls: [call('search_arxiv', { topic: 'testing', max_results: 10 })] }
        : answer(`Two directions stand out: arXiv:${ids(t)[0]} and arXiv:${ids(t)[1]}.`),
  },
  {
    question: 'Summarise the introduction of 1111.2011.',
    plan: (t) =>
      t.round === 0
        ? { toolCalls: [call('get_paper', { ref: '1111.2011', section: '1' })] }
        : answer('The introduction of arXiv:1111.2011 motivates extended nodes on a Bethe lattice.'),
  },
  {
    question: 'What is 1111.2011 about, and which topics do I follow?',
    plan: (t) =>
      t.round === 0
        ? { toolCalls: [call('get_paper', { ref: '1111.2011' }), call('list_topics', {})] }
        : answer('arXiv:1111.2011 is about quantum criticality; your topics are listed above.'),
  },
  {
    question: 'Which papers in my library mention mutation testing?',
    plan: (t) =>
      t.round === 0
        ? { toolCalls: [call('list_papers', { query: 'mutation', limit: 5 })] }
        : answer(ids(t).length ? `See arXiv:${ids(t)[0]}.` : 'None yet.'),
  },
  {
    question: 'What does my library say about quantum criticality on lattices?',
    plan: (t) =>
      t.round === 0
        ? { toolCalls: [call('ask_papers', { question: 'quantum criticality on lattices' })] }
        : answer(`From the library: arXiv:${ids(t)[0] ?? '1111.2011'}.`),
  },
  {
    question: 'Find recent testing papers and read the most relevant one.',
    plan: (t) => {
      if (t.round === 0) return { toolCalls: [call('search_arxiv', { topic: 'testing', max_results: 10 })] };
      if (t.round === 1) return { toolCalls: [call('get_paper', { ref: ids(t)[0] })] };
      return answer(`The most relevant is arXiv:${ids(t)[0]}; its sections are listed above.`);
    },
  },
  {
    question: 'Compare the two best testing papers, section by section.',
    plan: (t) => {
      if (t.round === 0) return { toolCalls: [call('search_arxiv', { topic: 'testing', max_results: 10 })] };
      if (t.round === 1)
        return { toolCalls: [call('get_paper', { ref: ids(t)[0] }), call('get_paper', { ref: ids(t)[1] })] };
      return answer(`arXiv:${ids(t)[0]} and arXiv:${ids(t)[1]} differ in method.`);
    },
  },
  {
    question: 'Subscribe me to new software testing papers.',
    plan: (t) =>
      t.round === 0
        ? {
            toolCalls: [
              call('subscribe_topic', {
                name: 'software-testing',
                interest: 'new software testing techniques',
                query: 'all:testing',
                schedule: '0 3 1 1 *',
              }),
            ],
          }
        : answer('I can subscribe you to "software-testing" (query all:testing). Shall I?'),
  },
  {
    question: 'Keep searching until you have found everything about testing.',
    // A model that never stops calling tools: the step budget ends the turn.
    plan: (t) =>
      t.final
        ? answer(`What I found so far: arXiv:${ids(t)[0]}.`)
        : { toolCalls: [call('search_arxiv', { topic: 'testing', max_results: 10 })] },
  },
  {
    question: 'What does arXiv:2401.99999 say about testing?',
    plan: (t) =>
      t.round === 0
        ? { toolCalls: [call('get_paper', { ref: '2401.99999' })] }
        : answer('arXiv:2401.99999 shows that testing works (I could not read it).'),
  },
];

const current = { plan: SCRIPT[0]!.plan };

/** The turn so far, from the request: messages after the question (the budget note is not a question). */
function view(body: FakeLlmRequest['body']): TurnView {
  const msgs: Message[] = body.messages ?? [];
  let at = msgs.length - 1;
  while (at >= 0 && !(msgs[at]!.role === 'user' && !(msgs[at]!.content ?? '').startsWith('(arxiv-radar)')))
    at--;
  const after = msgs.slice(at + 1);
  return {
    round: after.filter((m) => m.role === 'assistant').length,
    results: after.filter((m) => m.role === 'tool').map((m) => m.content ?? ''),
    final: !body.tools?.length,
  };
}

interface Row {
  n: number;
  question: string;
  steps: number;
  toolCalls: number;
  arxivRequests: number;
  toolChars: number;
  budget: string;
  cited: number;
  removed: number;
  ms: number;
}

async function main(): Promise<void> {
  const json = process.argv.includes('--json');
  const arxiv = await startFakeArxiv({ documents: standInPdf() });
  const llm = await startFakeLlm();
  // Model calls outside the loop (the query builder, paper summaries) are not streamed.
  llm.respondWith((b) =>
    b.stream === true ? current.plan(view(b)) : { content: '{"search_query":"all:testing"}' },
  );
  const t = await startTestRuntime({
    ...fakeArxivEnv(arxiv),
    ...fakeLlmEnv(llm, 'scripted-agent', 10000),
    LOG_LEVEL: 'error',
  });
  const radar = openRadarService(t.config, silentLogger, { client: t.client });
  const agent = openAgentService(t.config, silentLogger, radar);
  const rows: Row[] = [];
  try {
    for (const [i, item] of SCRIPT.entries()) {
      current.plan = item.plan;
      const before = arxiv.requests.length;
      const started = performance.now();
      const r: AgentReply = await agent.ask({ question: item.question });
      rows.push({
        n: i + 1,
        question: item.question,
        steps: r.steps,
        toolCalls: r.toolCalls,
        arxivRequests: arxiv.requests.length - before,
        toolChars: r.toolChars,
        budget: r.budget ?? '—',
        cited: r.cited.length,
        removed: r.removed.length,
        ms: Math.round(performance.now() - started),
      });
      process.stderr.write(`${i + 1}/${SCRIPT.length} ${item.question}\n`);
    }
  } finally {
    await radar.close();
    await t.stop();
    await Promise.all([arxiv.close(), llm.close()]);
  }
  const sum = (k: keyof Row) => rows.reduce((n, r) => n + (r[k] as number), 0);
  const lines = [
    `Research agent, fixed 10-question script (fake LLM, fake arXiv; AGENT_MAX_STEPS ${t.config.AGENT_MAX_STEPS}, AGENT_MAX_TOOL_CHARS ${t.config.AGENT_MAX_TOOL_CHARS}, ARXIV_MIN_INTERVAL_MS 50)`,
    '',
    '| # | question | steps | tool calls | arXiv requests | tool chars kept | budget hit | cited / removed | wall time |',
    '|---|---|---:|---:|---:|---:|---|---|---:|',
    ...rows.map(
      (r) =>
        `| ${r.n} | ${r.question} | ${r.steps} | ${r.toolCalls} | ${r.arxivRequests} | ${r.toolChars} | ${r.budget} | ${r.cited} / ${r.removed} | ${(r.ms / 1000).toFixed(2)} s |`,
    ),
    `| | **total** | ${sum('steps')} | ${sum('toolCalls')} | ${sum('arxivRequests')} | ${sum('toolChars')} | | ${sum('cited')} / ${sum('removed')} | ${(sum('ms') / 1000).toFixed(2)} s |`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  if (json) process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
}

await main();
