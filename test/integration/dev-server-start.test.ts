/**
 * Starting the embedded dev server when a port it was given is lost before the server binds it
 * (seen in CI: the server panicked at start, one suite of eight lost). The "CLI" here is a shell
 * script in front of the real Temporal CLI that fails the way the server does (a Go panic: one
 * line naming the cause, then pages of stack, exit code 2), on the first start or on every start.
 */
import assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pino } from 'pino';
import { freePort, startDevServer } from '../../workers/dev-server.ts';
import { resolveTemporalCli } from '../../workers/temporal-cli.ts';

const STACK = Array.from(
  { length: 200 },
  (_, i) => `goroutine frame ${i}\n\t/go/pkg/mod/x.go:${i} +0x1b`,
).join('\n');

let made = 0;

/** A CLI that panics the first `failures` times it is run (0: always), then runs the real one. */
function flakyCli(dir: string, realCli: string, failures: number, exitCode = 2): string {
  const script = path.join(dir, `temporal-${(made += 1)}`);
  const counter = `${script}.runs`;
  writeFileSync(path.join(dir, 'stack.txt'), STACK);
  writeFileSync(
    script,
    [
      '#!/bin/sh',
      `echo run >> '${counter}'`,
      `runs=$(wc -l < '${counter}')`,
      `if [ ${failures} -eq 0 ] || [ "$runs" -le ${failures} ]; then`,
      `  echo "panic: listen tcp 127.0.0.1:7233: bind: address already in use" >&2`,
      `  cat '${path.join(dir, 'stack.txt')}' >&2`,
      `  exit ${exitCode}`,
      'fi',
      `exec '${realCli}' "$@"`,
      '',
    ].join('\n'),
  );
  chmodSync(script, 0o755);
  return script;
}

const runs = (script: string) =>
  existsSync(`${script}.runs`) ? readFileSync(`${script}.runs`, 'utf8').trim().split('\n').length : 0;

describe('the dev server start, when the server exits while starting', () => {
  let dir: string;
  let realCli: string;
  before(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'radar-devstart-'));
    realCli = (await resolveTemporalCli({ install: false })).path;
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('tries again on fresh ports, says so in the log, and then serves', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (l: string) => void lines.push(l) });
    const cli = flakyCli(dir, realCli, 1);
    const dev = await startDevServer({ cliPath: cli, port: 0, uiPort: -1, logger });
    try {
      assert.equal(runs(cli), 2);
      assert.equal(lines.length, 1);
      const entry = JSON.parse(lines[0]!) as { msg: string; output: string; attempt: number };
      assert.match(entry.msg, /exited while starting; trying again on fresh ports/);
      assert.equal(entry.output, 'panic: listen tcp 127.0.0.1:7233: bind: address already in use');
      assert.equal(entry.attempt, 1);
      assert.match(dev.address, /^127\.0\.0\.1:\d+$/);
    } finally {
      await dev.stop();
    }
  });

  it('gives up after three tries with the panic’s cause (its first line) and the stack’s end in the error', async () => {
    const cli = flakyCli(dir, realCli, 0);
    await assert.rejects(startDevServer({ cliPath: cli, port: 0, uiPort: -1 }), (e: Error) => {
      assert.match(
        e.message,
        /did not start \(3 tries, on fresh ports each time\): temporal exited with code 2/,
      );
      assert.match(e.message, /\npanic: listen tcp 127\.0\.0\.1:7233: bind: address already in use\n/);
      assert.match(e.message, /goroutine frame 199\n\t\/go\/pkg\/mod\/x\.go:199 \+0x1b$/);
      assert.ok(e.message.length < 4500, `${e.message.length} characters`);
      return true;
    });
    assert.equal(runs(cli), 3);
  });

  it('does not retry a port the user chose, nor a CLI the shell cannot run', async () => {
    const port = await freePort();
    const fixedPort = flakyCli(dir, realCli, 0);
    await assert.rejects(
      startDevServer({ cliPath: fixedPort, port, uiPort: -1 }),
      /did not start: temporal exited with code 2\npanic: listen/,
    );
    assert.equal(runs(fixedPort), 1);
    const unrunnable = flakyCli(dir, realCli, 0, 127);
    await assert.rejects(
      startDevServer({ cliPath: unrunnable, port: 0, uiPort: -1 }),
      /exited with code 127/,
    );
    assert.equal(runs(unrunnable), 1);
  });
});

describe('freePort', () => {
  it('leaves the port in TIME_WAIT (Linux: /proc/net/tcp), so the kernel hands it to no one else, yet the server can still bind it', async () => {
    const port = await freePort();
    const hex = port.toString(16).toUpperCase().padStart(4, '0');
    const states = readFileSync('/proc/net/tcp', 'utf8')
      .split('\n')
      .slice(1)
      .map((l) => l.trim().split(/\s+/))
      .filter((f) => f[1]?.endsWith(`:${hex}`))
      .map((f) => f[3]);
    assert.ok(states.includes('06'), `states of local port ${port}: ${states.join(',') || 'none'}`);
    // An explicit bind with SO_REUSEADDR (Node's and Go's default for listeners) still succeeds.
    const server = net.createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', resolve);
    });
    await new Promise((r) => server.close(r));
  });
});
