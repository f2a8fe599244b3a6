/**
 * What `start` does with stored subscriptions before it schedules them: a broken cron stops it
 * by name; the old default cron (never read Friday's feed) moves to the configured default.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { openSqliteStore } from '../../../adapters/store/sqlite/store.ts';
import type { PaperStore } from '../../../app/ports/store.ts';
import { DEFAULT_DIGEST_CRON, LEGACY_DIGEST_CRON } from '../../../domain/arxiv-calendar.ts';
import { isAppError } from '../../../domain/errors.ts';
import { prepareSubscriptions } from '../../../workers/schedules.ts';

/** Writes a cron straight into the table, as a library written by an older release could hold it. */
function storeRawCron(dataDir: string, name: string, cron: string): void {
  const db = new Database(path.join(dataDir, 'library.sqlite'));
  const row = db
    .prepare<[string], { body_json: string }>('SELECT body_json FROM subscriptions WHERE name = ?')
    .get(name)!;
  db.prepare('UPDATE subscriptions SET body_json = ? WHERE name = ?').run(
    JSON.stringify({ ...JSON.parse(row.body_json), cron }),
    name,
  );
  db.close();
}

describe('prepareSubscriptions', () => {
  let dataDir: string;
  let store: PaperStore;
  const defaults = { cron: DEFAULT_DIGEST_CRON, timezone: 'America/New_York' };

  before(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'arxiv-radar-schedules-'));
    store = openSqliteStore({ dataDir });
  });
  after(async () => {
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('moves subscriptions on the old default to the configured one, saying so, and leaves custom crons alone', async () => {
    await store.upsertSubscription({
      name: 'old-default',
      categories: ['cs.AI'],
      cron: LEGACY_DIGEST_CRON,
      timezone: 'America/New_York',
    });
    await store.upsertSubscription({
      name: 'custom',
      categories: ['cs.AI'],
      cron: '0 9 * * 1-5',
      timezone: 'Europe/Paris',
    });
    const said: string[] = [];
    const { moved } = await prepareSubscriptions(store, defaults, (m) => said.push(m));
    assert.deepEqual(moved, ['old-default']);
    assert.equal((await store.getSubscription('old-default'))?.cron, DEFAULT_DIGEST_CRON);
    assert.equal((await store.getSubscription('custom'))?.cron, '0 9 * * 1-5');
    assert.equal(said.length, 1);
    assert.match(said[0]!, /"old-default".*never read Friday's feed.*15 1,7 \* \* 1-5/);
    // Run again: nothing left to move.
    assert.deepEqual((await prepareSubscriptions(store, defaults, () => undefined)).moved, []);
  });

  it('keeps the old cron when the operator set DIGEST_CRON to it on purpose', async () => {
    await store.upsertSubscription({ name: 'kept', categories: ['cs.AI'], cron: LEGACY_DIGEST_CRON });
    assert.deepEqual(
      (
        await prepareSubscriptions(
          store,
          { cron: LEGACY_DIGEST_CRON, timezone: 'America/New_York' },
          () => undefined,
        )
      ).moved,
      [],
    );
    assert.equal((await store.getSubscription('kept'))?.cron, LEGACY_DIGEST_CRON);
    await store.deleteSubscription('kept');
  });

  it('stops on a stored cron that does not parse, naming every such subscription', async () => {
    storeRawCron(dataDir, 'custom', '99 99 * * *');
    await assert.rejects(
      prepareSubscriptions(store, defaults, () => undefined),
      (e: unknown) => {
        assert.ok(isAppError(e, 'CONFIG_INVALID'));
        assert.match(e.message, /subscription "custom": cron minute 99 is out of range/);
        assert.match(e.message, /arxiv-radar subscribe <name> --cron/);
        return true;
      },
    );
  });
});
