/** The MCP_SERVERS_FILE format (domain/mcp-servers.ts): the desktop clients' shape, checked with every problem named. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { externalToolName, parseMcpServers } from '../../../domain/mcp-servers.ts';

const problems = (doc: unknown) => {
  const r = parseMcpServers(typeof doc === 'string' ? doc : JSON.stringify(doc));
  return r.ok ? [] : r.problems;
};

describe('parseMcpServers', () => {
  it('reads a claude_desktop_config.json as it is: stdio servers with args and env, url servers with headers, other keys ignored', () => {
    const r = parseMcpServers(
      JSON.stringify({
        globalShortcut: 'Ctrl+Space',
        mcpServers: {
          filesystem: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'] },
          github: {
            command: 'docker',
            args: ['run', '-i', 'ghcr.io/github/github-mcp-server'],
            env: { GITHUB_TOKEN: 'x', DEBUG: 1 },
          },
          remote: {
            type: 'http',
            url: 'https://mcp.example.com/mcp',
            headers: { Authorization: 'Bearer t' },
          },
          old: { command: 'x', disabled: true },
        },
      }),
    );
    assert.deepEqual(r, {
      ok: true,
      servers: [
        {
          name: 'filesystem',
          kind: 'stdio',
          command: 'npx',
          args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'],
          env: {},
        },
        {
          name: 'github',
          kind: 'stdio',
          command: 'docker',
          args: ['run', '-i', 'ghcr.io/github/github-mcp-server'],
          env: { GITHUB_TOKEN: 'x', DEBUG: '1' },
        },
        {
          name: 'remote',
          kind: 'http',
          url: 'https://mcp.example.com/mcp',
          headers: { Authorization: 'Bearer t' },
        },
      ],
    });
    assert.deepEqual(parseMcpServers('{"mcpServers": {}}'), { ok: true, servers: [] });
  });

  it('names what is wrong with the file as a whole', () => {
    assert.match(problems('{"mcpServers": ')[0] ?? '', /^is not valid JSON \(/);
    assert.match(problems([1])[0] ?? '', /^must be a JSON object like \{"mcpServers"/);
    assert.match(problems({ servers: {} })[0] ?? '', /^has no "mcpServers" object/);
    assert.deepEqual(problems({ mcpServers: [] }), [
      'mcpServers: must be an object of servers by name (got a list)',
    ]);
  });

  it('names every problem of every server at once, by its place in the file', () => {
    assert.deepEqual(
      problems({
        mcpServers: {
          'bad name': { command: 'x' },
          a__b: { command: 'x' },
          str: 'npx server',
          none: { args: [] },
          both: { command: 'x', url: 'https://x' },
          args: { command: 'x', args: 'not-a-list' },
          env: { command: 'x', env: { A: ['no'] } },
          empty: { command: '  ' },
          url: { url: 'ftp://x' },
          sse: { type: 'sse', url: 'https://x/sse' },
          typo: { command: 'x', agrs: [] },
        },
      }),
      [
        "mcpServers.bad name: the name must be 1-32 letters, digits, _ or - (it prefixes the server's tool names)",
        'mcpServers.a__b: the name must not contain "__" (it separates the server from its tool names)',
        'mcpServers.str: must be an object with "command" (a program to start) or "url" (got string)',
        'mcpServers.none: give either "command" (a program that speaks MCP on stdio) or "url" (a Streamable HTTP endpoint)',
        'mcpServers.both: give either "command" (a program that speaks MCP on stdio) or "url" (a Streamable HTTP endpoint), not both',
        'mcpServers.args.args: must be a list of strings',
        'mcpServers.env.env.A: must be a string (got a list)',
        'mcpServers.empty.command: must be the program to start, e.g. "npx" or "/usr/bin/python3"',
        'mcpServers.url.url: must be an absolute http(s) URL (got "ftp://x")',
        'mcpServers.sse.type: "sse" is not supported; use "stdio" with command or "http" with url (SSE-only servers are not supported)',
        'mcpServers.typo: unknown key "agrs" for a command server',
      ],
    );
  });
});

describe('externalToolName', () => {
  it('prefixes the server, replaces characters tool-calling APIs reject, and keeps to 64 characters', () => {
    assert.equal(externalToolName('lab', 'lookup_note'), 'lab__lookup_note');
    assert.equal(externalToolName('fs', 'read.file/v2'), 'fs__read_file_v2');
    assert.equal(externalToolName('s', 'x'.repeat(100))?.length, 64);
    assert.equal(externalToolName('s', '...'), null);
  });
});
