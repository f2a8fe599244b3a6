/**
 * `arxiv-radar rate <subscription> <id> up|down|clear`, run as a user runs it, against a SQLite
 * library holding a subscription and recorded papers (no Temporal needed for a stored paper).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parseAtomFeed } from '../../../adapters/arxiv/atom.ts';
import { openSqliteStore } from '../../../adapters/store/sqlite/index.ts';
import { runCli } from '../../support/cli.ts';
import { corpus } from '../../support/corpus.ts';

const papers = parseAtomFeed(readFileSync(corpus('atom', 'search_testing_start0_max10.xml'), 'utf8')).papers;

describe('cli rate', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cli-rate-'));
  const env = { DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  before(async () => {
    const store = openSqliteStore({ dataDir });
    await store.upsertPapers(papers);
    await store.upsertSubscription({
      name: 'dl-testing',
      categories: ['cs.SE'],
      interest: 'testing deep learning models',
    });
    await store.close();
  });
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  const ratings = async () => {
    const store = openSqliteStore({ dataDir });
    try {
      return (await store.listRatings('dl-testing')).map((r) => [r.arxivId, r.rating, r.source]);
    } finally {
      await store.close();
    }
  };

  it('rates up, then down (the last wins), then clears; --json prints the stored rating', async () => {
    const id = papers[0]!.id;
    const up = runCli(['rate', 'dl-testing', `https://arxiv.org/abs/${id}v1`, 'up'], env);
    assert.equal(up.status, 0, up.stderr);
    assert.match(
      up.stdout,
      new RegExp(
        `^Rated ${id.replace('.', '\\.')} \\(.+\\) 👍 for dl-testing; the next digest learns from it\\.\\n$`,
      ),
    );
    assert.deepEqual(await ratings(), [[id, 'up', 'cli']]);
    const down = runCli(['rate', 'dl-testing', id, 'down', '--json'], env);
    assert.equal(down.status, 0, down.stderr);
    assert.equal((JSON.parse(down.stdout) as { rating: { rating: string } }).rating.rating, 'down');
    assert.deepEqual(await ratings(), [[id, 'down', 'cli']]);
    const clear = runCli(['rate', 'dl-testing', id, 'clear'], env);
    assert.match(clear.stdout, /^Cleared the rating of /);
    assert.deepEqual(await ratings(), []);
  });

  it('refuses an unknown subscription, a bad rating and a bad id with exit 2 and a message, storing nothing', async () => {
    const unknown = runCli(['rate', 'nope', papers[0]!.id, 'up'], env);
    assert.equal(unknown.status, 2);
    assert.match(unknown.stderr, /No subscription named "nope"/);
    const bad = runCli(['rate', 'dl-testing', papers[0]!.id, 'meh'], env);
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /rating "meh" must be up, down or clear/);
    const badId = runCli(['rate', 'dl-testing', 'not-an-id', 'up'], env);
    assert.equal(badId.status, 2);
    assert.match(badId.stderr, /arXiv id|not-an-id/);
    assert.deepEqual(await ratings(), []);
  });
});
