/**
 * A topic digest end to end on the real Temporal dev server, against loopback fakes of arXiv,
 * Notion and Discord fed with the shared corpus: exactly one Notion page, one Discord message and
 * one Markdown file with the papers in ranked order; a second run publishes nothing new; a
 * schedule created by `subscribe` fires and produces a digest; `unsubscribe` removes it.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ScheduleNotFoundError } from '@temporalio/client';
import type { RadarServiceHandle } from '../../workers/compose.ts';
import type { FakeArxiv } from '../fakes/arxiv-server.ts';
import type { DiscordFake } from '../fakes/discord-server.ts';
import type { NotionFake } from '../fakes/notion-server.ts';
import { maybeRecordHistory } from '../support/histories.ts';
import type { TestRuntime } from '../support/runtime.ts';
import { CORPUS_DIR, redatedSearch, standInPdf } from '../support/corpus.ts';
import { feedDateAt, latestFeedDay, submissionWindow } from '../../domain/arxiv-calendar.ts';
import type { TopicDigestResult } from '../../workflows/topic-digest.ts';
import { startServiceHarness, type ServiceHarness } from '../support/service-harness.ts';

const CHANNEL = '111222333444555666';

/** A Wednesday: its announcement's submission window holds the re-dated recorded papers. */
const WINDOW_AS_OF = '2026-03-11T12:00:00.000Z';
const WINDOW = submissionWindow(latestFeedDay(feedDateAt(new Date(WINDOW_AS_OF))));

