/** The one set of listener rules: what the config schema and the listeners both apply. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../../../config/env.ts';
import { isAppError } from '../../../domain/errors.ts';
import {
  checkListenAddress,
  interactionsProblems,
  mcpHttpProblems,
  parseListenAddress,
} from '../../../lib/listen-address.ts';

const TOKEN = 'b5f0c3e1a9d24e7f8c6b0a1d2e3f4a5b';

/** The problems loadConfig reports for `env`, or [] when it loads. */
function configProblems(env: Record<string, string>): string[] {
  try {
    loadConfig(env, {});
    return [];
  } catch (e) {
    assert.ok(e instanceof ConfigError);
    return e.problems;
  }
}

describe('listen addresses', () => {
  it('parses host:port, [v6]:port and :port', () => {
    assert.deepEqual(parseListenAddress('127.0.0.1:8787', 'X'), {
      host: '127.0.0.1',
      port: 8787,
      loopback: true,
    });
    assert.deepEqual(parseListenAddress('[::1]:0', 'X'), { host: '::1', port: 0, loopback: true });
    assert.deepEqual(parseListenAddress(':9000', 'X'), { host: '127.0.0.1', port: 9000, loopback: true });
    assert.deepEqual(parseListenAddress('localhost:1', 'X'), { host: 'localhost', port: 1, loopback: true });
    assert.deepEqual(parseListenAddress('0.0.0.0:8788', 'X'), {
      host: '0.0.0.0',
      port: 8788,
      loopback: false,
    });
    assert.deepEqual(parseListenAddress('bot.example.org:443', 'X'), {
      host: 'bot.example.org',
      port: 443,
      loopback: false,
    });
  });

  it('names the variable for every malformed address', () => {
    for (const bad of [
      'garbage',
      'nonsense',
      '127.0.0.1',
      '127.0.0.1:99999',
      '999.1.1.1:80',
      '[nothex]:80',
      'a b:80',
      'host:port',
      '-bad-.org:80',
      '127.0.0.1:80:80',
      '',
    ]) {
      const r = checkListenAddress(bad, 'MCP_HTTP_ADDR');
      assert.ok('problem' in r, bad);
      assert.match(r.problem, /^MCP_HTTP_ADDR: /, bad);
      assert.throws(
        () => parseListenAddress(bad, 'MCP_HTTP_ADDR'),
        (e: unknown) => isAppError(e, 'INVALID_INPUT') && e.message.startsWith('MCP_HTTP_ADDR:'),
        bad,
      );
    }
  });
});

describe('MCP HTTP rules', () => {
  it('needs a token of 16+ characters on any address; non-loopback says so', () => {
    assert.deepEqual(mcpHttpProblems(undefined, undefined), []);
    assert.deepEqual(mcpHttpProblems('127.0.0.1:8788', TOKEN), []);
    assert.deepEqual(mcpHttpProblems('0.0.0.0:8788', TOKEN), [], 'non-loopback with a token is allowed');
    assert.match(
      mcpHttpProblems('127.0.0.1:8788', undefined).join('\n'),
      /^MCP_TOKEN: is required when MCP_HTTP_ADDR is set/,
    );
    const remote = mcpHttpProblems('0.0.0.0:8788', undefined);
    assert.equal(remote.length, 1);
    assert.match(remote[0] ?? '', /^MCP_TOKEN: .*not a loopback address.*allowed only with MCP_TOKEN/);
    assert.match(
      mcpHttpProblems('127.0.0.1:8788', 'short').join('\n'),
      /^MCP_TOKEN: is too short \(5 characters\)/,
    );
    assert.match(mcpHttpProblems('x', TOKEN, '--http').join('\n'), /^--http: must be host:port/);
  });

  it('lists a garbage address and a missing token together', () => {
    const problems = mcpHttpProblems('garbage', undefined);
    assert.equal(problems.length, 2);
    assert.match(problems[0] ?? '', /^MCP_HTTP_ADDR: /);
    assert.match(problems[1] ?? '', /^MCP_TOKEN: /);
  });
});

describe('Discord interactions rules', () => {
  it('needs a well-formed address and DISCORD_PUBLIC_KEY; any host is allowed', () => {
    const key = 'a'.repeat(64);
    assert.deepEqual(interactionsProblems('0.0.0.0:8787', key), []);
    assert.match(
      interactionsProblems('nonsense', key).join('\n'),
      /^DISCORD_INTERACTIONS_ADDR: must be host:port/,
    );
    assert.match(
      interactionsProblems('127.0.0.1:8787', undefined).join('\n'),
      /^DISCORD_PUBLIC_KEY: is required when DISCORD_INTERACTIONS_ADDR is set/,
    );
  });
});

describe('the config schema applies the same rules, every problem at once', () => {
  it('reports each bad listener setting by variable in one ConfigError', () => {
    const problems = configProblems({ MCP_HTTP_ADDR: 'garbage', DISCORD_INTERACTIONS_ADDR: 'nonsense' });
    assert.ok(
      problems.some((p) => p.startsWith('MCP_HTTP_ADDR: ')),
      problems.join('\n'),
    );
    assert.ok(
      problems.some((p) => p.startsWith('MCP_TOKEN: ')),
      problems.join('\n'),
    );
    assert.ok(
      problems.some((p) => p.startsWith('DISCORD_INTERACTIONS_ADDR: ')),
      problems.join('\n'),
    );
    assert.ok(
      problems.some((p) => p.startsWith('DISCORD_PUBLIC_KEY: ')),
      problems.join('\n'),
    );
  });
  it('rejects non-loopback MCP without a token, accepts it with one', () => {
    assert.match(
      configProblems({ MCP_HTTP_ADDR: '0.0.0.0:8788' }).join('\n'),
      /MCP_TOKEN: .*not a loopback address/,
    );
    assert.deepEqual(configProblems({ MCP_HTTP_ADDR: '0.0.0.0:8788', MCP_TOKEN: TOKEN }), []);
  });
  it('never shows the token in a problem', () => {
    const problems = configProblems({ MCP_HTTP_ADDR: '127.0.0.1:1', MCP_TOKEN: 'sekrit-short' });
    assert.equal(problems.length, 1);
    assert.doesNotMatch(problems.join('\n'), /sekrit/);
  });
});
