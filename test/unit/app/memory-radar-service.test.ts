/** The in-memory RadarService of the bot and MCP tests passes the same service contract as the real one. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  createMemoryRadarService,
  MEMORY_SETTINGS,
  papersFromCorpusFeed,
} from '../../support/memory-radar-service.ts';
import { runServiceContract, runServiceWorkflowContract } from '../../support/service-contract.ts';

const SEARCHABLE = [
  ...papersFromCorpusFeed('search_testing_start0_max10.xml'),
  ...papersFromCorpusFeed('id_list_astro-ph_0601001.xml'),
];

const open = async () => {
  const service = createMemoryRadarService(SEARCHABLE);
  return { service, settings: MEMORY_SETTINGS, close: () => service.close(), knownPaper: 'astro-ph/0601001' };
};

runServiceContract('in-memory', open);
runServiceWorkflowContract('in-memory', open);

describe('in-memory RadarService', () => {
  it('records the data arguments of every call, and keeps the schedules in step with the subscriptions', async () => {
    const service = createMemoryRadarService(SEARCHABLE);
    await service.searchPapers({ question: 'mutation testing', maxResults: 3 }, () => undefined, {});
    await service.subscribe({ name: 'graphs', interest: 'graphs', categories: ['cs.LG'] });
    assert.deepEqual(service.calls, [
      { method: 'searchPapers', args: [{ question: 'mutation testing', maxResults: 3 }] },
      { method: 'subscribe', args: [{ name: 'graphs', interest: 'graphs', categories: ['cs.LG'] }] },
    ]);
    assert.deepEqual([...service.schedules.keys()], ['graphs']);
    assert.deepEqual(
      service.runs.map((r) => r.workflow),
      ['topicSearch'],
    );
    await service.unsubscribe('graphs');
    assert.equal(service.schedules.size, 0);
    await service.close();
  });

  it('a manual digest publishes the best matches once, then has nothing new', async () => {
    const service = createMemoryRadarService(SEARCHABLE);
    await service.subscribe({
      name: 'dl-testing',
      query: 'all:testing',
      interest: 'testing deep learning models',
      categories: ['cs.SE'],
      topK: 3,
    });
    const r = await service.runDigest('dl-testing');
    assert.equal(r.status, 'published');
    assert.equal(r.status === 'published' && r.digest.entries.length, 3);
    assert.deepEqual(await service.lastDigest('dl-testing'), r.status === 'published' ? r.digest : null);
    await service.close();
  });
});

describe('in-memory RadarService: feedback', () => {
  it('seed papers and ratings of papers not in the library are looked up on arXiv, stored, then rated', async () => {
    const service = createMemoryRadarService(SEARCHABLE);
    const [a, b] = SEARCHABLE.map((p) => p.id);
    await service.subscribe({
      name: 'dl-testing',
      interest: 'testing deep learning models',
      categories: ['cs.SE'],
      like: [`https://arxiv.org/abs/${a}v1`],
    });
    assert.equal((await service.store.getPaper(a!))?.id, a, 'the seed is in the library');
    assert.deepEqual(
      (await service.listRatings('dl-testing')).map((r) => [r.arxivId, r.rating, r.source]),
      [[a, 'up', 'seed']],
    );
    const r = await service.ratePaper({
      subscription: 'dl-testing',
      paper: b!,
      rating: 'down',
      source: 'mcp',
    });
    assert.equal(r.paper.id, b);
    assert.ok(await service.store.getPaper(b!));
    await assert.rejects(
      service.ratePaper({ subscription: 'dl-testing', paper: '2501.99999', rating: 'up', source: 'mcp' }),
      /arXiv has no paper 2501\.99999/,
    );
    await assert.rejects(
      service.subscribe({ name: 'other', interest: 'x', categories: ['cs.SE'], like: ['2501.99999'] }),
      /arXiv has no paper/,
    );
    assert.deepEqual(
      (await service.listSubscriptions()).map((s) => s.name),
      ['dl-testing'],
      'an unknown seed stores no subscription',
    );
    await service.close();
  });
});
