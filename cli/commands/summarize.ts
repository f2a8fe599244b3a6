/** `arxiv-radar summarize <id|file.md>`: a TL;DR and key points of a Markdown file or a paper in the library. */
import { existsSync, readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { printJson } from '../output.ts';
import { withService } from '../service.ts';

export function register(program: Command): void {
  program
    .command('summarize')
    .description(
      'summarise a Markdown file, or a paper stored in the library (extractive, or the LLM when configured)',
    )
    .argument('<ref>', 'a .md file, or an arXiv id/URL already in the library')
    .option('--json', 'print {tldr, keyPoints, method}')
    .action(async (ref: string, opts: { json?: boolean }, cmd: Command) => {
      // A file is read here; anything else must be an arXiv id of a stored paper (the service says which forms an id may take).
      const input = existsSync(ref) ? { markdown: readFileSync(ref, 'utf8') } : { ref };
      await withService(cmd, async (service) => {
        const summary = await service.summarize(input);
        if (opts.json) printJson(summary);
        else {
          process.stdout.write(`TL;DR: ${summary.tldr}\n\n`);
          for (const k of summary.keyPoints) process.stdout.write(`- ${k}\n`);
          process.stdout.write(`\n(${summary.method})\n`);
        }
      });
    });
}
