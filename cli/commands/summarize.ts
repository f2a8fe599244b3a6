/** `arxiv-radar summarize <id|file.md>`: a TL;DR and key points of a Markdown file or a paper in the library. */
import { existsSync, readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { extractArxivId } from '../../domain/arxiv-ids.ts';
import { openStore, storeLocation } from '../../workers/store.ts';
import type { Config } from '../../config/env.ts';
import { createSummarizer } from '../../activities/summarize/llm.ts';
import type { SummaryInput } from '../../activities/summarize/extractive.ts';
import { AppError } from '../../domain/errors.ts';
import { createLlm } from '../../workers/build-activities.ts';
import { loadContext } from '../context.ts';
import { printJson } from '../output.ts';

export function register(program: Command): void {
  program
    .command('summarize')
    .description('summarise a Markdown file, or a paper stored in the library (extractive, or the LLM when configured)')
    .argument('<ref>', 'a .md file, or an arXiv id/URL already in the library')
    .option('--json', 'print {tldr, keyPoints, method}')
    .action(async (ref: string, opts: { json?: boolean }, cmd: Command) => {
      const { config, logger } = loadContext(cmd);
      const input = existsSync(ref) ? fromFile(ref) : await fromLibrary(ref, config);
      const summary = await createSummarizer({ llm: createLlm(config, logger), logger }).summarize(input);
      if (opts.json) printJson(summary);
      else {
        process.stdout.write(`TL;DR: ${summary.tldr}\n\n`);
        for (const k of summary.keyPoints) process.stdout.write(`- ${k}\n`);
        process.stdout.write(`\n(${summary.method})\n`);
      }
    });
}

function fromFile(file: string): SummaryInput {
  const markdown = readFileSync(file, 'utf8');
  const title = /^#\s+(.+)$/m.exec(markdown)?.[1]?.trim() ?? '';
  return { title, abstract: '', markdown };
}

async function fromLibrary(ref: string, config: Config): Promise<SummaryInput> {
  // Not a file: it must be an arXiv id (extractArxivId throws INVALID_INPUT explaining the forms).
  const parsed = extractArxivId(ref);
  const store = openStore(config);
  try {
    const paper = await store.getPaper(parsed.id);
    if (!paper) throw new AppError('NOT_FOUND', `${parsed.id} is not in the library (${storeLocation(config)}); ingest it first (arxiv-radar get ${parsed.id}).`);
    const content = await store.getContent(parsed.id, parsed.version);
    return { title: paper.title, abstract: paper.abstract, markdown: content?.markdown ?? null };
  } finally {
    await store.close();
  }
}
