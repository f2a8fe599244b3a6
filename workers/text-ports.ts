/**
 * The service's text ports (saved feeds, summaries, digest Markdown), built from the adapters that
 * implement them. Each loads its adapter on first use: a CLI command pays only for what it runs
 * (the XML and schema libraries take tenths of a second to load).
 */
import type { LlmClient } from '../app/ports/llm.ts';
import type { RadarPorts } from '../app/ports/service.ts';
import type { Logger } from '../lib/logger.ts';

export function textPorts(
  llm: () => Promise<LlmClient | undefined>,
  logger: Logger,
): Pick<RadarPorts, 'feeds' | 'summaries' | 'digestMarkdown'> {
  return {
    feeds: async () => ({ parse: (await import('../adapters/arxiv/atom.ts')).parseAtomFeed }),
    async summaries() {
      const { extractiveSummary } = await import('../adapters/summarize/extractive.ts');
      return {
        extractive: extractiveSummary,
        // The LLM (and its client library) loads only when a summary asks for it.
        async summarize(input) {
          const { createSummarizer } = await import('../adapters/summarize/llm.ts');
          return createSummarizer({ llm: await llm(), logger }).summarize(input);
        },
      };
    },
    digestMarkdown: async (digest) =>
      (await import('../adapters/publish/markdown-folder.ts')).renderDigestMarkdown(digest),
  };
}
