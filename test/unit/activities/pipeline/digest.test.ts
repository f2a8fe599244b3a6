/** The digest pipeline's pure rules: which announcements a subscription wants, and the digest key. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  announcementDigestKey,
  digestKey,
  wantsAnnouncement,
} from '../../../../activities/pipeline/digest.ts';
import type { AnnounceType } from '../../../../domain/paper.ts';

describe('wantsAnnouncement', () => {
  it('takes new papers always, cross-lists and replacements by setting, a cross-listed replacement only with both', () => {
    const types: AnnounceType[] = ['new', 'cross', 'replace', 'replace-cross'];
    // [includeCrossLists, includeReplacements] -> wanted types
    const table: Array<[boolean, boolean, AnnounceType[]]> = [
      [false, false, ['new']],
      [true, false, ['new', 'cross']],
      [false, true, ['new', 'replace']],
      [true, true, ['new', 'cross', 'replace', 'replace-cross']],
    ];
    for (const [includeCrossLists, includeReplacements, wanted] of table) {
      const got = types.filter((t) => wantsAnnouncement({ includeCrossLists, includeReplacements }, t));
      assert.deepEqual(got, wanted, `crossLists=${includeCrossLists} replacements=${includeReplacements}`);
    }
  });
});

describe('digestKey', () => {
  it('is <subscription>:<date>:<10 hex of the sorted ids>, the same in every release (stored digests are looked up by it)', () => {
    assert.equal(digestKey('qc', '2024-11-28', ['2411.00002', '2411.00001']), 'qc:2024-11-28:4c41a6d3b6');
    assert.equal(digestKey('qc', '2024-11-28', []), 'qc:2024-11-28:e3b0c44298');
  });

  it('does not depend on the order of the papers, and does on which papers, the date and the subscription', () => {
    const ids = ['2411.00003', 'cond-mat/0607501', '2411.00001'];
    const key = digestKey('qc', '2024-11-28', ids);
    assert.equal(digestKey('qc', '2024-11-28', [...ids].reverse()), key);
    assert.notEqual(digestKey('qc', '2024-11-28', ids.slice(1)), key);
    assert.notEqual(digestKey('qc', '2024-11-29', ids), key);
    assert.notEqual(digestKey('other', '2024-11-28', ids), key);
    // The caller's list is not sorted in place.
    assert.deepEqual(ids, ['2411.00003', 'cond-mat/0607501', '2411.00001']);
  });

  it('keys an announcement digest by subscription and feed date only', () => {
    assert.equal(announcementDigestKey('qc', '2026-11-23'), 'qc:2026-11-23');
  });
});
