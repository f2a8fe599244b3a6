/**
 * `arxiv-radar search "<query>"`: one page of arXiv API results, through the rate-limited client,
 * each with a TL;DR from its abstract (or the library's full-text one): one arXiv request.
 * `--full [n]` also fetches the full text of the first n (default 3) and summarises from it.
 */
import type { Command } from 'commander';
import type { Paper } from '../../domain/paper.ts';
import type { Summary } from '../../domain/digest.ts';
import type { SortBy } from '../../domain/arxiv-query.ts';
import { ARXIV_LIMITS, broaderQuery, readQuery } from '../../domain/arxiv-query.ts';
import { AppError, errorMessage } from '../../domain/errors.ts';
import { inRange, MAX_SEARCH_RESULTS } from '../../domain/limits.ts';
import { printJson } from '../output.ts';
import { withService } from '../service.ts';
import { counted } from '../../domain/words.ts';

const SORTS: Record<string, SortBy> = {
  submitted: 'submittedDate',
  updated: 'lastUpdatedDate',
  relevance: 'relevance',
};
const FULL_DEFAULT = 3;

/** A few readable lines per paper. */
export function formatPaper(p: Paper): string {
  const v = p.version ? `v${p.version}` : '';
  const authors =
    p.authors.length > 4
      ? `${p.authors
          .slice(0, 3)
          .map((a) => a.name)
          .join(', ')} et al.`
      : p.authors.map((a) => a.name).join(', ');
  const lines = [
    `${p.id}${v}  ${p.title}`,
    `  ${authors}`,
    `  ${p.primaryCategory} · ${p.published.slice(0, 10)} · ${p.links.abs}`,
  ];
  if (p.withdrawn) lines.push('  (withdrawn)');
  return lines.join('\n');
}

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

export function register(program: Command): void {
  program
    .command('search')
    .description(
      "search arXiv: its query syntax as written (e.g. 'ti:transformer AND cat:cs.CL'), free words built; TL;DRs from the abstracts",
    )
    .argument(
      '<query>',
      'arXiv search_query (fields ti au abs co jr cat rn id all; AND OR ANDNOT; "phrases"; submittedDate:[A TO B]) or plain words',
    )
    .option('--max <n>', 'number of results (1-2000)', '10')
    .option('--sort <order>', 'submitted | updated | relevance', 'relevance')
    .option(
      '--full [n]',
      `also fetch the full text of the first n results (default ${FULL_DEFAULT}) and summarise from it (1-2 more arXiv requests each)`,
    )
    .option('--json', 'machine-readable output')
    .action(
      async (
        query: string,
        opts: { max: string; sort: string; full?: string | boolean; json?: boolean },
        cmd: Command,
      ) => {
        const max = Number(opts.max);
        if (!Number.isInteger(max) || max < 1 || max > ARXIV_LIMITS.maxPerCall) {
          throw new AppError(
            'INVALID_INPUT',
            `--max must be a whole number from 1 to ${ARXIV_LIMITS.maxPerCall}, got "${opts.max}".`,
          );
        }
        const sortBy = SORTS[opts.sort];
        if (!sortBy)
          throw new AppError(
            'INVALID_INPUT',
            `--sort must be submitted, updated or relevance, got "${opts.sort}".`,
          );
        const full = opts.full === undefined ? 0 : opts.full === true ? FULL_DEFAULT : Number(opts.full);
        if (!inRange(full, 0, MAX_SEARCH_RESULTS))
          throw new AppError(
            'INVALID_INPUT',
            `--full takes a whole number from 0 to ${MAX_SEARCH_RESULTS}, got "${String(opts.full)}".`,
          );
        // One reading of the query: arXiv syntax as written, free words built (domain/arxiv-query.ts).
        const q = readQuery(query).searchQuery;
        await withService(cmd, async (service, { signal }) => {
          const feed = await service.searchArxiv(q, { maxResults: max, sortBy }, { signal });
          const summaries: Array<{
            summary: Summary | null;
            source: 'abstract' | 'full-text' | null;
            note?: string;
          }> = await Promise.all(feed.papers.map(async (p) => service.quickSummary(p)));
          for (const [i, p] of feed.papers.slice(0, full).entries()) {
            if (summaries[i]?.source === 'full-text') continue;
            if (!opts.json)
              process.stderr.write(
                `fetching the full text of ${p.id} (${i + 1} of ${Math.min(full, feed.papers.length)})…\n`,
              );
            try {
              const doc = await service.fullTextSummary(p, undefined, { signal });
              if (doc.summary && doc.source) summaries[i] = { summary: doc.summary, source: 'full-text' };
              else if (doc.note) summaries[i] = { ...summaries[i]!, note: doc.note };
            } catch (e) {
              if (signal.aborted) throw e;
              summaries[i] = { ...summaries[i]!, note: `no full text: ${errorMessage(e)}` };
            }
          }
          if (opts.json) {
            printJson({
              ...feed,
              query: q,
              summaries: feed.papers.map((p, i) => ({
                id: p.id,
                from: summaries[i]?.source ?? null,
                tldr: summaries[i]?.summary?.tldr ?? null,
                keyPoints: summaries[i]?.summary?.keyPoints ?? [],
                ...(summaries[i]?.note ? { note: summaries[i]?.note } : {}),
              })),
            });
            return;
          }
          process.stdout.write(`${counted(feed.totalResults, 'result')} for ${q}\n\n`);
          const broader = feed.totalResults === 0 ? broaderQuery(q) : null;
          // Suggested, not run: the CLI sends only the request that was typed.
          if (broader)
            process.stdout.write(
              `A broader query (${broader.why}):\n  arxiv-radar search '${broader.query.replace(/'/g, "'\\''")}'\n`,
            );
          const blocks = feed.papers.map((p, i) => {
            const s = summaries[i];
            const tldr = s?.summary
              ? `\n  TL;DR (from the ${s.source === 'full-text' ? 'full text' : 'abstract'}): ${oneLine(s.summary.tldr)}`
              : '';
            return `${formatPaper(p)}${tldr}${s?.note ? `\n  (${s.note})` : ''}`;
          });
          process.stdout.write(blocks.join('\n\n') + (feed.papers.length ? '\n' : ''));
        });
      },
    );
}
