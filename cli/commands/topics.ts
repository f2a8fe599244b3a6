/** `arxiv-radar topics [name]`: topic folders with paper counts, or one topic as Markdown. */
import type { Command } from 'commander';
import { printJson } from '../output.ts';
import { withService } from '../service.ts';

export function register(program: Command): void {
  program
    .command('topics')
    .argument('[name]', "print this topic's papers as Markdown")
    .description('list topic folders with their paper counts, or print one topic as Markdown')
    .option('--json', 'print [{ name, count }] as JSON')
    .action(async (name: string | undefined, opts: { json?: boolean }, cmd: Command) => {
      await withService(cmd, async (service) => {
        if (name !== undefined) {
          process.stdout.write(await service.topicMarkdown(name));
          return;
        }
        const topics = await service.topics();
        if (opts.json) printJson(topics);
        else if (topics.length === 0)
          process.stdout.write(
            'No topics yet. Import papers with: arxiv-radar import <atom.xml> --topic NAME\n',
          );
        else
          process.stdout.write(
            topics.map((t) => `${String(t.count).padStart(6)}  ${t.name}`).join('\n') + '\n',
          );
      });
    });
}
