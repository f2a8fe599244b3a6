/**
 * On-demand search benchmark (`npm run bench:search`): one search per front end (MCP
 * `search_papers`, the agent's `search_arxiv`, the web search page's SSE channel, Discord
 * `/arxiv search`, CLI `search`), each on a fresh runtime (Temporal dev server, worker, SQLite
 * library) warmed by one search of its own (then a pause past arXiv's spacing), against the loopback fake arXiv with arXiv's real
 * spacing (ARXIV_MIN_INTERVAL_MS=3000). For each it prints the arXiv requests the search cost
 * (query API, full text), the time from the call to the first results, how long after arXiv's
 * answer to the query that was, and the time to the full-text TL;DRs where they come.
 *
 * The question is `testing` (10 results): the one search both this fake and the older recording-
 * keyed one answer, so the script also runs on older commits (before/after in docs/search.md).
 * Every "testing" paper is served a full text: arXiv HTML is absent (404), the PDF is the corpus's
 * CC BY stand-in (1503.07589v1), as test/support/corpus.ts standInPdf does for one paper.
 * Options: --only mcp,agent,web,discord,cli; --json.
 */
import { spawn } from 'node:child_process';
import { generateKeyPairSync, sign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createBot } from '../bot/bot.ts';
import { createInteractionsServer } from '../bot/http/interactions-server.ts';
import { createDiscordRest } from '../lib/discord/rest.ts';
import { silentLogger } from '../lib/logger.ts';
import { createMcpServer } from '../mcp/server.ts';
import { startWebServer } from '../web/server.ts';
import { openAgentService } from '../workers/compose-agent.ts';
import { openRadarService } from '../workers/compose.ts';
import { startFakeArxiv, type FakeArxiv, type RecordedRequest } from '../test/fakes/arxiv-server.ts';
import { startFakeLlm } from '../test/fakes/llm-server.ts';
import { corpus } from '../test/support/corpus.ts';
import { APP_ID, slashCommand } from '../test/support/discord-interaction.ts';
import { startMultipartRecorder } from '../test/support/discord-multipart-recorder.ts';
import { fakeArxivEnv, fakeLlmEnv } from '../test/support/fake-env.ts';
import { startTestRuntime, type TestRuntime } from '../test/support/runtime.ts';

const { values } = parseArgs({
  options: { only: { type: 'string' }, json: { type: 'boolean', default: false } },
});
const FRONT_ENDS = ['mcp', 'agent', 'web', 'discord', 'cli'] as const;
type FrontEnd = (typeof FRONT_ENDS)[number];
const only = new Set((values.only ?? FRONT_ENDS.join(',')).split(','));
const QUESTION = 'testing';
const WARM_UP = 'quantum criticality by del Maestro';
const SPACING_MS = '3000';
const BIN = path.resolve(import.meta.dirname, '../bin/arxiv-radar');

interface Row {
  frontEnd: string;
  queryRequests: number;
  fullTextRequests: number;
  firstResultsMs: number;
  /** First results minus the end of arXiv's answer to the (first) query request. */
  afterAnswerMs: number | null;
  fullTextMs: number | null;
  note: string;
}

const isFullText = (r: RecordedRequest) => /^\/(pdf|html)\//.test(r.path);
/** After a warm-up, past arXiv's spacing: the measured search does not wait on the warm-up's request. */
const settle = () => new Promise((r) => setTimeout(r, Number(SPACING_MS) + 500));

/** Full texts for every recorded "testing" paper: no HTML, the stand-in PDF. */
function documents(): Record<string, Uint8Array | null> {
  const pdf = readFileSync(corpus('pdf', '1503.07589v1.pdf'));
  const xml = readFileSync(corpus('atom', 'search_testing_start0_max100.xml'), 'utf8');
  const ids = [...xml.matchAll(/<id>https?:\/\/arxiv\.org\/abs\/([^<]+?)(?:v\d+)?<\/id>/g)].map((m) => m[1]!);
  return Object.fromEntries(
    ids.flatMap((id) => [
      [`pdf/${id}`, pdf],
      [`html/${id}`, null],
    ]),
  );
}

