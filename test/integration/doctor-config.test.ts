/**
 * `doctor` over every variable with bad values, several at once: one run names each problem by its
 * variable and exits non-zero (the real CLI as a subprocess). Rows that set the same variables go
 * to separate runs; every other row shares a run, so a bad variable cannot hide another.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { CONFIG_KEYS } from '../../config/env.ts';
import { runCli } from '../support/cli.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'arxiv-radar-doctor-table-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const aFile = path.join(dir, 'not-a-directory');
writeFileSync(aFile, 'x');
/** A desktop-client MCP file with a server that has neither command nor url. */
const badServersFile = path.join(dir, 'mcp-servers.json');
writeFileSync(badServersFile, JSON.stringify({ mcpServers: { lab: { args: ['server.js'] } } }));
const tooManyServersFile = path.join(dir, 'mcp-servers-101.json');
writeFileSync(
  tooManyServersFile,
  JSON.stringify({
    mcpServers: Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`s${i}`, { command: 'x' }])),
  }),
);

const TOKEN = 'b5f0c3e1a9d24e7f8c6b0a1d2e3f4a5b';
const PUBLIC_KEY = 'a'.repeat(64);
const ARXIV_API = 'https://export.arxiv.org/api/query';

/** [the variable the problem must name, the environment that makes it wrong] */
const ROWS: Array<[string, Record<string, string>]> = [
  ['DATA_DIR', { DATA_DIR: aFile }],
  ['LOG_LEVEL', { LOG_LEVEL: 'loud' }],
  ['LOG_FORMAT', { LOG_FORMAT: 'xml' }],
  ['DATABASE_URL', { DATABASE_URL: 'mysql://db.lab/arxiv' }],
  ['TEMPORAL_NAMESPACE', { TEMPORAL_NAMESPACE: '   ' }],
  ['TEMPORAL_DEV_PORT', { TEMPORAL_DEV_PORT: 'abc' }],
  ['TEMPORAL_DEV_PORT', { TEMPORAL_DEV_PORT: '70000' }],
  ['TEMPORAL_UI_PORT', { TEMPORAL_UI_PORT: '-1' }],
  ['TEMPORAL_TASK_QUEUE', { TEMPORAL_TASK_QUEUE: '  ' }],
  ['ONDEMAND_TIMEOUT_SECONDS', { ONDEMAND_TIMEOUT_SECONDS: '1' }],
  ['ARXIV_API_URL', { ARXIV_API_URL: 'not a url' }],
  ['ARXIV_API_URL', { ARXIV_API_URL: 'ftp://export.arxiv.org/api/query' }],
  ['ARXIV_RSS_URL', { ARXIV_RSS_URL: 'rss' }],
  ['ARXIV_WEB_URL', { ARXIV_WEB_URL: 'arxiv.org' }],
  ['ARXIV_OAI_URL', { ARXIV_OAI_URL: 'oai' }],
  ['ARXIV_SITE_URL', { ARXIV_SITE_URL: 'javascript:alert(1)' }],
  ['ARXIV_SITE_URL', { ARXIV_SITE_URL: 'https://arxiv.org/abs' }],
  ['ARXIV_AR5IV_URL', { ARXIV_AR5IV_URL: 'ftp://ar5iv.labs.arxiv.org' }],
  ['ARXIV_MIN_INTERVAL_MS', { ARXIV_MIN_INTERVAL_MS: 'fast' }],
  ['ARXIV_MIN_INTERVAL_MS', { ARXIV_MIN_INTERVAL_MS: '1000', ARXIV_API_URL: ARXIV_API }],
  ['ARXIV_TIMEOUT_MS', { ARXIV_TIMEOUT_MS: '50' }],
  ['ARXIV_MAX_RESPONSE_BYTES', { ARXIV_MAX_RESPONSE_BYTES: '1.5' }],
  ['NOTION_API_URL', { NOTION_API_URL: 'notion' }],
  ['NOTION_DATABASE_ID', { NOTION_TOKEN: 'secret_doctor_table', NOTION_DATABASE_ID: '' }],
  ['DISCORD_PUBLIC_KEY', { DISCORD_PUBLIC_KEY: 'xyz' }],
  ['DISCORD_API_URL', { DISCORD_API_URL: 'discord' }],
  ['DISCORD_WEBHOOK_URL', { DISCORD_WEBHOOK_URL: 'hook' }],
  ['SLACK_WEBHOOK_URL', { SLACK_WEBHOOK_URL: 'hook' }],
  ['SLACK_API_URL', { SLACK_API_URL: 'file:///etc/passwd' }],
  ['DISCORD_INTERACTIONS_ADDR', { DISCORD_INTERACTIONS_ADDR: 'nonsense', DISCORD_PUBLIC_KEY: PUBLIC_KEY }],
  ['DISCORD_PUBLIC_KEY', { DISCORD_INTERACTIONS_ADDR: '127.0.0.1:8787', DISCORD_PUBLIC_KEY: '' }],
  ['DISCORD_USER_BURST', { DISCORD_USER_BURST: '0' }],
  ['DISCORD_USER_REFILL_SECONDS', { DISCORD_USER_REFILL_SECONDS: 'x' }],
  ['LLM_BASE_URL', { LLM_BASE_URL: 'not a url' }],
  ['LLM_MODEL', { LLM_BASE_URL: 'http://127.0.0.1:9/v1', LLM_MODEL: '' }],
  ['LLM_TIMEOUT_MS', { LLM_TIMEOUT_MS: '10' }],
  ['LLM_TOTAL_TIMEOUT_MS', { LLM_TOTAL_TIMEOUT_MS: '5' }],
  ['LLM_MAX_TOKENS', { LLM_MAX_TOKENS: '999999' }],
  ['AGENT_MAX_STEPS', { AGENT_MAX_STEPS: '0' }],
  ['AGENT_MAX_TOOL_CHARS', { AGENT_MAX_TOOL_CHARS: 'lots' }],
  ['AGENT_MAX_SECONDS', { AGENT_MAX_SECONDS: '1' }],
  ['MCP_SERVERS_FILE', { MCP_SERVERS_FILE: path.join(dir, 'no-such-servers.json') }],
  ['MCP_SERVERS_FILE', { MCP_SERVERS_FILE: badServersFile }],
  ['MCP_SERVERS_FILE', { MCP_SERVERS_FILE: tooManyServersFile }],
  ['RERANK_MODEL', { RERANK_MODEL: '  ' }],
  ['RERANK_DTYPE', { RERANK_DTYPE: 'fp64' }],
  ['HF_ENDPOINT', { HF_ENDPOINT: 'hf' }],
  ['CONVERT_TIMEOUT_MS', { CONVERT_TIMEOUT_MS: '0' }],
  ['CONVERT_MAX_BYTES', { CONVERT_MAX_BYTES: 'big' }],
  ['CONVERT_MAX_MEMORY_MB', { CONVERT_MAX_MEMORY_MB: '1' }],
  ['DIGEST_CRON', { DIGEST_CRON: 'bogus' }],
  ['DIGEST_CRON', { DIGEST_CRON: '99 99 * * *' }],
  ['DIGEST_TIMEZONE', { DIGEST_TIMEZONE: 'Mars/Olympus_Mons' }],
  ['DIGEST_TOP_K', { DIGEST_TOP_K: '51' }],
  ['DIGEST_CATCHUP_DAYS', { DIGEST_CATCHUP_DAYS: '61' }],
  ['DIGEST_PUBLISH_HEARTBEAT_SECONDS', { DIGEST_PUBLISH_HEARTBEAT_SECONDS: '4' }],
  ['MCP_HTTP_ADDR', { MCP_HTTP_ADDR: 'garbage', MCP_TOKEN: TOKEN }],
  ['MCP_TOKEN', { MCP_HTTP_ADDR: '0.0.0.0:8788', MCP_TOKEN: '' }],
  ['MCP_TOKEN', { MCP_HTTP_ADDR: '127.0.0.1:8788', MCP_TOKEN: 'short' }],
  ['WEB_ADDR', { WEB_ADDR: 'garbage' }],
  ['WEB_TOKEN', { WEB_ADDR: '0.0.0.0:8080', WEB_TOKEN: '' }],
  ['WEB_TOKEN', { WEB_ADDR: '127.0.0.1:8080', WEB_TOKEN: 'short' }],
  ['AUDIO_BASE_URL', { AUDIO_BASE_URL: 'file:///etc/passwd' }],
  ['STT_MODEL', { STT_MODEL: '  ' }],
  ['TTS_MODEL', { TTS_MODEL: '  ' }],
  ['TTS_VOICE', { TTS_VOICE: '  ' }],
  ['AUDIO_MAX_BYTES', { AUDIO_MAX_BYTES: 'big' }],
  ['AUDIO_MAX_SECONDS', { AUDIO_MAX_SECONDS: '0' }],
];

