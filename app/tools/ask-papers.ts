/**
 * `ask_papers`: an answer from the library's full texts, for MCP and the agent (which called it
 * `ask_library` before). The text gives the answer, its sources, then the passages it rests on.
 */
import { askLibrary, type AnswerResult } from '../capabilities/ask-library.ts';
import { askPapersShape } from '../../domain/tool-schemas.ts';
import type { SharedTool } from './shared-tool.ts';

/** Characters of each passage shown (the model reads them to check the answer). */
const PASSAGE_CHARS = 700;

/** The answer, `Sources:` (one `[n] arXiv:<id> (<section>)` per citation), then `Passages:` with their citations. */
export function libraryAnswerText(r: Pick<AnswerResult, 'answer' | 'citations' | 'passages'>): string {
  const sources = r.citations
    .map((c, i) => `[${i + 1}] arXiv:${c.arxivId}${c.section ? ` (${c.section})` : ''}`)
    .join('\n');
  const passages = r.passages.map((p) => `${p.cite} ${p.text.replace(/\s+/g, ' ').slice(0, PASSAGE_CHARS)}`);
  return [r.answer, sources ? `Sources:\n${sources}` : null, `Passages:\n${passages.join('\n') || '(none)'}`]
    .filter((s): s is string => s !== null)
    .join('\n\n');
}

export const askPapersTool: SharedTool = {
  name: 'ask_papers',
  title: 'Ask the library',
  description:
    'Answer a question from the full text of papers already in the library, citing arXiv ids and sections, with the passages it rests on.',
  shape: askPapersShape,
  async run(ctx, args) {
    const ports = { store: ctx.store, reranker: ctx.reranker, llm: await ctx.llm(), logger: ctx.logger };
    return { text: libraryAnswerText(await askLibrary(ports, String(args.question))) };
  },
};
