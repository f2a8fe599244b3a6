/**
 * One scenario through both doors of the core: the RadarService (what the CLI, the bot, MCP and
 * the web app call) and the research agent's tools (the worker's agentTool activity), over one
 * real SQLite library. Each capability (list, topics, ask-library, subscribe) is the same function
 * in app/capabilities/, so both must give the same answer for the same question.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createAgentActivities, libraryAnswerText } from '../../../activities/agent/activities.ts';
import { topicsText } from '../../../app/tools/list-topics.ts';
import { chunkMarkdown } from '../../../adapters/convert/chunks.ts';
import { createBm25Reranker } from '../../../adapters/rank/bm25.ts';
import { openSqliteStore } from '../../../adapters/store/sqlite/index.ts';
import { subscribeTopic } from '../../../app/capabilities/subscribe.ts';
import type { PaperStore } from '../../../app/ports/store.ts';
import type { RadarService } from '../../../app/radar-service.ts';
import { createRadarService } from '../../../app/service/create.ts';
import { loadConfig } from '../../../config/env.ts';
import { AppError } from '../../../domain/errors.ts';
import { silentLogger } from '../../../lib/logger.ts';
import { serviceSettings } from '../../../workers/compose.ts';
import { textPorts } from '../../../workers/text-ports.ts';
import { corpus } from '../../support/corpus.ts';
import { createMemorySchedules } from '../../support/memory-radar-service.ts';

const root = mkdtempSync(path.join(os.tmpdir(), 'capabilities-parity-'));
const settings = serviceSettings(loadConfig({ DATA_DIR: root }, {}));

describe('the service and the agent run the same capabilities', () => {
  let store: PaperStore;
  let service: RadarService;
  let agentTool: ReturnType<typeof createAgentActivities>['agentTool'];
  const serviceSchedules = createMemorySchedules();
  const agentSchedules = createMemorySchedules();

  before(async () => {
    store = openSqliteStore({ dataDir: path.join(root, 'db') });
    const noArxiv = () => Promise.reject(new AppError('INTERNAL', 'the scenario asked arXiv'));
    service = createRadarService(
      {
        store,
        runner: { run: () => Promise.reject(new AppError('INTERNAL', 'the scenario started a workflow')) },
        schedules: serviceSchedules,
        reranker: async () => createBm25Reranker(),
        llm: async () => undefined,
        notion: async () => null,
        converter: { convertFile: noArxiv },
        arxiv: noArxiv,
        ...textPorts(async () => undefined, silentLogger),
      },
      settings,
      silentLogger,
    );
    // The worker's wiring (workers/agent-deps.ts): the agent subscribes through the same capability.
    agentTool = createAgentActivities({
      store,
      reranker: async () => createBm25Reranker(),
      logger: silentLogger,
      agent: {
        llm: undefined,
        subscribe: (req) => subscribeTopic({ store, schedules: agentSchedules }, settings, req),
      },
    }).agentTool;
    // A real arXiv API response (100 results for "testing"), stored under a topic; the full text
    // of each paper here is its abstract, chunked as the converter chunks Markdown.
    const xml = readFileSync(corpus('atom', 'search_testing_start0_max100.xml'), 'utf8');
    await service.importFeeds([{ name: 'testing.xml', text: xml }], { topic: 'software testing' });
    const listed = await service.listPapers({ limit: 30 });
    for (const p of listed.papers.slice(0, 30)) {
      const paper = (await store.getPaper(p.arxiv_id))!;
      const markdown = `## Abstract\n\n${paper.abstract}\n`;
      await store.saveContent({
        id: paper.id,
        version: paper.version,
        source: 'html',
        markdown,
        warnings: [],
      });
      await store.replaceChunks(paper.id, paper.version, chunkMarkdown(markdown));
    }
  });
  after(async () => {
    await store.close();
    rmSync(root, { recursive: true, force: true });
  });

  const tool = async (name: string, args: Record<string, unknown>) => {
    const out = await agentTool({ name, args });
    return out;
  };

  it('list_papers: the same page, filters read the same way', async () => {
    for (const args of [
      { query: 'mutation testing', limit: 5, offset: 0 },
      { categories: ['cs.SE'], start_date: '2010-01-01', limit: 7, offset: 3 },
      { author: '', query: '', topic: 'software testing', limit: 50, offset: 0 },
    ]) {
      const out = await tool('list_papers', args);
      assert.equal(out.isError, false, out.text);
      const fromService = await service.listPapers(
        Object.fromEntries(Object.entries(args).filter(([, v]) => v !== '')),
      );
      assert.ok(fromService.returned > 0, `the scenario lists papers for ${JSON.stringify(args)}`);
      assert.deepEqual(JSON.parse(out.text), {
        total_count: fromService.total_count,
        returned: fromService.returned,
        papers: fromService.papers,
      });
    }
  });

  it('list_topics: the same folders and counts', async () => {
    const topics = await service.topics();
    assert.deepEqual(topics, [{ name: 'software testing', count: 100 }]);
    const out = await tool('list_topics', {});
    assert.equal(out.text, topicsText(topics));
    // The tool MCP registers from the same definition (app/tools/), run by the service.
    assert.equal(await service.runTool('list_topics', {}), out.text);
    await assert.rejects(service.runTool('no_such_tool', {}), /there is no tool "no_such_tool"/);
  });

  it('ask_library / askPapers: the same answer from the same passages', async () => {
    const question = 'How are test cases generated automatically?';
    const fromService = await service.askPapers(question);
    assert.equal(fromService.usedLlm, false);
    assert.ok(fromService.passages.length > 0, 'the library holds passages about test generation');
    const out = await tool('ask_library', { question });
    assert.equal(out.isError, false, out.text);
    assert.equal(out.text, libraryAnswerText(fromService));
  });

  it('subscribe: the same stored subscription and schedule; the same refusal without query or categories', async () => {
    const view = await service.subscribe({
      name: 'test-generation',
      interest: 'automatic test generation',
      categories: ['cs.SE'],
      topK: 7,
    });
    const serviceStored = await store.getSubscription('test-generation');
    assert.equal(await service.unsubscribe('test-generation'), true);
    const out = await tool('subscribe_topic', {
      name: 'test-generation',
      interest: 'automatic test generation',
      categories: ['cs.SE'],
      top_k: 7,
    });
    assert.equal(out.isError, false, out.text);
    assert.deepEqual(JSON.parse(out.text), { subscribed: view });
    const agentStored = await store.getSubscription('test-generation');
    const { createdAt: _a, updatedAt: _b, ...agentSub } = agentStored!;
    const { createdAt: _c, updatedAt: _d, ...serviceSub } = serviceStored!;
    assert.deepEqual(agentSub, serviceSub);
    assert.deepEqual(agentSchedules.entries.get('test-generation'), agentStored);
    assert.equal(serviceSchedules.entries.has('test-generation'), false, 'unsubscribe removed the schedule');

    const refused = await tool('subscribe_topic', { name: 'no-scope', interest: 'anything at all' });
    assert.equal(refused.isError, true);
    assert.match(refused.text, /INVALID_INPUT.*query or categories/);
    await assert.rejects(
      service.subscribe({ name: 'no-scope', interest: 'anything at all' }),
      (e: unknown) => {
        assert.ok(
          e instanceof AppError &&
            e.code === 'INVALID_INPUT' &&
            /query or at least one category/.test(e.message),
        );
        return true;
      },
    );
    assert.equal(await store.getSubscription('no-scope'), null);
  });
});