/** Free text: no value is wrong on its own (a wrong token shows when it is used). */
const FREE_TEXT = [
  'TEMPORAL_ADDRESS',
  'TEMPORAL_CLI_PATH',
  'ARXIV_CONTACT',
  'NOTION_TOKEN',
  'DISCORD_TOKEN',
  'DISCORD_APPLICATION_ID',
  'DISCORD_CHANNEL_ID',
  'DISCORD_MANAGER_ROLE',
  'LLM_API_KEY',
  'MODELS_DIR',
  'FAILPOINTS',
  'AUDIO_API_KEY',
];

/** Rows grouped into runs: no two rows in a run set the same variable. */
function rounds(rows: typeof ROWS): Array<typeof ROWS> {
  const out: Array<typeof ROWS> = [];
  for (const row of rows) {
    const round = out.find((r) => r.every(([, env]) => Object.keys(env).every((k) => !(k in row[1]))));
    if (round) round.push(row);
    else out.push([row]);
  }
  return out;
}

describe('doctor over every variable with bad values', () => {
  it('the table covers every variable the service reads', () => {
    const covered = new Set([...ROWS.flatMap(([v, env]) => [v, ...Object.keys(env)]), ...FREE_TEXT]);
    assert.deepEqual(
      CONFIG_KEYS.filter((k) => !covered.has(k)),
      [],
    );
  });

  for (const [i, round] of rounds(ROWS).entries()) {
    it(`run ${i + 1}: ${round.length} bad values at once, each named by its variable, exit code non-zero`, () => {
      const env = Object.assign(
        { DATA_DIR: dir, TEMPORAL_ADDRESS: '' },
        ...round.map(([, e]) => e),
      ) as Record<string, string>;
      const r = runCli(['doctor'], env);
      assert.notEqual(r.status, 0, r.stdout);
      assert.equal(r.status, 2);
      const output = `${r.stdout}\n${r.stderr}`;
      const missing = round
        .filter(([variable]) => !new RegExp(`^\\s+- ${variable}: `, 'm').test(output))
        .map(([v, e]) => `${v} (${JSON.stringify(e)})`);
      assert.deepEqual(missing, [], `not named in one run's output:\n${output}`);
    });
  }
});