async function runtime(arxiv: FakeArxiv, extra: Record<string, string> = {}): Promise<TestRuntime> {
  return startTestRuntime({
    ...fakeArxivEnv(arxiv),
    ARXIV_MIN_INTERVAL_MS: SPACING_MS,
    LOG_LEVEL: 'error',
    ...extra,
  });
}

function summarise(
  frontEnd: string,
  arxiv: FakeArxiv,
  mark: number,
  t0: number,
  firstAt: number,
  fullAt: number | null,
  note: string,
): Row {
  const sent = arxiv.requests.slice(mark);
  const queries = sent.filter((r) => r.path === '/api/query');
  const answered = queries[0]?.endedAt;
  return {
    frontEnd,
    queryRequests: queries.length,
    fullTextRequests: sent.filter(isFullText).length,
    firstResultsMs: firstAt - t0,
    afterAnswerMs: answered ? firstAt - answered : null,
    fullTextMs: fullAt === null ? null : fullAt - t0,
    note,
  };
}

async function benchMcp(arxiv: FakeArxiv): Promise<Row[]> {
  const t = await runtime(arxiv);
  const service = openRadarService(t.config, silentLogger, { client: t.client });
  const client = new Client({ name: 'bench', version: '1.0.0' });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await Promise.all([createMcpServer({ service, logger: silentLogger }).connect(a), client.connect(b)]);
  try {
    await client.callTool({ name: 'search_papers', arguments: { topic: WARM_UP, max_results: 5 } });
    const rows: Row[] = [];
    for (const [label, args] of [
      ['MCP search_papers', {}],
      ['MCP search_papers full_text', { full_text: true }],
    ] as const) {
      await settle();
      const mark = arxiv.requests.length;
      const t0 = Date.now();
      const r = await client.callTool({
        name: 'search_papers',
        arguments: { topic: QUESTION, max_results: 10, ...args },
      });
      const done = Date.now();
      const n =
        (JSON.parse((r.content as Array<{ text: string }>)[0]!.text) as { paper_ids?: string[] }).paper_ids
          ?.length ?? 0;
      const fullTexts = arxiv.requests.slice(mark).some(isFullText);
      rows.push(
        summarise(label, arxiv, mark, t0, done, fullTexts ? done : null, `${n} papers in one answer`),
      );
    }
    return rows;
  } finally {
    await client.close();
    await service.close();
    await t.stop();
  }
}

async function benchAgent(arxiv: FakeArxiv): Promise<Row[]> {
  const llm = await startFakeLlm();
  const t = await runtime(arxiv, fakeLlmEnv(llm, 'fake-agent', 20_000));
  const service = openRadarService(t.config, silentLogger, { client: t.client });
  const agent = openAgentService(t.config, silentLogger, service);
  let toolResultAt = 0;
  llm.respondWith((b) => {
    if (b.response_format) return { content: '{"search_query":"all:testing","from":null,"to":null}' };
    if (!toolResultAt && b.messages?.some((m) => m.role === 'tool')) toolResultAt = Date.now();
    return undefined;
  });
  const turn = async (topic: string) => {
    llm.script([
      { toolCalls: [{ name: 'search_arxiv', arguments: JSON.stringify({ topic, max_results: 10 }) }] },
      { content: 'Here is what arXiv has.' },
    ]);
    await agent.ask({ question: `Find papers: ${topic}` });
  };
  try {
    await turn(WARM_UP);
    await settle();
    toolResultAt = 0;
    const mark = arxiv.requests.length;
    const t0 = Date.now();
    await turn(QUESTION);
    return [
      summarise(
        'agent search_arxiv',
        arxiv,
        mark,
        t0,
        toolResultAt,
        null,
        'first results = the model gets the tool result; whole turn included the answer',
      ),
    ];
  } finally {
    await service.close();
    await t.stop();
    await llm.close();
  }
}

/** Reads an SSE stream, calling back with each event's name and arrival time. */
async function readSse(url: string, onEvent: (event: string, data: string) => void): Promise<void> {
  const res = await fetch(url);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let i: number;
    while ((i = buffer.indexOf('\n\n')) >= 0) {
      const frame = buffer.slice(0, i);
      buffer = buffer.slice(i + 2);
      const event = /^event: ?(.*)$/m.exec(frame)?.[1] ?? 'message';
      onEvent(event, /^data: ?(.*)$/m.exec(frame)?.[1] ?? '');
    }
  }
}

