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
    t = await startTestRuntime({ ARXIV_API_URL: arxiv.apiUrl, ARXIV_RSS_URL: arxiv.rssUrl, ARXIV_WEB_URL: arxiv.webUrl, ARXIV_OAI_URL: arxiv.oaiUrl, ARXIV_MIN_INTERVAL_MS: '50' });
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

  it('search_papers → extract_info → list_papers → papers://folders and papers://{topic}', async () => {
    const search = await client.callTool({ name: 'search_papers', arguments: { topic: 'testing', max_results: 10 } });
    assert.equal(search.isError, undefined, text(search));
    const { paper_ids } = JSON.parse(text(search)) as { paper_ids: string[] };
    assert.ok(paper_ids.length > 0 && paper_ids.length <= 10);

    const info = JSON.parse(text(await client.callTool({ name: 'extract_info', arguments: { paper_id: paper_ids[0] } }))) as { id: string; title: string; topics: string[]; pdf_url: string };
    assert.equal(info.id, paper_ids[0]);
    assert.ok(info.title.length > 5);
    assert.ok(info.topics.includes('testing'), JSON.stringify(info.topics));

    const listed = JSON.parse(text(await client.callTool({ name: 'list_papers', arguments: { topic: 'testing', limit: 3 } }))) as { total_count: number; returned: number; papers: Array<{ arxiv_id: string }> };
    assert.equal(listed.total_count, paper_ids.length);
    assert.equal(listed.returned, Math.min(3, paper_ids.length));

    const folders = (await client.readResource({ uri: 'papers://folders' })).contents[0] as { text: string };
    assert.match(folders.text, /testing \(\d+ papers?\)/);
    const topic = (await client.readResource({ uri: 'papers://testing' })).contents[0] as { text: string };
    assert.ok(topic.text.includes(info.title.slice(0, 30)), topic.text.slice(0, 300));
  });

  it('get_paper and arxiv://paper/{id} give the Markdown; a malformed id is an isError result', async () => {
    const md = text(await client.callTool({ name: 'get_paper', arguments: { url_or_id: 'arXiv:1111.2011v2' } }));
    assert.match(md, /^# Quantum Criticality for Extended Nodes on a Bethe Lattice/);
    assert.match(md, /## Abstract/);
    const res = (await client.readResource({ uri: 'arxiv://paper/1111.2011v2' })).contents[0] as { text: string };
    assert.match(res.text, /^# Quantum Criticality/);
    const bad = await client.callTool({ name: 'get_paper', arguments: { url_or_id: 'https://example.com/not-arxiv' } });
    assert.equal(bad.isError, true);
    assert.match(text(bad), /^get_paper failed/);
  });

  it('ask_papers answers with a citation from the library', async () => {
    const r = await client.callTool({ name: 'ask_papers', arguments: { question: 'What is quantum criticality on a Bethe lattice?' } });
    assert.equal(r.isError, undefined, text(r));
    assert.match(text(r), /Sources:\n\[1\] arXiv:/);
  });

  it('subscribe_topic and list_subscriptions', async () => {
    const r = await client.callTool({ name: 'subscribe_topic', arguments: { name: 'bethe-lattice', interest: 'quantum criticality on lattices', categories: ['cond-mat.str-el'], schedule: '0 3 1 1 *' } });
    assert.equal(r.isError, undefined, text(r));
    const subs = JSON.parse(text(await client.callTool({ name: 'list_subscriptions', arguments: {} }))) as { subscriptions: Array<{ name: string; cron: string }> };
    assert.deepEqual(subs.subscriptions.map((s) => [s.name, s.cron]), [['bethe-lattice', '0 3 1 1 *']]);
    assert.equal(await service.unsubscribe('bethe-lattice'), true);
  });

  it('generate_search_prompt', async () => {
    const p = await client.getPrompt({ name: 'generate_search_prompt', arguments: { topic: 'testing', num_papers: '3' } });
    assert.match((p.messages[0]?.content as { text: string }).text, /search_papers\(topic='testing', max_results=3\)/);
  });
});
