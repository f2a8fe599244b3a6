/**
 * The service contract: what every RadarService must do, whatever its ports — the in-memory one
 * the bot and MCP tests use (test/support/memory-radar-service.ts) and the real composition
 * (`createRadarService` over SQLite and real ports). Like the store contracts
 * (test/unit/adapters/store/contract/), each driver registers it with a factory:
 * `runServiceContract('memory', async () => ({ service, settings, close }))`. The factory must
 * return a service over a new, empty library each time; each test closes what it opened.
 *
 * `runServiceContract` needs neither arXiv nor Temporal: the library, subscriptions, feeds and
 * validation (a service must refuse bad input before starting any workflow).
 * `runServiceWorkflowContract` covers what runs a workflow (getPaper, then askPapers over it); its
 * factory may share one library between its tests.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import type { ServiceSettings } from '../../app/ports/service.ts';
import type { NamedText, RadarService } from '../../app/radar-service.ts';
import type { Digest } from '../../domain/digest.ts';
import { isAppError, type ErrorCode } from '../../domain/errors.ts';
import { corpus } from './corpus.ts';

export interface OpenedService {
  service: RadarService;
  /** The deployment defaults the service was built with. */
  settings: ServiceSettings;
  close(): Promise<void>;
}

/** Asserts `p` rejects with an AppError of `code` whose message mentions `mention`. */
export async function rejectsWith(p: Promise<unknown>, code: ErrorCode, mention: RegExp): Promise<void> {
  await assert.rejects(p, (e: unknown) => {
    assert.ok(isAppError(e, code), `expected AppError ${code}, got ${String(e)}`);
    assert.match(e.message, mention);
    return true;
  });
}

const feed = (file: string): NamedText => ({ name: file, text: readFileSync(corpus('atom', file), 'utf8') });
/** Ten recorded search results (cs.SE testing papers) and one old-style id. */
const TESTING = 'search_testing_start0_max10.xml';
const ASTRO = 'id_list_astro-ph_0601001.xml';

async function withService(
  make: () => Promise<OpenedService>,
  body: (s: OpenedService) => Promise<void>,
): Promise<void> {
  const opened = await make();
  try {
    await body(opened);
  } finally {
    await opened.close();
  }
}

