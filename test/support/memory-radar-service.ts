/**
 * An in-memory RadarService for front-end tests (bot, MCP): the real service (`createRadarService`
 * from app/) over in-memory ports — the in-memory store (test/support/memory-store.ts), schedules
 * in a Map, BM25, no LLM unless a test scripts one, no Notion — and a fake workflow runner and
 * arXiv over `searchable` papers (a recorded Atom feed of the shared corpus, read with a
 * deliberately small parser; the real one lives in activities/arxiv). The runner does what the
 * workflows do to the library (topicSearch files the results and ingests the best, paperIngest
 * stores one paper with its text, chunks and summary, topicDigest stores a digest and its receipt)
 * without Temporal. It passes the same service contract as the real composition
 * (test/support/service-contract.ts), and records every call so tests can assert what reached the layer.
 */
import { readFileSync } from 'node:fs';
import { XMLParser } from 'fast-xml-parser';
import type { Workflow } from '@temporalio/common';
import type {
  ArxivSearch,
  RadarPorts,
  RunOptions,
  Schedules,
  ServiceSettings,
  WorkflowRunner,
} from '../../app/ports/service.ts';
import type { Answer, RadarService } from '../../app/radar-service.ts';
import { createRadarService } from '../../app/service/create.ts';
import { createBm25Reranker } from '../../adapters/rank/bm25.ts';
import { textPorts } from '../../workers/text-ports.ts';
import type { Reranker } from '../../app/ports/ranker.ts';
import type { PaperStore } from '../../app/ports/store.ts';
import { extractiveSummary } from '../../adapters/summarize/extractive.ts';
import { readQuery } from '../../domain/arxiv-query.ts';
import { chunkMarkdown } from '../../adapters/convert/chunks.ts';
import type { PaperIngestInput, PaperIngestResult } from '../../workflows/paper-ingest.ts';
import type { TopicSearchInput, TopicSearchResult } from '../../workflows/topic-search.ts';
import type { TopicDigestResult } from '../../workflows/topic-digest.ts';
import { DEFAULT_DIGEST_CRON } from '../../domain/arxiv-calendar.ts';
import { extractArxivId } from '../../domain/arxiv-ids.ts';
import type { Digest, Receipt } from '../../domain/digest.ts';
import { AppError } from '../../domain/errors.ts';
import type { Paper } from '../../domain/paper.ts';
import type { Subscription } from '../../domain/subscription.ts';
import { silentLogger } from '../../lib/logger.ts';
import { corpus } from './corpus.ts';
import { createMemoryStore } from './memory-store.ts';

type Node = Record<string, unknown>;
const arr = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
const text = (v: unknown): string =>
  (typeof v === 'object' && v !== null ? String((v as Node)['#text'] ?? '') : String(v ?? ''))
    .replace(/\s+/g, ' ')
    .trim();

/** Papers from a recorded Atom feed (file name under corpus/atom). */
export function papersFromCorpusFeed(file: string): Paper[] {
  const xml = readFileSync(corpus('atom', file), 'utf8');
  const feed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' }).parse(xml) as {
    feed: { entry?: Node | Node[] };
  };
  return arr(feed.feed.entry).map((e) => {
    const m = /abs\/(.+?)(?:v(\d+))?$/.exec(text(e.id));
    const id = m?.[1] ?? text(e.id);
    const links = arr(e.link as Node | Node[]);
    const pdf = links.find((l) => l['@title'] === 'pdf');
    const categories = arr(e.category as Node | Node[]).map((c) => String(c['@term']));
    return {
      id,
      version: m?.[2] ? Number(m[2]) : null,
      title: text(e.title),
      abstract: text(e.summary),
      authors: arr(e.author as Node | Node[]).map((a) => ({ name: text(a.name), affiliations: [] })),
      categories,
      primaryCategory: String(
        (e['arxiv:primary_category'] as Node | undefined)?.['@term'] ?? categories[0] ?? '',
      ),
      published: text(e.published),
      updated: text(e.updated),
      doi: e['arxiv:doi'] ? text(e['arxiv:doi']) : null,
      journalRef: e['arxiv:journal_ref'] ? text(e['arxiv:journal_ref']) : null,
      comment: e['arxiv:comment'] ? text(e['arxiv:comment']) : null,
      license: null,
      links: {
        abs: `https://arxiv.org/abs/${id}${m?.[2] ? `v${m[2]}` : ''}`,
        pdf: pdf ? String(pdf['@href']) : null,
        html: null,
      },
      withdrawn: false,
    };
  });
}

