/**
 * The service's digests: manual runs (a workflow) and their state, the stored digests, a digest
 * as Markdown, and one paper sent to Notion.
 */
import type { Receipt } from '../../domain/digest.ts';
import { AppError } from '../../domain/errors.ts';
import type { CallOptions, RadarService } from '../radar-service.ts';
import { notFound, notStored, type ServiceContext } from './context.ts';

type PublishingMethods = Pick<
  RadarService,
  'runDigest' | 'digestRun' | 'lastDigest' | 'listDigests' | 'getDigest' | 'digestMarkdown' | 'sendToNotion'
>;

function runDigest({ ports }: ServiceContext): RadarService['runDigest'] {
  const { store, runner } = ports;
  return async (name, progress, options: CallOptions = {}) => {
    if (!(await store.getSubscription(name))) throw notFound(name);
    const { topicDigest } = await import('../../workflows/topic-digest.ts');
    const r = await runner.run(topicDigest, [name], {
      idPrefix: `digest-${name}-manual`,
      label: `building the "${name}" digest…`,
      what: `"${name}" digest`,
      onDemand: false,
      progress,
      signal: options.signal,
      onStart: options.onStart,
    });
    if (r.status === 'empty') return r;
    const published = r.digests ?? [{ key: r.key, receipts: r.receipts }];
    const digests = await Promise.all(
      published.map(async (p) => {
        const digest = await store.getDigest(p.key);
        if (!digest) throw new AppError('STORE_ERROR', `digest ${p.key} was published but is not stored`);
        return { digest, receipts: p.receipts };
      }),
    );
    const newest = digests[digests.length - 1]!;
    return {
      status: 'published',
      digest: newest.digest,
      receipts: newest.receipts,
      digests,
      notCovered: r.notCovered ?? [],
      ...(r.belowFloor !== undefined ? { belowFloor: r.belowFloor } : {}),
    };
  };
}

function digestRun({ ports: { runner } }: ServiceContext): RadarService['digestRun'] {
  return async (workflowId) => {
    const at = workflowId.lastIndexOf('-manual-');
    if (!/^digest-[\w.-]{1,200}$/.test(workflowId) || at < 0 || !runner.describe) return null;
    const state = await runner.describe(workflowId);
    if (!state || state.type !== 'topicDigest') return null;
    const base = {
      workflowId,
      runId: state.runId,
      subscription: workflowId.slice('digest-'.length, at),
      digestKeys: [] as string[],
      reason: null,
    };
    if (state.status === 'running') return { ...base, status: 'running' };
    if (state.status === 'failed') return { ...base, status: 'failed', reason: state.failure ?? 'failed' };
    const r = state.result as
      | { status: 'empty'; reason: string }
      | { status: 'published'; key: string; digests?: Array<{ key: string }> };
    if (r.status === 'empty') return { ...base, status: 'empty', reason: r.reason };
    return { ...base, status: 'published', digestKeys: r.digests?.map((d) => d.key) ?? [r.key] };
  };
}

function sendToNotion({ ports }: ServiceContext): RadarService['sendToNotion'] {
  return async (paperId): Promise<Receipt> => {
    const publisher = await ports.notion();
    if (!publisher)
      throw new AppError(
        'CONFIG_INVALID',
        'Notion is not configured: set NOTION_TOKEN and NOTION_DATABASE_ID (docs/publishing.md).',
      );
    const paper = await ports.store.getPaper(paperId);
    if (!paper) throw notStored(paperId);
    const summary = (await ports.store.getSummary(paper.id)) ?? {
      tldr: paper.abstract.replace(/\s+/g, ' ').trim().slice(0, 600),
      keyPoints: [],
      method: 'extractive' as const,
    };
    return publisher.publish({
      key: `paper:${paper.id}`,
      subscription: paper.title.replace(/\s+/g, ' ').trim().slice(0, 200),
      interest: 'Sent from the arxiv-radar web app',
      date: paper.published.slice(0, 10),
      windowStart: paper.published,
      windowEnd: paper.published,
      entries: [
        {
          arxivId: paper.id,
          version: paper.version,
          title: paper.title,
          authors: paper.authors.map((a) => a.name),
          primaryCategory: paper.primaryCategory,
          categories: paper.categories,
          published: paper.published,
          absUrl: paper.links.abs,
          pdfUrl: paper.links.pdf,
          score: 0,
          summary,
        },
      ],
    });
  };
}

export function publishingMethods(ctx: ServiceContext): PublishingMethods {
  const { store } = ctx.ports;
  return {
    runDigest: runDigest(ctx),
    digestRun: digestRun(ctx),
    lastDigest: (name) => store.lastDigest(name),
    listDigests: (name, limit = 50) => store.listDigests(name, limit),
    getDigest: (key) => store.getDigest(key),
    digestMarkdown: (digest) => ctx.ports.digestMarkdown(digest),
    sendToNotion: sendToNotion(ctx),
  };
}
