/**
 * The service's arXiv reading: searches (one workflow, then one broader query when nothing was
 * found), papers by reference, stored papers, and the summaries search results show.
 */
import { broaderQuery } from '../../domain/arxiv-query.ts';
import { extractArxivId } from '../../domain/arxiv-ids.ts';
import type { Summary } from '../../domain/digest.ts';
import { AppError } from '../../domain/errors.ts';
import { MAX_SEARCH_RESULTS } from '../../domain/limits.ts';
import type { Paper } from '../../domain/paper.ts';
import { renderPaperMarkdown } from '../capabilities/render.ts';
import type { CallOptions, RadarService, RankedPaper, SearchResult } from '../radar-service.ts';
import type { ServiceContext } from './context.ts';

type SearchMethods = Pick<
  RadarService,
  'searchPapers' | 'getPaper' | 'readStoredPaper' | 'fullTextSummary' | 'quickSummary'
>;

/**
 * Search results get a summary at no arXiv cost: the full-text one the search fetched, else the
 * library's when the paper is stored with its full text, else one taken from the abstract
 * (extractive: no model call, so results show as soon as arXiv answers).
 */
async function withSummaries(
  { ports }: ServiceContext,
  results: Array<{ paper: Paper; score: number; summary: Summary | null }>,
): Promise<RankedPaper[]> {
  const { store } = ports;
  const summaries = await ports.summaries();
  return Promise.all(
    results.map(async (r): Promise<RankedPaper> => {
      const hasText = (await store.getContent(r.paper.id)) !== null;
      // A full-text fetch that found no text (no HTML, no PDF) summarised the abstract.
      if (r.summary) return { ...r, summarySource: hasText ? 'full-text' : 'abstract' };
      const stored = hasText ? await store.getSummary(r.paper.id) : null;
      if (stored) return { ...r, summary: stored, summarySource: 'full-text' };
      return {
        ...r,
        summary: summaries.extractive({ title: r.paper.title, abstract: r.paper.abstract, markdown: null }),
        summarySource: 'abstract',
      };
    }),
  );
}

function searchPapers(ctx: ServiceContext): RadarService['searchPapers'] {
  return async (input, progress, options: CallOptions = {}) => {
    const question = input.question.trim();
    if (!question)
      throw new AppError('INVALID_INPUT', 'The search question is empty: say what you are looking for.');
    const searchQuery = input.searchQuery?.trim();
    const maxResults = Math.min(input.maxResults ?? 20, MAX_SEARCH_RESULTS);
    const topN = Math.min(Math.max(input.fullText ?? 0, 0), maxResults);
    // Loaded by the call: the workflow SDK takes tenths of a second, which most commands never pay.
    const { topicSearch } = await import('../../workflows/topic-search.ts');
    const search = (query: string | undefined) =>
      ctx.ports.runner.run(
        topicSearch,
        [
          {
            question,
            maxResults,
            topN,
            topic: input.topic ?? null,
            ...(query ? { searchQuery: query } : {}),
          },
        ],
        {
          idPrefix: 'search',
          label: 'searching arXiv and ranking the results…',
          what: `search "${question}"`,
          onDemand: true,
          progress,
          signal: options.signal,
          onStart: options.onStart,
        },
      );
    const r = await search(searchQuery);
    const result: SearchResult = {
      query: r.query,
      ranker: r.ranker,
      papers: await withSummaries(ctx, r.results),
    };
    if (result.papers.length > 0) return result;
    // Nothing found: one broader query, once (domain/arxiv-query.ts broaderQuery).
    const broader = broaderQuery(r.query);
    if (!broader) return result;
    progress?.(`nothing for ${r.query}; trying the broader ${broader.query}`);
    const b = await search(broader.query);
    return { ...result, broader: { ...broader, papers: await withSummaries(ctx, b.results) } };
  };
}

export function searchMethods(ctx: ServiceContext): SearchMethods {
  const { store, runner } = ctx.ports;
  return {
    searchPapers: searchPapers(ctx),

    async getPaper(input, progress, options: CallOptions = {}) {
      const { paperIngest } = await import('../../workflows/paper-ingest.ts');
      const ingest = await runner.run(paperIngest, [{ ref: input.ref, source: input.source ?? 'auto' }], {
        idPrefix: 'get',
        label: 'fetching metadata and full text…',
        what: `get ${input.ref}`,
        onDemand: true,
        progress,
        signal: options.signal,
        onStart: options.onStart,
      });
      const paper = await store.getPaper(ingest.id);
      if (!paper)
        throw new AppError('NOT_FOUND', `Paper ${ingest.id} was ingested but is not in the library.`);
      const content = ingest.contentKey ? await store.getContentByKey(ingest.contentKey) : null;
      const body = content ? { markdown: content.markdown, source: content.source } : null;
      return {
        paper,
        markdown: renderPaperMarkdown(paper, body, ingest.note ?? undefined),
        source: content?.source ?? null,
        note: ingest.note,
        summary: ingest.summary,
      };
    },

    async readStoredPaper(ref) {
      const { id, version } = extractArxivId(ref);
      const paper = await store.getPaper(id);
      const content = paper && (await store.getContent(id, version ?? undefined));
      if (!paper || !content) return null;
      return {
        paper,
        markdown: renderPaperMarkdown(paper, { markdown: content.markdown, source: content.source }),
        source: content.source,
        note: null,
        summary: await store.getSummary(id, content.version),
      };
    },

    async fullTextSummary(paper, progress, options: CallOptions = {}) {
      const { paperIngest } = await import('../../workflows/paper-ingest.ts');
      const r = await runner.run(paperIngest, [{ ref: paper.id, paper, source: 'auto' }], {
        idPrefix: 'fulltext',
        label: 'fetching the full text…',
        what: `full text of ${paper.id}`,
        onDemand: true,
        progress,
        signal: options.signal,
        onStart: options.onStart,
      });
      return { summary: r.summary, source: r.source, note: r.note };
    },

    async quickSummary(paper) {
      const [r] = await withSummaries(ctx, [{ paper, score: 0, summary: null }]);
      return { summary: r!.summary!, source: r!.summarySource ?? 'abstract' };
    },
  };
}