async function benchWeb(arxiv: FakeArxiv): Promise<Row[]> {
  const t = await runtime(arxiv);
  const service = openRadarService(t.config, silentLogger, { client: t.client });
  const agent = openAgentService(t.config, silentLogger, service);
  const web = await startWebServer({
    service,
    agent,
    config: t.config,
    logger: silentLogger,
    addr: '127.0.0.1:0',
    rateLimits: { search: [20, 1000], chat: [20, 1000], audio: [4, 600_000] },
  });
  try {
    await readSse(
      `${web.url}/search/events?${new URLSearchParams({ q: WARM_UP, max: '10' })}`,
      () => undefined,
    );
    await settle();
    const mark = arxiv.requests.length;
    const t0 = Date.now();
    let resultAt = 0;
    let lastFullText: number | null = null;
    let count = 0;
    await readSse(
      `${web.url}/search/events?${new URLSearchParams({ q: QUESTION, max: '10', full: '1' })}`,
      (event, data) => {
        if (event === 'result') {
          resultAt = Date.now();
          count = (JSON.parse(data) as { count: number }).count;
        }
        if (event === 'fulltext' || event === 'done') lastFullText = Date.now();
      },
    );
    return [
      summarise(
        'web /search (SSE)',
        arxiv,
        mark,
        t0,
        resultAt,
        lastFullText,
        `${count} results; full-text TL;DRs ${lastFullText ? 'streamed after' : 'inside the results'}`,
      ),
    ];
  } finally {
    await web.stop();
    await service.close();
    await t.stop();
  }
}

async function benchDiscord(arxiv: FakeArxiv): Promise<Row[]> {
  const t = await runtime(arxiv);
  const service = openRadarService(t.config, silentLogger, { client: t.client });
  const recorder = await startMultipartRecorder();
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const endpoint = createInteractionsServer({
    bot: createBot({ service, logger: silentLogger }),
    rest: createDiscordRest({ apiUrl: recorder.url }),
    publicKey: publicKey.export({ format: 'der', type: 'spki' }).subarray(12).toString('hex'),
    logger: silentLogger,
  });
  const url = await endpoint.listen('127.0.0.1', 0);
  const post = async (token: string, question: string) => {
    const body = JSON.stringify(slashCommand(token, 'search', [{ name: 'question', value: question }]));
    const ts = String(Math.floor(Date.now() / 1000));
    await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-signature-ed25519': sign(null, Buffer.from(ts + body), privateKey).toString('hex'),
        'x-signature-timestamp': ts,
      },
      body,
    });
  };
  const embedEdits = (token: string) =>
    recorder.edits.filter(
      (e) =>
        e.path === `/webhooks/${APP_ID}/${token}/messages/@original` &&
        Array.isArray(e.payload.embeds) &&
        (e.payload.embeds as unknown[]).length > 0,
    );
  try {
    await post('bench-warm', WARM_UP);
    await endpoint.idle();
    await settle();
    const mark = arxiv.requests.length;
    const t0 = Date.now();
    await post('bench-search', QUESTION);
    let firstAt = 0;
    const watch = setInterval(() => {
      if (!firstAt && embedEdits('bench-search').length > 0) firstAt = Date.now();
    }, 10);
    await endpoint.idle();
    const endAt = Date.now();
    clearInterval(watch);
    if (!firstAt) firstAt = endAt;
    const edits = embedEdits('bench-search').length;
    return [
      summarise(
        'Discord /arxiv search',
        arxiv,
        mark,
        t0,
        firstAt,
        edits > 1 ? endAt : null,
        `${edits} edit${edits === 1 ? '' : 's'} with results`,
      ),
    ];
  } finally {
    await endpoint.close();
    await service.close();
    await t.stop();
    await recorder.close();
  }
}

