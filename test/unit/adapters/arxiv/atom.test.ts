import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { parseAtomFeed } from '../../../../adapters/arxiv/atom.ts';
import { isAppError } from '../../../../domain/errors.ts';
import { corpus } from '../../../support/corpus.ts';

const read = (name: string) => readFileSync(corpus('atom', name), 'utf8');
const parse = (name: string) => parseAtomFeed(read(name));

describe('parseAtomFeed on every corpus Atom file', () => {
  const files = readdirSync(corpus('atom')).filter((f) => f.endsWith('.xml'));
  it('covers all 17 files', () => assert.equal(files.length, 17));
  for (const f of files.filter((n) => !n.startsWith('error_'))) {
    it(`${f}: every entry has id, title, abstract, authors, categories and dates`, () => {
      const feed = parse(f);
      assert.equal(feed.papers.length, (read(f).match(/<entry>/g) ?? []).length);
      for (const p of feed.papers) {
        assert.match(p.id, /^(\d{4}\.\d{4,5}|[a-z-]+(\.[A-Z]{2})?\/\d{7})$/);
        assert.ok(p.version && p.version >= 1);
        assert.ok(p.title && !/\s{2}|\n/.test(p.title));
        assert.ok(p.abstract.length > 20 && !/\n/.test(p.abstract));
        assert.ok(p.authors.length > 0 && p.authors.every((a) => a.name));
        assert.equal(p.categories[0], p.primaryCategory);
        assert.match(p.published, /^\d{4}-\d\d-\d\dT/);
        assert.match(p.updated, /^\d{4}-\d\d-\d\dT/);
        assert.match(p.links.abs, /^https:\/\/arxiv\.org\/abs\//);
        assert.equal(p.links.pdf, p.links.abs.replace('/abs/', '/pdf/'));
        assert.equal(p.withdrawn, false);
      }
    });
  }
});

describe('parseAtomFeed field values', () => {
  it('old API (2016): DOI from arxiv:doi, journal_ref, comment, two categories, https links', () => {
    const feed = parse('id_list_1111.2011v2.xml');
    assert.deepEqual([feed.totalResults, feed.startIndex, feed.itemsPerPage], [1, 0, 10]);
    const [p] = feed.papers;
    assert.ok(p);
    assert.equal(p.id, '1111.2011');
    assert.equal(p.version, 2);
    assert.equal(
      p.title,
      'Quantum Criticality for Extended Nodes on a Bethe Lattice in the Large Connectivity Limit',
    );
    assert.ok(
      p.abstract.startsWith(
        'Theoretical description of anisotropic systems, such as layered superconductors',
      ),
    );
    assert.deepEqual(
      p.authors.map((a) => a.name),
      ['James M. Murray', 'Adrian Del Maestro', 'Zlatko Tesanovic'],
    );
    assert.deepEqual(p.categories, ['cond-mat.str-el', 'cond-mat.stat-mech']);
    assert.equal(p.published, '2011-11-08T18:48:36Z');
    assert.equal(p.updated, '2012-04-02T12:38:54Z');
    assert.equal(p.doi, '10.1103/PhysRevB.85.115117');
    assert.equal(p.journalRef, 'Phys. Rev. B 85, 115117 (2012)');
    assert.equal(p.comment, '8 pages, 3 figures. Published version');
    assert.deepEqual(p.links, {
      abs: 'https://arxiv.org/abs/1111.2011v2',
      pdf: 'https://arxiv.org/pdf/1111.2011v2',
      html: null,
    });
  });

  it('new API legacy id: astro-ph/0601001 with affiliations, journal_ref and comment', () => {
    const [p] = parse('id_list_astro-ph_0601001.xml').papers;
    assert.ok(p);
    assert.equal(p.id, 'astro-ph/0601001');
    assert.equal(p.version, 1);
    assert.deepEqual(p.authors, [
      { name: 'Andrew Gould', affiliations: ['Ohio State'] },
      { name: 'Susan Dorsher', affiliations: ['Ohio State'] },
      { name: 'B. Scott Gaudi', affiliations: ['CfA'] },
      { name: 'Andrzej Udalski', affiliations: ['Warsaw University Observatory'] },
    ]);
    assert.equal(p.journalRef, 'ActaAstron.56:1-50,2006');
    assert.match(
      p.comment ?? '',
      /^62 pages including 16 figures and 9 tables\. Submitted to Acta Astronomica\./,
    );
    assert.deepEqual(p.categories, ['astro-ph']);
    assert.equal(p.doi, null);
    assert.equal(p.links.pdf, 'https://arxiv.org/pdf/astro-ph/0601001v1');
  });

  it('old API search: legacy ids, DOIs from <link title="doi">, multi-category', () => {
    const feed = parse('search_au-del_maestro.xml');
    assert.deepEqual([feed.totalResults, feed.itemsPerPage, feed.papers.length], [31, 10, 10]);
    const legacy = feed.papers.filter((p) => p.id.includes('/')).map((p) => `${p.id}v${p.version}`);
    assert.deepEqual(legacy, [
      'cond-mat/0412498v1',
      'cond-mat/0603029v1',
      'cond-mat/0607501v2',
      'cond-mat/0702661v2',
    ]);
    const p = feed.papers.find((x) => x.id === 'cond-mat/0702661');
    assert.equal(p?.doi, '10.1103/PhysRevB.76.064418');
    assert.equal(p?.journalRef, 'Phys. Rev. B 76, 064418 (2007)');
    assert.deepEqual(p?.categories, ['cond-mat.mtrl-sci', 'cond-mat.stat-mech']);
  });

  it('old API boolean and phrase searches', () => {
    assert.deepEqual(
      parse('search_au-del_maestro_AND_ti-checkerboard.xml').papers.map((p) => p.id),
      ['cond-mat/0603029'],
    );
    const phrase = parse('search_au-del_maestro_AND_ti-quantum_criticality.xml').papers;
    assert.deepEqual(
      phrase.map((p) => p.id),
      ['1111.2011', 'cond-mat/0607501'],
    );
    assert.ok(phrase.every((p) => /quantum criticality/i.test(p.title)));
    const andNot = parse('search_au-del_maestro_ANDNOT_ti-checkerboard_OR_ti-Pyrochlore.xml');
    assert.equal(andNot.totalResults, 24);
    assert.ok(andNot.papers.every((p) => !/checkerboard|pyrochlore/i.test(p.title)));
  });

  it('new API search pages: totals, offsets and overlapping pages agree', () => {
    const p0 = parse('search_testing_start0_max10.xml');
    const p10 = parse('search_testing_start10_max10.xml');
    const p5 = parse('search_testing_start5_max15.xml');
    const all = parse('search_testing_start0_max100.xml');
    assert.equal(p0.totalResults, 214881);
    assert.deepEqual([p10.startIndex, p10.itemsPerPage, p5.startIndex, p5.itemsPerPage], [10, 10, 5, 15]);
    const ids = (f: typeof p0) => f.papers.map((p) => p.id);
    assert.deepEqual(ids(p5), [...ids(p0).slice(5), ...ids(p10).slice(0, 10)]);
    assert.deepEqual(ids(all).slice(0, 20), [...ids(p0), ...ids(p10)]);
    assert.equal(all.papers.length, 100);
  });

  it('new API 100-entry feed: legacy ids with DOI/journal_ref and an affiliation', () => {
    const all = parse('search_testing_start0_max100.xml').papers;
    const hep = all.find((p) => p.id === 'hep-ph/0301050');
    assert.equal(hep?.doi, '10.1016/j.physletb.2003.08.045');
    assert.equal(hep?.journalRef, 'Phys.Lett.B573:94-100,2003');
    assert.equal(all.find((p) => p.id === 'cs/0503050')?.version, 1);
    assert.deepEqual(all.find((p) => p.id === '0804.0970')?.authors, [
      { name: 'Marie-Claude Gaudel', affiliations: ['LRI'] },
      { name: 'Pascale Le Gall', affiliations: ['IBISC'] },
    ]);
    assert.equal(all.filter((p) => p.doi).length, 32);
  });

  it('partial id_list: the missing id is simply absent', () => {
    const feed = parse('id_list_0808.05394_1707.08567_partial.xml');
    assert.equal(feed.totalResults, 1);
    assert.deepEqual(
      feed.papers.map((p) => `${p.id}v${p.version}`),
      ['1707.08567v1'],
    );
    const p = feed.papers[0];
    assert.equal(p?.authors.length, 34);
    assert.equal(p?.comment, '44 pages, editors for the proceedings: Yanling Chen and A. J. Han Vinck');
    assert.deepEqual(p?.categories, ['cs.IT']);
  });

  it('versioned and unversioned lookups', () => {
    const v = parse('id_list_2104.12255v1.xml').papers[0];
    assert.deepEqual([v?.id, v?.version, v?.title], ['2104.12255', 1, '0']);
    const u = parse('id_list_1605.08386.xml').papers[0];
    assert.deepEqual(
      [u?.id, u?.version, u?.title],
      ['1605.08386', 1, 'Heat-bath random walks with Markov bases'],
    );
    assert.equal(u?.categories.length, 2);
  });

  it('empty results are not errors', () => {
    for (const f of ['id_list_0000.0000_empty.xml', 'id_list_1201.56789_empty.xml']) {
      const feed = parse(f);
      assert.equal(feed.totalResults, 0);
      assert.deepEqual(feed.papers, []);
    }
  });

  it('the error feed is a non-retryable ARXIV_API_ERROR quoting arXiv', () => {
    assert.throws(
      () => parse('error_id_list_abc_http400.xml'),
      (e: unknown) =>
        isAppError(e, 'ARXIV_API_ERROR') &&
        e.message === 'arXiv API error: incorrect id format for abc' &&
        !e.retryable,
    );
  });

  it('a truncated feed is ARXIV_MALFORMED quoting its first bytes', () => {
    const xml = read('id_list_1707.08567.xml');
    assert.throws(
      () => parseAtomFeed(xml.slice(0, xml.length / 2)),
      (e: unknown) =>
        isAppError(e, 'ARXIV_MALFORMED') && e.message.includes("<?xml version='1.0' encoding='UTF-8'?>"),
    );
    assert.throws(
      () => parseAtomFeed('<html><body>Bad gateway</body></html>'),
      (e: unknown) => isAppError(e, 'ARXIV_MALFORMED') && e.message.includes('Bad gateway'),
    );
  });
});
