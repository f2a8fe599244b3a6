/**
 * ARXIV_SITE_URL (issue 28): with a non-default origin configured, every paper link we render or
 * publish points to it, built from the id: the web app's paper page, a published digest (Markdown
 * file, Notion page, Discord message) and MCP answers (search_papers from the arXiv client,
 * extract_info from the library). Real Temporal dev server, SQLite library, loopback fakes.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { feedDateAt, latestFeedDay, submissionWindow } from '../../domain/arxiv-calendar.ts';
import { silentLogger } from '../../lib/logger.ts';
import { createMcpServer } from '../../mcp/server.ts';
import { startWebServer, type WebServer } from '../../web/server.ts';
import { openAgentService } from '../../workers/compose-agent.ts';
import { redatedSearch, standInPdf } from '../support/corpus.ts';
import { startServiceHarness, type ServiceHarness } from '../support/service-harness.ts';

const SITE = 'https://arxiv-mirror.example.org:8443';
const CHANNEL = '111222333444555666';
const WINDOW = submissionWindow(latestFeedDay(feedDateAt(new Date('2026-03-11T12:00:00.000Z'))));
const text = (r: unknown) => ((r as CallToolResult).content[0] as { text: string }).text;

/** Every arXiv-site paper link (abs, pdf, html) in `s`, with the origin it names. */
const paperLinks = (s: string) => [
  ...s.matchAll(/(https?:\/\/[^\s"'()<>\\]+?)\/(abs|pdf|html)\/(\d{4}\.\d{4,5}(v\d+)?)/g),
];

function assertOnSite(s: string, where: string) {
  const links = paperLinks(s);
  assert.ok(links.length > 0, `${where} has paper links`);
  for (const m of links) assert.equal(m[1], SITE, `${where}: ${m[0]}`);
  assert.ok(!s.includes('https://arxiv.org/abs/'), `${where} has no arxiv.org link`);
}

describe('ARXIV_SITE_URL: every rendered and published paper link on the configured origin', () => {
  let harness: ServiceHarness;
  let web: WebServer;
  const client = new Client({ name: 'site-origin', version: '1.0.0' });

  before(async () => {
    harness = await startServiceHarness(
      { documents: standInPdf(), submittedDates: redatedSearch('search_testing_start0_max100.xml', WINDOW) },
      { env: () => ({ ARXIV_SITE_URL: `${SITE}/` }) },
    );
    const { service, t } = harness;
    assert.equal(t.config.ARXIV_SITE_URL, SITE, 'the trailing slash is normalised away');
    web = await startWebServer({
      service,
      agent: openAgentService(t.config, silentLogger, service),
      config: t.config,
      logger: silentLogger,
      addr: '127.0.0.1:0',
    });
    const [a, b] = InMemoryTransport.createLinkedPair();
    await Promise.all([createMcpServer({ service, logger: silentLogger }).connect(a), client.connect(b)]);
  });
  after(async () => {
    await client.close();
    await web?.stop();
    await harness?.stop();
  });

  it('a published digest (Markdown, Notion, Discord), the web paper page and MCP answers link to the configured site', async () => {
    const { service, t, notion, discord } = harness;
    await service.subscribe({
      name: 'mirror-links',
      categories: ['cs.AI'],
      interest: 'large language model agents that use tools and plan',
      topK: 2,
      notion: true,
      discordChannelId: CHANNEL,
      cron: '0 3 1 1 *',
    });
    const run = await service.runDigest('mirror-links');
    assert.equal(run.status, 'published');
    if (run.status !== 'published') return;
    const dir = path.join(t.dataDir, 'digests', 'mirror-links');
    const [file] = readdirSync(dir);
    assertOnSite(readFileSync(path.join(dir, file!), 'utf8'), 'the Markdown digest');
    const [notionPage] = notion.pages();
    assertOnSite(JSON.stringify(notion.childrenOf(notionPage!.id)), 'the Notion page');
    assertOnSite(JSON.stringify(discord.messagesIn(CHANNEL)), 'the Discord message');
    const stored = await service.lastDigest('mirror-links');
    assertOnSite(JSON.stringify(stored), 'the stored digest as read back');

    // The web app's page of a stored paper: abs and PDF links on the site.
    const id = run.digest.entries[0]!.arxivId;
    const page = await fetch(`${web.url}/paper/${id}`);
    assert.equal(page.status, 200);
    const html = await page.text();
    assertOnSite(html, 'the paper page');
    assert.ok(html.includes(`href="${SITE}/abs/${id}`), 'the arXiv page link');

    // MCP: a stored paper's metadata, and a search answered from arXiv (the client's parse).
    const info = await client.callTool({ name: 'extract_info', arguments: { paper_id: id } });
    assert.equal((info as CallToolResult).isError, undefined, text(info));
    assertOnSite(text(info), 'extract_info');
    const found = await client.callTool({
      name: 'search_papers',
      arguments: { topic: 'cat:cs.CL', max_results: 10 },
    });
    assert.equal((found as CallToolResult).isError, undefined, text(found));
    assertOnSite(text(found), 'search_papers');
  });
});
