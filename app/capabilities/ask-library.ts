/**
 * Answers over the library (Discord `ask`, MCP, CLI): full-text candidates from stored chunks,
 * reranked, then either an LLM answer that cites `[arXiv id §section]` for every claim, or,
 * without an LLM, the best passages quoted with the same citations. Says plainly when the
 * library holds nothing relevant instead of stretching a weak match.
 */
import { AppError, errorMessage } from '../../domain/errors.ts';
import { silentLogger, type Logger } from '../../lib/logger.ts';
import type { LlmClient } from '../ports/llm.ts';
import { tokenize } from '../../domain/tokenize.ts';
import { DEFAULT_ANSWER_PASSAGES, MAX_ANSWER_PASSAGES } from '../../domain/limits.ts';
import type { Reranker } from '../ports/ranker.ts';

/** A stored chunk as the store's `searchChunks` returns it (score: higher is better). */
export type { ChunkHit as ChunkRow } from '../ports/store.ts';
import type { ChunkHit as ChunkRow, LibraryStore } from '../ports/store.ts';

/** A passage used for the answer: the chunk, its section label and its rerank score. */
export interface AnswerPassage extends ChunkRow {
  section: string;
  /** The citation as written in the answer: `[2501.11120 §3 Method]`. */
  cite: string;
}

export interface AnswerInput {
  question: string;
  searchChunks: (query: string, limit: number) => Promise<ChunkRow[]>;
  reranker: Reranker;
  llm?: LlmClient | undefined;
  /** Passages to answer from (default 5). */
  limit?: number;
  logger?: Logger;
}

export interface AnswerResult {
  answer: string;
  citations: Array<{ arxivId: string; section: string }>;
  passages: AnswerPassage[];
  usedLlm: boolean;
}

const CANDIDATES_PER_PASSAGE = 6;
const MAX_TERM_QUERIES = 8;
const QUOTE_CHARS = 600;

/** Answers `question` from the library's chunks; never throws for an LLM failure (falls back to quotes). */
export async function answerQuestion(input: AnswerInput): Promise<AnswerResult> {
  const logger = input.logger ?? silentLogger;
  const question = input.question.trim();
  if (!question)
    throw new AppError(
      'INVALID_INPUT',
      'The question is empty: ask something about the papers in your library.',
    );
  const limit = Math.max(1, Math.min(input.limit ?? DEFAULT_ANSWER_PASSAGES, MAX_ANSWER_PASSAGES));
  const terms = [...new Set(tokenize(question))];
  if (terms.length === 0) return nothingRelevant(question);

  const candidates = await gatherCandidates(input, question, limit * CANDIDATES_PER_PASSAGE);
  // A passage must share enough of the question's content words to count as relevant: FTS
  // fallbacks on single words would otherwise "answer" from any chunk mentioning "model".
  const relevant = candidates.filter(
    (c) => coverage(terms, c) >= Math.min(0.5, 2 / terms.length) || matched(terms, c) >= 3,
  );
  if (relevant.length === 0) return nothingRelevant(question);

  const ranked = await input.reranker.rank(
    question,
    relevant.map((c, i) => ({ id: String(i), text: `${c.title}. ${c.sectionPath.join(' > ')}. ${c.text}` })),
  );
  const passages = ranked.slice(0, limit).map((r) => {
    const c = relevant[Number(r.id)]!;
    const section = c.sectionPath.filter(Boolean).join(' > ') || 'text';
    return { ...c, score: r.score, section, cite: `[${c.arxivId} §${section}]` };
  });

  if (input.llm) {
    try {
      return await llmAnswer(input.llm, question, passages);
    } catch (e) {
      logger.warn(
        { model: input.llm.model, reason: errorMessage(e) },
        'LLM answer failed; quoting the best passages instead',
      );
    }
  }
  return quotedAnswer(passages, input.llm ? 'The LLM could not answer' : 'No LLM is configured');
}

async function gatherCandidates(input: AnswerInput, question: string, want: number): Promise<ChunkRow[]> {
  const seen = new Map<string, ChunkRow>();
  const add = (rows: ChunkRow[]) => {
    for (const r of rows) {
      const key = `${r.arxivId}\u0000${r.sectionPath.join('\u0001')}\u0000${r.text.slice(0, 200)}`;
      if (!seen.has(key)) seen.set(key, r);
    }
  };
  // All content words first (the store ANDs them); when that finds too little, each word alone.
  const words = contentWords(question);
  add(await input.searchChunks(words.join(' '), want));
  if (seen.size < want && words.length > 1) {
    for (const w of words.slice(0, MAX_TERM_QUERIES)) add(await input.searchChunks(w, want));
  }
  return [...seen.values()];
}

