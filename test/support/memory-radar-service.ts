/**
 * An in-memory RadarService for front-end tests (bot, MCP): papers come from a real recorded
 * arXiv Atom feed in the shared corpus, read with a deliberately small parser (the real one lives
 * in activities/arxiv). It does what the front ends need to see — storing by topic, filtering,
 * not-found, subscriptions — and records every call so tests can assert what reached the layer.
 */
import { DEFAULT_DIGEST_CRON } from '../../domain/arxiv-calendar.ts';
import { readFileSync } from 'node:fs';
import { XMLParser } from 'fast-xml-parser';
import type { Paper } from '../../domain/paper.ts';
import type { Digest, Receipt } from '../../domain/digest.ts';
import type { Answer, DigestRunResult, ListFiltersInput, ListResultOutput, PaperDocument, RadarService, SearchResult, SubscriptionRequest, SubscriptionView } from '../../app/radar-service.ts';
import { AppError } from '../../domain/errors.ts';
import { corpus } from './corpus.ts';

type Node = Record<string, unknown>;
const arr = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
const text = (v: unknown): string => (typeof v === 'object' && v !== null ? String((v as Node)['#text'] ?? '') : String(v ?? '')).replace(/\s+/g, ' ').trim();

/** Papers from a recorded Atom feed (file name under corpus/atom). */
export function papersFromCorpusFeed(file: string): Paper[] {
  const xml = readFileSync(corpus('atom', file), 'utf8');
  const feed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' }).parse(xml) as { feed: { entry?: Node | Node[] } };
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
      primaryCategory: String((e['arxiv:primary_category'] as Node | undefined)?.['@term'] ?? categories[0] ?? ''),
      published: text(e.published),
      updated: text(e.updated),
      doi: e['arxiv:doi'] ? text(e['arxiv:doi']) : null,
      journalRef: e['arxiv:journal_ref'] ? text(e['arxiv:journal_ref']) : null,
      comment: e['arxiv:comment'] ? text(e['arxiv:comment']) : null,
      license: null,
      links: { abs: `https://arxiv.org/abs/${id}${m?.[2] ? `v${m[2]}` : ''}`, pdf: pdf ? String(pdf['@href']) : null, html: null },
      withdrawn: false,
    };
  });
}

export interface MemoryRadarService extends RadarService {
  calls: Array<{ method: string; args: unknown[] }>;
  papers: Map<string, { paper: Paper; topics: Set<string> }>;
  /** Answer text returned by askPapers (tests set a long one to check splitting). */
  answerText: string;
}

