import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { Client, Connection } from '@temporalio/client';
import { freePort } from '../../workers/dev-server.ts';
import { childPids, isAlive, runCli, spawnCli } from '../support/cli.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'arxiv-radar-start-'));
after(() => rmSync(dataDir, { recursive: true, force: true }));

async function startOnce(env: Record<string, string>) {
  const proc = spawnCli(['start'], env);
  const ready = await proc.waitFor(/Ready in [\d.]+ s/);
  assert.ok(ready);
  const address = proc.output().stdout.match(/Temporal dev server on (\S+)/)?.[1];
  assert.ok(address, 'start prints the dev server address');
  return { proc, address };
}

describe('arxiv-radar start', () => {
  it('starts the dev server and a worker, survives a restart, and Ctrl-C leaves no temporal process', async () => {
    const port = await freePort();
    const uiPort = await freePort();
    const env = { DATA_DIR: dataDir, TEMPORAL_DEV_PORT: String(port), TEMPORAL_UI_PORT: String(uiPort), TEMPORAL_TASK_QUEUE: 'start-test' };

    const first = await startOnce(env);
    assert.match(first.proc.output().stdout, new RegExp(`Temporal Web UI: http://127\\.0\\.0\\.1:${uiPort}`));
    const temporalPids = childPids(first.proc.child.pid!, 'temporal');
    assert.ok(temporalPids.length >= 1, 'the dev server runs as a child of start');

    const connection = await Connection.connect({ address: first.address });
    const client = new Client({ connection });
    const result = await client.workflow.execute('healthCheck', { taskQueue: 'start-test', workflowId: 'survives-restart', args: ['start-test'] });
    assert.match(result, /^workflow ok; pong start-test/);
    await connection.close();

    first.proc.child.kill('SIGINT');
    const exit = await first.proc.exited;
    assert.equal(exit.code, 0, `start exits 0 on Ctrl-C; stderr: ${first.proc.output().stderr}`);
    assert.match(first.proc.output().stdout, /Stopped\./);
    for (const pid of temporalPids) assert.equal(isAlive(pid), false, `temporal pid ${pid} is gone`);

    // Data survives a restart: the finished workflow is still there.
    const second = await startOnce(env);
    const conn2 = await Connection.connect({ address: second.address });
    const desc = await new Client({ connection: conn2 }).workflow.getHandle('survives-restart').describe();
    assert.equal(desc.status.name, 'COMPLETED');
    await conn2.close();
    second.proc.child.kill('SIGTERM');
    assert.equal((await second.proc.exited).code, 0);
  });
});

describe('arxiv-radar doctor', () => {
  it('exits non-zero naming the variable when DATA_DIR points at a file', () => {
    const file = path.join(dataDir, 'not-a-dir');
    writeFileSync(file, 'x');
    const r = runCli(['doctor'], { DATA_DIR: file });
    assert.equal(r.status, 2);
    assert.match(r.stderr, /DATA_DIR: .*not a directory/);
  });

  it('lists every problem at once', () => {
    const r = runCli(['doctor'], { ARXIV_MIN_INTERVAL_MS: '500', LLM_BASE_URL: 'not a url', TEMPORAL_DEV_PORT: 'abc' });
    assert.equal(r.status, 2);
    assert.match(r.stderr, /ARXIV_MIN_INTERVAL_MS: must be at least 3000/);
    assert.match(r.stderr, /LLM_BASE_URL/);
    assert.match(r.stderr, /TEMPORAL_DEV_PORT/);
  });

  it('prints the resolved config with secrets masked, as JSON', () => {
    const r = runCli(['doctor', '--json'], { DATA_DIR: dataDir, NOTION_TOKEN: 'secret_abc123', NOTION_DATABASE_ID: 'db1' });
    assert.equal(r.status, 0, r.stderr);
    const out = JSON.parse(r.stdout) as { config: Record<string, unknown>; checks: Array<{ name: string; status: string }> };
    assert.equal(out.config.NOTION_TOKEN, '****');
    assert.ok(!r.stdout.includes('secret_abc123'));
    assert.equal(out.checks.find((c) => c.name === 'notion')?.status, 'ok');
    assert.equal(out.checks.find((c) => c.name === 'data dir')?.status, 'ok');
    assert.equal(out.config.DATA_DIR, dataDir);
  });
});
