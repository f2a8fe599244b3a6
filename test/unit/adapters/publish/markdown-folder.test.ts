import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { watch } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { after, before, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { isAppError } from '../../../../domain/errors.ts';
import {
  createMarkdownFolderPublisher,
  renderDigestMarkdown,
  TEMP_DIR,
  topicSlug,
} from '../../../../adapters/publish/markdown-folder.ts';
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
    assert.deepEqual((await readdir(dir)).sort(), [TEMP_DIR, 'testing-research']);
    assert.deepEqual(
      await readdir(path.join(dir, 'testing-research')),
      ['2026-04-13.md'],
      'no temp files left',
    );
    assert.deepEqual(await readdir(path.join(dir, TEMP_DIR)), [], 'the temp file is removed once linked');
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
    await assert.rejects(publisher.publish({ ...digest, subscription: '../..' }), (e) =>
      isAppError(e, 'INVALID_INPUT'),
    );
    await assert.rejects(publisher.publish({ ...digest, date: '2026-04-13/../../x' }), (e) =>
      isAppError(e, 'INVALID_INPUT'),
    );
  });

  /** A fresh digests folder per test, so no test depends on another's files. */
  const freshDir = (name: string) => mkdtemp(path.join(dir, `${name}-`));
  const DIGEST_FILE = /^\d{4}-\d{2}-\d{2}(-\d+)?\.md$/;

  it('never replaces a digest: a second key with the same date goes to <date>-2.md, the first stays byte for byte', async () => {
    const root = await freshDir('two-keys');
    const publisher = createMarkdownFolderPublisher({ digestsDir: root });
    const first = await publisher.publish(digest);
    const firstBytes = await readFile(first.ref);
    const firstStat = await stat(first.ref);

    const other = corpusDigest(corpusEntries('search_testing_start0_max10.xml').slice(0, 3), {
      key: 'testing-research:2026-04-13:rerun',
    });
    const second = await publisher.publish(other);
    assert.equal(second.ref, path.join(root, 'testing-research', '2026-04-13-2.md'));
    assert.equal(await readFile(second.ref, 'utf8'), renderDigestMarkdown(other));
    assert.deepEqual(await readFile(first.ref), firstBytes, 'the first digest is untouched');
    assert.equal((await stat(first.ref)).ino, firstStat.ino, 'same file, not a copy');

    // Retries find each digest by its key, wherever it landed, and write nothing.
    assert.deepEqual(await publisher.publish(other), second);
    assert.deepEqual(await publisher.publish(digest), first);
    const third = await publisher.publish({ ...other, key: 'testing-research:2026-04-13:third' });
    assert.equal(path.basename(third.ref), '2026-04-13-3.md');
    assert.deepEqual((await readdir(path.join(root, 'testing-research'))).sort(), [
      '2026-04-13-2.md',
      '2026-04-13-3.md',
      '2026-04-13.md',
    ]);
  });

  it('leaves a file that is not a digest alone and takes the next name', async () => {
    const root = await freshDir('foreign');
    await mkdir(path.join(root, 'testing-research'));
    const foreign = path.join(root, 'testing-research', '2026-04-13.md');
    await writeFile(foreign, '# my own notes\n');
    const receipt = await createMarkdownFolderPublisher({ digestsDir: root }).publish(digest);
    assert.equal(path.basename(receipt.ref), '2026-04-13-2.md');
    assert.equal(await readFile(foreign, 'utf8'), '# my own notes\n');
  });

  it('publishes the same digest twice as one file with one receipt, and never puts a temp file in the topic folder', async () => {
    const root = await freshDir('same-key');
    const topic = path.join(root, 'testing-research');
    await mkdir(topic);
    // Every name that ever appears in the topic folder while publishing, however briefly.
    const appeared = new Set<string>();
    const watcher = watch(topic, (_event, name) => {
      if (name) appeared.add(name.toString());
    });
    try {
      const publisher = createMarkdownFolderPublisher({ digestsDir: root });
      const first = await publisher.publish(digest);
      const again = await createMarkdownFolderPublisher({ digestsDir: root }).publish(digest);
      assert.deepEqual(again, first);
      await publisher.publish({ ...digest, key: 'testing-research:2026-04-13:other' });
      await publisher.publish({ ...digest, key: 'testing-research:2026-04-14', date: '2026-04-14' });
      await new Promise((r) => setTimeout(r, 100)); // let the watcher deliver its events
    } finally {
      watcher.close();
    }
    assert.deepEqual([...appeared].sort(), ['2026-04-13-2.md', '2026-04-13.md', '2026-04-14.md']);
    for (const name of await readdir(topic)) assert.match(name, DIGEST_FILE);
    assert.deepEqual(await readdir(path.join(root, TEMP_DIR)), []);
  });

  it('removes stale temp files: a dead process of this host, and any older than an hour', async () => {
    const root = await freshDir('stale');
    const tmp = path.join(root, TEMP_DIR);
    await mkdir(tmp);
    const host = hostname().replace(/[^A-Za-z0-9.-]/g, '-') || 'host';
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    assert.ok(dead);
    const names = {
      deadPid: `${host}_${dead}_0123456789abcdef.tmp`,
      livePid: `${host}_${process.pid}_0123456789abcdef.tmp`,
      otherHostFresh: `elsewhere.example_${dead}_0123456789abcdef.tmp`,
      otherHostOld: `elsewhere.example_${dead}_fedcba9876543210.tmp`,
      unknownOld: 'leftover.tmp',
    };
    for (const name of Object.values(names)) await writeFile(path.join(tmp, name), 'half a digest');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    for (const name of [names.otherHostOld, names.unknownOld])
      await utimes(path.join(tmp, name), twoHoursAgo, twoHoursAgo);
    // The previous version wrote temps beside the digest; an old one is removed, the digest kept.
    await mkdir(path.join(root, 'testing-research'));
    const legacy = path.join(root, 'testing-research', '2026-04-12.md.0a1b2c3d4e5f.tmp');
    await writeFile(legacy, 'half a digest');
    await utimes(legacy, twoHoursAgo, twoHoursAgo);

    await createMarkdownFolderPublisher({ digestsDir: root }).publish(digest);
    assert.deepEqual((await readdir(tmp)).sort(), [names.livePid, names.otherHostFresh].sort());
    assert.deepEqual(await readdir(path.join(root, 'testing-research')), ['2026-04-13.md']);
  });

  it('publishing the same digest from two processes at once makes exactly one file', async () => {
    const root = await freshDir('race');
    const moduleUrl = (p: string) => JSON.stringify(pathToFileURL(path.resolve(import.meta.dirname, p)).href);
    // Each child loads the publisher, says "ready", then publishes one digest per "go <date>" line.
    const script = `
      import { createInterface } from 'node:readline';
      const { createMarkdownFolderPublisher } = await import(${moduleUrl('../../../../adapters/publish/markdown-folder.ts')});
      const { corpusDigest, corpusEntries } = await import(${moduleUrl('./corpus-digest.ts')});
      const publisher = createMarkdownFolderPublisher({ digestsDir: ${JSON.stringify(root)} });
      const entries = corpusEntries('search_testing_start0_max10.xml');
      process.stdout.write('ready\\n');
      for await (const line of createInterface({ input: process.stdin })) {
        const date = line.replace(/^go /, '');
        const receipt = await publisher.publish(corpusDigest(entries, { key: 'testing-research:' + date, date }));
        process.stdout.write(JSON.stringify(receipt) + '\\n');
      }
    `;
    const children = [0, 1].map(() => {
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        stdio: ['pipe', 'pipe', 'inherit'],
      });
      const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
      const next = async () => {
        const r = await lines.next();
        if (r.done) throw new Error('the publishing child exited early');
        return r.value;
      };
      return { child, next, exited: new Promise((resolve) => child.on('exit', resolve)) };
    });
    try {
      for (const c of children) assert.equal(await c.next(), 'ready');
      const dates = [
        '2026-04-20',
        '2026-04-21',
        '2026-04-22',
        '2026-04-23',
        '2026-04-24',
        '2026-04-27',
        '2026-04-28',
        '2026-04-29',
      ];
      for (const date of dates) {
        for (const c of children) c.child.stdin.write(`go ${date}\n`);
        const receipts = await Promise.all(children.map(async (c) => JSON.parse(await c.next()) as unknown));
        assert.deepEqual(receipts[0], receipts[1], `both processes got the same receipt for ${date}`);
        assert.equal((receipts[0] as { ref: string }).ref, path.join(root, 'testing-research', `${date}.md`));
      }
      const files = await readdir(path.join(root, 'testing-research'));
      assert.deepEqual(
        files.sort(),
        dates.map((d) => `${d}.md`),
      );
      assert.deepEqual(await readdir(path.join(root, TEMP_DIR)), []);
    } finally {
      for (const c of children) c.child.stdin.end();
      await Promise.all(children.map((c) => c.exited));
    }
  });
});
