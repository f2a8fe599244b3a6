/**
 * Planted secrets never come out: `doctor` and `doctor --json` (real subprocesses, debug logs
 * on) and an LLM call whose error body echoes the API key (the fake LLM), with every byte of
 * stdout and stderr captured and searched for each planted value.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createLlmClient } from '../../adapters/llm/client.ts';
import { createLogger } from '../../lib/logger.ts';
import { startFakeLlm, type FakeLlm } from '../fakes/llm-server.ts';
import { BIN, REPO_ROOT } from '../support/cli.ts';

const PLANTED = {
  LLM_API_KEY: 'sk-PLANTEDllmKey7f3a9c',
  NOTION_TOKEN: 'secret_PLANTEDnotion4b2d8e',
  DISCORD_TOKEN: 'PLANTED.discordToken.9e1f',
  MCP_TOKEN: 'PLANTED-mcpToken-5c7b2a91',
  WEBHOOK_TOKEN: 'PLANTEDwebhookToken0d4e',
  URL_USER: 'PLANTEDurlUser',
  URL_PASSWORD: 'PLANTEDurlPass3a9',
  URL_QUERY_KEY: 'PLANTEDqueryKey6b1',
};

/** Runs the CLI without blocking this process (the fake LLM must keep answering). */
function run(args: string[], env: Record<string, string>): Promise<{ status: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(BIN, ['-v', ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, LOG_LEVEL: 'trace', ...env },
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('close', (status) => resolve({ status, out }));
  });
}

function assertNoSecrets(output: string, what: string): void {
  for (const [name, value] of Object.entries(PLANTED)) {
    assert.ok(!output.includes(value), `${what} leaked ${name}:\n${output}`);
  }
}

describe('secret redaction', () => {
  let llm: FakeLlm;
  let dataDir: string;
  let env: Record<string, string>;
  before(async () => {
    // The fake answers like a provider rejecting the key: the error body echoes it, twice.
    llm = await startFakeLlm({
      fallback: {
        status: 401,
        body: JSON.stringify({
          error: {
            message: `Incorrect API key provided: ${PLANTED.LLM_API_KEY}. See https://example.org/keys?api_key=${PLANTED.LLM_API_KEY}`,
            type: 'invalid_request_error',
          },
        }),
      },
    });
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'arxiv-radar-secrets-'));
    env = {
      DATA_DIR: dataDir,
      LLM_MODEL: 'fake-model',
      LLM_API_KEY: PLANTED.LLM_API_KEY,
      NOTION_TOKEN: PLANTED.NOTION_TOKEN,
      NOTION_DATABASE_ID: '0123456789abcdef0123456789abcdef',
      DISCORD_TOKEN: PLANTED.DISCORD_TOKEN,
      DISCORD_WEBHOOK_URL: `https://discord.com/api/webhooks/123456789012345678/${PLANTED.WEBHOOK_TOKEN}`,
      MCP_TOKEN: PLANTED.MCP_TOKEN,
      TEMPORAL_ADDRESS: '',
    };
  });
  after(async () => {
    await llm.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const credentialUrl = () => {
    const u = new URL(llm.url);
    return `http://${PLANTED.URL_USER}:${PLANTED.URL_PASSWORD}@${u.host}${u.pathname}?api_key=${PLANTED.URL_QUERY_KEY}`;
  };

  it('doctor and doctor --json print no secret, URL credentials masked', async () => {
    for (const args of [['doctor'], ['doctor', '--json']]) {
      const r = await run(args, { ...env, LLM_BASE_URL: credentialUrl() });
      assertNoSecrets(r.out, args.join(' '));
      assert.match(r.out, /LLM_BASE_URL/, 'the configuration was printed');
      assert.match(r.out, /\*\*\*\*@127\.0\.0\.1:\d+\/v1\?api_key=\*\*\*\*/, 'the URL is shown, masked');
    }
  });

  it('an LLM error body echoing the key is redacted in the logs and messages (CLI subprocess)', async () => {
    const before = llm.requests.length;
    const r = await run(['query', 'graph neural networks for molecules'], { ...env, LLM_BASE_URL: llm.url });
    assert.equal(llm.requests.length, before + 1, 'the LLM was called');
    assert.equal(
      llm.requests.at(-1)?.headers.authorization,
      `Bearer ${PLANTED.LLM_API_KEY}`,
      'with the planted key',
    );
    assert.match(
      r.out,
      /HTTP 401: .*Incorrect API key provided: \*\*\*\*/,
      'the upstream error is logged, redacted',
    );
    assertNoSecrets(r.out, 'query');
  });

  it('a base URL with credentials does not leak through the fetch error either', async () => {
    const r = await run(['query', 'graph neural networks for molecules'], {
      ...env,
      LLM_BASE_URL: credentialUrl(),
    });
    assertNoSecrets(r.out, 'query with a credential URL');
  });

  it('the LLM client redacts its key from upstream errors even when nothing registered it', async () => {
    const lines: string[] = [];
    const logger = createLogger('trace', { destination: { write: (s: string) => void lines.push(s) } });
    const key = 'sk-unregistered-PLANTED-1a2b3c';
    const client = createLlmClient({
      baseUrl: llm.url,
      model: 'fake-model',
      apiKey: key,
      timeoutMs: 5000,
      maxTokens: 16,
      logger,
    });
    llm.script([{ status: 401, body: `{"error":{"message":"bad key ${key}"}}` }]);
    await assert.rejects(client.chat({ messages: [{ role: 'user', content: 'hi' }] }), (e: unknown) => {
      assert.ok(e instanceof Error);
      assert.ok(!e.message.includes(key), e.message);
      assert.match(e.message, /bad key \*\*\*\*/);
      return true;
    });
    assert.ok(!lines.join('').includes(key));
  });
});