/** The question's words minus stop words, unstemmed (FTS does its own tokenising). */
function contentWords(question: string): string[] {
  const words = question.match(/[\p{L}\p{N}]+(?:[-'][\p{L}\p{N}]+)*/gu) ?? [];
  return [...new Set(words.filter((w) => tokenize(w).length > 0).map((w) => w.toLowerCase()))];
}

function matched(terms: string[], c: ChunkRow): number {
  const have = new Set(tokenize(`${c.title} ${c.sectionPath.join(' ')} ${c.text}`));
  return terms.filter((t) => have.has(t)).length;
}

function coverage(terms: string[], c: ChunkRow): number {
  return matched(terms, c) / terms.length;
}

function nothingRelevant(question: string): AnswerResult {
  return {
    answer: `Nothing in your library is relevant to "${question}". Add papers on this topic (ingest them or subscribe to it) and ask again.`,
    citations: [],
    passages: [],
    usedLlm: false,
  };
}

function quotedAnswer(passages: AnswerPassage[], why: string): AnswerResult {
  const lines = passages.map((p) => `> ${quote(p.text)}\n— ${p.title} ${p.cite}`);
  return {
    answer: `${why}, so here are the most relevant passages from your library:\n\n${lines.join('\n\n')}`,
    citations: uniqueCitations(passages),
    passages,
    usedLlm: false,
  };
}

async function llmAnswer(llm: LlmClient, question: string, passages: AnswerPassage[]): Promise<AnswerResult> {
  const context = passages.map((p) => `${p.cite} (${p.title})\n${p.text.slice(0, 2000)}`).join('\n\n---\n\n');
  const { content } = await llm.chat({
    messages: [
      {
        role: 'system',
        content:
          'Answer the question using only the passages given. After every claim, cite its source with the exact label ' +
          'shown before the passage, e.g. [2501.11120 §3 Method]. Do not cite anything else. If the passages do not ' +
          'answer the question, reply exactly: NOT_IN_LIBRARY. Be concise: at most 8 sentences, plain text.',
      },
      { role: 'user', content: `Passages:\n\n${context}\n\nQuestion: ${question}` },
    ],
  });
  const answer = content.trim();
  if (/^NOT_IN_LIBRARY\b/.test(answer)) {
    return { ...nothingRelevant(question), usedLlm: true };
  }
  const cited = passages.filter((p) => answer.includes(p.cite));
  if (cited.length === 0) throw new Error('the answer cites none of the passages');
  // Citations the model made up (not among the passages) would point readers nowhere: refuse them.
  const unknown = (answer.match(/\[[^\]]*§[^\]]*\]/g) ?? []).filter(
    (c) => !passages.some((p) => p.cite === c),
  );
  if (unknown.length > 0)
    throw new Error(`the answer cites passages it was not given: ${unknown.slice(0, 3).join(', ')}`);
  return { answer, citations: uniqueCitations(cited), passages, usedLlm: true };
}

function uniqueCitations(passages: AnswerPassage[]): Array<{ arxivId: string; section: string }> {
  const out = new Map<string, { arxivId: string; section: string }>();
  for (const p of passages) out.set(p.cite, { arxivId: p.arxivId, section: p.section });
  return [...out.values()];
}

/** The passage cut at a sentence end near QUOTE_CHARS, so quotes stay readable. */
function quote(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= QUOTE_CHARS) return flat;
  const cut = flat.slice(0, QUOTE_CHARS);
  const end = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('? '), cut.lastIndexOf('! '));
  return end > QUOTE_CHARS / 2 ? cut.slice(0, end + 1) : `${cut.trimEnd()}…`;
}

/** What a library answer reads: the stored chunks, the ranker and (when configured) the LLM. */
export interface AskLibraryPorts {
  store: Pick<LibraryStore, 'searchChunks'>;
  reranker: () => Promise<Reranker>;
  llm: LlmClient | undefined;
  logger: Logger;
}

/**
 * Library Q&A, the one way (`ask`, the `ask_papers` tool of MCP and the agent): the question
 * answered from the stored chunks, with `limit` passages at most (default 5).
 */
export async function askLibrary(
  ports: AskLibraryPorts,
  question: string,
  options: { limit?: number | undefined } = {},
): Promise<AnswerResult> {
  const r = await answerQuestion({
    question,
    searchChunks: (q, limit) => ports.store.searchChunks(q, { limit }),
    reranker: await ports.reranker(),
    llm: ports.llm,
    ...(options.limit !== undefined ? { limit: options.limit } : {}),
    logger: ports.logger,
  });
  return { answer: r.answer, citations: r.citations, passages: r.passages, usedLlm: r.usedLlm };
}