/** A RadarService over `searchable` papers (what "arXiv" returns) with an initially empty library. */
export function createMemoryRadarService(searchable: Paper[]): MemoryRadarService {
  const papers = new Map<string, { paper: Paper; topics: Set<string> }>();
  const subs = new Map<string, SubscriptionView>();
  const calls: MemoryRadarService['calls'] = [];
  const rec = (method: string, ...args: unknown[]) => calls.push({ method, args });
  const store = (p: Paper, topic: string) => {
    const entry = papers.get(p.id) ?? { paper: p, topics: new Set<string>() };
    entry.topics.add(topic);
    papers.set(p.id, entry);
  };
  const words = (s: string) => s.toLowerCase().split(/\W+/).filter((w) => w.length > 2);
  const markdownOf = (p: Paper) => `# ${p.title}\n\n**Authors:** ${p.authors.map((a) => a.name).join(', ')}\n**arXiv:** ${p.id}\n\n## Abstract\n\n${p.abstract}\n`;

  const service: MemoryRadarService = {
    calls,
    papers,
    answerText: '',
    async searchPapers(input, progress): Promise<SearchResult> {
      rec('searchPapers', input);
      progress?.('searching arXiv…');
      const q = words(input.question);
      const topic = input.topic ?? input.question.toLowerCase().replace(/\s+/g, '_');
      const ranked = searchable
        .map((p) => ({ p, score: q.filter((w) => `${p.title} ${p.abstract}`.toLowerCase().includes(w)).length }))
        .filter((x) => x.score > 0)
        .sort((a, b) => b.score - a.score)
        .slice(0, input.maxResults ?? 5);
      for (const r of ranked) store(r.p, topic);
      return { query: `all:${q.join(' AND all:')}`, ranker: 'bm25', papers: ranked.map((r) => ({ paper: r.p, score: r.score, summary: { tldr: r.p.abstract.split('. ')[0] ?? '', keyPoints: [], method: 'extractive' } })) };
    },
    async getPaper(input): Promise<PaperDocument> {
      rec('getPaper', input);
      const id = /(\d{4}\.\d{4,5}|[a-z-]+(?:\.[A-Z]{2})?\/\d{7})/.exec(input.ref)?.[1];
      if (!id) throw new AppError('INVALID_INPUT', `"${input.ref}" is not an arXiv id or URL; use e.g. 2104.12255 or https://arxiv.org/abs/2104.12255.`);
      const p = searchable.find((x) => x.id === id) ?? papers.get(id)?.paper;
      if (!p) throw new AppError('NOT_FOUND', `arXiv has no paper ${id}.`);
      store(p, 'fetched');
      return { paper: p, markdown: markdownOf(p), source: 'html', note: null, summary: { tldr: p.abstract.split('. ')[0] ?? '', keyPoints: ['first point', 'second point', 'third point'], method: 'extractive' } };
    },
    async extractInfo(paperId) {
      rec('extractInfo', paperId);
      const e = papers.get(paperId.replace(/v\d+$/, ''));
      return e ? { ...e.paper, topics: [...e.topics] } : null;
    },
    async listPapers(f: ListFiltersInput): Promise<ListResultOutput> {
      rec('listPapers', f);
      let all = [...papers.values()].map((e) => e);
      if (f.query) all = all.filter((e) => words(f.query ?? '').some((w) => `${e.paper.title} ${e.paper.abstract}`.toLowerCase().includes(w)));
      if (f.author) all = all.filter((e) => e.paper.authors.some((a) => a.name.toLowerCase().includes((f.author ?? '').toLowerCase())));
      if (f.categories?.length) all = all.filter((e) => e.paper.categories.some((c) => f.categories?.includes(c)));
      if (f.start_date) all = all.filter((e) => e.paper.published.slice(0, 10) >= (f.start_date ?? ''));
      if (f.end_date) all = all.filter((e) => e.paper.published.slice(0, 10) <= (f.end_date ?? ''));
      if (f.topic) all = all.filter((e) => e.topics.has(f.topic ?? ''));
      const offset = f.offset ?? 0;
      const page = all.slice(offset, offset + (f.limit ?? 20));
      return {
        total_count: all.length,
        returned: page.length,
        papers: page.map(({ paper: p }) => ({ arxiv_id: p.id, title: p.title, authors: p.authors.map((a) => a.name), abstract: p.abstract, categories: p.categories, published_date: p.published, pdf_url: p.links.pdf })),
      };
    },
    async askPapers(question): Promise<Answer> {
      rec('askPapers', question);
      const first = [...papers.values()][0]?.paper;
      if (!first) throw new AppError('NOT_FOUND', 'The library is empty; search or fetch papers first.');
      return { answer: service.answerText || `From the library: ${first.abstract.split('. ')[0]}. [1]`, citations: [{ arxivId: first.id, section: 'Abstract' }], usedLlm: false };
    },
    async topics() {
      rec('topics');
      const counts = new Map<string, number>();
      for (const e of papers.values()) for (const t of e.topics) counts.set(t, (counts.get(t) ?? 0) + 1);
      return [...counts].map(([name, count]) => ({ name, count }));
    },
    async topicMarkdown(topic) {
      rec('topicMarkdown', topic);
      const list = [...papers.values()].filter((e) => e.topics.has(topic));
      if (!list.length) throw new AppError('NOT_FOUND', `No papers stored under topic "${topic}". Search for it first.`);
      return `# Papers on ${topic}\n\n${list.map((e) => `## ${e.paper.title}\n- **Paper ID**: ${e.paper.id}\n\n${e.paper.abstract}\n`).join('\n')}`;
    },
    async subscribe(req: SubscriptionRequest) {
      rec('subscribe', req);
      const view: SubscriptionView = {
        name: req.name,
        query: req.query ?? null,
        categories: req.categories ?? [],
        interest: req.interest,
        cron: req.cron ?? DEFAULT_DIGEST_CRON,
        timezone: req.timezone ?? 'America/New_York',
        topK: req.topK ?? 5,
        minScore: req.minScore ?? 0,
        destinations: { markdown: req.markdown ?? true, notion: req.notion ?? false, discordChannelId: req.discordChannelId ?? null },
        paused: false,
      };
      subs.set(req.name, view);
      return view;
    },
    async unsubscribe(name) {
      rec('unsubscribe', name);
      return subs.delete(name);
    },
    async listSubscriptions() {
      rec('listSubscriptions');
      return [...subs.values()];
    },
    async runDigest(name): Promise<DigestRunResult> {
      rec('runDigest', name);
      const s = subs.get(name);
      if (!s) throw new AppError('NOT_FOUND', `There is no subscription named "${name}".`);
      const top = searchable.slice(0, s.topK);
      const digest: Digest = {
        key: `${name}:2026-04-12`,
        subscription: name,
        interest: s.interest,
        date: '2026-04-12',
        windowStart: '2026-04-11T18:00:00Z',
        windowEnd: '2026-04-12T18:00:00Z',
        entries: top.map((p, i) => ({ arxivId: p.id, version: p.version, title: p.title, authors: p.authors.map((a) => a.name), primaryCategory: p.primaryCategory, categories: p.categories, published: p.published, absUrl: p.links.abs, pdfUrl: p.links.pdf, score: 1 - i / 10, summary: { tldr: p.abstract.split('. ')[0] ?? '', keyPoints: [], method: 'extractive' } })),
      };
      const receipts: Receipt[] = [{ destination: 'markdown', ref: `digests/${name}.md`, url: null, publishedAt: '2026-04-12T20:30:00Z' }];
      return { status: 'published', digest, receipts, digests: [{ digest, receipts }], notCovered: [] };
    },
    async lastDigest() {
      return null;
    },
    async listDigests() {
      return [];
    },
    async getDigest() {
      return null;
    },
    async pauseSubscription(name, paused) {
      rec('pauseSubscription', name, paused);
      const s = subs.get(name);
      if (!s) throw new AppError('NOT_FOUND', `No subscription named "${name}".`);
      const next = { ...s, paused };
      subs.set(name, next);
      return next;
    },
    async savePaper({ id, topic }) {
      rec('savePaper', id, topic);
      const entry = papers.get(id);
      if (!entry) throw new AppError('NOT_FOUND', `Paper ${id} is not in the library.`);
      entry.topics.add(topic);
      return { id, title: entry.paper.title, topic };
    },
    async sendToNotion(paperId) {
      rec('sendToNotion', paperId);
      throw new AppError('CONFIG_INVALID', 'Notion is not configured.');
    },
  };
  return service;
}
