/** `arxiv-radar list`: papers in the local library, filtered like the list_papers tool (seed 002). */
import type { Command } from 'commander';
import type { ListFilters, ListResult } from '../../domain/library.ts';
import { AppError } from '../../domain/errors.ts';
import { DEFAULT_LIST_LIMIT, MAX_LIST_LIMIT } from '../../domain/limits.ts';
import { printJson } from '../output.ts';
import { withService } from '../service.ts';
import { counted } from '../../domain/words.ts';

export interface ListOptions {
  query?: string;
  author?: string;
  category?: string[];
  from?: string;
  to?: string;
  topic?: string;
  limit?: string;
  offset?: string;
  json?: boolean;
}

function wholeNumber(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value.trim()))
    throw new AppError('INVALID_INPUT', `${flag} must be a whole number (got "${value}")`);
  return Number(value);
}

/** Maps command-line options to store filters; `--category` may repeat or hold a comma list. */
export function filtersFromOptions(o: ListOptions): ListFilters {
  return {
    query: o.query,
    author: o.author,
    categories: o.category
      ?.flatMap((c) => c.split(','))
      .map((c) => c.trim())
      .filter(Boolean),
    start_date: o.from,
    end_date: o.to,
    topic: o.topic,
    limit: wholeNumber(o.limit, '--limit'),
    offset: wholeNumber(o.offset, '--offset'),
  };
}

/** One line per paper: id, date, categories, title, then authors indented. */
export function formatList(r: ListResult, offset: number): string {
  const head =
    r.total_count === 0
      ? 'No papers match.'
      : `${offset + 1}-${offset + r.returned} of ${counted(r.total_count, 'paper')}`;
  const lines = r.papers.map(
    (p) =>
      `${p.arxiv_id}  ${p.published_date}  [${p.categories.join(', ')}]\n  ${p.title.replace(/\s+/g, ' ')}\n  ${p.authors.join(', ')}`,
  );
  return `${[head, ...lines].join('\n')}\n`;
}

export function register(program: Command): void {
  program
    .command('list')
    .description('list papers in the local library: newest first, or by relevance with --query')
    .option('-q, --query <text>', 'full-text search over title and abstract (every word must match)')
    .option('-a, --author <name>', 'an author, full name or surname; case and accents ignored')
    .option(
      '-c, --category <cat>',
      'arXiv category, e.g. cs.LG (repeat or comma-separate for any of several)',
      (v: string, prev: string[] = []) => [...prev, v],
    )
    .option('--from <YYYY-MM-DD>', 'published on or after this day')
    .option('--to <YYYY-MM-DD>', 'published on or before this day')
    .option('--topic <name>', 'only papers in this topic folder')
    .option('--limit <n>', `papers per page, 1-${MAX_LIST_LIMIT} (default ${DEFAULT_LIST_LIMIT})`)
    .option('--offset <n>', 'skip this many papers (default 0)')
    .option('--json', 'print { total_count, returned, papers } as JSON')
    .action(async (opts: ListOptions, cmd: Command) => {
      const filters = filtersFromOptions(opts);
      await withService(cmd, async (service) => {
        const result = await service.listPapers(filters);
        if (opts.json) printJson(result);
        else process.stdout.write(formatList(result, filters.offset ?? 0));
      });
    });
}
