/**
 * `/arxiv search question:` — built query, search, rerank, top results with TL;DRs. The reply is
 * posted as soon as arXiv answers (TL;DRs from the abstracts), then edited as the full texts of
 * the top 3 arrive, each full-text TL;DR replacing its abstract one.
 */
import type { SlashCommand } from '../command.ts';
import type { SearchResult } from '../../app/radar-service.ts';
import { errorMessage } from '../../domain/errors.ts';
import { searchMessage } from '../format.ts';
import { requiredString } from '../options.ts';

/** How many of the best get a full-text TL;DR after the first reply. */
export const FULL_TEXT_TOP_N = 3;

export const search: SlashCommand = {
  name: 'search',
  expensive: true,
  manages: false,
  prepare(inv) {
    const question = requiredString(inv, 'question', 500);
    return async ({ service, progress, signal, post }) => {
      const r = await service.searchPapers({ question, maxResults: 5 }, progress, { signal });
      const pending = new Set(
        r.papers
          .slice(0, FULL_TEXT_TOP_N)
          .filter((p) => p.summarySource === 'abstract')
          .map((p) => p.paper.id),
      );
      if (pending.size === 0) return searchMessage(r);
      await post(searchMessage(r, { pending }));
      let papers: SearchResult['papers'] = r.papers;
      for (const { paper } of r.papers.filter((p) => pending.has(p.paper.id))) {
        const id = paper.id;
        try {
          const doc = await service.fullTextSummary(paper, undefined, { signal });
          if (doc.summary && doc.source)
            papers = papers.map((p) =>
              p.paper.id === id ? { ...p, summary: doc.summary, summarySource: 'full-text' } : p,
            );
        } catch (e) {
          if (signal.aborted) throw e;
          progress(`no full text for ${id}: ${errorMessage(e)}`);
        }
        pending.delete(id);
        if (pending.size > 0) await post(searchMessage({ ...r, papers }, { pending }));
      }
      return searchMessage({ ...r, papers });
    };
  },
};