export function runServiceContract(name: string, make: () => Promise<OpenedService>): void {
  const test = (title: string, body: (s: RadarService, opened: OpenedService) => Promise<void>) =>
    void it(title, () => withService(make, (opened) => body(opened.service, opened)));

  void describe(`RadarService contract: ${name}`, () => {
    void describe('subscriptions', () => {
      test('subscribe fills in the deployment defaults; listSubscriptions shows it, by name, without the webhook', async (s, {
        settings,
      }) => {
        const view = await s.subscribe({
          name: 'graphs',
          interest: 'graph neural networks',
          categories: ['cs.LG'],
        });
        assert.equal(view.cron, settings.digestCron);
        assert.equal(view.timezone, settings.digestTimeZone);
        assert.equal(view.topK, settings.digestTopK);
        assert.equal(view.paused, false);
        assert.deepEqual(view.destinations, { markdown: true, notion: false, discordChannelId: null });
        await s.subscribe({ name: 'alpha', interest: 'quantum criticality', query: 'ti:checkerboard' });
        const listed = await s.listSubscriptions();
        assert.deepEqual(
          listed.map((v) => v.name),
          ['alpha', 'graphs'],
        );
        assert.deepEqual(listed[1], view);
        for (const v of listed)
          assert.ok(!('discordWebhookUrl' in v.destinations), 'the webhook URL is a secret');
      });

      test('subscribe again updates: what the request does not mention is kept', async (s) => {
        await s.subscribe({
          name: 'graphs',
          interest: 'graphs',
          categories: ['cs.LG'],
          cron: '0 9 * * 1',
          timezone: 'Europe/Berlin',
          topK: 3,
        });
        const updated = await s.subscribe({ name: 'graphs', interest: 'graph transformers' });
        assert.equal(updated.interest, 'graph transformers');
        assert.deepEqual(
          [updated.cron, updated.timezone, updated.topK, updated.categories],
          ['0 9 * * 1', 'Europe/Berlin', 3, ['cs.LG']],
        );
        assert.equal((await s.listSubscriptions()).length, 1);
      });

      test('subscribe refuses a subscription without query or categories, or with a bad time zone', async (s) => {
        await rejectsWith(
          s.subscribe({ name: 'empty', interest: 'anything' }),
          'INVALID_INPUT',
          /query or at least one category/,
        );
        await rejectsWith(
          s.subscribe({ name: 'mars', interest: 'x', categories: ['cs.LG'], timezone: 'Mars/Base' }),
          'INVALID_INPUT',
          /Mars\/Base/,
        );
        assert.deepEqual(await s.listSubscriptions(), []);
      });

      test('unsubscribe is true for a subscription and false for an unknown name', async (s) => {
        await s.subscribe({ name: 'graphs', interest: 'graphs', categories: ['cs.LG'] });
        assert.equal(await s.unsubscribe('graphs'), true);
        assert.equal(await s.unsubscribe('graphs'), false);
        assert.equal(await s.unsubscribe('never-was'), false);
        assert.deepEqual(await s.listSubscriptions(), []);
      });

      test('pauseSubscription pauses and resumes; NOT_FOUND for an unknown name', async (s) => {
        await s.subscribe({ name: 'graphs', interest: 'graphs', categories: ['cs.LG'] });
        assert.equal((await s.pauseSubscription('graphs', true)).paused, true);
        assert.equal((await s.listSubscriptions())[0]?.paused, true);
        assert.equal(
          (await s.subscribe({ name: 'graphs', interest: 'graphs again' })).paused,
          true,
          'an update keeps it paused',
        );
        assert.equal((await s.pauseSubscription('graphs', false)).paused, false);
        await rejectsWith(s.pauseSubscription('nope', true), 'NOT_FOUND', /nope/);
      });

      test('runDigest of an unknown subscription is NOT_FOUND', async (s) => {
        await rejectsWith(s.runDigest('nope'), 'NOT_FOUND', /nope/);
      });

      test('no digests before any digest ran: lastDigest and getDigest are null, listDigests is empty', async (s) => {
        await s.subscribe({ name: 'graphs', interest: 'graphs', categories: ['cs.LG'] });
        assert.equal(await s.lastDigest('graphs'), null);
        assert.deepEqual(await s.listDigests('graphs'), []);
        assert.equal(await s.getDigest('graphs:2026-01-05'), null);
      });
    });

    void describe('ratings', () => {
      test('ratePaper stores the last rating of a stored paper per subscription; clear removes it; listRatings shows them', async (s) => {
        await s.importFeeds([feed(ASTRO)]);
        await s.subscribe({ name: 'astro', interest: 'supernovae', categories: ['astro-ph.CO'] });
        const up = await s.ratePaper({
          subscription: 'astro',
          paper: 'https://arxiv.org/abs/astro-ph/0601001v1',
          rating: 'up',
          source: 'web',
        });
        assert.equal(up.paper.id, 'astro-ph/0601001');
        assert.ok(up.paper.title.length > 0);
        assert.equal(up.rating?.rating, 'up');
        await s.ratePaper({
          subscription: 'astro',
          paper: 'astro-ph/0601001',
          rating: 'down',
          source: 'discord',
        });
        assert.deepEqual(
          (await s.listRatings('astro')).map((r) => [r.arxivId, r.rating, r.source]),
          [['astro-ph/0601001', 'down', 'discord']],
        );
        assert.equal(
          (
            await s.ratePaper({
              subscription: 'astro',
              paper: 'astro-ph/0601001',
              rating: null,
              source: 'cli',
            })
          ).rating,
          null,
        );
        assert.deepEqual(await s.listRatings('astro'), []);
      });

      test('ratePaper refuses an unknown subscription, a bad id and a bad rating, storing nothing', async (s) => {
        await s.importFeeds([feed(ASTRO)]);
        await rejectsWith(
          s.ratePaper({ subscription: 'nope', paper: 'astro-ph/0601001', rating: 'up', source: 'cli' }),
          'NOT_FOUND',
          /nope/,
        );
        await s.subscribe({ name: 'astro', interest: 'supernovae', categories: ['astro-ph.CO'] });
        await rejectsWith(
          s.ratePaper({ subscription: 'astro', paper: 'not-a-paper', rating: 'up', source: 'cli' }),
          'INVALID_INPUT',
          /arXiv id|not-a-paper/,
        );
        await rejectsWith(
          s.ratePaper({
            subscription: 'astro',
            paper: 'astro-ph/0601001',
            rating: 'great' as 'up',
            source: 'cli',
          }),
          'INVALID_INPUT',
          /up.*down/,
        );
        await rejectsWith(s.listRatings('nope'), 'NOT_FOUND', /nope/);
        assert.deepEqual(await s.listRatings('astro'), []);
      });

      test('unsubscribe forgets the ratings; subscribing again starts from none', async (s) => {
        await s.importFeeds([feed(ASTRO)]);
        await s.subscribe({ name: 'astro', interest: 'supernovae', categories: ['astro-ph.CO'] });
        await s.ratePaper({ subscription: 'astro', paper: 'astro-ph/0601001', rating: 'up', source: 'mcp' });
        await s.unsubscribe('astro');
        await s.subscribe({ name: 'astro', interest: 'supernovae', categories: ['astro-ph.CO'] });
        assert.deepEqual(await s.listRatings('astro'), []);
      });

      test('subscribe with seed papers already in the library rates them 👍 as seeds; a bad seed id stores nothing', async (s) => {
        await s.importFeeds([feed(TESTING)]);
        const ids = (await s.listPapers({ limit: 2 })).papers.map((p) => p.arxiv_id);
        await rejectsWith(
          s.subscribe({
            name: 'tests',
            interest: 'testing',
            categories: ['cs.SE'],
            like: [ids[0]!, 'nonsense'],
          }),
          'INVALID_INPUT',
          /nonsense/,
        );
        assert.deepEqual(await s.listSubscriptions(), []);
        await s.subscribe({ name: 'tests', interest: 'testing', categories: ['cs.SE'], like: ids });
        assert.deepEqual(
          (await s.listRatings('tests')).map((r) => [r.arxivId, r.rating, r.source]).sort(),
          ids.map((id) => [id, 'up', 'seed']).sort(),
        );
      });
    });

    void describe('library', () => {
      test('importFeeds stores every paper of the feeds; a second import inserts nothing new', async (s) => {
        assert.deepEqual(await s.importFeeds([feed(TESTING), feed(ASTRO)], { topic: 'imported' }), {
          papers: 11,
          inserted: 11,
          updated: 0,
        });
        const again = await s.importFeeds([feed(TESTING)]);
        assert.equal(again.papers, 10);
        assert.equal(again.inserted, 0);
        assert.equal((await s.listPapers({})).total_count, 11);
      });

      test('importFeeds of a bad feed stores nothing and names the file', async (s) => {
        await rejectsWith(
          s.importFeeds([feed(TESTING), { name: 'broken.xml', text: '<feed><entry>' }]),
          'INVALID_INPUT',
          /^broken\.xml: .*nothing was imported/,
        );
        assert.equal((await s.listPapers({})).total_count, 0);
        assert.deepEqual(await s.topics(), []);
      });

      test('extractInfo: a stored paper with its topics, a versioned id reduced to its base; null when not stored', async (s) => {
        assert.equal(await s.extractInfo('2104.12255'), null);
        await s.importFeeds([feed(ASTRO)], { topic: 'astro' });
        const info = await s.extractInfo('astro-ph/0601001v1');
        assert.equal(info?.id, 'astro-ph/0601001');
        assert.deepEqual(info?.topics, ['astro']);
      });

      test('readStoredPaper: null for a paper not stored and for one stored without its full text; a bad ref is INVALID_INPUT', async (s) => {
        assert.equal(await s.readStoredPaper('2104.12255'), null);
        await s.importFeeds([feed(ASTRO)], { topic: 'astro' });
        assert.ok(await s.extractInfo('astro-ph/0601001'));
        assert.equal(await s.readStoredPaper('astro-ph/0601001'), null);
        await assert.rejects(s.readStoredPaper('not an id'), (e) => isAppError(e, 'INVALID_INPUT'));
      });

      test('listPapers filters by topic, category, author and date, pages, and refuses bad filters', async (s) => {
        await s.importFeeds([feed(TESTING)], { topic: 'testing' });
        await s.importFeeds([feed(ASTRO)], { topic: 'astro' });
        const all = await s.listPapers({});
        assert.equal(all.total_count, 11);
        assert.deepEqual(
          (await s.listPapers({ topic: 'astro' })).papers.map((p) => p.arxiv_id),
          ['astro-ph/0601001'],
        );
        const se = await s.listPapers({ categories: ['cs.SE'] });
        assert.ok(se.total_count > 0 && se.total_count <= 10);
        assert.ok(se.papers.every((p) => p.categories.includes('cs.SE')));
        const author = all.papers.find((p) => p.arxiv_id !== 'astro-ph/0601001')!.authors[0]!;
        assert.ok(
          (await s.listPapers({ author })).papers.every((p) =>
            p.authors.some((a) => a.toLowerCase().includes(author.toLowerCase())),
          ),
        );
        const day = all.papers[0]!.published_date.slice(0, 10);
        const onDay = await s.listPapers({ start_date: day, end_date: day });
        assert.ok(onDay.total_count >= 1 && onDay.papers.every((p) => p.published_date.startsWith(day)));
        const page = await s.listPapers({ limit: 4, offset: 8 });
        assert.deepEqual([page.total_count, page.returned], [11, 3]);
        assert.deepEqual(
          page.papers.map((p) => p.arxiv_id),
          all.papers.slice(8).map((p) => p.arxiv_id),
        );
        const searched = await s.listPapers({ query: 'mutation' });
        assert.ok(searched.papers.every((p) => /mutation|mutant/i.test(`${p.title} ${p.abstract}`)));
        await rejectsWith(s.listPapers({ start_date: '12/01/2024' }), 'INVALID_INPUT', /start_date/);
        await rejectsWith(s.listPapers({ limit: 0 }), 'INVALID_INPUT', /limit/);
      });

      test('topics and topicMarkdown after importFeeds; NOT_FOUND for an unknown topic', async (s) => {
        assert.deepEqual(await s.topics(), []);
        await s.importFeeds([feed(TESTING)], { topic: 'testing' });
        await s.importFeeds([feed(ASTRO)], { topic: 'astro' });
        assert.deepEqual(await s.topics(), [
          { name: 'astro', count: 1 },
          { name: 'testing', count: 10 },
        ]);
        const md = await s.topicMarkdown('astro');
        assert.match(md, /^# astro\n/);
        assert.match(md, /^## .*Hot Jupiters/m);
        assert.match(md, /astro-ph\/0601001/);
        await rejectsWith(s.topicMarkdown('nothing-here'), 'NOT_FOUND', /nothing-here/);
      });

      test('savePaper files a stored paper under a topic; NOT_FOUND when it is not stored', async (s) => {
        await s.importFeeds([feed(ASTRO)]);
        const saved = await s.savePaper({ id: 'astro-ph/0601001', topic: 'favourites' });
        assert.equal(saved.topic, 'favourites');
        assert.match(saved.title, /\S/);
        assert.deepEqual((await s.extractInfo('astro-ph/0601001'))?.topics, ['favourites']);
        await rejectsWith(s.savePaper({ id: '2104.12255', topic: 'favourites' }), 'NOT_FOUND', /2104\.12255/);
      });

      test('askPapers refuses an empty question and says so when nothing in the library is relevant', async (s) => {
        await rejectsWith(s.askPapers('   '), 'INVALID_INPUT', /question is empty/);
        await s.importFeeds([feed(ASTRO)]);
        const a = await s.askPapers('How do transformers tokenise protein sequences?');
        assert.match(a.answer, /Nothing in your library is relevant/);
        assert.deepEqual([a.citations, a.passages, a.usedLlm], [[], [], false]);
      });
    });

    void describe('documents and feeds', () => {
      test('rankFeeds ranks every paper of the feeds once, best first; an empty interest is INVALID_INPUT', async (s) => {
        const r = await s.rankFeeds('mutation testing of deep learning models', [
          feed(TESTING),
          feed(TESTING),
        ]);
        assert.equal(r.papers.length, 10, 'duplicates across feeds are ranked once');
        const scores = r.papers.map((p) => p.score);
        assert.deepEqual(
          scores,
          [...scores].sort((a, b) => b - a),
        );
        assert.match(r.papers[0]!.paper.title, /[Mm]utation|[Tt]est/);
        await rejectsWith(s.rankFeeds('  ', [feed(TESTING)]), 'INVALID_INPUT', /interest is empty/);
        assert.equal((await s.listPapers({})).total_count, 0, 'ranking stores nothing');
      });

      test('summarize: Markdown, or a stored paper; NOT_FOUND when not stored, INVALID_INPUT for a bad ref', async (s) => {
        const md = await s.summarize({
          markdown:
            '# Graph Rewiring\n\n## Abstract\n\nWe study graph rewiring for message passing. Rewiring reduces over-squashing on long-range tasks. ' +
            'Our method adds edges between distant nodes. It improves accuracy on five benchmarks.\n',
        });
        assert.match(md.tldr, /rewiring/i);
        await s.importFeeds([feed(ASTRO)]);
        assert.match((await s.summarize({ ref: 'astro-ph/0601001' })).tldr, /\S/);
        await rejectsWith(s.summarize({ ref: '2104.12255' }), 'NOT_FOUND', /2104\.12255/);
        await rejectsWith(s.summarize({ ref: 'not a paper' }), 'INVALID_INPUT', /arXiv id/);
      });

      test('buildQuery turns plain language into an arXiv query; an empty question is INVALID_INPUT', async (s) => {
        const q = await s.buildQuery('graph neural networks for molecules');
        assert.match(q.searchQuery, /graph/i);
        assert.ok(q.method === 'heuristic' || q.method === 'llm');
        await rejectsWith(s.buildQuery(''), 'INVALID_INPUT', /empty/);
        const asWritten = await s.buildQuery('ti:"diffusion model"  AND cat:cs.CV');
        assert.deepEqual(
          [asWritten.searchQuery, asWritten.method],
          ['ti:"diffusion model" AND cat:cs.CV', 'as-written'],
        );
        assert.deepEqual(
          asWritten.parts.map((p) => p.kind),
          ['kept', 'kept', 'kept'],
        );
      });

      test('searchPapers refuses an empty question before searching', async (s) => {
        await rejectsWith(s.searchPapers({ question: '  ' }), 'INVALID_INPUT', /empty/);
      });

      test('digestMarkdown renders a digest with its papers', async (s) => {
        const digest: Digest = {
          key: 'graphs:2026-01-05',
          subscription: 'graphs',
          interest: 'graph neural networks',
          date: '2026-01-05',
          windowStart: '2026-01-01T19:00:00.000Z',
          windowEnd: '2026-01-02T19:00:00.000Z',
          entries: [
            {
              arxivId: '2601.00001',
              version: 1,
              title: 'Rewiring Graphs for Message Passing',
              authors: ['Ada Lovelace'],
              primaryCategory: 'cs.LG',
              categories: ['cs.LG'],
              published: '2026-01-02T10:00:00Z',
              absUrl: 'https://arxiv.org/abs/2601.00001v1',
              pdfUrl: null,
              score: 0.9,
              summary: { tldr: 'Adds edges between distant nodes.', keyPoints: [], method: 'extractive' },
            },
          ],
        };
        const md = await s.digestMarkdown(digest);
        assert.match(md, /Rewiring Graphs for Message Passing/);
        assert.match(md, /2601\.00001/);
        assert.match(md, /Adds edges between distant nodes\./);
      });
    });
  });
}

/** What the workflow contract needs from the factory: a paper its arXiv knows (it may share one library across tests). */
export interface OpenedWorkflowService extends OpenedService {
  /** An id arXiv (real, fake or in-memory) has, with a title whose words are in its full text or title. */
  knownPaper: string;
}

export function runServiceWorkflowContract(name: string, make: () => Promise<OpenedWorkflowService>): void {
  void describe(`RadarService workflow contract: ${name}`, () => {
    void it('getPaper stores the paper (extractInfo finds it) and renders Markdown; askPapers then cites it', async () => {
      await withService(make, async (opened) => {
        const { service: s, knownPaper } = opened as OpenedWorkflowService;
        const doc = await s.getPaper({ ref: `https://arxiv.org/abs/${knownPaper}` });
        assert.equal(doc.paper.id, knownPaper);
        assert.ok(doc.markdown.startsWith(`# ${doc.paper.title.replace(/\s+/g, ' ').trim()}`));
        assert.equal((await s.extractInfo(knownPaper))?.id, knownPaper);
        if (doc.source) {
          // Converted once: it now opens from the library, as getPaper gave it.
          const stored = await s.readStoredPaper(knownPaper);
          assert.equal(stored?.markdown, doc.markdown);
          assert.equal(stored?.source, doc.source);
        }
        const a = await s.askPapers(`What does "${doc.paper.title}" find?`);
        assert.ok(
          a.citations.some((c) => c.arxivId === knownPaper),
          JSON.stringify(a.citations),
        );
        assert.ok(a.passages.every((p) => p.arxivId.length > 0));
      });
    });

    void it('getPaper of a reference that is no arXiv id is INVALID_INPUT', async () => {
      await withService(make, async ({ service: s }) => {
        await rejectsWith(s.getPaper({ ref: 'not a paper' }), 'INVALID_INPUT', /arXiv id/);
      });
    });
  });
}
