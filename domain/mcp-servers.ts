/**
 * The external MCP servers file (MCP_SERVERS_FILE): the JSON shape desktop clients use
 * (claude_desktop_config.json and its kin), `{"mcpServers": {"<name>": {...}}}`, each server either
 * a program to start (`command`, `args`, `env`, optionally `cwd`) that speaks MCP on stdio, or a
 * `url` of a Streamable HTTP endpoint (optionally `headers`). Other top-level keys of such a file
 * are ignored, so a desktop client's own config can be used as it is. Pure: the caller reads the
 * file; this checks the text and says what is wrong, where.
 */

export type McpServerSpec =
  | {
      name: string;
      kind: 'stdio';
      command: string;
      args: string[];
      env: Record<string, string>;
      cwd?: string;
    }
  | { name: string; kind: 'http'; url: string; headers: Record<string, string> };

/** Server names become tool-name prefixes (`<server>__<tool>`), so they use the characters tool names allow. */
export const SERVER_NAME = /^[A-Za-z0-9_-]{1,32}$/;

/** Characters OpenAI-compatible APIs allow in a tool (function) name, and the length. */
export const TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** The separator between the server name and its tool's name in the agent's tool list. */
export const TOOL_SEPARATOR = '__';

const STDIO_KEYS = new Set(['command', 'args', 'env', 'cwd', 'type', 'disabled', 'description']);
const HTTP_KEYS = new Set(['url', 'headers', 'type', 'disabled', 'description']);

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const kindOf = (v: unknown) =>
  v === null ? 'null' : Array.isArray(v) ? 'a list' : typeof v === 'object' ? 'an object' : typeof v;

function stringMap(value: unknown, where: string, problems: string[]): Record<string, string> {
  if (value === undefined) return {};
  if (!isObject(value)) {
    problems.push(`${where}: must be an object of strings, e.g. {"API_KEY": "…"} (got ${kindOf(value)})`);
    return {};
  }
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(value)) {
    if (typeof v === 'string') out[k] = v;
    else if (typeof v === 'number' || typeof v === 'boolean') out[k] = String(v);
    else problems.push(`${where}.${k}: must be a string (got ${kindOf(v)})`);
  }
  return out;
}

/**
 * Parses the file's text. Returns the enabled servers, or every problem found (each names its
 * place, e.g. `mcpServers.files.args: must be a list of strings`).
 */
/** MCP_SERVERS_FILE's limits: its size, and how many servers it may list. */
export const MAX_MCP_SERVERS_FILE_BYTES = 1024 * 1024;
export const MAX_MCP_SERVERS = 100;

export function parseMcpServers(
  text: string,
): { ok: true; servers: McpServerSpec[] } | { ok: false; problems: string[] } {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    return { ok: false, problems: [`is not valid JSON (${e instanceof Error ? e.message : String(e)})`] };
  }
  if (!isObject(doc))
    return {
      ok: false,
      problems: [
        `must be a JSON object like {"mcpServers": {"name": {"command": "…"}}} (got ${kindOf(doc)})`,
      ],
    };
  if (!('mcpServers' in doc))
    return {
      ok: false,
      problems: ['has no "mcpServers" object: write {"mcpServers": {"name": {"command": "…", "args": […]}}}'],
    };
  const all = doc.mcpServers;
  if (!isObject(all))
    return { ok: false, problems: [`mcpServers: must be an object of servers by name (got ${kindOf(all)})`] };
  const count = Object.keys(all).length;
  if (count > MAX_MCP_SERVERS)
    return {
      ok: false,
      problems: [
        `mcpServers: lists ${count} servers; at most ${MAX_MCP_SERVERS}: keep only the ones the agent should use`,
      ],
    };
  const problems: string[] = [];
  const servers: McpServerSpec[] = [];
  for (const [name, raw] of Object.entries(all)) {
    const at = `mcpServers.${name}`;
    if (!SERVER_NAME.test(name)) {
      problems.push(
        `${at}: the name must be 1-32 letters, digits, _ or - (it prefixes the server's tool names)`,
      );
      continue;
    }
    if (name.includes(TOOL_SEPARATOR)) {
      problems.push(
        `${at}: the name must not contain "${TOOL_SEPARATOR}" (it separates the server from its tool names)`,
      );
      continue;
    }
    if (!isObject(raw)) {
      problems.push(
        `${at}: must be an object with "command" (a program to start) or "url" (got ${kindOf(raw)})`,
      );
      continue;
    }
    if (raw.disabled === true) continue;
    const hasCommand = raw.command !== undefined;
    const hasUrl = raw.url !== undefined;
    if (hasCommand === hasUrl) {
      problems.push(
        `${at}: give either "command" (a program that speaks MCP on stdio) or "url" (a Streamable HTTP endpoint)${hasCommand ? ', not both' : ''}`,
      );
      continue;
    }
    const type = raw.type;
    if (
      type !== undefined &&
      !['stdio', 'http', 'streamable-http', 'streamableHttp'].includes(String(type))
    ) {
      problems.push(
        `${at}.type: "${String(type)}" is not supported; use "stdio" with command or "http" with url (SSE-only servers are not supported)`,
      );
      continue;
    }
    const allowed = hasCommand ? STDIO_KEYS : HTTP_KEYS;
    const unknown = Object.keys(raw).filter((k) => !allowed.has(k));
    if (unknown.length)
      problems.push(
        `${at}: unknown key${unknown.length === 1 ? '' : 's'} ${unknown.map((k) => `"${k}"`).join(', ')} for a ${hasCommand ? 'command' : 'url'} server`,
      );
    const before = problems.length;
    if (hasCommand) {
      if (typeof raw.command !== 'string' || raw.command.trim() === '')
        problems.push(`${at}.command: must be the program to start, e.g. "npx" or "/usr/bin/python3"`);
      const args = raw.args ?? [];
      if (!Array.isArray(args) || args.some((a) => typeof a !== 'string'))
        problems.push(`${at}.args: must be a list of strings`);
      const env = stringMap(raw.env, `${at}.env`, problems);
      if (raw.cwd !== undefined && typeof raw.cwd !== 'string')
        problems.push(`${at}.cwd: must be a directory path`);
      if (problems.length === before) {
        servers.push({
          name,
          kind: 'stdio',
          command: (raw.command as string).trim(),
          args: args as string[],
          env,
          ...(typeof raw.cwd === 'string' ? { cwd: raw.cwd } : {}),
        });
      }
    } else {
      let url: URL | null = null;
      try {
        url = typeof raw.url === 'string' ? new URL(raw.url) : null;
      } catch {
        url = null;
      }
      if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
        problems.push(`${at}.url: must be an absolute http(s) URL (got ${JSON.stringify(raw.url)})`);
      const headers = stringMap(raw.headers, `${at}.headers`, problems);
      if (problems.length === before && url) servers.push({ name, kind: 'http', url: url.href, headers });
    }
  }
  return problems.length ? { ok: false, problems } : { ok: true, servers };
}

/**
 * The agent's name for an external tool: `<server>__<tool>`, with characters tool-calling APIs
 * reject replaced by `_` and cut to 64 characters. Null when nothing usable is left.
 */
export function externalToolName(server: string, tool: string): string | null {
  const cleaned = tool.replace(/[^A-Za-z0-9_-]/g, '_');
  const name = `${server}${TOOL_SEPARATOR}${cleaned}`.slice(0, 64);
  return TOOL_NAME.test(name) && cleaned.replace(/_/g, '') !== '' ? name : null;
}
