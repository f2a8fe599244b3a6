import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { isAppError } from '../../../lib/errors.ts';
import {
  createMarkdownFolderPublisher,
  renderDigestMarkdown,
  topicSlug,
} from '../../../activities/publish/markdown-folder.ts';
import { corpusDigest, corpusEntries } from './corpus-digest.ts';

describe('markdown folder publisher', () => {
  let dir = '';
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'arxiv-radar-digests-'));
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const digest = corpusDigest(corpusEntries('search_testing_start0_max10.xml'));

  it('renders title, interest and every paper with link, authors, categories, score, TL;DR and key points', () => {
    const md = renderDigestMarkdown(digest);
    assert.match(md, /^---\nkey: "testing-research:2026-04-13"\n/);
    assert.match(md, /^# testing-research — 2026-04-13$/m);
    assert.match(md, /^> Software testing of deep learning systems/m);
    assert.match(
      md,
      /^## 1\. \[Testing Deep Learning Models: A First Comparative Study of Multiple Testing Techniques\]\(https:\/\/arxiv\.org\/abs\/2202\.12139v1\)$/m,
    );
    assert.match(md, /^\*\*Authors:\*\* Mohit Kumar Ahuja, Arnaud Gotlieb, Helge Spieker {2}$/m);
    assert.match(md, /^\*\*Categories:\*\* cs\.SE, cs\.LG {2}$/m);
    assert.match(md, /^\*\*Score:\*\* 1\.000 · arXiv:2202\.12139v1 · \[abs\]/m);
    assert.match(md, /^\*\*TL;DR:\*\* Deep Learning \(DL\) has revolutionized/m);
    assert.equal((md.match(/^## \d+\. /gm) ?? []).length, 10);
    // arXiv wraps titles over several lines; the rendering must not.
    for (const line of md.split('\n').filter((l) => l.startsWith('## '))) assert.doesNotMatch(line, / {2}/);
  });

  it('writes exactly one file at <topic-slug>/<date>.md, and republishing adds nothing', async () => {
    const publisher = createMarkdownFolderPublisher({ digestsDir: dir });
    const first = await publisher.publish(digest);
    assert.equal(first.destination, 'markdown');
    assert.equal(first.ref, path.join(dir, 'testing-research', '2026-04-13.md'));
    assert.equal(await readFile(first.ref, 'utf8'), renderDigestMarkdown(digest));

    const again = await createMarkdownFolderPublisher({ digestsDir: dir }).publish(digest);
    assert.deepEqual(again, first, 'unchanged file: same receipt, not rewritten');
    assert.deepEqual(await readdir(dir), ['testing-research']);
    assert.deepEqual(await readdir(path.join(dir, 'testing-research')), ['2026-04-13.md'], 'no temp files left');
  });

  it('keeps a hostile topic name inside the digests folder', async () => {
    assert.equal(topicSlug('../../etc/Passwd'), 'etc-passwd');
    assert.equal(topicSlug('Quantum Matter (Δ) / Café'), 'quantum-matter-cafe');
    const receipt = await createMarkdownFolderPublisher({ digestsDir: dir }).publish({
      ...digest,
      subscription: '../../outside',
    });
    assert.equal(receipt.ref, path.join(dir, 'outside', '2026-04-13.md'));
  });

  it('rejects a topic with nothing to name a folder with, and a malformed date', async () => {
    const publisher = createMarkdownFolderPublisher({ digestsDir: dir });
    await assert.rejects(publisher.publish({ ...digest, subscription: '../..' }), (e) => isAppError(e, 'INVALID_INPUT'));
    await assert.rejects(publisher.publish({ ...digest, date: '2026-04-13/../../x' }), (e) => isAppError(e, 'INVALID_INPUT'));
  });
});
