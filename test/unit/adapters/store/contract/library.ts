/**
 * The `LibraryStore` contract: papers, topics, `list_papers`, contents, chunks and summaries.
 * Every driver runs it (see ./index.ts); `makeStore` must return a new, empty store each time.
 */
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import type { Paper } from '../../../../../domain/paper.ts';
import type { ListFilters } from '../../../../../domain/library.ts';
import type { LibraryStore } from '../../../../../app/ports/store.ts';
import { feedPapers, withRepairedNames } from '../fixtures.ts';
import { byId, rejectsWith, summary, type MakeStore, type Opened } from './helpers.ts';

/** Registers the LibraryStore contract tests for one driver. */
export function runLibraryContract(name: string, makeStore: MakeStore<LibraryStore>): void {
  describe(`LibraryStore contract: ${name}`, () => {
    let store: Opened<LibraryStore>;
    const maestro = feedPapers('search_au-del_maestro.xml');
    beforeEach(async () => {
      store = await makeStore();
    });
    afterEach(async () => {
      await store.close();
    });

    describe('papers', () => {
      it('inserts, then updates, and reads back the full record by base or versioned id', async () => {
        assert.deepEqual(await store.upsertPapers(maestro), { inserted: 10, updated: 0 });
        assert.deepEqual(await store.upsertPapers(maestro), { inserted: 0, updated: 10 });
        const original = byId(maestro, 'cond-mat/0607501');
        const stored = await store.getPaper('cond-mat/0607501');
        assert.deepEqual(stored, { ...original, versionsSeen: [2], topics: [] });
        assert.deepEqual(await store.getPaper('cond-mat/0607501v2'), stored);
        assert.equal(await store.getPaper('0000.00000'), null);
      });

      it('links are built from the id and a licence is kept only when it is an http(s) URL, whatever the paper carried (issue 28)', async () => {
        const original = byId(maestro, 'cond-mat/0607501');
        const hostile: Paper = {
          ...original,
          license: 'javascript:alert(1)',
          links: {
            abs: 'javascript:alert(1)',
            pdf: 'https://evil.example/x.pdf',
            html: 'data:text/html,<script>1</script>',
          },
        };
        await store.upsertPapers([hostile]);
        const stored = await store.getPaper('cond-mat/0607501');
        assert.deepEqual(stored?.links, {
          abs: 'https://arxiv.org/abs/cond-mat/0607501v2',
          pdf: 'https://arxiv.org/pdf/cond-mat/0607501v2',
          html: 'https://arxiv.org/html/cond-mat/0607501v2',
        });
        assert.equal(stored?.license, null);
        const listed = await store.listPapers({ limit: 50 });
        assert.equal(
          listed.papers.find((p) => p.arxiv_id === 'cond-mat/0607501')?.pdf_url,
          'https://arxiv.org/pdf/cond-mat/0607501v2',
        );
      });

      it('records every version seen and keeps the newest metadata when an older version arrives later', async () => {
        const [v2] = feedPapers('id_list_1111.2011v2.xml');
        assert.ok(v2);
        await store.upsertPapers([v2]);
        const v1: Paper = { ...v2, version: 1, title: 'An older title', updated: v2.published };
        await store.upsertPapers([v1]);
        const stored = await store.getPaper('1111.2011');
        assert.deepEqual(stored?.versionsSeen, [1, 2]);
        assert.equal(stored?.title, v2.title);
        assert.equal(stored?.version, 2);
      });

      it('rolls a failing batch back whole and keeps what was stored before', async () => {
        await store.upsertPapers(maestro.slice(0, 3));
        const bad = { ...byId(maestro, 'cond-mat/0607501'), published: 'not a date' };
        await rejectsWith(store.upsertPapers([...maestro.slice(3, 6), bad]), 'INVALID_INPUT', /published/);
        const all = await store.listPapers({ limit: 50 });
        assert.deepEqual(
          all.papers.map((p) => p.arxiv_id).sort(),
          maestro
            .slice(0, 3)
            .map((p) => p.id)
            .sort(),
        );
      });
    });

    describe('topics', () => {
      it("counts papers per topic and returns one topic's papers, newest first", async () => {
        const quantum = feedPapers('search_au-del_maestro_AND_ti-quantum_criticality.xml');
        await store.upsertPapers(quantum, { topic: 'quantum criticality' });
        await store.upsertPapers(maestro, { topic: 'del maestro' });
        assert.deepEqual(await store.topics(), [
          { name: 'del maestro', count: 10 },
          { name: 'quantum criticality', count: 2 },
        ]);
        assert.deepEqual((await store.getPaper('cond-mat/0607501'))?.topics, [
          'del maestro',
          'quantum criticality',
        ]);
        const topic = await store.topicPapers('  quantum criticality ');
        assert.equal(topic.name, 'quantum criticality');
        const newestFirst = [...quantum].sort((a, b) => b.published.localeCompare(a.published));
        assert.deepEqual(topic.papers, newestFirst);
        assert.equal((await store.topicPapers('del maestro')).papers.length, 10);
        await rejectsWith(store.topicPapers('nope'), 'NOT_FOUND', /nope/);
        await rejectsWith(store.listPapers({ topic: 'nope' }), 'NOT_FOUND', /nope/);
        await rejectsWith(store.upsertPapers([], { topic: '  ' }), 'INVALID_INPUT', /topic/);
      });
    });

    describe('listPapers', () => {
      it('rejects invalid filters naming the filter', async () => {
        await rejectsWith(store.listPapers({ start_date: '2024-13-01' }), 'INVALID_INPUT', /start_date/);
        await rejectsWith(store.listPapers({ end_date: '2024/01/01' }), 'INVALID_INPUT', /end_date/);
        await rejectsWith(
          store.listPapers({ start_date: '2024-02-01', end_date: '2024-01-01' }),
          'INVALID_INPUT',
          /start_date/,
        );
        await rejectsWith(store.listPapers({ limit: 0 }), 'INVALID_INPUT', /limit/);
        await rejectsWith(store.listPapers({ limit: 51 }), 'INVALID_INPUT', /limit/);
        await rejectsWith(store.listPapers({ limit: 2.5 }), 'INVALID_INPUT', /limit/);
        await rejectsWith(store.listPapers({ offset: -1 }), 'INVALID_INPUT', /offset/);
        await rejectsWith(
          store.listPapers({ categories: ['not a category'] }),
          'INVALID_INPUT',
          /categories/,
        );
        await rejectsWith(store.listPapers({ query: '!!!' }), 'INVALID_INPUT', /query/);
      });

      it('answers in the seed 002 shape, 20 by default', async () => {
        await store.upsertPapers(feedPapers('search_testing_start0_max100.xml'));
        const r = await store.listPapers({});
        assert.equal(r.total_count, 100);
        assert.equal(r.returned, 20);
        const p = r.papers[0];
        assert.ok(p);
        assert.deepEqual(Object.keys(p).sort(), [
          'abstract',
          'arxiv_id',
          'authors',
          'categories',
          'pdf_url',
          'published_date',
          'title',
        ]);
        assert.match(p.published_date, /^\d{4}-\d{2}-\d{2}$/);
        const dates = r.papers.map((x) => x.published_date);
        assert.deepEqual(dates, [...dates].sort().reverse());
      });

      it('matches authors ignoring case and accents, on any author', async () => {
        const papers = feedPapers('id_list_1707.08567.xml').map(withRepairedNames);
        assert.ok(papers[0]?.authors.some((a) => a.name === 'Dirk Wübben'));
        await store.upsertPapers([...papers, ...maestro]);
        for (const author of ['Dirk Wübben', 'dirk wubben', 'WUBBEN', 'Wübben']) {
          const r = await store.listPapers({ author });
          assert.deepEqual(
            r.papers.map((p) => p.arxiv_id),
            ['1707.08567'],
            author,
          );
        }
        assert.equal((await store.listPapers({ author: 'del maestro' })).total_count, 10);
        assert.equal(
          (await store.listPapers({ author: 'Subir Sachdev' })).total_count,
          maestro.filter((p) => p.authors.some((a) => a.name === 'Subir Sachdev')).length,
        );
      });

      it('turns any user text into a safe full-text query', async () => {
        await store.upsertPapers(maestro);
        for (const query of [
          '"quantum',
          'AND OR NOT',
          'title:(x*',
          'NEAR(a b)',
          "o'brien -x ^y",
          '\u0000quantum',
        ]) {
          const r = await store.listPapers({ query });
          assert.ok(r.total_count >= 0, query);
        }
        const r = await store.listPapers({ query: 'Quantum Criticality' });
        assert.ok(r.total_count > 0);
        assert.ok(
          r.papers.every(
            (p) =>
              /quantum/i.test(`${p.title} ${p.abstract}`) && /criticality/i.test(`${p.title} ${p.abstract}`),
          ),
        );
      });

      it('ranks a query by BM25 over title and abstract (title words weigh 3x), also under filters and paging', async () => {
        await store.upsertPapers(feedPapers('search_testing_start0_max100.xml'));
        await store.upsertPapers(maestro);
        // Orders as SQLite FTS5 gives them (bm25(3, 1), ties by storage order): every driver returns the same.
        const expected: Array<[ListFilters, number, string[]]> = [
          [
            { query: 'software testing', limit: 12 },
            36,
            [
              '1709.03221',
              '1605.01097',
              '2504.04921',
              '2311.09714',
              '2007.10224',
              '2503.23466',
              '2107.07364',
              '1202.4527',
              '1912.09881',
              '2301.13615',
              '1509.08401',
              '2002.06611',
            ],
          ],
          [
            { query: 'quantum', limit: 12 },
            9,
            [
              '1706.08286',
              '1312.6177',
              'cond-mat/0607501',
              '1303.6954',
              '1412.6529',
              '2405.11454',
              '0807.2873',
              '1005.5383',
              '1201.4869',
            ],
          ],
          [
            { query: 'test', limit: 12 },
            78,
            [
              '1912.09881',
              '2203.09604',
              '1906.00673',
              '2406.19956',
              '1809.08100',
              '2408.07846',
              '2304.12671',
              '2302.09330',
              '2405.13786',
              '2501.09657',
              '2012.10662',
              '1205.1866',
            ],
          ],
          [
            { query: 'testing of the model', limit: 12 },
            24,
            [
              '2007.09895',
              '2507.16734',
              '2202.06271',
              '2107.07364',
              '2103.02870',
              '2501.05022',
              '2312.06056',
              '2104.12832',
              '1602.05618',
              '2304.12671',
              '2502.07719',
              '2509.05540',
            ],
          ],
          [
            { query: 'testing', categories: ['cs.SE'], start_date: '2020-01-01', limit: 5, offset: 10 },
            47,
            ['2311.09714', '2302.13198', '2202.06271', '2109.07960', '2108.07910'],
          ],
        ];
        for (const [filters, total, ids] of expected) {
          const r = await store.listPapers(filters);
          assert.equal(r.total_count, total, JSON.stringify(filters));
          assert.deepEqual(
            r.papers.map((p) => p.arxiv_id),
            ids,
            JSON.stringify(filters),
          );
        }
      });
    });

    describe('contents', () => {
      it('saves Markdown per version, returns the latest by default and finds it by key', async () => {
        const first = await store.saveContent({
          id: 'astro-ph/0601001',
          version: 1,
          source: 'pdf',
          markdown: '# v1\n',
          warnings: ['no text on page 3'],
        });
        const second = await store.saveContent({
          id: 'astro-ph/0601001',
          version: 2,
          source: 'html',
          markdown: '# v2\n',
          warnings: [],
        });
        assert.notEqual(first.key, second.key);
        assert.deepEqual(await store.getContent('astro-ph/0601001'), {
          key: second.key,
          id: 'astro-ph/0601001',
          version: 2,
          source: 'html',
          markdown: '# v2\n',
          warnings: [],
        });
        assert.equal((await store.getContent('astro-ph/0601001', 1))?.markdown, '# v1\n');
        assert.deepEqual((await store.getContentByKey(first.key))?.warnings, ['no text on page 3']);
        assert.equal(await store.getContent('astro-ph/0601001', 3), null);
        assert.equal(await store.getContentByKey('../../etc/passwd'), null);
        const again = await store.saveContent({
          id: 'astro-ph/0601001v1',
          version: 1,
          source: 'pdf',
          markdown: '# v1\n',
          warnings: ['no text on page 3'],
        });
        assert.equal(again.key, first.key);
        await store.saveContent({
          id: '2104.12255',
          version: null,
          source: 'pdf',
          markdown: 'unversioned',
          warnings: [],
        });
        assert.equal((await store.getContent('2104.12255', null))?.markdown, 'unversioned');
        await rejectsWith(
          store.saveContent({ id: 'x', version: 0, source: 'pdf', markdown: '', warnings: [] }),
          'INVALID_INPUT',
          /version/,
        );
      });

      it('records every source of the cascade (arXiv HTML, ar5iv, LaTeX source, PDF) and refuses others', async () => {
        for (const [n, source] of (['html', 'ar5iv', 'latex', 'pdf'] as const).entries()) {
          await store.saveContent({
            id: '1707.08567',
            version: n + 1,
            source,
            markdown: `# ${source}\n`,
            warnings: [],
          });
          assert.equal((await store.getContent('1707.08567', n + 1))?.source, source);
        }
        await rejectsWith(
          store.saveContent({
            id: '1707.08567',
            version: 9,
            source: 'docx' as never,
            markdown: '',
            warnings: [],
          }),
          'INVALID_INPUT',
          /content source must be one of html, ar5iv, latex, pdf \(got docx\)/,
        );
      });
    });

    describe('chunks', () => {
      it('searches chunk text, section and paper title; replaces chunks; never fails on odd text', async () => {
        await store.upsertPapers(maestro);
        const p = byId(maestro, 'cond-mat/0607501');
        await store.replaceChunks(p.id, 2, [
          {
            sectionPath: ['1 Introduction'],
            text: 'We study the checkerboard lattice with quantum Monte Carlo.',
          },
          {
            sectionPath: ['2 Results', '2.1 Phase diagram'],
            text: 'A valence bond solid appears at low temperature.',
          },
        ]);
        const hits = await store.searchChunks('valence bond');
        assert.equal(hits.length, 1);
        assert.deepEqual(hits[0] && { ...hits[0], score: 0 }, {
          arxivId: p.id,
          version: 2,
          title: p.title,
          sectionPath: ['2 Results', '2.1 Phase diagram'],
          text: 'A valence bond solid appears at low temperature.',
          score: 0,
        });
        assert.ok((hits[0]?.score ?? 0) > 0);
        // Section headings are searchable too.
        assert.ok(
          (await store.searchChunks('phase diagram')).some((h) => h.sectionPath[1] === '2.1 Phase diagram'),
        );
        assert.equal((await store.searchChunks('valence', { ids: ['1111.2011'] })).length, 0);
        assert.equal((await store.searchChunks('valence', { ids: ['cond-mat/0607501v2'] })).length, 1);
        for (const q of ['"', 'NEAR(', '*', 'a:b', '']) assert.ok(Array.isArray(await store.searchChunks(q)));
        await store.replaceChunks(p.id, 2, [{ sectionPath: [], text: 'Only this remains.' }]);
        assert.equal((await store.searchChunks('valence')).length, 0);
        assert.equal((await store.searchChunks('remains')).length, 1);
      });
    });

    describe('summaries', () => {
      it('keeps one summary per version and returns the newest by default', async () => {
        await store.saveSummary('1111.2011', 1, { ...summary, tldr: 'old' });
        await store.saveSummary('1111.2011', 2, summary);
        assert.deepEqual(await store.getSummary('1111.2011'), summary);
        assert.equal((await store.getSummary('1111.2011', 1))?.tldr, 'old');
        assert.equal(await store.getSummary('1111.2011', 3), null);
      });
    });

    describe('removePaper', () => {
      it('removes one paper with its contents, chunks, summaries and topic memberships, and nothing else', async () => {
        await store.upsertPapers(maestro, { topic: 'del maestro' });
        const quantum = feedPapers('search_au-del_maestro_AND_ti-quantum_criticality.xml');
        await store.upsertPapers(quantum, { topic: 'quantum criticality' });
        const gone = byId(maestro, 'cond-mat/0607501');
        const kept = maestro.find(
          (p) => p.id !== gone.id && gone.authors.some((a) => p.authors.some((b) => b.name === a.name)),
        );
        assert.ok(kept, 'another paper shares an author');
        for (const p of [gone, kept]) {
          await store.saveContent({
            id: p.id,
            version: p.version,
            source: 'html',
            markdown: `# ${p.id}\n`,
            warnings: [],
          });
          await store.replaceChunks(p.id, p.version, [
            { sectionPath: ['1 Introduction'], text: `checkerboard valence ${p.id}` },
          ]);
          await store.saveSummary(p.id, p.version, summary);
        }
        const before = {
          total: (await store.listPapers({})).total_count,
          author: (await store.listPapers({ author: 'del maestro' })).total_count,
          category: (await store.listPapers({ categories: [gone.primaryCategory] })).total_count,
          query: await store.listPapers({ query: 'quantum', limit: 50 }),
          kept: await store.getPaper(kept.id),
        };

        assert.equal(await store.removePaper(`${gone.id}v${gone.version}`), true);
        assert.equal(await store.getPaper(gone.id), null);
        assert.equal(await store.getContent(gone.id), null);
        assert.equal(await store.getSummary(gone.id), null);
        assert.deepEqual(
          (await store.searchChunks('checkerboard valence')).map((h) => h.arxivId),
          [kept.id],
        );
        assert.equal((await store.listPapers({})).total_count, before.total - 1);
        assert.equal((await store.listPapers({ author: 'del maestro' })).total_count, before.author - 1);
        assert.equal(
          (await store.listPapers({ categories: [gone.primaryCategory] })).total_count,
          before.category - 1,
        );
        // Full-text ranking of the rest is unchanged but for the removed paper.
        const query = await store.listPapers({ query: 'quantum', limit: 50 });
        assert.deepEqual(
          query.papers.map((p) => p.arxiv_id),
          before.query.papers.map((p) => p.arxiv_id).filter((id) => id !== gone.id),
        );
        assert.equal(query.total_count, before.query.total_count - 1);
        // Everything else stays: the other papers, their contents, the topic folders.
        assert.deepEqual(await store.getPaper(kept.id), before.kept);
        assert.equal((await store.getContent(kept.id))?.markdown, `# ${kept.id}\n`);
        assert.deepEqual(await store.getSummary(kept.id), summary);
        assert.deepEqual(await store.topics(), [
          { name: 'del maestro', count: 9 },
          { name: 'quantum criticality', count: quantum.filter((p) => p.id !== gone.id).length },
        ]);
        assert.equal(await store.removePaper(gone.id), false);
        assert.equal(await store.removePaper('0000.00000'), false);
        // It can be stored again, and is then found as before.
        await store.upsertPapers([gone]);
        assert.equal(
          (await store.listPapers({ query: 'quantum', limit: 50 })).total_count,
          before.query.total_count,
        );
        assert.deepEqual((await store.getPaper(gone.id))?.topics, []);
      });
    });
  });
}
