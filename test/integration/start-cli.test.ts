import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { Client, Connection } from '@temporalio/client';
import { freePort } from '../../workers/dev-server.ts';
import { descendantPids, isAlive, runCli, spawnCli } from '../support/cli.ts';

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
    const env = {
      DATA_DIR: dataDir,
      TEMPORAL_DEV_PORT: String(port),
      TEMPORAL_UI_PORT: String(uiPort),
      TEMPORAL_TASK_QUEUE: 'start-test',
    };

    const first = await startOnce(env);
    assert.match(first.proc.output().stdout, new RegExp(`Temporal Web UI: http://127\\.0\\.0\\.1:${uiPort}`));
    const temporalPids = descendantPids(first.proc.child.pid!, 'temporal');
    assert.ok(temporalPids.length >= 1, 'the dev server runs under start (in its watchdog)');

    const connection = await Connection.connect({ address: first.address });
    const client = new Client({ connection });
    const result = await client.workflow.execute('healthCheck', {
      taskQueue: 'start-test',
      workflowId: 'survives-restart',
      args: ['start-test'],
    });
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

describe('arxiv-radar start after kill -9 (issue 28)', () => {
  it('kill -9 of start leaves no dev server behind; the next start works at once; a leftover one is stopped and taken over, saying so', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'arxiv-radar-kill9-'));
    try {
      const env = {
        DATA_DIR: dir,
        TEMPORAL_DEV_PORT: String(await freePort()),
        TEMPORAL_UI_PORT: String(await freePort()),
        TEMPORAL_TASK_QUEUE: 'kill9-test',
      };
      const first = await startOnce(env);
      const descendants = descendantPids(first.proc.child.pid!);
      const temporal = descendantPids(first.proc.child.pid!, 'temporal');
      assert.ok(temporal.length >= 1);
      assert.ok(
        existsSync(path.join(dir, 'temporal-dev.pid')),
        'the dev server’s process group is recorded in DATA_DIR',
      );
      first.proc.child.kill('SIGKILL');
      await first.proc.exited;
      const killedAt = Date.now();
      // The watchdog stops the orphaned server: every process start had is gone.
      while (descendants.some(isAlive) && Date.now() - killedAt < 15_000)
        await new Promise((r) => setTimeout(r, 100));
      const goneMs = Date.now() - killedAt;
      assert.deepEqual(descendants.filter(isAlive), [], 'no child of the killed start is left');
      const second = await startOnce(env);
      const workingMs = Date.now() - killedAt;
      console.log(
        `kill -9 → the orphaned dev server gone after ${goneMs} ms; the next start ready (Ready line) ${workingMs} ms after the kill`,
      );
      assert.doesNotMatch(second.proc.output().stdout, /takes over/, 'nothing was left to take over');

      // A leftover the watchdog could not stop (an older version's orphan; here its watchdog is killed along with start).
      const group = JSON.parse(readFileSync(path.join(dir, 'temporal-dev.pid'), 'utf8')) as { pgid: number };
      const watchdogs = descendantPids(second.proc.child.pid!).filter(
        (p) => p !== group.pgid && !descendantPids(second.proc.child.pid!, 'temporal').includes(p),
      );
      for (const p of watchdogs) process.kill(p, 'SIGKILL');
      second.proc.child.kill('SIGKILL');
      await second.proc.exited;
      const orphan = descendantPids(group.pgid, 'temporal');
      await new Promise((r) => setTimeout(r, 1500));
      assert.ok(orphan.length >= 1 && orphan.every(isAlive), 'the dev server was left running (no watchdog)');
      const third = await startOnce(env);
      assert.match(
        third.proc.output().stdout,
        /A Temporal dev server left running by an earlier start on this DATA_DIR \(process group \d+\) was stopped in \d+ ms; this start takes over\./,
      );
      assert.ok(orphan.every((p) => !isAlive(p)));
      third.proc.child.kill('SIGTERM');
      assert.equal((await third.proc.exited).code, 0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
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
    const r = runCli(['doctor'], {
      ARXIV_MIN_INTERVAL_MS: '500',
      LLM_BASE_URL: 'not a url',
      TEMPORAL_DEV_PORT: 'abc',
    });
    assert.equal(r.status, 2);
    assert.match(r.stderr, /ARXIV_MIN_INTERVAL_MS: must be at least 3000/);
    assert.match(r.stderr, /LLM_BASE_URL/);
    assert.match(r.stderr, /TEMPORAL_DEV_PORT/);
  });

  it('prints the resolved config with secrets masked, as JSON', () => {
    const r = runCli(['doctor', '--json'], {
      DATA_DIR: dataDir,
      NOTION_TOKEN: 'secret_abc123',
      NOTION_DATABASE_ID: 'db1',
    });
    assert.equal(r.status, 0, r.stderr);
    const out = JSON.parse(r.stdout) as {
      config: Record<string, unknown>;
      checks: Array<{ name: string; status: string }>;
    };
    assert.equal(out.config.NOTION_TOKEN, '****');
    assert.ok(!r.stdout.includes('secret_abc123'));
    assert.equal(out.checks.find((c) => c.name === 'notion')?.status, 'ok');
    assert.equal(out.checks.find((c) => c.name === 'data dir')?.status, 'ok');
    assert.equal(out.config.DATA_DIR, dataDir);
  });
});
