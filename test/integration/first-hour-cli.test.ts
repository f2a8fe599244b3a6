/**
 * The CLI as a newcomer meets it (issue 31), against one running `arxiv-radar start` (a real
 * subprocess with its embedded Temporal dev server and web app) and the loopback fakes: doctor says
 * that start runs and where, in aligned columns; `search` says "1 result"; `chat --once` from a
 * shell with another LLM says which LLM answered and why; `digest run` piped prints progress lines
 * and how many papers the relevance floor dropped; a `get` of a paper arXiv does not have leaves a
 * log line in start's log with the error's code and message, not `"error":{}`.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { freePort } from '../../workers/dev-server.ts';
import { startFakeArxiv, type FakeArxiv } from '../fakes/arxiv-server.ts';
import { startFakeLlm, type FakeLlm } from '../fakes/llm-server.ts';
import { spawnCli } from '../support/cli.ts';
import { fakeArxivEnv, fakeLlmEnv } from '../support/fake-env.ts';

/** Runs a CLI command against the running start to completion (stdin, stdout and stderr are pipes: not a TTY). */
async function cli(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const proc = spawnCli(args, env);
  proc.child.stdin.end();
  const timer = setTimeout(() => proc.child.kill('SIGKILL'), 150_000);
  const { code } = await proc.exited;
  clearTimeout(timer);
  return { code, ...proc.output() };
}

