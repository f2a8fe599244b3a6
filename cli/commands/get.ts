/**
 * `arxiv-radar get <id|url> --meta`: a paper's metadata through the rate-limited client.
 * Full-text retrieval (no --meta) is added by the conversion module: extend `MODES` below.
 */
import type { Command } from 'commander';
import { extractArxivId } from '../../activities/arxiv/ids.ts';
import { AppError } from '../../lib/errors.ts';
import { loadContext } from '../context.ts';
import { printJson } from '../output.ts';
import { cliArxivClient, formatPaper } from './search.ts';

export interface GetOptions {
  meta?: boolean;
  json?: boolean;
}

type GetMode = (ref: { id: string; version: number | null }, opts: GetOptions, cmd: Command) => Promise<void>;

async function getMeta(ref: { id: string; version: number | null }, opts: GetOptions, cmd: Command): Promise<void> {
  const { config, logger } = loadContext(cmd);
  const client = cliArxivClient(config, logger);
  try {
    const versioned = ref.version ? `${ref.id}v${ref.version}` : ref.id;
    const { papers } = await client.lookupBatch([versioned]);
    const paper = papers[0];
    if (!paper) throw new AppError('NOT_FOUND', `arXiv has no paper ${versioned}; check the id (arxiv-radar id <text> validates it).`);
    if (opts.json) printJson(paper);
    else {
      process.stdout.write(`${formatPaper(paper)}\n\n${paper.abstract}\n`);
      if (paper.doi) process.stdout.write(`\nDOI: ${paper.doi}\n`);
      if (paper.journalRef) process.stdout.write(`Journal: ${paper.journalRef}\n`);
      if (paper.comment) process.stdout.write(`Comment: ${paper.comment}\n`);
    }
  } finally {
    client.close();
  }
}

/** Modes in order of precedence; the first whose predicate matches runs. */
export const MODES: Array<{ when: (o: GetOptions) => boolean; run: GetMode }> = [{ when: (o) => Boolean(o.meta), run: getMeta }];

export function register(program: Command): void {
  program
    .command('get')
    .description('a paper by id or URL: --meta prints its arXiv metadata')
    .argument('<ref>', 'arXiv id or URL (abs, pdf, html, DOI, arXiv:ID)')
    .option('--meta', 'metadata only (title, authors, abstract, categories, DOI, …)')
    .option('--json', 'machine-readable output')
    .action(async (refText: string, opts: GetOptions, cmd: Command) => {
      const ref = extractArxivId(refText);
      const mode = MODES.find((m) => m.when(opts));
      if (!mode) {
        throw new AppError('INVALID_INPUT', 'Full-text `get` is added by the conversion module; for now use `get <id> --meta` for metadata.');
      }
      await mode.run(ref, opts, cmd);
    });
}
