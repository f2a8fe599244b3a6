/**
 * Plain language -> arXiv `search_query` with an LLM, following the arXiv API's query rules
 * (field prefixes, capitalised AND/OR/ANDNOT, parentheses, quoted phrases, synonyms OR-ed
 * together). The reply is validated; anything invalid, and any LLM failure, falls back to the
 * heuristic builder, so a search never fails for want of an LLM.
 */
import { z } from 'zod';
import { errorMessage } from '../../domain/errors.ts';
import { silentLogger, type Logger } from '../../lib/logger.ts';
import { extractJson } from '../../domain/extract-json.ts';
import type { LlmClient } from '../ports/llm.ts';
import type { BuiltQuery } from '../../domain/plain-query.ts';
import {
  dateRangeTerm,
  readQuery,
  searchWordProblem,
  validateSearchQuery,
  type QueryPart,
} from '../../domain/arxiv-query.ts';

const SYSTEM = `You turn a researcher's request into an arXiv API search_query.
Rules:
- Every term has a field prefix: ti (title), au (author surname, e.g. au:hinton or au:del_maestro), abs (abstract), co (comment), jr (journal ref), cat (category code such as cs.LG, quant-ph, astro-ph.CO), rn (report number), id, all (any field).
- Operators are AND, OR, ANDNOT in capitals. Group with parentheses.
- Multi-word phrases are double-quoted: abs:"graph neural network".
- OR together synonyms and spelling variants: (abs:"large language model" OR abs:LLM).
- Do not put dates in search_query; return them separately.
Reply with one JSON object only: {"search_query": string, "from": "YYYY-MM-DD" | null, "to": "YYYY-MM-DD" | null}.`;

const LlmQuerySchema = z.object({
  search_query: z.string().trim().min(3).max(1000),
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable()
    .optional(),
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable()
    .optional(),
});

/** Asks the LLM for a query; throws when the call fails or the reply is not a valid query. */
export async function buildQueryWithLlm(
  llm: LlmClient,
  text: string,
  now: Date = new Date(),
): Promise<BuiltQuery> {
  const { content } = await llm.chat({
    messages: [
      { role: 'system', content: SYSTEM },
      { role: 'user', content: `Today is ${now.toISOString().slice(0, 10)}. Request: ${text}` },
    ],
    json: true,
    maxTokens: 300,
  });
  const parsed = LlmQuerySchema.safeParse(extractJson(content));
  if (!parsed.success)
    throw new Error(
      `reply does not match {search_query, from, to}: ${parsed.error.issues[0]?.message ?? 'invalid'}`,
    );
  const check = validateSearchQuery(parsed.data.search_query);
  if (!check.ok) throw new Error(`invalid search_query "${parsed.data.search_query}": ${check.reason}`);
  const misread = searchWordProblem(parsed.data.search_query);
  if (misread)
    throw new Error(`search_query "${parsed.data.search_query}" misreads arXiv syntax: ${misread}`);
  const { from, to } = parsed.data;
  const dateRange =
    from || to ? { from: from ?? '1991-01-01', to: to ?? now.toISOString().slice(0, 10) } : null;
  if (dateRange && dateRange.from > dateRange.to)
    throw new Error(`date range ${dateRange.from} > ${dateRange.to}`);
  return { searchQuery: parsed.data.search_query, dateRange };
}

/** How a query was made: as written (arXiv syntax), by the heuristic (plain or mixed text), or by the LLM. */
export type QueryMethod = 'as-written' | 'heuristic' | 'llm';

/**
 * The query builder callers use, over the one reading of a query (domain/arxiv-query.ts): arXiv
 * syntax goes as written; mixed text keeps its fielded terms and builds its free words with the
 * heuristic; plain language goes to the LLM when one is configured and its reply validates,
 * otherwise to the heuristic. A date window read from the text is part of `searchQuery`.
 * Throws AppError('INVALID_INPUT') when the text has nothing searchable or broken arXiv syntax.
 */
export async function buildSearchQuery(
  text: string,
  opts: { llm?: LlmClient | undefined; logger?: Logger; now?: Date } = {},
): Promise<BuiltQuery & { method: QueryMethod; parts: QueryPart[] }> {
  const logger = opts.logger ?? silentLogger;
  const now = opts.now ?? new Date();
  // The reading validates the input (empty, nothing searchable, broken syntax) for every path.
  const reading = readQuery(text, { now });
  const read = { searchQuery: reading.searchQuery, dateRange: reading.dateRange, parts: reading.parts };
  if (reading.mode !== 'plain')
    return { ...read, method: reading.mode === 'arxiv' ? 'as-written' : 'heuristic' };
  if (opts.llm) {
    try {
      const built = await buildQueryWithLlm(opts.llm, text, now);
      const searchQuery = built.dateRange
        ? `(${built.searchQuery}) AND ${dateRangeTerm(built.dateRange)}`
        : built.searchQuery;
      const why = `plain language: built by the LLM (${opts.llm.model})${built.dateRange ? ', its dates as a submission window' : ''}`;
      return {
        searchQuery,
        dateRange: built.dateRange,
        method: 'llm',
        parts: [{ text: reading.parts[0]?.text ?? text, kind: 'built', as: searchQuery, why }],
      };
    } catch (e) {
      logger.warn(
        { model: opts.llm.model, reason: errorMessage(e) },
        'LLM query building failed; using the heuristic query',
      );
    }
  }
  return { ...read, method: 'heuristic' };
}
