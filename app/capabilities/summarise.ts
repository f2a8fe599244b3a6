/**
 * Summarising, the one way: a Markdown document, or a stored paper (its full text when the
 * library has it, else its abstract), through the summariser port (the LLM when configured, the
 * extractive summary as its floor).
 */
import { extractArxivId } from '../../domain/arxiv-ids.ts';
import type { Summary } from '../../domain/digest.ts';
import { AppError } from '../../domain/errors.ts';
import type { LibraryStore } from '../ports/store.ts';
import type { Summaries } from '../ports/summarizer.ts';

/** NOT_FOUND for a paper the library does not hold, saying how to get it. */
export const notStored = (id: string) =>
  new AppError(
    'NOT_FOUND',
    `Paper ${id} is not in the library; search for it or open it first (arxiv-radar get ${id}).`,
  );

export async function summarise(
  ports: { store: Pick<LibraryStore, 'getPaper' | 'getContent'>; summaries: () => Promise<Summaries> },
  input: { markdown: string } | { ref: string },
): Promise<Summary> {
  if ('markdown' in input) {
    const title = /^#\s+(.+)$/m.exec(input.markdown)?.[1]?.trim() ?? '';
    return (await ports.summaries()).summarize({ title, abstract: '', markdown: input.markdown });
  }
  // extractArxivId throws INVALID_INPUT explaining the forms an id may take.
  const parsed = extractArxivId(input.ref);
  const paper = await ports.store.getPaper(parsed.id);
  if (!paper) throw notStored(parsed.id);
  const content = await ports.store.getContent(parsed.id, parsed.version ?? undefined);
  return (await ports.summaries()).summarize({
    title: paper.title,
    abstract: paper.abstract,
    markdown: content?.markdown ?? null,
  });
}
