/**
 * Tools of external MCP servers (MCP_SERVERS_FILE) for the research agent: each server is started
 * (stdio: its command, with the file's env on top of a minimal environment, as desktop clients do)
 * or reached (Streamable HTTP: its url) on first use, its tools listed once and offered to the
 * model as `<server>__<tool>`. A server that cannot be started or listed is logged and left out;
 * the agent keeps its own tools. A server that exited is started again on the next call.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { AppError, errorMessage } from '../../domain/errors.ts';
import { externalToolName, type McpServerSpec } from '../../domain/mcp-servers.ts';
import type { Logger } from '../../lib/logger.ts';
import type { ToolSpec } from '../../app/ports/llm.ts';
import type { ExternalTools } from '../../app/ports/llm.ts';

/** How long one external server may take to start and list its tools, and to answer one call. */
const CONNECT_MS = 20_000;
const CALL_MS = 120_000;
/** A tool description longer than this is cut (the model reads every description on every call). */
const MAX_DESCRIPTION = 1000;

interface Connected {
  client: Client;
  /** Agent-side name → the server's own tool name. */
  tools: Map<string, string>;
  specs: ToolSpec[];
}

/** The text of a tool result: text parts as they are, other parts named. */
export function resultText(r: CallToolResult): string {
  const parts = (r.content ?? []).map((c) => {
    if (c.type === 'text') return c.text;
    if (c.type === 'resource') return 'text' in c.resource ? c.resource.text : `[resource ${c.resource.uri}]`;
    if (c.type === 'resource_link') return `[resource ${c.uri}]`;
    return `[${c.type} content not shown]`;
  });
  if (!parts.length && r.structuredContent) parts.push(JSON.stringify(r.structuredContent));
  return parts.join('\n') || '(empty result)';
}

function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new AppError('TIMED_OUT', `${what} did not answer within ${Math.round(ms / 1000)} s`)),
      ms,
    );
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** The external tools of `servers`; `close()` stops the started servers. */
export function createExternalTools(
  servers: readonly McpServerSpec[],
  logger: Logger,
  opts: { connectMs?: number; callMs?: number } = {},
): ExternalTools & { close(): Promise<void> } {
  const connections = new Map<string, Promise<Connected | null>>();
  const owner = new Map<string, McpServerSpec>();

  async function open(spec: McpServerSpec): Promise<Connected | null> {
    const client = new Client({ name: 'arxiv-radar-agent', version: '1.0.0' });
    const transport =
      spec.kind === 'stdio'
        ? new StdioClientTransport({
            command: spec.command,
            args: spec.args,
            env: { ...getDefaultEnvironment(), ...spec.env },
            ...(spec.cwd ? { cwd: spec.cwd } : {}),
            // The server's own log lines go to ours (stderr), as desktop clients show them.
            stderr: 'inherit',
          })
        : new StreamableHTTPClientTransport(new URL(spec.url), { requestInit: { headers: spec.headers } });
    try {
      await withTimeout(client.connect(transport), opts.connectMs ?? CONNECT_MS, `MCP server "${spec.name}"`);
      const listed = await withTimeout(
        client.listTools(),
        opts.connectMs ?? CONNECT_MS,
        `MCP server "${spec.name}"`,
      );
      const tools = new Map<string, string>();
      const specs: ToolSpec[] = [];
      for (const t of listed.tools) {
        const name = externalToolName(spec.name, t.name);
        if (!name || tools.has(name)) {
          logger.warn(
            { server: spec.name, tool: t.name },
            'external MCP tool skipped: its name cannot be offered to the model',
          );
          continue;
        }
        tools.set(name, t.name);
        owner.set(name, spec);
        const description = `[${spec.name}] ${t.description ?? t.title ?? t.name}`;
        specs.push({
          name,
          description:
            description.length > MAX_DESCRIPTION
              ? `${description.slice(0, MAX_DESCRIPTION - 1)}…`
              : description,
          parameters: t.inputSchema as Record<string, unknown>,
        });
      }
      client.onclose = () => connections.delete(spec.name);
      logger.info({ server: spec.name, tools: specs.length }, 'external MCP server connected');
      return { client, tools, specs };
    } catch (e) {
      logger.warn(
        { server: spec.name, err: errorMessage(e) },
        'external MCP server unavailable; the agent goes on without its tools',
      );
      await client.close().catch(() => undefined);
      return null;
    }
  }

  const connect = (spec: McpServerSpec): Promise<Connected | null> => {
    let c = connections.get(spec.name);
    if (!c) {
      c = open(spec);
      connections.set(spec.name, c);
      // A failed start is retried on a later turn, not on every call of this one.
      void c.then((r) => {
        if (!r)
          setTimeout(() => connections.get(spec.name) === c && connections.delete(spec.name), 60_000).unref();
      });
    }
    return c;
  };

  return {
    async specs() {
      const all = await Promise.all(servers.map(connect));
      return all.flatMap((c) => c?.specs ?? []);
    },

    async call(name, args) {
      let spec = owner.get(name);
      if (!spec) {
        await this.specs();
        spec = owner.get(name);
      }
      if (!spec) throw new AppError('INVALID_INPUT', `there is no external tool "${name}"`);
      // A server that exited since the last call was forgotten (onclose) and starts again here. A
      // call the server dies in is not repeated: the tool may have acted; the next call reconnects.
      const c = await connect(spec);
      if (!c) throw new Error(`the MCP server "${spec.name}" is not available (see the worker log)`);
      const tool = c.tools.get(name);
      if (!tool)
        throw new AppError('INVALID_INPUT', `the MCP server "${spec.name}" no longer offers "${name}"`);
      try {
        const r = (await c.client.callTool({ name: tool, arguments: args }, undefined, {
          timeout: opts.callMs ?? CALL_MS,
        })) as CallToolResult;
        return { text: resultText(r), isError: r.isError === true };
      } catch (e) {
        throw new Error(`${spec.name} (${tool}): ${errorMessage(e)}`, { cause: e });
      }
    },

    async close() {
      const open = await Promise.all([...connections.values()]);
      connections.clear();
      await Promise.all(open.map((c) => c?.client.close().catch(() => undefined)));
    },
  };
}
