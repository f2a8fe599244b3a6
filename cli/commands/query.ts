/** `arxiv-radar query "<question>"`: prints the arXiv search_query built from plain language. */
import type { Command } from 'commander';
import { printJson } from '../output.ts';
import { withService } from '../service.ts';

export function register(program: Command): void {
  program
    .command('query')
    .description('turn a plain-language question into an arXiv search_query (LLM when configured, else heuristic)')
    .argument('<question>', 'what you are looking for, e.g. "graph neural networks for drug discovery since 2022"')
    .option('--json', 'print {searchQuery, dateRange, method}')
    .action(async (question: string, opts: { json?: boolean }, cmd: Command) => {
      await withService(cmd, async (service) => {
        const built = await service.buildQuery(question);
        if (opts.json) printJson(built);
        else {
          process.stdout.write(`${built.searchQuery}\n`);
          if (built.dateRange) process.stderr.write(`submitted between ${built.dateRange.from} and ${built.dateRange.to} (${built.method})\n`);
          else process.stderr.write(`(${built.method})\n`);
        }
      });
    });
}
