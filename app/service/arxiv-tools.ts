/** The service's direct arXiv tools: building a query, one page of results, a lookup, a local file converted. */
import { buildSearchQuery } from '../capabilities/build-query.ts';
import type { RadarService } from '../radar-service.ts';
import type { ServiceContext } from './context.ts';

type ArxivToolMethods = Pick<RadarService, 'buildQuery' | 'searchArxiv' | 'convertFile' | 'lookupArxiv'>;

export function arxivToolMethods({ ports, logger }: ServiceContext): ArxivToolMethods {
  return {
    buildQuery: async (question) => buildSearchQuery(question, { llm: await ports.llm(), logger }),

    async searchArxiv(query, options, callOptions = {}) {
      return (await ports.arxiv()).search(query, {
        maxResults: options.maxResults,
        sortBy: options.sortBy,
        sortOrder: 'descending',
        signal: callOptions.signal,
      });
    },

    convertFile: (path, options) => ports.converter.convertFile(path, options),

    async lookupArxiv(id, callOptions = {}) {
      const client = await ports.arxiv();
      return (await client.lookupBatch([id], { signal: callOptions.signal })).papers[0] ?? null;
    },
  };
}
