/**
 * The MCP server on the real RadarService (Temporal dev server, SQLite library, fake arXiv fed
 * with the shared corpus), through an in-process client: every tool, resource and the prompt.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { silentLogger } from '../../lib/logger.ts';
import { createMcpServer } from '../../mcp/server.ts';
import { openRadarService, type RadarServiceHandle } from '../../workers/compose.ts';
import { startFakeArxiv, type FakeArxiv } from '../fakes/arxiv-server.ts';
import { standInPdf } from '../support/corpus.ts';
import { startTestRuntime, type TestRuntime } from '../support/runtime.ts';

const text = (r: unknown) => ((r as CallToolResult).content[0] as { text: string }).text;

describe('MCP server on the real command layer', () => {
  let arxiv: FakeArxiv;
  let t: TestRuntime;
  let service: RadarServiceHandle;
  const client = new Client({ name: 'e2e', version: '1.0.0' });

  before(async () => {
    // 1111.2011's PDF is a stand-in: the CC BY PDF of 1503.07589v1 (test/support/corpus.ts).
    arxiv = await startFakeArxiv({ documents: standInPdf() });
    t = await startTestRuntime({
      ARXIV_API_URL: arxiv.apiUrl,
      ARXIV_RSS_URL: arxiv.rssUrl,
      ARXIV_WEB_URL: arxiv.webUrl,
      ARXIV_OAI_URL: arxiv.oaiUrl,
      ARXIV_MIN_INTERVAL_MS: '50',
    });
    service = openRadarService(t.config, silentLogger, { client: t.client });
    const [a, b] = InMemoryTransport.createLinkedPair();
    await Promise.all([createMcpServer({ service, logger: silentLogger }).connect(a), client.connect(b)]);
  });
  after(async () => {
    await client.close();
    await service?.close();
    await t?.stop();
    await arxiv?.close();
  });

  /** What one call cost at arXiv: query API requests (their search_query) and full-text requests. */
  const cost = async (call: () => Promise<unknown>) => {
    const [api, all] = [arxiv.apiRequests().length, arxiv.requests.length];
    const result = await call();
    const since = arxiv.requests.slice(all);
    return {
      result,
      queries: arxiv
        .apiRequests()
        .slice(api)
        .map((r) => r.query.search_query),
      fullTexts: since.filter((r) => /^\/(pdf|html)\//.test(r.path)).length,
    };
  };
  type Found = {
    query: string;
    paper_ids: string[];
    papers: Array<{ id: string; title: string; tldr: string | null; summary_from: string | null }>;
    note?: string;
    broader?: { query: string; why: string; paper_ids: string[] };
  };
  const searchPapers = async (args: Record<string, unknown>) => {
    const c = await cost(() => client.callTool({ name: 'search_papers', arguments: args }));
    const r = c.result as CallToolResult;
    assert.equal(r.isError, undefined, text(r));
    return { ...c, found: JSON.parse(text(r)) as Found };
  };

  it('search_papers answers in one arXiv request: arXiv syntax as written, plain language built, TL;DRs from the abstracts', async () => {
    const cl = await searchPapers({ topic: 'cat:cs.CL', max_results: 10 });
    assert.deepEqual(cl.queries, ['cat:cs.CL'], 'one request, the query as written');
    assert.equal(cl.fullTexts, 0);
    assert.deepEqual(
      [...cl.found.paper_ids].sort(),
      ['2312.06056', '2503.23466', '2507.10541'],
      'the cs.CL papers of the corpus',
    );
    for (const p of cl.found.papers) assert.ok(p.tldr && p.summary_from === 'abstract', JSON.stringify(p));

    const phrase = await searchPapers({ topic: 'ti:"large language model" AND cat:cs.SE', max_results: 5 });
    assert.deepEqual(phrase.queries, ['ti:"large language model" AND cat:cs.SE']);
    assert.equal(phrase.fullTexts, 0);
    assert.deepEqual(phrase.found.paper_ids, ['2312.06056']);

    const plain = await searchPapers({ topic: 'mutation testing for deep learning', max_results: 5 });
    assert.deepEqual(
      plain.queries,
      ['all:mutation AND all:testing AND cat:cs.LG'],
      'built: "deep learning" read as its category, common words dropped',
    );
    assert.equal(plain.fullTexts, 0);
    assert.equal(plain.found.paper_ids.length, 3);
    assert.ok(plain.found.papers.some((p) => /Mutation Testing/.test(p.title)));
  });

  it('search_papers with full_text fetches the top 3 full texts; nothing found says which query ran and tries one broader', async () => {
    const full = await searchPapers({
      topic: 'testing deep learning models',
      max_results: 5,
      full_text: true,
    });
    assert.deepEqual(full.queries, ['all:testing AND all:models AND cat:cs.LG']);
    assert.ok(
      full.fullTexts >= 3 && full.fullTexts <= 6,
      `the top 3 full texts (HTML, then PDF where there is none): ${full.fullTexts} requests`,
    );
    assert.equal(full.found.papers.length, 3);

    const none = await searchPapers({ topic: 'ti:"diffusion model" AND cat:cs.CV', max_results: 5 });
    assert.deepEqual(
      none.queries,
      ['ti:"diffusion model" AND cat:cs.CV', '(ti:diffusion OR ti:model) AND cat:cs.CV'],
      'at most one extra request, the broader query',
    );
    assert.deepEqual(none.found.paper_ids, []);
    assert.match(
      none.found.note ?? '',
      /arXiv found nothing for ti:"diffusion model" AND cat:cs\.CV\. Tried one broader query/,
    );
    assert.equal(none.found.broader?.query, '(ti:diffusion OR ti:model) AND cat:cs.CV');

    const found = await searchPapers({ topic: 'cat:cs.CL', max_results: 3 });
    assert.equal(found.queries.length, 1, 'no broader query when the first found papers');
  });

  it('search_papers → extract_info → list_papers → papers://folders and papers://{topic}', async () => {
    const search = await client.callTool({
      name: 'search_papers',
      arguments: { topic: 'testing', max_results: 10 },
    });
    assert.equal(search.isError, undefined, text(search));
    const { paper_ids } = JSON.parse(text(search)) as { paper_ids: string[] };
    assert.ok(paper_ids.length > 0 && paper_ids.length <= 10);

    const info = JSON.parse(
      text(await client.callTool({ name: 'extract_info', arguments: { paper_id: paper_ids[0] } })),
    ) as { id: string; title: string; topics: string[]; pdf_url: string };
    assert.equal(info.id, paper_ids[0]);
    assert.ok(info.title.length > 5);
    assert.ok(info.topics.includes('testing'), JSON.stringify(info.topics));

    const listed = JSON.parse(
      text(await client.callTool({ name: 'list_papers', arguments: { topic: 'testing', limit: 3 } })),
    ) as { total_count: number; returned: number; papers: Array<{ arxiv_id: string }> };
    assert.equal(listed.total_count, paper_ids.length);
    assert.equal(listed.returned, Math.min(3, paper_ids.length));

    const folders = (await client.readResource({ uri: 'papers://folders' })).contents[0] as { text: string };
    assert.match(folders.text, /testing \(\d+ papers?\)/);
    const topic = (await client.readResource({ uri: 'papers://testing' })).contents[0] as { text: string };
    assert.ok(topic.text.includes(info.title.slice(0, 30)), topic.text.slice(0, 300));
  });

  it('get_paper and arxiv://paper/{id} give the Markdown; a malformed id is an isError result', async () => {
    const md = text(
      await client.callTool({ name: 'get_paper', arguments: { url_or_id: 'arXiv:1111.2011v2' } }),
    );
    assert.match(md, /^# Quantum Criticality for Extended Nodes on a Bethe Lattice/);
    assert.match(md, /## Abstract/);
    const res = (await client.readResource({ uri: 'arxiv://paper/1111.2011v2' })).contents[0] as {
      text: string;
    };
    assert.match(res.text, /^# Quantum Criticality/);
    const bad = await client.callTool({
      name: 'get_paper',
      arguments: { url_or_id: 'https://example.com/not-arxiv' },
    });
    assert.equal(bad.isError, true);
    assert.match(text(bad), /^get_paper failed/);
  });

  it('ask_papers answers with a citation from the library', async () => {
    const r = await client.callTool({
      name: 'ask_papers',
      arguments: { question: 'What is quantum criticality on a Bethe lattice?' },
    });
    assert.equal(r.isError, undefined, text(r));
    assert.match(text(r), /Sources:\n\[1\] arXiv:/);
  });

  it('subscribe_topic and list_subscriptions', async () => {
    const r = await client.callTool({
      name: 'subscribe_topic',
      arguments: {
        name: 'bethe-lattice',
        interest: 'quantum criticality on lattices',
        categories: ['cond-mat.str-el'],
        schedule: '0 3 1 1 *',
      },
    });
    assert.equal(r.isError, undefined, text(r));
    const subs = JSON.parse(text(await client.callTool({ name: 'list_subscriptions', arguments: {} }))) as {
      subscriptions: Array<{ name: string; cron: string }>;
    };
    assert.deepEqual(
      subs.subscriptions.map((s) => [s.name, s.cron]),
      [['bethe-lattice', '0 3 1 1 *']],
    );
    assert.equal(await service.unsubscribe('bethe-lattice'), true);
  });

  it('generate_search_prompt', async () => {
    const p = await client.getPrompt({
      name: 'generate_search_prompt',
      arguments: { topic: 'testing', num_papers: '3' },
    });
    assert.match(
      (p.messages[0]?.content as { text: string }).text,
      /search_papers\(topic='testing', max_results=3\)/,
    );
  });
});