/** The defaults a deployment without a .env gets (config/env.ts): what a new subscription gets when the request does not say. */
export const MEMORY_SETTINGS: ServiceSettings = {
  digestCron: DEFAULT_DIGEST_CRON,
  digestTimeZone: 'America/New_York',
  digestTopK: 5,
};

/** Schedules kept in a Map: what the service asked Temporal for, by subscription name. */
export function createMemorySchedules(): Schedules & { entries: Map<string, Subscription> } {
  const entries = new Map<string, Subscription>();
  return {
    entries,
    upsert: async (sub) => void entries.set(sub.name, sub),
    remove: async (name) => entries.delete(name),
  };
}

/**
 * arXiv over a fixed list of papers: a search matches papers sharing a word with the query (field
 * prefixes, operators and `cat:` terms ignored), most shared words first; lookups by base id.
 */
export function createMemoryArxiv(searchable: Paper[]): ArxivSearch & { close(): void } {
  const byId = new Map(searchable.map((p) => [p.id, p]));
  return {
    async search(query, options) {
      const words = query
        .replace(/\b(?:cat|submittedDate|lastUpdatedDate):\S+/g, ' ')
        .replace(/\b(?:ti|au|abs|co|jr|rn|id|all):/g, ' ')
        .replace(/\b(?:AND|OR|ANDNOT)\b/g, ' ')
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter((w) => w.length > 2);
      const matches = searchable
        .map((p, index) => ({
          p,
          index,
          hits: words.filter((w) => `${p.title} ${p.abstract}`.toLowerCase().includes(w)).length,
        }))
        .filter((x) => x.hits > 0)
        .sort((a, b) => b.hits - a.hits || a.index - b.index);
      const start = options.start ?? 0;
      const page = matches.slice(start, start + (options.maxResults ?? 10)).map((x) => x.p);
      return { totalResults: matches.length, startIndex: start, itemsPerPage: page.length, papers: page };
    },
    async lookupBatch(ids) {
      return { papers: ids.flatMap((id) => byId.get(extractArxivId(id).id) ?? []) };
    },
    close() {},
  };
}

/**
 * Workflows without Temporal, by the workflow function's name, doing to the library what the real
 * ones do. Anything else fails, so a test learns when the service starts a workflow it did not expect.
 */
