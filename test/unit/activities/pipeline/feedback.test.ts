/**
 * A digest learns from its subscription's ratings: the announcement selection (real activities over
 * the in-memory store and a real blob folder, real papers of the recorded feed) ranks with the model
 * once ratings exist, explains every pick, and the digest and its Markdown carry the explanation.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { createFsBlobStore } from '../../../../adapters/blobs/fs.ts';
import { createAnnouncementActivities } from '../../../../activities/pipeline/announcements.ts';
import { createDigestActivities } from '../../../../activities/pipeline/digest.ts';
import { renderDigestMarkdown } from '../../../../adapters/publish/markdown-folder.ts';
import { pipelineDeps, recordedCsLgNewItems } from '../../../support/pipeline-deps.ts';
import { createMemoryStore } from '../../../support/memory-store.ts';

const root = mkdtempSync(path.join(os.tmpdir(), 'feedback-pipeline-'));
after(() => rmSync(root, { recursive: true, force: true }));

const items = recordedCsLgNewItems();
const graph = (i: (typeof items)[number]) => /\bgraph/i.test(`${i.paper.title} ${i.paper.abstract}`);
const today = items.slice(0, 60);
const earlier = items.slice(60);

async function setup() {
  const store = createMemoryStore();
  const blobs = createFsBlobStore(mkdtempSync(path.join(root, 'blobs-')));
  const deps = pipelineDeps({
    store,
    blobs,
    buildQuery: async () => ({ searchQuery: '', dateRange: null }),
    convert: async () => {
      throw new Error('not used');
    },
    chunk: () => [],
  });
  await store.upsertSubscription({
    name: 'ml',
    categories: ['cs.LG'],
    interest: 'machine learning',
    topK: 5,
  });
  const { key } = await blobs.put(Buffer.from(JSON.stringify({ items: today })), 'json');
  return { store, deps, announcementsFile: key };
}

describe('digest selection with ratings', () => {
  it('without ratings, every pick "matches your interest" and the order is the interest order', async () => {
    const { deps, announcementsFile } = await setup();
    const sel = await createAnnouncementActivities(deps).selectAnnouncement({
      subscription: 'ml',
      announcement: '2024-11-28',
      announcementsFile,
    });
    assert.equal(sel.selected.length, 5);
    for (const c of sel.selected) assert.equal(c.why?.text, 'matches your interest');
    const scores = sel.selected.map((c) => c.score);
    assert.deepEqual(
      scores,
      [...scores].sort((a, b) => b - a),
    );
  });

  it('with ratings, picks papers like the 👍 ones and says so in the digest and its Markdown', async () => {
    const plain = await setup();
    const before = await createAnnouncementActivities(plain.deps).selectAnnouncement({
      subscription: 'ml',
      announcement: '2024-11-28',
      announcementsFile: plain.announcementsFile,
    });
    const { store, deps, announcementsFile } = await setup();
    const ups = earlier.filter(graph).slice(0, 3);
    const downs = earlier.filter((i) => !graph(i)).slice(0, 9);
    await store.upsertPapers(
      [...ups, ...downs].map((i) => i.paper),
      { topic: 'ml' },
    );
    for (const i of ups)
      await store.setRating({ subscription: 'ml', arxivId: i.paper.id, rating: 'up', source: 'web' });
    for (const i of downs)
      await store.setRating({ subscription: 'ml', arxivId: i.paper.id, rating: 'down', source: 'discord' });
    const sel = await createAnnouncementActivities(deps).selectAnnouncement({
      subscription: 'ml',
      announcement: '2024-11-28',
      announcementsFile,
    });
    const wanted = new Set(today.filter(graph).map((i) => i.paper.id));
    const hits = (s: typeof sel) => s.selected.filter((c) => wanted.has(c.id)).length;
    assert.ok(
      hits(sel) > hits(before),
      `graph papers picked: ${hits(before)} without ratings, ${hits(sel)} with`,
    );
    assert.ok(sel.selected.every((c) => c.why && c.why.ratings === 12 && c.why.model !== null));
    const named = sel.selected.filter((c) => c.why?.like);
    assert.ok(named.length > 0);
    assert.ok(named.every((c) => ups.some((u) => u.paper.id === c.why!.like!.id)));

    const digests = createDigestActivities(deps);
    const { key } = await digests.assembleDigest({
      subscription: 'ml',
      date: '2024-11-28',
      windowStart: '',
      windowEnd: '',
      selected: sel.selected,
      announcement: '2024-11-28',
    });
    const digest = (await store.getDigest(key))!;
    assert.deepEqual(
      digest.entries.map((e) => e.why?.text),
      sel.selected.map((c) => c.why?.text),
    );
    const md = renderDigestMarkdown(digest);
    const first = named[0]!.why!.like!.id;
    assert.ok(md.includes(`**Why:** `), md);
    assert.ok(md.includes(`like ${first} you rated 👍`), md);
    // A retry after the digest was assembled returns the same selection, explanations included.
    const again = await createAnnouncementActivities(deps).selectAnnouncement({
      subscription: 'ml',
      announcement: '2024-11-28',
      announcementsFile,
    });
    assert.deepEqual(again.selected, sel.selected);
  });
});
