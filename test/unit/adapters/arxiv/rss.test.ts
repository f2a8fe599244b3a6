import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { parseAnnounceFeed } from '../../../../adapters/arxiv/rss.ts';
import { isAppError } from '../../../../domain/errors.ts';
import { corpus } from '../../../support/corpus.ts';

const parse = (name: string) => parseAnnounceFeed(readFileSync(corpus('rss', name), 'utf8'));

describe('parseAnnounceFeed', () => {
  it('RSS 2.0, all 20 archives: counts by announce type, versions, licenses, DOIs', () => {
    const feed = parse('rss_all-20-archives_2024-11-28.xml');
    assert.equal(feed.categories.length, 20);
    assert.deepEqual(feed.categories.slice(0, 3), ['astro-ph', 'cond-mat', 'physics']);
    assert.equal(feed.items.length, 1504);
    const count = (t: string) => feed.items.filter((i) => i.announceType === t).length;
    assert.deepEqual(
      [count('new'), count('replace'), count('cross'), count('replace-cross')],
      [926, 569, 9, 0],
    );
    assert.equal(new Set(feed.items.map((i) => i.paper.license)).size, 6);
    assert.equal(feed.items.filter((i) => i.paper.doi).length, 111);
    assert.equal(feed.items.filter((i) => i.paper.journalRef).length, 97);
    const first = feed.items[0]?.paper;
    assert.equal(first?.id, '2411.17700');
    assert.equal(first?.version, 1);
    assert.match(
      first?.abstract ?? '',
      /^This study investigates the influence of generative artificial intelligence/,
    );
    assert.ok(feed.items.every((i) => i.paper.version !== null && !i.paper.abstract.startsWith('arXiv:')));
    assert.ok(feed.items.some((i) => i.announceType === 'replace' && (i.paper.version ?? 0) > 1));
  });

  it('RSS 2.0 excerpt (cs.AI): authors from dc:creator, license from dc:rights, LaTeX kept', () => {
    const feed = parse('rss_cs.AI_2026-04-27_excerpt.xml');
    assert.deepEqual(feed.categories, ['cs.AI']);
    assert.deepEqual(
      feed.items.map((i) => `${i.paper.id}v${i.paper.version}`),
      ['2604.21935v1', '2604.21936v1', '2604.21937v1'],
    );
    const [a, b] = feed.items;
    assert.equal(
      a?.paper.title,
      'Math Takes Two: A test for emergent mathematical reasoning in communication',
    );
    assert.deepEqual(
      a?.paper.authors.map((x) => x.name),
      ['Michael Cooper', 'Samuel Cooper'],
    );
    assert.deepEqual(a?.paper.categories, ['cs.AI', 'cs.LG']);
    assert.equal(a?.paper.license, 'http://creativecommons.org/licenses/by/4.0/');
    assert.equal(a?.paper.published, '2026-04-27T04:00:00.000Z');
    assert.match(b?.paper.abstract ?? '', /\\textbf\{adaptability\}/);
  });

  it('Atom format (cs.LG): new / cross / replace with versions, DOI and journal reference', () => {
    const feed = parse('atom_cs.LG_2026-09-25_excerpt.xml');
    assert.deepEqual(feed.categories, ['cs.LG']);
    assert.deepEqual(
      feed.items.map((i) => [i.paper.id, i.paper.version, i.announceType]),
      [
        ['2609.28553', 1, 'new'],
        ['2402.10149', 3, 'cross'],
        ['2401.08875', 3, 'replace'],
      ],
    );
    const [n, c, r] = feed.items.map((i) => i.paper);
    assert.equal(n?.doi, '10.1109/MAPR72750.2026.11685822');
    assert.equal(
      n?.journalRef,
      '2026 International Conference on Multimedia Analysis and Pattern Recognition (MAPR)',
    );
    assert.equal(n?.authors.length, 6);
    assert.equal(c?.primaryCategory, 'hep-ph');
    assert.equal(c?.doi, '10.1103/PhysRevD.111.032004');
    assert.equal(r?.license, 'http://arxiv.org/licenses/nonexclusive-distrib/1.0/');
    assert.equal(r?.links.abs, 'https://arxiv.org/abs/2401.08875v3');
  });

  it('an empty feed is a normal result', () => {
    assert.deepEqual(parse('rss_test-archive_empty_2024-11-28.xml'), {
      categories: ['test'],
      feedDate: '2024-11-28',
      items: [],
    });
  });

  it('names the announcement by its feed date in New York, from the channel pubDate or Atom updated', () => {
    // pubDate "Mon, 27 Apr 2026 00:00:00 -0400"; Atom updated 2026-09-25T04:00:11Z is 00:00:11 in New York.
    assert.equal(parse('rss_cs.AI_2026-04-27_excerpt.xml').feedDate, '2026-04-27');
    assert.equal(parse('atom_cs.LG_2026-09-25_excerpt.xml').feedDate, '2026-09-25');
    assert.equal(parse('rss_all-20-archives_2024-11-28.xml').feedDate, '2024-11-28');
  });

  it('a truncated feed is ARXIV_MALFORMED', () => {
    const xml = readFileSync(corpus('rss', 'rss_cs.LG_2026-04-27_excerpt.xml'), 'utf8');
    assert.throws(
      () => parseAnnounceFeed(xml.slice(0, 3000)),
      (e: unknown) => isAppError(e, 'ARXIV_MALFORMED'),
    );
  });
});