export function createMemoryRunner(deps: {
  store: PaperStore;
  arxiv: ArxivSearch;
  reranker: Reranker;
}): WorkflowRunner & { runs: Array<{ workflow: string; args: unknown[] }> } {
  const { store, arxiv, reranker } = deps;
  const runs: Array<{ workflow: string; args: unknown[] }> = [];

  async function paperIngest(input: PaperIngestInput): Promise<PaperIngestResult> {
    const ref = extractArxivId(input.ref);
    const paper = input.paper ?? (await arxiv.lookupBatch([ref.id])).papers[0];
    if (!paper) throw new AppError('NOT_FOUND', `arXiv has no paper ${input.ref}`);
    const version = ref.version ?? paper.version;
    await store.upsertPapers([paper], input.topic ? { topic: input.topic } : {});
    // The "HTML" of a paper here is its abstract, under an Abstract heading.
    const markdown = `## Abstract\n\n${paper.abstract}\n`;
    const { key } = await store.saveContent({
      id: paper.id,
      version,
      source: 'html',
      markdown,
      warnings: [],
    });
    await store.replaceChunks(
      paper.id,
      version,
      chunkMarkdown(markdown).map((c) => ({ sectionPath: c.sectionPath, text: c.text })),
    );
    const summary = extractiveSummary({ title: paper.title, abstract: paper.abstract, markdown });
    await store.saveSummary(paper.id, version, summary);
    return {
      id: paper.id,
      version,
      title: paper.title,
      source: 'html',
      contentKey: key,
      note: null,
      summary,
    };
  }

  async function topicSearch(input: TopicSearchInput): Promise<TopicSearchResult> {
    const maxResults = Math.min(Math.max(input.maxResults ?? 20, 1), 50);
    const topN = Math.min(Math.max(input.topN ?? 3, 0), maxResults);
    const query = input.searchQuery || readQuery(input.question).searchQuery;
    const feed = await arxiv.search(`${query} ${input.question}`, {
      start: 0,
      maxResults,
      sortBy: 'relevance',
      sortOrder: 'descending',
    });
    if (feed.papers.length === 0) return { query, ranker: 'bm25', results: [] };
    await store.upsertPapers(feed.papers, input.topic ? { topic: input.topic } : {});
    const byId = new Map(feed.papers.map((p) => [p.id, p]));
    const ranked = await reranker.rank(
      input.question,
      feed.papers.map((p) => ({ id: p.id, text: `${p.title}. ${p.abstract}` })),
    );
    const summaries = new Map<string, PaperIngestResult['summary']>();
    for (const r of ranked.slice(0, topN))
      summaries.set(
        r.id,
        (await paperIngest({ ref: r.id, paper: byId.get(r.id), topic: input.topic ?? null })).summary,
      );
    return {
      query,
      ranker: reranker.kind,
      results: ranked.map((r) => ({
        paper: byId.get(r.id)!,
        score: r.score,
        summary: summaries.get(r.id) ?? null,
      })),
    };
  }

  async function topicDigest(name: string): Promise<TopicDigestResult> {
    const sub = await store.getSubscription(name);
    if (!sub) throw new AppError('NOT_FOUND', `No subscription named "${name}".`);
    const feed = await arxiv.search(`${sub.query ?? ''} ${sub.interest}`, { start: 0, maxResults: 50 });
    const unseen = new Set(
      await store.filterUnseen(
        name,
        feed.papers.map((p) => p.id),
      ),
    );
    const candidates = feed.papers.filter((p) => unseen.has(p.id));
    const ranked = (
      await reranker.rank(
        sub.interest,
        candidates.map((p) => ({ id: p.id, text: `${p.title}. ${p.abstract}` })),
      )
    )
      .filter((r) => r.score > sub.minScore)
      .slice(0, sub.topK);
    if (ranked.length === 0) return { status: 'empty', reason: 'nothing new matched the interest' };
    const byId = new Map(candidates.map((p) => [p.id, p]));
    const now = new Date();
    const date = now.toISOString().slice(0, 10);
    const digest: Digest = {
      key: `${name}:${date}`,
      subscription: name,
      interest: sub.interest,
      date,
      windowStart: new Date(now.getTime() - 86_400_000).toISOString(),
      windowEnd: now.toISOString(),
      entries: ranked.map((r) => {
        const p = byId.get(r.id)!;
        return {
          arxivId: p.id,
          version: p.version,
          title: p.title,
          authors: p.authors.map((a) => a.name),
          primaryCategory: p.primaryCategory,
          categories: p.categories,
          published: p.published,
          absUrl: p.links.abs,
          pdfUrl: p.links.pdf,
          score: r.score,
          summary: extractiveSummary({ title: p.title, abstract: p.abstract, markdown: null }),
        };
      }),
    };
    await store.saveDigest(digest);
    const receipt: Receipt = {
      destination: 'markdown',
      ref: `digests/${name}/${date}.md`,
      url: null,
      publishedAt: now.toISOString(),
    };
    await store.recordReceipt(digest.key, receipt);
    await store.markSeen(
      name,
      ranked.map((r) => r.id),
      digest.key,
    );
    const receipts = await store.getReceipts(digest.key);
    return {
      status: 'published',
      key: digest.key,
      entries: digest.entries.length,
      receipts,
      digests: [{ key: digest.key, announcement: date, entries: digest.entries.length, receipts }],
    };
  }

  const workflows: Record<string, (...args: never[]) => Promise<unknown>> = {
    paperIngest,
    topicSearch,
    topicDigest,
  };
  return {
    runs,
    async run<W extends Workflow>(
      workflow: W,
      args: Parameters<W>,
      options: RunOptions,
    ): Promise<Awaited<ReturnType<W>>> {
      runs.push({ workflow: workflow.name, args });
      const fn = workflows[workflow.name];
      if (!fn)
        throw new AppError('INTERNAL', `the in-memory runner cannot run ${workflow.name} (${options.what})`);
      if (options.signal?.aborted) throw new AppError('CANCELLED', `${options.what} was cancelled`);
      options.progress?.(options.label);
      options.onStart?.({ workflowId: `${options.idPrefix}-memory-${runs.length}`, runId: 'memory' });
      return (await fn(...(args as unknown as never[]))) as Awaited<ReturnType<W>>;
    },
  };
}

