/**
 * Streamable HTTP transport for the MCP server, on loopback only. Every request must carry
 * `Authorization: Bearer <MCP_TOKEN>` (compared in constant time) and a Host (and, from browsers,
 * an Origin) naming this loopback address: a web page cannot reach it through DNS rebinding.
 * Stateless: each POST gets a fresh server and transport (the SDK's stateless pattern), so no
 * session state outlives a request.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { RadarService } from '../app/radar-service.ts';
import { parseListenAddress, isLoopbackHost } from '../bot/http/listen-address.ts';
import { AppError, errorMessage } from '../lib/errors.ts';
import type { Logger } from '../lib/logger.ts';
import { createMcpServer } from './server.ts';

export const MIN_TOKEN_LENGTH = 16;

export interface McpHttpOptions {
  service: RadarService;
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

function jsonRpcError(res: http.ServerResponse, status: number, message: string, extra: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...extra }).end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

function readJson(req: http.IncomingMessage, max: number): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > max) {
        reject(new AppError('INVALID_INPUT', `request body over ${max} bytes`));
        req.destroy();
      } else chunks.push(c);
    });
    req.on('end', () => {
      try {
        resolve(chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined);
      } catch {
        reject(new AppError('INVALID_INPUT', 'body is not JSON'));
      }
    });
    req.on('error', reject);
  });
}

/** Starts the MCP Streamable HTTP endpoint; refuses to start without a token or off loopback. */
export async function startMcpHttpServer(opts: McpHttpOptions): Promise<McpHttpServer> {
  const token = opts.token;
  if (!token) throw new AppError('CONFIG_INVALID', 'MCP_TOKEN is required for the MCP HTTP transport. Set it to a long random string (e.g. `openssl rand -hex 32`) and give the same token to your MCP client.');
  if (token.length < MIN_TOKEN_LENGTH) throw new AppError('CONFIG_INVALID', `MCP_TOKEN is too short (${token.length} characters); use at least ${MIN_TOKEN_LENGTH}, e.g. \`openssl rand -hex 32\`.`);
  if (!isLoopbackHost(opts.host)) throw new AppError('INVALID_INPUT', `The MCP HTTP transport listens on loopback only (got ${opts.host}); use 127.0.0.1:PORT and put a TLS reverse proxy in front if it must be reachable remotely.`);
  const path = opts.path ?? '/mcp';
  const maxBody = opts.maxBodyBytes ?? 1024 * 1024;
  const log = opts.logger;
  let allowedHosts = new Set<string>();
  let allowedOrigins = new Set<string>();

  const server = http.createServer((req, res) => {
    void (async () => {
      if (!allowedHosts.has((req.headers.host ?? '').toLowerCase())) return jsonRpcError(res, 403, 'Forbidden: Host header does not name this server');
      const origin = req.headers.origin;
      if (origin !== undefined && !allowedOrigins.has(origin.toLowerCase())) return jsonRpcError(res, 403, 'Forbidden: Origin not allowed');
      if (!bearerMatches(req.headers.authorization, token)) return jsonRpcError(res, 401, 'Unauthorized: send Authorization: Bearer <MCP_TOKEN>', { 'www-authenticate': 'Bearer realm="arxiv-radar"' });
      if (new URL(req.url ?? '/', 'http://x').pathname !== path) return jsonRpcError(res, 404, `Not found: the MCP endpoint is ${path}`);
      if (req.method !== 'POST') return jsonRpcError(res, 405, 'Method not allowed: this stateless server accepts POST only', { allow: 'POST' });
      let body: unknown;
      try {
        body = await readJson(req, maxBody);
      } catch (e) {
        return jsonRpcError(res, 400, errorMessage(e));
      }
      const mcp = createMcpServer({ service: opts.service, logger: log });
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
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
  const names = ['127.0.0.1', 'localhost', '[::1]'];
  allowedHosts = new Set(names.map((n) => `${n}:${port}`));
  allowedOrigins = new Set(names.map((n) => `http://${n}:${port}`));
  const shownHost = opts.host.includes(':') ? `[${opts.host}]` : opts.host;
  return {
    url: `http://${shownHost}:${port}${path}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** What `start` calls: the HTTP transport when MCP_HTTP_ADDR is set (MCP_TOKEN required), else null. */
export async function startMcpHttp(config: { MCP_HTTP_ADDR?: string | undefined; MCP_TOKEN?: string | undefined }, service: RadarService, logger: Logger): Promise<McpHttpServer | null> {
  if (!config.MCP_HTTP_ADDR) return null;
  const { host, port } = parseListenAddress(config.MCP_HTTP_ADDR, 'MCP_HTTP_ADDR');
  const running = await startMcpHttpServer({ service, logger, host, port, token: config.MCP_TOKEN });
  logger.info({ url: running.url }, 'MCP HTTP endpoint listening');
  return running;
}
