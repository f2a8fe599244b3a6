/**
 * `arxiv-radar import <atom.xml ...> [--topic NAME]`: loads papers from saved arXiv API responses.
 * Every file is parsed before anything is written, and the papers are stored in one transaction:
 * a bad file (e.g. an arXiv error feed) fails the import and leaves the library as it was.
 */
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import type { NamedText } from '../../app/radar-service.ts';
import { AppError, errorMessage } from '../../domain/errors.ts';
import { printJson, say } from '../output.ts';
import { withService } from '../service.ts';
import { counted } from '../../domain/words.ts';

/** Reads every file (the service parses them); throws naming the first file that is unreadable. */
export function readFeeds(files: string[]): NamedText[] {
  return files.map((file) => {
    try {
      return { name: file, text: readFileSync(file, 'utf8') };
    } catch (e) {
      throw new AppError('INVALID_INPUT', `cannot read ${file}: ${errorMessage(e)}`, { cause: e });
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
      const feeds = readFeeds(files);
      await withService(cmd, async (service) => {
        const r = await service.importFeeds(feeds, opts.topic === undefined ? {} : { topic: opts.topic });
        if (opts.json) printJson({ files: files.length, ...r });
        else
          say(
            `Imported ${counted(r.papers, 'paper')} from ${counted(files.length, 'file')}: ${r.inserted} new, ${r.updated} updated${opts.topic ? `, topic "${opts.topic}"` : ''}.`,
          );
      });
    });
}
