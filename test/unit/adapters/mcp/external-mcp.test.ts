/**
 * The agent's external MCP tools against a real MCP server process (test/fakes/mcp-server.ts,
 * started over stdio as a desktop client would): tools listed under `<server>__<tool>`, calls with
 * text, structured and error results, the file's env reaching the server, a server that exits
 * mid-call (the next call reconnects), and a server that cannot start (left out, with a warning).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { createExternalTools } from '../../../../adapters/mcp/external-mcp.ts';
import { loadConfig } from '../../../../config/env.ts';
import { silentLogger } from '../../../../lib/logger.ts';

const REPO = path.resolve(import.meta.dirname, '../../../..');
const dir = mkdtempSync(path.join(os.tmpdir(), 'arxiv-radar-external-mcp-'));
const callLog = path.join(dir, 'calls.jsonl');
const file = path.join(dir, 'servers.json');
writeFileSync(
  file,
  JSON.stringify({
    mcpServers: {
      lab: {
        command: process.execPath,
        args: ['--import', 'tsx', path.join(REPO, 'test/fakes/mcp-server.ts')],
        env: { FAKE_MCP_LOG: callLog, FAKE_MCP_SECRET: 'from-the-file' },
        cwd: REPO,
      },
      broken: { command: path.join(dir, 'no-such-program') },
    },
  }),
);
const calls = () =>
  readFileSync(callLog, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { pid: number; tool: string; secret: string | null });

describe('external MCP tools (a real stdio server process)', () => {
  const warnings: string[] = [];
  const logger = {
    ...silentLogger,
    warn: (_o: unknown, msg?: string) => void warnings.push(String(msg)),
  } as typeof silentLogger;
  const tools = createExternalTools(
    loadConfig({ MCP_SERVERS_FILE: file, DATA_DIR: dir }, {}).MCP_SERVERS,
    logger,
    { connectMs: 15_000 },
  );
  after(async () => {
    await tools.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lists the server’s tools under <server>__<tool> with their JSON Schemas; a server that cannot start is left out', async () => {
    const specs = await tools.specs();
    assert.deepEqual(specs.map((s) => s.name).sort(), [
      'lab__add',
      'lab__crash',
      'lab__fail',
      'lab__lookup_note',
    ]);
    const lookup = specs.find((s) => s.name === 'lab__lookup_note');
    assert.equal(lookup?.description, '[lab] Look up the lab notebook entry for a topic.');
    assert.deepEqual((lookup?.parameters as { required?: string[] }).required, ['topic']);
    assert.ok(
      warnings.some((w) => /external MCP server unavailable/.test(w)),
      JSON.stringify(warnings),
    );
  });

  it('calls tools: text, structured and error results; the env from the file reaches the server', async () => {
    assert.deepEqual(await tools.call('lab__lookup_note', { topic: 'graphs' }), {
      text: 'Lab note on graphs: the group discussed arXiv:1111.2011 on Tuesday.',
      isError: false,
    });
    assert.deepEqual(await tools.call('lab__add', { a: 2, b: 3 }), { text: '5', isError: false });
    assert.deepEqual(await tools.call('lab__fail', { reason: 'busy' }), {
      text: 'notebook locked: busy',
      isError: true,
    });
    await assert.rejects(tools.call('nope__x', {}), /there is no external tool "nope__x"/);
    assert.ok(calls().every((c) => c.secret === 'from-the-file'));
  });

  it('a server that exits mid-call fails that call; the next call starts it again', async () => {
    const before = calls().at(-1)!.pid;
    await assert.rejects(tools.call('lab__crash', {}), /lab \(crash\)/);
    assert.deepEqual(await tools.call('lab__add', { a: 1, b: 1 }), { text: '2', isError: false });
    const after = calls().at(-1)!.pid;
    assert.notEqual(after, before, 'a new server process answered');
    assert.equal(
      calls().filter((c) => c.tool === 'crash').length,
      1,
      'the call the server died in is not repeated',
    );
  });
});
