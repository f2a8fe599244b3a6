/** `arxiv-radar ask "<question>"`: answers from the papers in the library, citing [arXiv id §section]. */
import type { Command } from 'commander';
import { printJson } from '../output.ts';
import { withService } from '../service.ts';

export function register(program: Command): void {
  program
    .command('ask')
    .description(
      'answer a question from the stored papers, citing [arXiv id §section] (quotes passages without an LLM)',
    )
    .argument('<question>', 'a question about papers in your library')
    .option('--limit <n>', 'passages to answer from', '5')
    .option('--json', 'print {answer, citations, passages, usedLlm}')
    .action(async (question: string, opts: { json?: boolean; limit: string }, cmd: Command) => {
      await withService(cmd, async (service) => {
        const result = await service.askPapers(question, undefined, {
          limit: Number.parseInt(opts.limit, 10) || 5,
        });
        if (opts.json) printJson(result);
        else process.stdout.write(`${result.answer}\n`);
      });
    });
}
