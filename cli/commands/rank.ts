/** `arxiv-radar rank "<interest>" <atom.xml ...> [--json]`: rank the papers of saved Atom feeds by relevance. */
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { parseAtomFeed } from '../../activities/arxiv/atom.ts';
import type { Paper } from '../../domain/paper.ts';
import { versionedId } from '../../domain/paper.ts';
import { AppError, errorMessage } from '../../domain/errors.ts';
import { lazyReranker } from '../../workers/build-activities.ts';
import { loadContext } from '../context.ts';
import { printJson } from '../output.ts';

export function register(program: Command): void {
  program
    .command('rank')
    .description('rank the papers of arXiv Atom files by relevance to an interest (cross-encoder, or BM25 without a model)')
    .argument('<interest>', 'what you care about, in plain language')
    .argument('<atom...>', 'arXiv API Atom XML files')
    .option('--json', 'print [{arxiv_id, title, score}] best first')
    .action(async (interest: string, files: string[], opts: { json?: boolean }, cmd: Command) => {
      if (!interest.trim()) throw new AppError('INVALID_INPUT', 'The interest is empty: say what papers you care about.');
      const { config, logger } = loadContext(cmd);
      const papers = new Map<string, Paper>();
      for (const file of files) {
        let xml: string;
        try {
          xml = readFileSync(file, 'utf8');
        } catch (e) {
          throw new AppError('INVALID_INPUT', `Cannot read ${file}: ${errorMessage(e)}`);
        }
        for (const p of parseAtomFeed(xml).papers) if (!papers.has(p.id)) papers.set(p.id, p);
      }
      const reranker = await lazyReranker(config, logger)();
      const ranked = await reranker.rank(
        interest,
        [...papers.values()].map((p) => ({ id: p.id, text: `${p.title}. ${p.abstract}` })),
      );
      const rows = ranked.map((r) => {
        const p = papers.get(r.id)!;
        return { arxiv_id: versionedId(p), title: p.title.replace(/\s+/g, ' '), score: r.score };
      });
      if (opts.json) printJson(rows);
      else {
        process.stdout.write(`Ranked ${rows.length} papers with ${reranker.kind}:\n`);
        rows.forEach((r, i) => process.stdout.write(`${String(i + 1).padStart(3)}. ${r.score.toFixed(3).padStart(8)}  ${r.arxiv_id}  ${r.title}\n`));
      }
    });
}
