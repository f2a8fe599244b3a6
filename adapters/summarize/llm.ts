/**
 * LLM summaries through any OpenAI-compatible chat API, validated against a zod schema. One
 * repair round-trip when the reply is not valid JSON for the schema, then the extractive summary:
 * a digest never fails for want of an LLM.
 */
import { z } from 'zod';
import { errorMessage } from '../../domain/errors.ts';
import { silentLogger, type Logger } from '../../lib/logger.ts';
import { extractJson } from '../../domain/extract-json.ts';
import type { ChatMessage, LlmClient } from '../../app/ports/llm.ts';
import type { Summary } from '../../domain/digest.ts';
import { extractiveSummary, type SummaryInput } from './extractive.ts';
import type { Summarizer } from '../../app/ports/summarizer.ts';

/** What the model must return. */
export const LlmSummarySchema = z.object({
  tldr: z.string().trim().min(20).max(800),
  keyPoints: z.array(z.string().trim().min(5).max(400)).min(3).max(5),
});

/** Characters of full text sent to the model: keeps the prompt inside small local models' context. */
const MAX_BODY_CHARS = 12_000;

const SYSTEM = [
  'You summarise arXiv papers for researchers deciding in seconds whether to read them.',
  'Reply with one JSON object and nothing else: {"tldr": string, "keyPoints": string[]}.',
  'tldr: 2-3 plain sentences: the problem, what the paper does, the main result.',
  'keyPoints: 3-5 short statements of contributions and findings.',
  'Use only facts stated in the paper. No citations, no LaTeX, no Markdown.',
].join('\n');

function userPrompt(input: SummaryInput): string {
  const body = input.markdown ? `\n\nFull text (truncated):\n${input.markdown.slice(0, MAX_BODY_CHARS)}` : '';
  return `Title: ${input.title}\n\nAbstract: ${input.abstract}${body}`;
}

/**
 * Asks the LLM for a summary. Throws when the reply is still invalid after one repair attempt or
 * the call fails (HTTP error, timeout); `createSummarizer` turns that into the extractive fallback.
 */
export async function llmSummary(
  llm: LlmClient,
  input: SummaryInput,
  logger: Logger = silentLogger,
): Promise<Summary> {
  const messages: ChatMessage[] = [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: userPrompt(input) },
  ];
  const first = await llm.chat({ messages, json: true });
  const parsed = parseSummary(first.content);
  if (parsed.ok) return { ...parsed.value, method: `llm:${llm.model}` };

  logger.warn({ model: llm.model, problem: parsed.problem }, 'LLM summary invalid; asking once for a repair');
  const repair = await llm.chat({
    messages: [
      ...messages,
      { role: 'assistant', content: first.content },
      {
        role: 'user',
        content: `That reply is not valid: ${parsed.problem}. Reply again with only the JSON object {"tldr": string, "keyPoints": string[3..5]}.`,
      },
    ],
    json: true,
  });
  const repaired = parseSummary(repair.content);
  if (repaired.ok) return { ...repaired.value, method: `llm:${llm.model}` };
  throw new Error(`LLM summary still invalid after one repair: ${repaired.problem}`);
}

function parseSummary(
  content: string,
): { ok: true; value: z.infer<typeof LlmSummarySchema> } | { ok: false; problem: string } {
  let json: unknown;
  try {
    json = extractJson(content);
  } catch (e) {
    return { ok: false, problem: `not JSON (${errorMessage(e)})` };
  }
  const result = LlmSummarySchema.safeParse(json);
  if (!result.success) {
    return {
      ok: false,
      problem: result.error.issues.map((i) => `${i.path.join('.') || 'reply'}: ${i.message}`).join('; '),
    };
  }
  return { ok: true, value: result.data };
}

export type { Summarizer } from '../../app/ports/summarizer.ts';

/** The summariser activities use: LLM first when given, the extractive summary as the floor. */
export function createSummarizer(opts: { llm?: LlmClient | undefined; logger?: Logger }): Summarizer {
  const logger = opts.logger ?? silentLogger;
  return {
    async summarize(input) {
      if (!opts.llm) return extractiveSummary(input);
      try {
        return await llmSummary(opts.llm, input, logger);
      } catch (e) {
        logger.warn(
          { model: opts.llm.model, reason: errorMessage(e), title: input.title },
          'LLM summary failed; using the extractive summary',
        );
        return extractiveSummary(input);
      }
    },
  };
}