/** The CLI as a user runs it, against the runtime's dev server and library. */
function cli(
  t: TestRuntime,
  args: string[],
): Promise<{ code: number; out: string; ms: number; firstLineAt: number | null }> {
  const env = {
    ...process.env,
    DATA_DIR: t.config.DATA_DIR,
    TEMPORAL_ADDRESS: t.config.TEMPORAL_ADDRESS,
    TEMPORAL_TASK_QUEUE: t.config.TEMPORAL_TASK_QUEUE,
    ARXIV_API_URL: t.config.ARXIV_API_URL,
    ARXIV_WEB_URL: t.config.ARXIV_WEB_URL,
    ARXIV_MIN_INTERVAL_MS: SPACING_MS,
    LOG_LEVEL: 'error',
  };
  const t0 = Date.now();
  return new Promise((resolve) => {
    const child = spawn(BIN, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let firstLineAt: number | null = null;
    child.stdout.on('data', (d: Buffer) => {
      if (firstLineAt === null) firstLineAt = Date.now();
      out += d.toString();
    });
    child.stderr.on('data', () => undefined);
    child.on('close', (code) => resolve({ code: code ?? 1, out, ms: Date.now() - t0, firstLineAt }));
  });
}

async function benchCli(arxiv: FakeArxiv): Promise<Row[]> {
  const t = await runtime(arxiv);
  try {
    await cli(t, ['search', 'au:del_maestro', '--max', '5']);
    const rows: Row[] = [];
    for (const [label, extra] of [
      ['CLI search', []],
      ['CLI search --full', ['--full']],
    ] as const) {
      await settle();
      const mark = arxiv.requests.length;
      const t0 = Date.now();
      const r = await cli(t, ['search', QUESTION, '--max', '10', ...extra]);
      if (r.code !== 0) {
        rows.push({
          frontEnd: label,
          queryRequests: 0,
          fullTextRequests: 0,
          firstResultsMs: 0,
          afterAnswerMs: null,
          fullTextMs: null,
          note: `not available here (exit ${r.code})`,
        });
        continue;
      }
      const fullTexts = arxiv.requests.slice(mark).some(isFullText);
      // The CLI prints when everything is in: first results and full texts arrive together.
      rows.push(
        summarise(
          label,
          arxiv,
          mark,
          t0,
          r.firstLineAt ?? t0 + r.ms,
          fullTexts ? t0 + r.ms : null,
          'a CLI process, start-up included',
        ),
      );
    }
    return rows;
  } finally {
    await t.stop();
  }
}

const BENCHES: Record<FrontEnd, (arxiv: FakeArxiv) => Promise<Row[]>> = {
  mcp: benchMcp,
  agent: benchAgent,
  web: benchWeb,
  discord: benchDiscord,
  cli: benchCli,
};

const rows: Row[] = [];
for (const fe of FRONT_ENDS) {
  if (!only.has(fe)) continue;
  // A fresh fake per front end: every search starts with nothing fetched.
  const arxiv = await startFakeArxiv({ documents: documents() });
  try {
    rows.push(...(await BENCHES[fe](arxiv)));
  } catch (e) {
    rows.push({
      frontEnd: fe,
      queryRequests: 0,
      fullTextRequests: 0,
      firstResultsMs: 0,
      afterAnswerMs: null,
      fullTextMs: null,
      note: `failed: ${e instanceof Error ? e.message : String(e)}`,
    });
  } finally {
    await arxiv.close();
  }
}

if (values.json) process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
else {
  const s = (ms: number | null) => (ms === null ? '—' : `${(ms / 1000).toFixed(2)} s`);
  process.stdout.write(
    `search "${QUESTION}", arXiv spacing ${Number(SPACING_MS) / 1000} s, warm runtime\n\n`,
  );
  process.stdout.write(
    '| front end | arXiv requests (query + full text) | first results | after arXiv answered | full-text TL;DRs | note |\n|---|---|---|---|---|---|\n',
  );
  for (const r of rows)
    process.stdout.write(
      `| ${r.frontEnd} | ${r.queryRequests + r.fullTextRequests} (${r.queryRequests} + ${r.fullTextRequests}) | ${s(r.firstResultsMs)} | ${s(r.afterAnswerMs)} | ${s(r.fullTextMs)} | ${r.note} |\n`,
    );
}
process.exit(0);
