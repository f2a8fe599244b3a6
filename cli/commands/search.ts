/** `arxiv-radar search "<arXiv query>"`: one page of arXiv API results, through the rate-limited client. */
import type { Command } from 'commander';
import type { Paper } from '../../domain/paper.ts';
import type { SortBy } from '../../domain/arxiv-query.ts';
import { ARXIV_LIMITS, normaliseRawQuery } from '../../domain/arxiv-query.ts';
import { AppError } from '../../domain/errors.ts';
import { printJson } from '../output.ts';
import { withService } from '../service.ts';
import { counted } from '../../domain/words.ts';

const SORTS: Record<string, SortBy> = { submitted: 'submittedDate', updated: 'lastUpdatedDate', relevance: 'relevance' };

/** A few readable lines per paper. */
export function formatPaper(p: Paper): string {
  const v = p.version ? `v${p.version}` : '';
  const authors = p.authors.length > 4 ? `${p.authors.slice(0, 3).map((a) => a.name).join(', ')} et al.` : p.authors.map((a) => a.name).join(', ');
  const lines = [`${p.id}${v}  ${p.title}`, `  ${authors}`, `  ${p.primaryCategory} · ${p.published.slice(0, 10)} · ${p.links.abs}`];
  if (p.withdrawn) lines.push('  (withdrawn)');
  return lines.join('\n');
}

export function register(program: Command): void {
  program
    .command('search')
    .description('search arXiv with its query syntax, e.g. \'ti:transformer AND cat:cs.CL\'')
    .argument('<query>', 'arXiv search_query (fields ti au abs co jr cat rn id all; AND OR ANDNOT; "phrases"; submittedDate:[A TO B])')
    .option('--max <n>', 'number of results (1-2000)', '10')
    .option('--sort <order>', 'submitted | updated | relevance', 'relevance')
    .option('--json', 'machine-readable output')
    .action(async (query: string, opts: { max: string; sort: string; json?: boolean }, cmd: Command) => {
      const max = Number(opts.max);
      if (!Number.isInteger(max) || max < 1 || max > ARXIV_LIMITS.maxPerCall) {
        throw new AppError('INVALID_INPUT', `--max must be a whole number from 1 to ${ARXIV_LIMITS.maxPerCall}, got "${opts.max}".`);
      }
      const sortBy = SORTS[opts.sort];
      if (!sortBy) throw new AppError('INVALID_INPUT', `--sort must be submitted, updated or relevance, got "${opts.sort}".`);
      const q = normaliseRawQuery(query);
      await withService(cmd, async (service, { signal }) => {
        const feed = await service.searchArxiv(q, { maxResults: max, sortBy }, { signal });
        if (opts.json) {
          printJson(feed);
          return;
        }
        process.stdout.write(`${counted(feed.totalResults, 'result')} for ${q}\n\n`);
        process.stdout.write(feed.papers.map(formatPaper).join('\n\n') + (feed.papers.length ? '\n' : ''));
      });
    });
}
