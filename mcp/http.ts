/**
 * Streamable HTTP transport for the MCP server. Every request must carry
 * `Authorization: Bearer <MCP_TOKEN>` (compared in constant time) and a Host (and, from browsers,
 * an Origin) naming this address: a web page cannot reach it through DNS rebinding. Loopback is
 * the normal place; a non-loopback address is allowed only with MCP_TOKEN set (the config rule in
 * lib/listen-address.ts) and is logged as a warning. Bodies over the cap get 413, streamed or not.
 * Stateless: each POST gets a fresh server and transport (the SDK's stateless pattern), so no
 * session state outlives a request.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { AgentService } from '../app/agent-service.ts';
import type { RadarService } from '../app/radar-service.ts';
import { errorMessage } from '../domain/errors.ts';
import { readCappedBody } from '../lib/http-body.ts';
import {
  assertNoProblems,
  MIN_TOKEN_LENGTH,
  mcpHttpProblems,
  parseListenAddress,
} from '../lib/listen-address.ts';
import type { Logger } from '../lib/logger.ts';
import { createMcpServer } from './server.ts';

export { MIN_TOKEN_LENGTH };

export interface McpHttpOptions {
  service: RadarService;
  /** The research agent, offered as `agent_ask` when given. */
  agent?: AgentService | undefined;
  logger: Logger;
  host: string;
  port: number;
  token: string | undefined;
  path?: string;
  maxBodyBytes?: number;
}

export interface McpHttpServer {
  /** e.g. http://127.0.0.1:8788/mcp */
  url: string;
  stop(): Promise<void>;
}

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/** True when the Authorization header carries exactly the token (constant time in the token). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return timingSafeEqual(digest(m?.[1] ?? ''), digest(token)) && Boolean(m);
}

function jsonRpcError(
  res: http.ServerResponse,
  status: number,
  message: string,
  extra: Record<string, string> = {},
): void {
  res
    .writeHead(status, { 'content-type': 'application/json', ...extra })
    .end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

/** `host:port` as a listen-address setting would spell it. */
const hostPort = (host: string, port: number) => `${host.includes(':') ? `[${host}]` : host}:${port}`;

/**
 * Starts the MCP Streamable HTTP endpoint. Refuses to start without a token of at least
 * MIN_TOKEN_LENGTH characters (lib/listen-address.ts, the rules the config applies too); off
 * loopback it also answers Host names other than loopback ones, the token being the guard.
 */
export async function startMcpHttpServer(
  opts: McpHttpOptions & { addrName?: string },
): Promise<McpHttpServer> {
  assertNoProblems(mcpHttpProblems(hostPort(opts.host, opts.port), opts.token, opts.addrName));
  const token = opts.token as string;
  const wildcard = opts.host === '0.0.0.0' || opts.host === '::';
  const path = opts.path ?? '/mcp';
  const maxBody = opts.maxBodyBytes ?? 1024 * 1024;
  const log = opts.logger;
  let allowedHosts = new Set<string>();
  let allowedOrigins = new Set<string>();

  const server = http.createServer((req, res) => {
    void (async () => {
      const hostHeader = (req.headers.host ?? '').toLowerCase();
      // On a wildcard address any Host may name us; the bearer token below is what guards it.
      if (!allowedHosts.has(hostHeader) && !(wildcard && hostHeader !== ''))
        return jsonRpcError(res, 403, 'Forbidden: Host header does not name this server');
      const origin = req.headers.origin?.toLowerCase();
      if (
        origin !== undefined &&
        !allowedOrigins.has(origin) &&
        origin !== `http://${hostHeader}` &&
        origin !== `https://${hostHeader}`
      ) {
        return jsonRpcError(res, 403, 'Forbidden: Origin not allowed');
      }
      if (!bearerMatches(req.headers.authorization, token))
        return jsonRpcError(res, 401, 'Unauthorized: send Authorization: Bearer <MCP_TOKEN>', {
          'www-authenticate': 'Bearer realm="arxiv-radar"',
        });
      if (new URL(req.url ?? '/', 'http://x').pathname !== path)
        return jsonRpcError(res, 404, `Not found: the MCP endpoint is ${path}`);
      if (req.method !== 'POST')
        return jsonRpcError(res, 405, 'Method not allowed: this stateless server accepts POST only', {
          allow: 'POST',
        });
      const tooLarge = JSON.stringify({
        jsonrpc: '2.0',
        error: { code: -32000, message: `Payload too large: the request body is over ${maxBody} bytes` },
        id: null,
      });
      let raw: Buffer | null;
      try {
        raw = await readCappedBody(req, res, maxBody, { contentType: 'application/json', body: tooLarge });
      } catch (e) {
        return jsonRpcError(res, 400, `Unreadable request body: ${errorMessage(e)}`);
      }
      if (raw === null) return;
      let body: unknown;
      try {
        body = raw.length ? JSON.parse(raw.toString('utf8')) : undefined;
      } catch {
        return jsonRpcError(res, 400, 'Parse error: the body is not JSON');
      }
      const mcp = createMcpServer({ service: opts.service, agent: opts.agent, logger: log });
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      res.on('close', () => {
        void transport.close();
        void mcp.close();
      });
      await mcp.connect(transport);
      await transport.handleRequest(req, res, body);
    })().catch((e: unknown) => {
      log.error({ err: errorMessage(e) }, 'MCP HTTP request failed');
      if (!res.headersSent) jsonRpcError(res, 500, 'Internal error');
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const bound = opts.host.includes(':') ? `[${opts.host}]` : opts.host;
  // The bound address is always a name of this server (127.0.0.2 is loopback too, and the URL printed).
  const names = ['127.0.0.1', 'localhost', '[::1]', ...(wildcard ? [] : [bound.toLowerCase()])];
  allowedHosts = new Set(names.map((n) => `${n}:${port}`));
  allowedOrigins = new Set(names.map((n) => `http://${n}:${port}`));
  return {
    url: `http://${bound}:${port}${path}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * What `start` and `mcp --http` call: the HTTP transport when MCP_HTTP_ADDR is set, else null.
 * Every problem with the address and MCP_TOKEN is reported at once (CONFIG_INVALID), naming
 * `addrName` (MCP_HTTP_ADDR, or `--http` for the flag).
 */
export async function startMcpHttp(
  config: { MCP_HTTP_ADDR?: string | undefined; MCP_TOKEN?: string | undefined },
  service: RadarService,
  logger: Logger,
  addrName = 'MCP_HTTP_ADDR',
  agent?: AgentService,
): Promise<McpHttpServer | null> {
  if (!config.MCP_HTTP_ADDR) return null;
  assertNoProblems(mcpHttpProblems(config.MCP_HTTP_ADDR, config.MCP_TOKEN, addrName));
  const { host, port, loopback } = parseListenAddress(config.MCP_HTTP_ADDR, addrName);
  const running = await startMcpHttpServer({
    service,
    agent,
    logger,
    host,
    port,
    token: config.MCP_TOKEN,
    addrName,
  });
  if (!loopback)
    logger.warn(
      { url: running.url },
      'the MCP HTTP endpoint is reachable from other machines; only MCP_TOKEN guards it and the traffic is plain HTTP: put a TLS reverse proxy in front',
    );
  logger.info({ url: running.url }, 'MCP HTTP endpoint listening');
  return running;
}
