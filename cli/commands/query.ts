/** `arxiv-radar query "<question>"`: prints the arXiv search_query built from plain language. */
import type { Command } from 'commander';
import { printJson } from '../output.ts';
import { withService } from '../service.ts';

export function register(program: Command): void {
  program
    .command('query')
    .description(
      'show the arXiv search_query a search would send: arXiv syntax as written, free words built (LLM when configured, else heuristic)',
    )
    .argument(
      '<question>',
      'what you are looking for, e.g. "graph neural networks for drug discovery since 2022"',
    )
    .option(
      '--json',
      'print {searchQuery, dateRange, method, parts}: each part kept (arXiv syntax) or built (free words), and why',
    )
    .action(async (question: string, opts: { json?: boolean }, cmd: Command) => {
      await withService(cmd, async (service) => {
        const built = await service.buildQuery(question);
        if (opts.json) printJson(built);
        else {
          process.stdout.write(`${built.searchQuery}\n`);
          for (const p of built.parts)
            process.stderr.write(
              `  ${p.kind.padEnd(7)} ${p.text || '·'}${p.as && p.as !== p.text ? ` → ${p.as}` : ''}  (${p.why})\n`,
            );
          process.stderr.write(`(${built.method})\n`);
        }
      });
    });
}
