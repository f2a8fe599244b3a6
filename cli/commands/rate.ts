/** `rate <subscription> <id> up|down|clear`: feedback the subscription's next digests learn from. */
import type { Command } from 'commander';
import { parseRatingWord } from '../../domain/rating.ts';
import { printJson } from '../output.ts';
import { withService } from '../service.ts';

export function register(program: Command): void {
  program
    .command('rate')
    .description('rate a paper for a subscription: up, down or clear (its digests learn from it)')
    .argument('<subscription>', 'the subscription the rating is for')
    .argument('<id>', 'arXiv id or URL (fetched from arXiv when not in the library)')
    .argument('<rating>', 'up, down or clear')
    .option('--json', 'machine-readable output')
    .action(
      async (subscription: string, id: string, word: string, opts: { json?: boolean }, cmd: Command) => {
        const rating = parseRatingWord(word);
        await withService(cmd, async (service, ctx) => {
          const r = await service.ratePaper(
            { subscription, paper: id, rating, source: 'cli' },
            { signal: ctx.signal },
          );
          if (opts.json) return printJson(r);
          const what = r.paper.title ? `${r.paper.id} (${r.paper.title})` : r.paper.id;
          process.stdout.write(
            rating === null
              ? `Cleared the rating of ${what} for ${subscription}.\n`
              : `Rated ${what} ${rating === 'up' ? '👍' : '👎'} for ${subscription}; the next digest learns from it.\n`,
          );
        });
      },
    );
}