describe('topic digest end to end', () => {
  let arxiv: FakeArxiv;
  let notion: NotionFake;
  let discord: DiscordFake;
  let t: TestRuntime;
  let service: RadarServiceHandle;

  let harness: ServiceHarness;
  before(async () => {
    // 1111.2011's PDF is a stand-in: the CC BY PDF of 1503.07589v1 (test/support/corpus.ts).
    // The 100 recorded results of "testing" stand for the submissions of one announcement (WINDOW_AS_OF's).
    harness = await startServiceHarness({
      documents: standInPdf(),
      submittedDates: redatedSearch('search_testing_start0_max100.xml', WINDOW),
    });
    ({ arxiv, notion, discord, t, service } = harness);
  });

  after(async () => harness?.stop());

  it('publishes exactly one page, one message and one file, in ranked order; a rerun publishes nothing new', async () => {
    await service.subscribe({
      name: 'ai-agents',
      categories: ['cs.AI'],
      interest: 'large language model agents that use tools and plan',
      topK: 3,
      notion: true,
      discordChannelId: CHANNEL,
      cron: '0 3 1 1 *',
    });
    const stages: string[] = [];
    const first = await service.runDigest('ai-agents', (m) => stages.push(m));
    assert.equal(first.status, 'published');
    if (first.status !== 'published') return;
    const { digest, receipts } = first;
    assert.equal(digest.entries.length, 3);
    assert.deepEqual(receipts.map((r) => r.destination).sort(), ['discord', 'markdown', 'notion']);
    // Ranked order: scores never increase down the list.
    for (let i = 1; i < digest.entries.length; i++)
      assert.ok(digest.entries[i - 1]!.score >= digest.entries[i]!.score);
    assert.ok(stages.length > 0, 'progress was reported');

    // Notion: one page whose paper headings follow the ranked order.
    const pages = notion.pages();
    assert.equal(pages.length, 1);
    const titles = notion.pageText(pages[0]!.id);
    let lastIndex = -1;
    for (const e of digest.entries) {
      const idx = titles.indexOf(e.title.slice(0, 40));
      assert.ok(idx > lastIndex, `"${e.title}" appears after the previous paper in the Notion page`);
      lastIndex = idx;
    }
    // Discord: one message (the digest fits one), carrying every paper.
    const messages = discord.messagesIn(CHANNEL);
    assert.equal(messages.length, 1);
    const embedsText = JSON.stringify(messages[0]);
    for (const e of digest.entries)
      assert.ok(embedsText.includes(e.arxivId), `${e.arxivId} in the Discord message`);
    // Markdown: one file.
    const dir = path.join(t.dataDir, 'digests', 'ai-agents');
    const files = readdirSync(dir);
    assert.equal(files.length, 1);
    assert.ok(readFileSync(path.join(dir, files[0]!), 'utf8').includes(digest.entries[0]!.title));
    // arXiv cost: the feed plus at most three full-text attempts per top-K paper (HTML, LaTeX
    // source, PDF: this fake's web URL has no ar5iv, so that step makes no request).
    const arxivRequests = arxiv.requests.length;
    assert.ok(arxivRequests >= 1 + 3 && arxivRequests <= 1 + 3 * 3, `arXiv requests: ${arxivRequests}`);

    const second = await service.runDigest('ai-agents');
    assert.equal(second.status, 'empty');
    assert.equal(notion.pages().length, 1);
    assert.equal(discord.messagesIn(CHANNEL).length, 1);
    assert.equal(readdirSync(dir).length, 1);

    const last = await service.lastDigest('ai-agents');
    assert.equal(last?.key, digest.key);
  });

  it('fires a subscription schedule on trigger and removes it on unsubscribe', async () => {
    await service.subscribe({
      name: 'ml-scheduled',
      categories: ['cs.LG'],
      interest: 'machine learning theory',
      topK: 2,
      cron: '0 3 1 1 *',
    });
    const handle = t.client.schedule.getHandle('digest-ml-scheduled');
    const desc = await handle.describe();
    assert.equal(desc.spec.timezone, 'America/New_York');
    assert.equal(desc.action.type, 'startWorkflow');
    assert.equal(desc.policies.overlap, 'SKIP');
    await handle.trigger();
    // The run the trigger started, awaited to the end (the digest is stored before it is published).
    const deadline = Date.now() + 60_000;
    let started: string | undefined;
    while (Date.now() < deadline && !started) {
      started = (await handle.describe()).info.recentActions[0]?.action.workflow.workflowId;
      if (!started) await new Promise((r) => setTimeout(r, 200));
    }
    assert.ok(started, 'the trigger started a digest run');
    const result = (await t.client.workflow.getHandle(started).result()) as TopicDigestResult;
    assert.equal(result.status, 'published');
    const digest = await service.lastDigest('ml-scheduled');
    assert.ok(digest, 'the triggered schedule produced a digest');
    assert.ok(existsSync(path.join(t.dataDir, 'digests', 'ml-scheduled')));

    assert.equal(await service.unsubscribe('ml-scheduled'), true);
    await assert.rejects(handle.describe(), ScheduleNotFoundError);
  });

  it('digests a subscription of two categories from one feed per category, stored in the blob store', async () => {
    await service.subscribe({
      name: 'wide',
      categories: ['cs.LG', 'cs.AI'],
      query: 'cat:cs.LG',
      interest: 'deep learning optimisation',
      topK: 2,
      cron: '0 3 1 1 *',
    });
    const before = arxiv.requests.length;
    const result = await service.runDigest('wide');
    assert.equal(result.status, 'published');
    if (result.status !== 'published') return;
    // One feed per category, each shared with every subscription of that category (shared-feeds.ts).
    const feeds = arxiv.requests.slice(before).filter((r) => /^\/(atom|rss)\//.test(r.path));
    assert.deepEqual(feeds.map((r) => r.path).sort(), ['/atom/cs.AI', '/atom/cs.LG']);
    assert.equal(result.digest.entries.length, 2);
    for (const e of result.digest.entries)
      assert.ok(e.categories.includes('cs.LG'), `${e.arxivId} is in cs.LG (${e.categories.join(', ')})`);
    const file = readdirSync(path.join(t.dataDir, 'digests', 'wide'));
    assert.equal(file.length, 1);
  });

  it("pages through every submission in a query-only subscription's window", async () => {
    await service.subscribe({
      name: 'window',
      query: 'testing',
      interest: 'software testing in practice',
      topK: 2,
      cron: '0 3 1 1 *',
    });
    const before = arxiv.requests.length;
    const result = (await t.client.workflow.execute('topicDigest', {
      taskQueue: t.config.TEMPORAL_TASK_QUEUE,
      workflowId: `digest-window-paged-${Date.now()}`,
      args: ['window', { windowPageSize: 30, asOf: WINDOW_AS_OF }],
    })) as TopicDigestResult;
    assert.equal(result.status, 'published');
    // The fake holds the 100 recorded results of "testing" re-dated into the window's submissions.
    const recorded =
      readFileSync(path.join(CORPUS_DIR, 'atom', 'search_testing_start0_max100.xml'), 'utf8').match(
        /<entry>/g,
      )?.length ?? 0;
    const pages = arxiv.requests
      .slice(before)
      .filter((r) => r.path === '/api/query' && (r.query.search_query ?? '').includes('submittedDate'));
    assert.deepEqual(
      pages.map((r) => r.query.start),
      ['0', '30', '60', '90'],
    );
    const stored = await service.listPapers({ topic: 'window', limit: 1 });
    assert.equal(
      stored.total_count,
      recorded,
      'every paper of the window was considered (and stored under the topic)',
    );
  });

  it('ingests a paper by URL (no HTML on arXiv → PDF) and records replayable histories', async () => {
    const doc = await service.getPaper({ ref: 'https://arxiv.org/abs/1111.2011v2' });
    assert.equal(doc.source, 'pdf');
    assert.equal(doc.note, null);
    assert.match(doc.markdown, /^# /);
    assert.match(doc.markdown, /## Abstract/);
    const search = await service.searchPapers({ question: 'testing', maxResults: 10 });
    assert.ok(search.papers.length > 0);
    for await (const wf of t.client.workflow.list({ query: 'ExecutionStatus="Completed"' })) {
      if (['paperIngest', 'topicSearch', 'topicDigest'].includes(wf.type)) {
        await maybeRecordHistory(
          t.runtime.temporalAddress,
          wf.workflowId,
          wf.type,
          wf.workflowId.replace(/[^a-z0-9-]+/gi, '_'),
        );
      }
    }
  });
});
