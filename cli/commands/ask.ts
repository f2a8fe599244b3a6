/** `arxiv-radar ask "<question>"`: answers from the papers in the library, citing [arXiv id §section]. */
import type { Command } from 'commander';
import { answerQuestion } from '../../activities/answer/answer.ts';
import { openStore } from '../../workers/store.ts';
import { createLlm, lazyReranker } from '../../workers/build-activities.ts';
import { loadContext } from '../context.ts';
import { printJson } from '../output.ts';

export function register(program: Command): void {
  program
    .command('ask')
    .description('answer a question from the stored papers, citing [arXiv id §section] (quotes passages without an LLM)')
    .argument('<question>', 'a question about papers in your library')
    .option('--limit <n>', 'passages to answer from', '5')
    .option('--json', 'print {answer, citations, passages, usedLlm}')
    .action(async (question: string, opts: { json?: boolean; limit: string }, cmd: Command) => {
      const { config, logger } = loadContext(cmd);
      const store = openStore(config, logger);
      try {
        const result = await answerQuestion({
          question,
          searchChunks: (q, limit) => store.searchChunks(q, { limit }),
          reranker: await lazyReranker(config, logger)(),
          llm: createLlm(config, logger),
          limit: Number.parseInt(opts.limit, 10) || 5,
          logger,
        });
        if (opts.json) printJson(result);
        else process.stdout.write(`${result.answer}\n`);
      } finally {
        await store.close();
      }
    });
}
