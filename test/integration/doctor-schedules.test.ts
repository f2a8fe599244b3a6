/** `doctor` judges schedules against arXiv's calendar: the default cron and every stored subscription's. */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { openSqliteStore } from '../../adapters/store/sqlite/store.ts';
import { runCli } from '../support/cli.ts';

type Doctor = { ok: boolean; checks: Array<{ name: string; status: string; detail: string }> };

describe('doctor and the announcement calendar', () => {
  let dataDir: string;
  before(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'arxiv-radar-doctor-'));
    const store = openSqliteStore({ dataDir });
    await store.upsertSubscription({
      name: 'evenings',
      categories: ['cs.AI'],
      cron: '30 20 * * 0-4',
      timezone: 'America/New_York',
    });
    await store.upsertSubscription({
      name: 'mornings',
      categories: ['cs.AI'],
      cron: '0 7 * * 1-5',
      timezone: 'Europe/Berlin',
    });
    await store.close();
  });
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  const schedules = (r: { stdout: string }) =>
    (JSON.parse(r.stdout) as Doctor).checks.filter((c) => c.name === 'schedule');

  it("passes the default schedule and warns about a stored cron that never reads Friday's feed", () => {
    const r = runCli(['doctor', '--json'], { DATA_DIR: dataDir });
    const checks = schedules(r);
    assert.equal(checks[0]?.status, 'ok');
    assert.match(checks[0]?.detail ?? '', /reads every weekday feed/);
    const evenings = checks.find((c) => c.detail.includes('"evenings"'));
    assert.equal(evenings?.status, 'warn');
    assert.match(evenings?.detail ?? '', /never reads arXiv's Friday feed/);
    assert.equal(
      checks.find((c) => c.detail.includes('"mornings"')),
      undefined,
      '07:00 Berlin reads every feed',
    );
  });

  it('warns when DIGEST_CRON itself misses a weekday', () => {
    const checks = schedules(
      runCli(['doctor', '--json'], { DATA_DIR: dataDir, DIGEST_CRON: '0 12 * * 1-4' }),
    );
    assert.equal(checks[0]?.status, 'warn');
    assert.match(checks[0]?.detail ?? '', /^DIGEST_CRON .*Friday/);
  });

  it('fails, naming the subscription, when a stored cron does not parse', () => {
    const db = new Database(path.join(dataDir, 'library.sqlite'));
    const row = db
      .prepare<[], { body_json: string }>("SELECT body_json FROM subscriptions WHERE name = 'mornings'")
      .get()!;
    db.prepare("UPDATE subscriptions SET body_json = ? WHERE name = 'mornings'").run(
      JSON.stringify({ ...JSON.parse(row.body_json), cron: 'bogus' }),
    );
    db.close();
    const r = runCli(['doctor', '--json'], { DATA_DIR: dataDir });
    assert.equal(r.status, 1);
    const broken = schedules(r).find((c) => c.detail.includes('"mornings"'));
    assert.equal(broken?.status, 'fail');
    assert.match(broken?.detail ?? '', /cron "bogus" has 1 field/);
  });
});
