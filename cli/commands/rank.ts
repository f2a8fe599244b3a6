/** `arxiv-radar rank "<interest>" <atom.xml ...> [--json]`: rank the papers of saved Atom feeds by relevance. */
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import type { NamedText } from '../../app/radar-service.ts';
import { versionedId } from '../../domain/paper.ts';
import { AppError, errorMessage } from '../../domain/errors.ts';
import { printJson } from '../output.ts';
import { withService } from '../service.ts';
import { counted } from '../../domain/words.ts';

export function register(program: Command): void {
  program
    .command('rank')
    .description(
      'rank the papers of arXiv Atom files by relevance to an interest (cross-encoder, or BM25 without a model)',
    )
    .argument('<interest>', 'what you care about, in plain language')
    .argument('<atom...>', 'arXiv API Atom XML files')
    .option('--json', 'print [{arxiv_id, title, score}] best first')
    .action(async (interest: string, files: string[], opts: { json?: boolean }, cmd: Command) => {
      if (!interest.trim())
        throw new AppError('INVALID_INPUT', 'The interest is empty: say what papers you care about.');
      const feeds: NamedText[] = files.map((file) => {
        try {
          return { name: file, text: readFileSync(file, 'utf8') };
        } catch (e) {
          throw new AppError('INVALID_INPUT', `Cannot read ${file}: ${errorMessage(e)}`);
        }
      });
      await withService(cmd, async (service) => {
        const ranked = await service.rankFeeds(interest, feeds);
        const rows = ranked.papers.map(({ paper: p, score }) => ({
          arxiv_id: versionedId(p),
          title: p.title.replace(/\s+/g, ' '),
          score,
        }));
        if (opts.json) printJson(rows);
        else {
          process.stdout.write(`Ranked ${counted(rows.length, 'paper')} with ${ranked.ranker}:\n`);
          rows.forEach((r, i) =>
            process.stdout.write(
              `${String(i + 1).padStart(3)}. ${r.score.toFixed(3).padStart(8)}  ${r.arxiv_id}  ${r.title}\n`,
            ),
          );
        }
      });
    });
}
