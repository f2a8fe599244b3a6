import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { isAppError } from '../../domain/errors.ts';
import { silentLogger } from '../../lib/logger.ts';
import { bearerMatches, startMcpHttp, startMcpHttpServer, type McpHttpServer } from '../../mcp/http.ts';
import { createMemoryRadarService, papersFromCorpusFeed } from '../support/memory-radar-service.ts';
import { OVERSIZED_UPLOAD_BYTES, uploadOversized } from '../support/oversized-upload.ts';

const TOKEN = 'b5f0c3e1a9d24e7f8c6b0a1d2e3f4a5b';
const service = createMemoryRadarService(papersFromCorpusFeed('search_testing_start0_max10.xml'));
const INIT = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};

/** A raw POST with full control over Host, Origin and Authorization. */
function post(
  url: string,
  headers: Record<string, string>,
  body: unknown,
): Promise<{ status: number; body: string }> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: u.hostname,
        port: u.port,
        path: u.pathname,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

describe('MCP Streamable HTTP transport', () => {
  let mcp: McpHttpServer;
  let host: string;
  before(async () => {
    mcp = await startMcpHttpServer({
      service,
      logger: silentLogger,
      host: '127.0.0.1',
      port: 0,
      token: TOKEN,
    });
    host = new URL(mcp.url).host;
  });
  after(async () => {
    await mcp.stop();
  });

  it('serves an authorised MCP client', async () => {
    const client = new Client({ name: 'http-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(mcp.url), {
        requestInit: { headers: { Authorization: `Bearer ${TOKEN}` } },
      }),
    );
    const tools = await client.listTools();
    assert.equal(tools.tools.length, 9); // the 8 MCP tools plus list_topics, shared with the agent (app/tools/)
    assert.ok(tools.tools.some((t) => t.name === 'list_topics'));
    const r = await client.callTool({
      name: 'search_papers',
      arguments: { topic: 'testing deep learning', max_results: 2 },
    });
    assert.equal(
      (JSON.parse((r.content as Array<{ text: string }>)[0]?.text ?? '{}') as { paper_ids: string[] })
        .paper_ids.length,
      2,
    );
    await client.close();
  });

  it('answers 401 without a token or with a wrong one', async () => {
    const none = await post(mcp.url, { host }, INIT);
    assert.equal(none.status, 401);
    assert.match(none.body, /Authorization: Bearer <MCP_TOKEN>/);
    const wrong = await post(mcp.url, { host, authorization: `Bearer ${TOKEN.slice(0, -1)}x` }, INIT);
    assert.equal(wrong.status, 401);
    const ok = await post(mcp.url, { host, authorization: `Bearer ${TOKEN}` }, INIT);
    assert.equal(ok.status, 200);
    assert.match(ok.body, /"serverInfo":\{"name":"arxiv-radar"/);
  });

  it('bound to 127.0.0.2 (loopback too), it answers the URL it printed (issue 28)', async () => {
    const other = await startMcpHttpServer({
      service,
      logger: silentLogger,
      host: '127.0.0.2',
      port: 0,
      token: TOKEN,
    });
    try {
      const printed = new URL(other.url);
      assert.equal(printed.hostname, '127.0.0.2');
      const ok = await post(
        other.url,
        { host: printed.host, origin: `http://${printed.host}`, authorization: `Bearer ${TOKEN}` },
        INIT,
      );
      assert.equal(ok.status, 200, ok.body);
    } finally {
      await other.stop();
    }
  });

  it('answers 403 to a foreign Host or Origin (DNS rebinding), even with the token', async () => {
    const rebound = await post(mcp.url, { host: 'evil.example:80', authorization: `Bearer ${TOKEN}` }, INIT);
    assert.equal(rebound.status, 403);
    const origin = await post(
      mcp.url,
      { host, origin: 'http://evil.example', authorization: `Bearer ${TOKEN}` },
      INIT,
    );
    assert.equal(origin.status, 403);
    const sameOrigin = await post(
      mcp.url,
      { host, origin: `http://${host}`, authorization: `Bearer ${TOKEN}` },
      INIT,
    );
    assert.equal(sameOrigin.status, 200);
  });

  it('refuses to start without MCP_TOKEN, with a short one, off loopback without one, or on a garbage address', async () => {
    await assert.rejects(
      startMcpHttp({ MCP_HTTP_ADDR: '127.0.0.1:0' }, service, silentLogger),
      (e) => isAppError(e, 'CONFIG_INVALID') && /MCP_TOKEN: is required/.test(e.message),
    );
    await assert.rejects(
      startMcpHttp({ MCP_HTTP_ADDR: '127.0.0.1:0', MCP_TOKEN: 'short' }, service, silentLogger),
      /too short/,
    );
    await assert.rejects(
      startMcpHttp({ MCP_HTTP_ADDR: '0.0.0.0:0' }, service, silentLogger),
      /not a loopback address.*allowed only with MCP_TOKEN/,
    );
    await assert.rejects(
      startMcpHttp({ MCP_HTTP_ADDR: 'garbage' }, service, silentLogger),
      (e) =>
        isAppError(e, 'CONFIG_INVALID') &&
        /MCP_HTTP_ADDR: must be host:port/.test(e.message) &&
        /MCP_TOKEN: /.test(e.message),
    );
    await assert.rejects(
      startMcpHttpServer({ service, logger: silentLogger, host: '127.0.0.1', port: 0, token: undefined }),
      /MCP_TOKEN: is required/,
    );
    assert.equal(await startMcpHttp({}, service, silentLogger), null);
  });

  it('answers 413 to an oversized body, streamed (chunked, no length) or declared, and the client receives it', async () => {
    const small = await startMcpHttpServer({
      service,
      logger: silentLogger,
      host: '127.0.0.1',
      port: 0,
      token: TOKEN,
      maxBodyBytes: 64 * 1024,
    });
    try {
      const headers = { host: new URL(small.url).host, authorization: `Bearer ${TOKEN}` };
      for (const declareLength of [false, true]) {
        const r = await uploadOversized(small.url, {
          headers,
          totalBytes: OVERSIZED_UPLOAD_BYTES,
          declareLength,
        });
        assert.equal(r.status, 413, `declareLength=${declareLength}`);
        assert.equal(r.headers.connection, 'close');
        assert.match(r.body, /Payload too large: the request body is over 65536 bytes/);
        assert.ok(
          r.sent < OVERSIZED_UPLOAD_BYTES || declareLength,
          'the server answered before the client finished sending',
        );
      }
      // The listener still serves normal requests afterwards.
      const ok = await post(small.url, headers, INIT);
      assert.equal(ok.status, 200);
    } finally {
      await small.stop();
    }
  });

  it('answers tools/call with arguments: null as JSON-RPC -32602 with one line, not -32603 with a zod dump', async () => {
    const call = {
      jsonrpc: '2.0',
      id: 7,
      method: 'tools/call',
      params: { name: 'list_papers', arguments: null },
    };
    const r = await post(mcp.url, { host, authorization: `Bearer ${TOKEN}` }, call);
    assert.equal(r.status, 200);
    const body = JSON.parse(r.body) as { id: number; error: { code: number; message: string } };
    assert.equal(body.id, 7);
    assert.equal(body.error.code, -32602);
    assert.equal(
      body.error.message,
      'Invalid arguments for list_papers: arguments must be an object of named arguments (got null)',
    );
  });

  it('compares bearer tokens exactly', () => {
    assert.equal(bearerMatches(`Bearer ${TOKEN}`, TOKEN), true);
    assert.equal(bearerMatches(`bearer ${TOKEN}`, TOKEN), true);
    assert.equal(bearerMatches(TOKEN, TOKEN), false);
    assert.equal(bearerMatches('Bearer ', TOKEN), false);
    assert.equal(bearerMatches(undefined, TOKEN), false);
  });
});