/** Local files as Markdown in this process (the real service converts in a sandboxed child). */
const memoryConverter: RadarPorts['converter'] = {
  async convertFile(path, { kind }) {
    if (kind === 'html')
      return (await import('../../adapters/convert/html.ts')).convertHtml(readFileSync(path, 'utf8'));
    return (await import('../../adapters/convert/pdf.ts')).convertPdf(new Uint8Array(readFileSync(path)));
  },
};

export interface MemoryRadarService extends RadarService {
  /** Every call that reached the service: the method and its data arguments (no progress callbacks or call options). */
  calls: Array<{ method: string; args: unknown[] }>;
  /** The library (the in-memory store). */
  store: PaperStore;
  /** The schedules the service keeps in step with the subscriptions. */
  schedules: Map<string, Subscription>;
  /** Workflows the service ran, by name. */
  runs: Array<{ workflow: string; args: unknown[] }>;
  /** When set, askPapers answers with this text instead of the library's answer (tests set a long one to check splitting). */
  answerText: string;
  close(): Promise<void>;
}

/** How many leading arguments of a method are data (the rest are progress callbacks and call options). */
const DATA_ARGS: Partial<Record<keyof RadarService, number>> = {
  subscribe: 1,
  ratePaper: 1,
  searchPapers: 1,
  getPaper: 1,
  fullTextSummary: 1,
  askPapers: 1,
  runDigest: 1,
  searchArxiv: 2,
  lookupArxiv: 1,
};

/** A RadarService over `searchable` papers (what "arXiv" returns) with an initially empty library. */
/** `settings` overrides the in-memory defaults (e.g. the publishing settings a test needs). */
export function createMemoryRadarService(
  searchable: Paper[],
  settings: Partial<ServiceSettings> = {},
): MemoryRadarService {
  const store = createMemoryStore();
  const schedules = createMemorySchedules();
  const reranker = createBm25Reranker();
  const arxiv = createMemoryArxiv(searchable);
  const runner = createMemoryRunner({ store, arxiv, reranker });
  const inner = createRadarService(
    {
      store,
      runner,
      schedules,
      reranker: async () => reranker,
      llm: async () => undefined,
      notion: async () => null,
      converter: memoryConverter,
      arxiv: async () => arxiv,
      ...textPorts(async () => undefined, silentLogger),
    },
    { ...MEMORY_SETTINGS, ...settings },
    silentLogger,
  );
  const calls: MemoryRadarService['calls'] = [];
  const recorded = Object.fromEntries(
    Object.entries(inner).map(([method, fn]) => [
      method,
      (...args: unknown[]) => {
        calls.push({ method, args: args.slice(0, DATA_ARGS[method as keyof RadarService] ?? args.length) });
        const result = (fn as (...a: unknown[]) => unknown)(...args);
        if (method !== 'askPapers' || !service.answerText) return result;
        return (result as Promise<Answer>).then((a) => ({ ...a, answer: service.answerText }));
      },
    ]),
  ) as unknown as RadarService;
  const service: MemoryRadarService = Object.assign(recorded, {
    calls,
    store,
    schedules: schedules.entries,
    runs: runner.runs,
    answerText: '',
    close: () => store.close(),
  });
  return service;
}
