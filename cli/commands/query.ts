/** `arxiv-radar query "<question>"`: prints the arXiv search_query built from plain language. */
import type { Command } from 'commander';
import { buildSearchQuery } from '../../activities/query/llm.ts';
import { createLlm } from '../../workers/build-activities.ts';
import { loadContext } from '../context.ts';
import { printJson } from '../output.ts';

export function register(program: Command): void {
  program
    .command('query')
    .description('turn a plain-language question into an arXiv search_query (LLM when configured, else heuristic)')
    .argument('<question>', 'what you are looking for, e.g. "graph neural networks for drug discovery since 2022"')
    .option('--json', 'print {searchQuery, dateRange, method}')
    .action(async (question: string, opts: { json?: boolean }, cmd: Command) => {
      const { config, logger } = loadContext(cmd);
      const built = await buildSearchQuery(question, { llm: createLlm(config, logger), logger });
      if (opts.json) printJson(built);
      else {
        process.stdout.write(`${built.searchQuery}\n`);
        if (built.dateRange) process.stderr.write(`submitted between ${built.dateRange.from} and ${built.dateRange.to} (${built.method})\n`);
        else process.stderr.write(`(${built.method})\n`);
      }
    });
}
