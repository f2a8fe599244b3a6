/** lib/redact.ts: URL credentials and registered secrets never survive. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { maskUrl, redact, redactDeep, registerSecrets, urlSecrets } from '../../../lib/redact.ts';

describe('redaction', () => {
  it('masks userinfo, credential query parameters and a Discord webhook token in URLs', () => {
    assert.equal(maskUrl('http://user:key123@llm.example:8080/v1'), 'http://****@llm.example:8080/v1');
    assert.equal(
      maskUrl('https://api.example/v1?api_key=abc&model=x&token=t0k'),
      'https://api.example/v1?api_key=****&model=x&token=****',
    );
    assert.equal(
      maskUrl('https://discord.com/api/webhooks/123456789012345678/AbC-dEf_123'),
      'https://discord.com/api/webhooks/123456789012345678/****',
    );
    assert.equal(
      maskUrl('https://export.arxiv.org/api/query?search_query=all:graph'),
      'https://export.arxiv.org/api/query?search_query=all:graph',
      'ordinary URLs unchanged',
    );
    assert.deepEqual(urlSecrets('http://u:p%40ss@h/x?key=k1&q=2'), ['p@ss', 'u', 'k1']);
  });

  it('masks URLs inside text and every registered secret, also JSON-escaped', () => {
    registerSecrets(['sk-redact-test-1234', 'tiny', undefined]);
    const text = 'failed: {"error":"bad key sk-redact-test-1234"} at http://a:b@h:1/v1 (tiny stays)';
    assert.equal(redact(text), 'failed: {"error":"bad key ****"} at http://****@h:1/v1 (tiny stays)');
    assert.deepEqual(redactDeep({ a: ['sk-redact-test-1234'], n: 1 }), { a: ['****'], n: 1 });
  });

  it("masks a Slack incoming webhook's secret, in URLs and in text", () => {
    const hook = 'https://hooks.slack.com/services/T0123ABCD/B0456EFGH/abcdefghijklmnop';
    assert.equal(maskUrl(hook), 'https://hooks.slack.com/services/T0123ABCD/B0456EFGH/****');
    assert.deepEqual(urlSecrets(hook), ['abcdefghijklmnop']);
    assert.equal(
      redact(`posting to ${hook} failed`),
      'posting to https://hooks.slack.com/services/T0123ABCD/B0456EFGH/**** failed',
    );
  });
});
