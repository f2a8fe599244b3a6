/**
 * The "Relevant" checkbox of a Notion digest entry, read back at the next digest run: a digest is
 * published to the fake Notion (real publisher, real activities, the in-memory store), a reader
 * ticks one entry's box through Notion's API (what the UI does), and the next announcement's
 * selection learns from it as a 👍 from 'notion'. Unticking clears it; a later rating given
 * elsewhere is not overwritten.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createFsBlobStore } from '../../../../adapters/blobs/fs.ts';
import { createAnnouncementActivities } from '../../../../activities/pipeline/announcements.ts';
import { createDigestActivities } from '../../../../activities/pipeline/digest.ts';
import type { PipelineDeps } from '../../../../activities/pipeline/deps.ts';
import { syncPublishedFeedback } from '../../../../activities/pipeline/feedback-sync.ts';
import { createNotionPublisher } from '../../../../adapters/publish/notion.ts';
import { startNotionServer, type NotionFake } from '../../../fakes/notion-server.ts';
import { pipelineDeps, recordedCsLgNewItems } from '../../../support/pipeline-deps.ts';
import { createMemoryStore } from '../../../support/memory-store.ts';

const TOKEN = 'secret_notion_feedback';
const items = recordedCsLgNewItems();

describe('Notion "Relevant" checkboxes read back at the next run', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'notion-feedback-'));
  let notion: NotionFake;
  const store = createMemoryStore();
  let deps: PipelineDeps;

  before(async () => {
    notion = await startNotionServer({ token: TOKEN, maxRequestsPerSecond: 0 });
    const publisher = createNotionPublisher({
      token: TOKEN,
      databaseId: notion.databaseId,
      baseUrl: notion.url,
      minIntervalMs: 0,
    });
    deps = pipelineDeps({
      store,
      blobs: createFsBlobStore(path.join(root, 'blobs')),
      publisherFor: (kind: string) => (kind === 'notion' ? publisher : null),
    });
    await store.upsertSubscription({
      name: 'ml',
      categories: ['cs.LG'],
      interest: 'machine learning',
      topK: 3,
      destinations: { notion: true, markdown: false },
    });
  });
  after(async () => {
    await notion.close();
    await store.close();
    rmSync(root, { recursive: true, force: true });
  });

  const select = async (announcement: string, from: number) => {
    const { key } = await deps.blobs.put(
      Buffer.from(JSON.stringify({ items: items.slice(from, from + 30) })),
      'json',
    );
    return createAnnouncementActivities(deps).selectAnnouncement({
      subscription: 'ml',
      announcement,
      announcementsFile: key,
    });
  };
  /** What a reader's click in Notion does: PATCH the to-do block. */
  const tick = async (blockId: string, checked: boolean) => {
    const res = await fetch(`${notion.url}/v1/blocks/${blockId}`, {
      method: 'PATCH',
      headers: {
        authorization: `Bearer ${TOKEN}`,
        'notion-version': '2025-09-03',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ to_do: { checked } }),
    });
    assert.equal(res.status, 200, await res.text());
  };

  it('a ticked box becomes a 👍 the next selection learns from; unticking clears it; a later rating elsewhere wins', async () => {
    const first = await select('2024-11-27', 0);
    assert.equal(first.selected.length, 3);
    const digests = createDigestActivities(deps);
    const { key } = await digests.assembleDigest({
      subscription: 'ml',
      date: '2024-11-27',
      windowStart: '',
      windowEnd: '',
      selected: first.selected,
      announcement: '2024-11-27',
    });
    await digests.publishDigest({ key, destination: 'notion' });
    const page = notion.pages()[0]!;
    const boxes = notion.childrenOf(page.id).filter((b) => b.type === 'to_do');
    assert.equal(boxes.length, 3, 'one Relevant checkbox per entry');
    const label = (b: (typeof boxes)[number]) =>
      (b.to_do as { rich_text: Array<{ plain_text: string }> }).rich_text.map((t) => t.plain_text).join('');
    assert.equal(label(boxes[1]!), `Relevant — more like arXiv:${first.selected[1]!.id}`);
    assert.match(notion.pageText(page.id), /Why: matches your interest/);

    await tick(boxes[1]!.id, true);
    const second = await select('2024-11-28', 30);
    assert.deepEqual(
      (await store.listRatings('ml')).map((r) => [r.arxivId, r.rating, r.source]),
      [[first.selected[1]!.id, 'up', 'notion']],
    );
    assert.ok(
      second.selected.every((c) => c.why?.ratings === 1 && c.why.model !== null),
      'the second selection learned from the tick',
    );

    // Read back again: nothing changes (idempotent).
    assert.equal(await syncPublishedFeedback(deps, (await store.getSubscription('ml'))!), 0);
    await tick(boxes[1]!.id, false);
    assert.equal(await syncPublishedFeedback(deps, (await store.getSubscription('ml'))!), 1);
    assert.deepEqual(await store.listRatings('ml'), []);

    // A 👎 given on the web after the box was last edited is not overwritten by the box.
    await tick(boxes[2]!.id, true);
    await new Promise((r) => setTimeout(r, 5));
    await store.setRating({
      subscription: 'ml',
      arxivId: first.selected[2]!.id,
      rating: 'down',
      source: 'web',
    });
    await syncPublishedFeedback(deps, (await store.getSubscription('ml'))!);
    assert.deepEqual(
      (await store.listRatings('ml')).map((r) => [r.arxivId, r.rating, r.source]),
      [[first.selected[2]!.id, 'down', 'web']],
    );
  });

  it('a Notion failure while reading back is logged, and the selection goes on with the stored ratings', async () => {
    notion.state.faults.push({ method: 'GET', path: /^\/blocks\//, status: 503, times: 5 });
    const third = await select('2024-11-29', 60);
    assert.ok(third.selected.length > 0);
  });
});
