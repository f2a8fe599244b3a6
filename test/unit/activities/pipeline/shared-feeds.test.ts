/**
 * The shared announcement feeds on the real filesystem blob store: of several runs claiming the
 * same category and feed date at once exactly one reads it, the others get its read; a feed that
 * states another date is shared only with those that waited for it; a failed read frees the lease.
 * And the feed source merges per-category feeds as arXiv's joint feed lists them.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { createFsBlobStore } from '../../../../adapters/blobs/fs.ts';
import { createSharedFeedActivities } from '../../../../activities/pipeline/shared-feeds.ts';
import { mergeFeeds } from '../../../../activities/pipeline/sources/feed.ts';
import { STORED_SOURCES } from '../../../../activities/pipeline/sources/index.ts';
import type { AnnouncedPaper } from '../../../../activities/pipeline/digest.ts';
import type { Paper } from '../../../../domain/paper.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'arxiv-radar-shared-feeds-'));
after(() => rmSync(dir, { recursive: true, force: true }));
/** Two "hosts": two stores over the one folder. */
const hostA = createSharedFeedActivities({ blobs: createFsBlobStore(dir) });
const hostB = createSharedFeedActivities({ blobs: createFsBlobStore(dir) });
const file = (feedDate: string | null) => ({ key: `${'a'.repeat(64)}.json`, items: 7, feedDate });

describe('shared category feeds', () => {
  it('one of five concurrent runs reads the feed; the other four get its read', async () => {
    const claims = [1, 2, 3, 4, 5].map((i) =>
      (i % 2 ? hostA : hostB).claimCategoryFeed({ category: 'cs.AI', day: '2027-01-05', reader: `run-${i}` }),
    );
    const first = await Promise.race(claims.map((c, i) => c.then((claim) => ({ claim, i }))));
    assert.deepEqual(first.claim, { read: true });
    const reader = `run-${first.i + 1}`;
    await hostA.shareCategoryFeed({ category: 'cs.AI', day: '2027-01-05', reader, file: file('2027-01-05') });
    const all = await Promise.all(claims);
    assert.equal(all.filter((c) => 'read' in c).length, 1, 'exactly one reader');
    for (const c of all.filter((c) => !('read' in c))) assert.deepEqual(c, { file: file('2027-01-05') });
    // Later runs of the same feed date get it at once.
    assert.deepEqual(
      await hostB.claimCategoryFeed({ category: 'cs.AI', day: '2027-01-05', reader: 'late' }),
      {
        file: file('2027-01-05'),
      },
    );
    assert.deepEqual(
      await hostB.claimCategoryFeed({ category: 'cs.AI', day: '2027-01-06', reader: 'late' }),
      {
        read: true,
      },
    );
  });

  it('a feed stating another date goes only to the runs that waited for it; the next run reads again', async () => {
    const day = '2027-01-07';
    assert.deepEqual(await hostA.claimCategoryFeed({ category: 'cs.CL', day, reader: 'early' }), {
      read: true,
    });
    const waiting = hostB.claimCategoryFeed({ category: 'cs.CL', day, reader: 'waiter' });
    await new Promise((r) => setTimeout(r, 600));
    // arXiv had not rewritten the feed yet: it still states the day before.
    await hostA.shareCategoryFeed({ category: 'cs.CL', day, reader: 'early', file: file('2027-01-06') });
    assert.deepEqual(await waiting, { file: file('2027-01-06') });
    assert.deepEqual(await hostB.claimCategoryFeed({ category: 'cs.CL', day, reader: 'next' }), {
      read: true,
    });
    // Filed under the date it states, too: a run expecting that date uses it.
    assert.deepEqual(await hostB.claimCategoryFeed({ category: 'cs.CL', day: '2027-01-06', reader: 'x' }), {
      file: file('2027-01-06'),
    });
  });

  it('a failed read gives the lease back at once: the next run reads', async () => {
    const day = '2027-01-08';
    assert.deepEqual(await hostA.claimCategoryFeed({ category: 'cs.LG', day, reader: 'fails' }), {
      read: true,
    });
    await hostA.shareCategoryFeed({ category: 'cs.LG', day, reader: 'fails' });
    assert.deepEqual(await hostB.claimCategoryFeed({ category: 'cs.LG', day, reader: 'retries' }), {
      read: true,
    });
  });
});

describe('the feed source', () => {
  const paper = (id: string) => ({ id }) as Paper;
  const item = (id: string, announceType: AnnouncedPaper['announceType']): AnnouncedPaper => ({
    paper: paper(id),
    announceType,
  });

  it('lists a paper once, by its primary type, as the joint feed of the categories would', () => {
    const ai = [item('1', 'new'), item('2', 'cross'), item('3', 'replace-cross'), item('4', 'cross')];
    const cl = [item('2', 'new'), item('1', 'cross'), item('3', 'replace'), item('4', 'cross')];
    const merged = mergeFeeds([ai, cl]);
    assert.deepEqual(merged.map((m) => `${m.paper.id}:${m.announceType}`).sort(), [
      '1:new',
      '2:new',
      '3:replace',
      '4:cross',
    ]);
  });

  it('is registered with the other sources, each kind once', () => {
    const kinds = STORED_SOURCES.map((s) => s.kind);
    assert.deepEqual(kinds, ['feed', 'oai', 'search']);
  });
});
