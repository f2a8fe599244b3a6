import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import {
  ConfigError,
  CONFIG_KEYS,
  ar5ivUrlOf,
  isArxivHost,
  loadConfig,
  maskedConfig,
} from '../../../config/env.ts';

describe('loadConfig', () => {
  it('applies documented defaults', () => {
    const c = loadConfig({}, {});
    assert.equal(c.ARXIV_MIN_INTERVAL_MS, 3000);
    assert.equal(c.ARXIV_API_URL, 'https://export.arxiv.org/api/query');
    assert.equal(c.TEMPORAL_ADDRESS, undefined);
    assert.equal(c.DIGEST_TIMEZONE, 'America/New_York');
    assert.ok(c.MODELS_DIR.endsWith('/data/models'));
  });

  it('keeps the 3 s floor whenever a URL points at arxiv.org or a subdomain', () => {
    assert.throws(
      () => loadConfig({ ARXIV_MIN_INTERVAL_MS: '1000' }, {}),
      (e: unknown) => {
        assert.ok(e instanceof ConfigError);
        assert.match(
          e.message,
          /ARXIV_MIN_INTERVAL_MS: must be at least 3000 while ARXIV_API_URL points at arXiv/,
        );
        return true;
      },
    );
    // Against loopback fakes any interval is allowed.
    const local = {
      ARXIV_API_URL: 'http://127.0.0.1:9/api/query',
      ARXIV_RSS_URL: 'http://127.0.0.1:9/rss',
      ARXIV_WEB_URL: 'http://127.0.0.1:9',
      ARXIV_OAI_URL: 'http://127.0.0.1:9/oai',
    };
    assert.equal(loadConfig({ ...local, ARXIV_MIN_INTERVAL_MS: '100' }, {}).ARXIV_MIN_INTERVAL_MS, 100);
    // OAI-PMH falls under the same terms of use: its default is arXiv's, so a fast interval needs it pointed elsewhere too.
    const { ARXIV_OAI_URL: _oai, ...withoutOai } = local;
    assert.throws(
      () => loadConfig({ ...withoutOai, ARXIV_MIN_INTERVAL_MS: '100' }, {}),
      /ARXIV_OAI_URL points at arXiv/,
    );
    assert.throws(
      () =>
        loadConfig({ ...local, ARXIV_WEB_URL: 'https://www.arxiv.org', ARXIV_MIN_INTERVAL_MS: '100' }, {}),
      /ARXIV_WEB_URL points at arXiv/,
    );
  });

  it('recognises arXiv hosts exactly', () => {
    assert.equal(isArxivHost('arxiv.org'), true);
    assert.equal(isArxivHost('export.arxiv.org'), true);
    assert.equal(isArxivHost('EXPORT.ARXIV.ORG.'), true);
    assert.equal(isArxivHost('notarxiv.org'), false);
    assert.equal(isArxivHost('arxiv.org.evil.com'), false);
  });

  it("ar5iv: the URL set, else arXiv's own while the web URL is arXiv's, else none (a mirror or fake has no ar5iv)", () => {
    assert.equal(ar5ivUrlOf(loadConfig({}, {})), 'https://ar5iv.labs.arxiv.org');
    assert.equal(ar5ivUrlOf(loadConfig({ ARXIV_WEB_URL: 'http://127.0.0.1:9' }, {})), undefined);
    assert.equal(
      ar5ivUrlOf(
        loadConfig({ ARXIV_WEB_URL: 'http://127.0.0.1:9', ARXIV_AR5IV_URL: 'http://127.0.0.1:9/ar5iv' }, {}),
      ),
      'http://127.0.0.1:9/ar5iv',
    );
    assert.throws(
      () => loadConfig({ ARXIV_AR5IV_URL: 'ftp://ar5iv.labs.arxiv.org' }, {}),
      (e) => e instanceof ConfigError && /ARXIV_AR5IV_URL/.test(e.message),
    );
    // Its host keeps the 3 s floor like every arXiv URL.
    assert.throws(
      () =>
        loadConfig(
          {
            ARXIV_API_URL: 'http://127.0.0.1:9/api',
            ARXIV_RSS_URL: 'http://127.0.0.1:9/rss',
            ARXIV_WEB_URL: 'http://127.0.0.1:9',
            ARXIV_OAI_URL: 'http://127.0.0.1:9/oai',
            ARXIV_AR5IV_URL: 'https://ar5iv.labs.arxiv.org',
            ARXIV_MIN_INTERVAL_MS: '100',
          },
          {},
        ),
      (e) => e instanceof ConfigError && /ARXIV_AR5IV_URL points at arXiv/.test(e.message),
    );
  });

  it('ARXIV_SITE_URL: an http(s) origin only, normalised; anything else is a config error naming it', () => {
    assert.equal(loadConfig({}, {}).ARXIV_SITE_URL, 'https://arxiv.org');
    assert.equal(
      loadConfig({ ARXIV_SITE_URL: ' HTTPS://Mirror.Example.ORG:8443/ ' }, {}).ARXIV_SITE_URL,
      'https://mirror.example.org:8443',
    );
    for (const [bad, why] of [
      ['javascript:alert(1)', /ARXIV_SITE_URL.*http\(s\)/],
      ['file:///etc/passwd', /ARXIV_SITE_URL.*http\(s\)/],
      ['arxiv.org', /ARXIV_SITE_URL.*absolute http\(s\) URL/],
      ['https://arxiv.org/abs', /ARXIV_SITE_URL.*origin only/],
      ['https://arxiv.org/?x=1', /ARXIV_SITE_URL.*origin only/],
      ['https://arxiv.org/#top', /ARXIV_SITE_URL.*origin only/],
      ['https://user:pw@arxiv.org', /ARXIV_SITE_URL.*user name or password/],
    ] as const)
      assert.throws(
        () => loadConfig({ ARXIV_SITE_URL: bad }, {}),
        (e) => e instanceof ConfigError && why.test(e.message),
        bad,
      );
  });

  it('real environment wins over .env', () => {
    const c = loadConfig({ LOG_LEVEL: 'debug' }, { LOG_LEVEL: 'info', DIGEST_TOP_K: '7' });
    assert.equal(c.LOG_LEVEL, 'debug');
    assert.equal(c.DIGEST_TOP_K, 7);
  });

  it('lists every problem, never echoing secrets', () => {
    try {
      loadConfig(
        {
          DIGEST_TIMEZONE: 'Mars/Olympus',
          NOTION_TOKEN: 'secret_xyz',
          DISCORD_PUBLIC_KEY: 'nothex',
          DIGEST_TOP_K: '0',
        },
        {},
      );
      assert.fail('expected ConfigError');
    } catch (e) {
      assert.ok(e instanceof ConfigError);
      assert.deepEqual(e.problems.map((p) => p.split(':')[0]).sort(), [
        'DIGEST_TIMEZONE',
        'DIGEST_TOP_K',
        'DISCORD_PUBLIC_KEY',
        'NOTION_DATABASE_ID',
      ]);
      assert.ok(!e.message.includes('secret_xyz'));
    }
  });

  it('masks secrets for printing', () => {
    const masked = maskedConfig(
      loadConfig({ NOTION_TOKEN: 'secret_1', NOTION_DATABASE_ID: 'db', LLM_API_KEY: 'sk-1' }, {}),
    );
    assert.equal(masked.NOTION_TOKEN, '****');
    assert.equal(masked.LLM_API_KEY, '****');
    assert.equal(masked.NOTION_DATABASE_ID, 'db');
  });

  it('every URL variable accepts only http(s): file:, javascript:, ftp: are refused by name (issue 28)', () => {
    const urlKeys = CONFIG_KEYS.filter((k) => /_URL$|^HF_ENDPOINT$/.test(k) && k !== 'DATABASE_URL');
    assert.ok(urlKeys.length >= 8, urlKeys.join(', '));
    for (const key of urlKeys) {
      for (const bad of ['file:///etc/passwd', 'javascript:alert(1)', 'ftp://example.com/x', 'not a url']) {
        assert.throws(
          () => loadConfig({ [key]: bad, ...(key === 'LLM_BASE_URL' ? { LLM_MODEL: 'm' } : {}) }, {}),
          (e: unknown) =>
            e instanceof ConfigError &&
            e.problems.some((p) => p.startsWith(`${key}:`) && /http\(s\)/.test(p)),
          `${key}=${bad}`,
        );
      }
      assert.doesNotThrow(
        () =>
          loadConfig(
            {
              // ARXIV_SITE_URL is an origin only (no path).
              [key]: key === 'ARXIV_SITE_URL' ? 'http://127.0.0.1:9' : 'http://127.0.0.1:9/v1',
              ...(key === 'LLM_BASE_URL' ? { LLM_MODEL: 'm' } : {}),
              ARXIV_MIN_INTERVAL_MS: '3000',
            },
            {},
          ),
        key,
      );
    }
  });

  it('MCP_SERVERS_FILE is capped at 1 MB and 100 servers, with a clear error (issue 28)', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'arxiv-radar-mcp-cap-'));
    try {
      const big = path.join(dir, 'big.json');
      writeFileSync(big, `{"mcpServers": {}, "pad": "${'x'.repeat(1024 * 1024)}"}`);
      assert.throws(
        () => loadConfig({ MCP_SERVERS_FILE: big }, {}),
        /MCP_SERVERS_FILE: .*big\.json is 10486\d\d bytes; at most 1048576 \(1 MB\)/,
      );
      const many = path.join(dir, 'many.json');
      writeFileSync(
        many,
        JSON.stringify({
          mcpServers: Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`s${i}`, { command: 'x' }])),
        }),
      );
      assert.throws(
        () => loadConfig({ MCP_SERVERS_FILE: many }, {}),
        /MCP_SERVERS_FILE: .*mcpServers: lists 101 servers; at most 100/,
      );
      const hundred = path.join(dir, 'hundred.json');
      writeFileSync(
        hundred,
        JSON.stringify({
          mcpServers: Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`s${i}`, { command: 'x' }])),
        }),
      );
      assert.equal(loadConfig({ MCP_SERVERS_FILE: hundred }, {}).MCP_SERVERS_FILE, hundred);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('parses MCP_SERVERS_FILE once into MCP_SERVERS, which the printed config leaves out (its env may hold secrets)', () => {
    assert.deepEqual(loadConfig({}, {}).MCP_SERVERS, []);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'arxiv-radar-mcp-parsed-'));
    try {
      const file = path.join(dir, 'servers.json');
      writeFileSync(
        file,
        JSON.stringify({
          mcpServers: {
            notes: { command: 'notes-server', args: ['--ro'], env: { NOTES_KEY: 'k-123' } },
            web: { url: 'https://mcp.example.org/mcp', headers: { Authorization: 'Bearer t-456' } },
            off: { command: 'x', disabled: true },
          },
        }),
      );
      const c = loadConfig({ MCP_SERVERS_FILE: file }, {});
      assert.equal(c.MCP_SERVERS_FILE, file);
      assert.deepEqual(
        c.MCP_SERVERS.map((s) => [s.name, s.kind]),
        [
          ['notes', 'stdio'],
          ['web', 'http'],
        ],
      );
      const printed = JSON.stringify(maskedConfig(c));
      assert.ok(printed.includes(file));
      assert.ok(!printed.includes('k-123') && !printed.includes('t-456'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
