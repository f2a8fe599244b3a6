import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('./bin/arxiv-radar mcp (stdio)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'arxiv-radar-mcp-'));
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('speaks MCP on stdio: lists the tools (agent_ask too) and reads papers://folders of an empty library', async () => {
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v;
    Object.assign(env, { DATA_DIR: dataDir, LOG_LEVEL: 'warn', TEMPORAL_ADDRESS: '', MCP_HTTP_ADDR: '' });
    const transport = new StdioClientTransport({
      command: path.join(ROOT, 'bin/arxiv-radar'),
      args: ['mcp'],
      cwd: ROOT,
      env,
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    const client = new Client({ name: 'stdio-smoke', version: '1.0.0' });
    try {
      await client.connect(transport);
      const tools = await client.listTools();
      assert.deepEqual(
        tools.tools.map((t) => t.name).sort(),
        [
          'agent_ask',
          'ask_papers',
          'extract_info',
          'get_paper',
          'list_papers',
          'list_subscriptions',
          'list_topics',
          'rate_paper',
          'search_papers',
          'subscribe_topic',
        ],
        stderr,
      );
      const folders = await client.readResource({ uri: 'papers://folders' });
      assert.match((folders.contents[0] as { text: string }).text, /^# Available Topics/);
    } finally {
      await client.close();
    }
  });
});
