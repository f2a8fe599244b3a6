/**
 * The summariser port: a TL;DR and key points of a paper. adapters/summarize/ implements it (the
 * LLM when one is configured, with the extractive summary as its floor). Types only.
 */
import type { Summary } from '../../domain/digest.ts';

export interface SummaryInput {
  title: string;
  abstract: string;
  /** Full text from the converter, when available: adds introduction and conclusion sentences. */
  markdown?: string | null;
}

/** Summarises with the LLM when one is configured, else (and on any LLM failure) extractively. */
export interface Summarizer {
  summarize(input: SummaryInput): Promise<Summary>;
}

/** The summaries the service makes: the best one (LLM first), and one at no model cost. */
export interface Summaries extends Summarizer {
  /** Sentences taken from the text itself: no model call, same input same output. */
  extractive(input: SummaryInput): Summary;
}