describe('the first hour with the CLI (one running start)', { timeout: 600_000 }, () => {
  let arxiv: FakeArxiv;
  let startLlm: FakeLlm;
  let shellLlm: FakeLlm;
  let dataDir: string;
  let start: ReturnType<typeof spawnCli>;
  let env: Record<string, string>;
  let webUrl: string;
  let temporalAddress: string;

  before(async () => {
    arxiv = await startFakeArxiv();
    startLlm = await startFakeLlm({ fallback: { content: 'Answered by the LLM of start.' } });
    shellLlm = await startFakeLlm({ fallback: { content: 'Answered by the LLM of the shell.' } });
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'arxiv-radar-first-hour-'));
    const webPort = await freePort();
    env = {
      DATA_DIR: dataDir,
      TEMPORAL_DEV_PORT: String(await freePort()),
      TEMPORAL_UI_PORT: String(await freePort()),
      TEMPORAL_TASK_QUEUE: `first-hour-${process.pid}`,
      WEB_ADDR: `127.0.0.1:${webPort}`,
      LOG_FORMAT: 'json',
      ...fakeArxivEnv(arxiv),
    };
    start = spawnCli(['start'], { ...env, ...fakeLlmEnv(startLlm, 'start-model') });
    await start.waitFor(/Ready in [\d.]+ s/, 120_000);
    webUrl = start.output().stdout.match(/Web app: (\S+)/)?.[1] ?? '';
    temporalAddress = start.output().stdout.match(/Temporal dev server on (\S+)/)?.[1] ?? '';
    assert.equal(webUrl, `http://127.0.0.1:${webPort}`);
  });

  after(async () => {
    if (start && start.child.exitCode === null) {
      start.child.kill('SIGINT');
      await start.exited;
    }
    await Promise.all([arxiv?.close(), startLlm?.close(), shellLlm?.close()]);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('doctor says start is running, on which Temporal address and web app, in aligned columns', async () => {
    const r = await cli(['doctor'], env);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    const checks = r.stdout.slice(r.stdout.indexOf('Checks:'));
    assert.match(
      checks,
      new RegExp(
        `✔ start +running: Temporal at ${temporalAddress.replace(/\./g, '\\.')}, 1 worker polling first-hour-\\d+; web app at ${webUrl.replace(/\./g, '\\.')}\\n`,
      ),
    );
    // Every value of the configuration starts in the same column (DISCORD_USER_REFILL_SECONDS is the longest name).
    const config = r.stdout.slice(0, r.stdout.indexOf('\nChecks:')).split('\n').slice(1).filter(Boolean);
    const columns = new Set(config.map((line) => /^ {2}\S+ +/.exec(line)?.[0].length));
    assert.equal(columns.size, 1, config.filter((l) => l.includes('DISCORD_USER')).join('\n'));
    assert.ok(config.some((l) => l.startsWith('  DISCORD_USER_REFILL_SECONDS ')));
    // Check names have spaces ("mcp servers", the longest here): every detail starts one column after it.
    for (const line of checks.split('\n').slice(1).filter(Boolean))
      assert.match(line, /^ {2}\S .{11} \S/, line);
    assert.match(checks, /\n {2}- mcp servers no external MCP servers/);
  });

  it('doctor without a running start says so', async () => {
    const r = await cli(['doctor'], { ...env, TEMPORAL_DEV_PORT: String(await freePort()) });
    assert.match(
      r.stdout,
      /- start +not running \(nothing answers at 127\.0\.0\.1:\d+\): commands start an embedded Temporal server for their own duration/,
    );
  });

  it('search: "1 result", not "1 results"', async () => {
    const r = await cli(['search', 'au:del_maestro AND ti:checkerboard'], env);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^1 result for au:del_maestro AND ti:checkerboard\n/);
  });

  it('chat --once from a shell with another LLM says which LLM answered and why', async () => {
    const before = { start: startLlm.requests.length, shell: shellLlm.requests.length };
    const r = await cli(['chat', '--once', 'What is new in software testing?'], {
      ...env,
      ...fakeLlmEnv(shellLlm, 'shell-model'),
    });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^Answered by the LLM of start\./);
    assert.ok(startLlm.requests.length > before.start, 'start’s workers asked their LLM');
    assert.equal(shellLlm.requests.length, before.shell, 'the shell’s LLM was not asked');
    const startHost = new URL(startLlm.url).host;
    const shellHost = new URL(shellLlm.url).host;
    assert.match(
      r.stdout,
      new RegExp(`\\(1 step, 0 tool calls, \\d+\\.\\d s; start-model at ${startHost}\\)`),
    );
    assert.ok(
      r.stdout.includes(
        `Answered by start-model at ${startHost}: the LLM of the running \`arxiv-radar start\`, whose workers run the agent with their own LLM_* settings, not this shell's (shell-model at ${shellHost}).`,
      ),
      r.stdout,
    );
  });

  it('digest run, piped: a progress line per stage, and how many papers the relevance floor dropped', async () => {
    const sub = await cli(
      [
        'subscribe',
        'ai-agents',
        '--categories',
        'cs.AI',
        '--interest',
        'tool-using language model agents',
        '--top',
        '2',
      ],
      env,
    );
    assert.equal(sub.code, 0, sub.stderr);
    const r = await cli(['digest', 'run', 'ai-agents'], env);
    assert.equal(r.code, 0, r.stderr);
    const lines = r.stderr
      .split('\n')
      .filter((l) => l && !l.startsWith('{') && !l.startsWith('arxiv-radar: '));
    // The stages the progress poll (once a second) saw, one line each.
    assert.equal(lines[0], 'building the "ai-agents" digest…', r.stderr);
    assert.ok(
      lines.some((l) =>
        /^(reading arXiv's announcements|selecting the papers|fetching full text and summarising|publishing the|marking the)/.test(
          l,
        ),
      ),
      r.stderr,
    );
    assert.equal(new Set(lines).size, lines.length, 'each line once, no redraws');
    assert.ok(!r.stderr.includes('\r'), 'no carriage-return redraws');
    assert.match(
      r.stdout,
      /^\d+ papers? dropped at the relevance floor \(no evidence of relevance to the interest\)\.$/m,
    );
    assert.match(r.stdout, /Published 2 papers of the \d{4}-\d{2}-\d{2} announcement/);
    // An interest the announcement has nothing for: every paper is dropped at the floor, and it says how many.
    assert.equal(
      (
        await cli(
          [
            'subscribe',
            'lattices',
            '--categories',
            'cs.AI',
            '--interest',
            'checkerboard pyrochlore antiferromagnets',
            '--top',
            '2',
          ],
          env,
        )
      ).code,
      0,
    );
    const none = await cli(['digest', 'run', 'lattices'], env);
    assert.equal(none.code, 0, none.stderr);
    assert.match(
      none.stdout,
      /^No digest: nothing new: no paper of .* cleared the relevance floor\.\n[1-9]\d* papers? dropped at the relevance floor/,
    );
  });

  it("a get of a paper arXiv does not have: start's log names the error's code and message", async () => {
    const r = await cli(['get', '2401.99999'], env);
    assert.notEqual(r.code, 0);
    assert.match(r.stderr, /2401\.99999/);
    // start's log is JSON lines (LOG_FORMAT=json): the failed workflow's entry carries the error.
    let entry: { msg?: string; sdk?: { error?: unknown } } | undefined;
    for (let i = 0; i < 50 && !entry; i++) {
      entry = start
        .output()
        .stderr.split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as { msg?: string; sdk?: { error?: unknown } })
        .find((e) => e.msg === 'Workflow failed' && JSON.stringify(e).includes('2401.99999'));
      if (!entry) await new Promise((res) => setTimeout(res, 100));
    }
    assert.ok(entry, start.output().stderr.slice(-3000));
    const error = entry.sdk?.error as { code?: string; message?: string };
    assert.equal(error.code, 'NOT_FOUND', JSON.stringify(entry));
    assert.match(error.message ?? '', /2401\.99999/);
  });
});
