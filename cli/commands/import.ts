/**
 * `arxiv-radar import <atom.xml ...> [--topic NAME]`: loads papers from saved arXiv API responses.
 * Every file is parsed before anything is written, and the papers are stored in one transaction:
 * a bad file (e.g. an arXiv error feed) fails the import and leaves the library as it was.
 */
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { parseAtomFeed } from '../../activities/arxiv/atom.ts';
import type { Paper } from '../../domain/paper.ts';
import { openStore } from '../../workers/store.ts';
import { AppError, errorMessage, isAppError } from '../../domain/errors.ts';
import { loadContext } from '../context.ts';
import { printJson, say } from '../output.ts';

/** Reads and parses every file; throws naming the first file that is unreadable or not a feed. */
export function readFeeds(files: string[]): Paper[] {
  return files.flatMap((file) => {
    let xml: string;
    try {
      xml = readFileSync(file, 'utf8');
    } catch (e) {
      throw new AppError('INVALID_INPUT', `cannot read ${file}: ${errorMessage(e)}`, { cause: e });
    }
    try {
      return parseAtomFeed(xml).papers;
    } catch (e) {
      const code = isAppError(e) ? e.code : 'ARXIV_MALFORMED';
      throw new AppError(code === 'ARXIV_API_ERROR' || code === 'ARXIV_MALFORMED' ? 'INVALID_INPUT' : code, `${file}: ${errorMessage(e)}; nothing was imported`, { cause: e });
    }
  });
}

export function register(program: Command): void {
  program
    .command('import')
    .argument('<files...>', 'saved arXiv API (Atom) responses')
    .description('load papers from saved arXiv Atom feeds into the library (all files or none)')
    .option('--topic <name>', 'also file the papers under this topic folder')
    .option('--json', 'print { files, papers, inserted, updated } as JSON')
    .action(async (files: string[], opts: { topic?: string; json?: boolean }, cmd: Command) => {
      const { config, logger } = loadContext(cmd);
      const papers = readFeeds(files);
      const store = openStore(config, logger);
      try {
        const r = await store.upsertPapers(papers, opts.topic === undefined ? undefined : { topic: opts.topic });
        if (opts.json) printJson({ files: files.length, papers: papers.length, ...r });
        else say(`Imported ${papers.length} papers from ${files.length} file(s): ${r.inserted} new, ${r.updated} updated${opts.topic ? `, topic "${opts.topic}"` : ''}.`);
      } finally {
        await store.close();
      }
    });
}
