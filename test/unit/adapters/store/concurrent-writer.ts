/**
 * Child process of the concurrent-writers test: opens the library at argv[2] (a directory for
 * SQLite, a postgres:// URL for Postgres) and, as writer argv[3], stores 300 papers of its own in
 * 30 small transactions, 50 papers shared with the other writer (as version writer+1, topic
 * "shared"), and marks its own papers seen. Both writers also race on the same rows: a receipt
 * per shared digest, seen-state of one shared subscription, and the selection and delivery of
 * the same announcements. Real corpus papers are the templates; only ids and versions change.
 */
import type { Paper } from '../../../../domain/paper.ts';
import type { PaperStore } from '../../../../app/ports/store.ts';
import { openPostgresStore } from '../../../../adapters/store/postgres/index.ts';
import { openSqliteStore } from '../../../../adapters/store/sqlite/index.ts';
import { feedPapers } from './fixtures.ts';

const [location, writerArg] = process.argv.slice(2);
const writer = Number(writerArg);
const templates = feedPapers('search_testing_start0_max100.xml');
const as = (i: number, id: string, version: number): Paper => ({
  ...(templates[i % templates.length] as Paper),
  id,
  version,
});
const ownId = (w: number, i: number) => `290${w + 1}.${String(i).padStart(5, '0')}`;
const sharedId = (i: number) => `2909.${String(i).padStart(5, '0')}`;
const announcement = (b: number) => `2026-10-${String(b + 1).padStart(2, '0')}`;

const store: PaperStore = location?.startsWith('postgres')
  ? openPostgresStore({ url: location })
  : openSqliteStore({ dataDir: location as string });
for (let b = 0; b < 30; b++) {
  const batch = Array.from({ length: 10 }, (_, k) => as(b * 10 + k, ownId(writer, b * 10 + k), 1));
  await store.upsertPapers(batch);
  if (b % 6 === 0) {
    const shared = Array.from({ length: 10 }, (_, k) => as(k, sharedId((b / 6) * 10 + k), writer + 1));
    await store.upsertPapers(shared, { topic: 'shared' });
  }
  await store.markSeen(
    `writer-${writer}`,
    batch.map((p) => p.id),
    `digest-${writer}-${b}`,
  );
  await store.markSeen('both', [ownId(writer, b), sharedId(b)], `both-${writer}-${b}`);
  await store.recordReceipt(`shared-${b}`, {
    destination: 'markdown',
    ref: `writer-${writer}`,
    url: null,
    publishedAt: new Date().toISOString(),
  });
  const considered = [sharedId(b), sharedId(b + 30)];
  await store.saveDelivery({
    subscription: 'race',
    announcement: announcement(b),
    digestKey: `race:${announcement(b)}`,
    windowEnd: null,
    considered,
  });
  await store.completeDelivery('race', announcement(b), [sharedId(b)]);
  await new Promise((r) => setImmediate(r));
}
await store.close();
