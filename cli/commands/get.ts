/**
 * `arxiv-radar get <id|url>`: metadata, the API abstract and the full text as Markdown (arXiv
 * HTML first, PDF fallback) through the paperIngest workflow, so the request goes through the
 * rate-limited arXiv queue and the paper lands in the library. `--meta`: metadata only, straight
 * through the rate-limited client.
 */
import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { createProgress } from '../../lib/progress.ts';
import { withService } from '../service.ts';
import { extractArxivId } from '../../domain/arxiv-ids.ts';
import { AppError } from '../../domain/errors.ts';
import {
  CASCADE_NAMES,
  CONTENT_SOURCES,
  SOURCE_NAMES,
  type ContentSource,
} from '../../domain/content-source.ts';
import { printJson } from '../output.ts';
import { formatPaper } from './search.ts';

export interface GetOptions {
  meta?: boolean;
  json?: boolean;
  source?: 'auto' | ContentSource;
  out?: string;
}

type GetMode = (ref: { id: string; version: number | null }, opts: GetOptions, cmd: Command) => Promise<void>;

async function getMeta(
  ref: { id: string; version: number | null },
  opts: GetOptions,
  cmd: Command,
): Promise<void> {
  const versioned = ref.version ? `${ref.id}v${ref.version}` : ref.id;
  await withService(cmd, async (service, ctx) => {
    const paper = await service.lookupArxiv(versioned, { signal: ctx.signal });
    if (!paper)
      throw new AppError(
        'NOT_FOUND',
        `arXiv has no paper ${versioned}; check the id (arxiv-radar id <text> validates it).`,
      );
    // Where the library's full text of this paper came from, when it has one (no request).
    const stored = await service.readStoredPaper(versioned);
    if (opts.json) printJson(stored ? { ...paper, fullTextSource: stored.source } : paper);
    else {
      process.stdout.write(`${formatPaper(paper)}\n\n${paper.abstract}\n`);
      if (stored?.source)
        process.stdout.write(`\nFull text: in the library, from ${SOURCE_NAMES[stored.source]}\n`);
      if (paper.doi) process.stdout.write(`\nDOI: ${paper.doi}\n`);
      if (paper.journalRef) process.stdout.write(`Journal: ${paper.journalRef}\n`);
      if (paper.comment) process.stdout.write(`Comment: ${paper.comment}\n`);
    }
  });
}

async function getFullText(
  ref: { id: string; version: number | null },
  opts: GetOptions,
  cmd: Command,
): Promise<void> {
  const source = opts.source ?? 'auto';
  if (!['auto', ...CONTENT_SOURCES].includes(source)) {
    throw new AppError(
      'INVALID_INPUT',
      `--source must be auto, ${CONTENT_SOURCES.join(', ')} (got "${source}").`,
    );
  }
  await withService(cmd, async (service, { signal }) => {
    const progress = createProgress();
    const doc = await service
      .getPaper(
        { ref: ref.version ? `${ref.id}v${ref.version}` : ref.id, source },
        (m, detail) => progress.update(m, detail),
        { signal },
      )
      .finally(() => progress.done());
    if (doc.note)
      process.stderr.write(`note: full text unavailable (${doc.note}); metadata and abstract only\n`);
    if (opts.out) {
      writeFileSync(opts.out, doc.markdown);
      process.stderr.write(`Wrote ${opts.out} (${doc.source ?? 'metadata only'})\n`);
    }
    if (opts.json)
      printJson({
        arxiv_id: doc.paper.id,
        version: doc.paper.version,
        source: doc.source,
        note: doc.note,
        summary: doc.summary,
        markdown: doc.markdown,
      });
    else if (!opts.out)
      process.stdout.write(doc.markdown.endsWith('\n') ? doc.markdown : `${doc.markdown}\n`);
  });
}

/** Modes in order of precedence; the first whose predicate matches runs. */
export const MODES: Array<{ when: (o: GetOptions) => boolean; run: GetMode }> = [
  { when: (o) => Boolean(o.meta), run: getMeta },
  { when: () => true, run: getFullText },
];

export function register(program: Command): void {
  program
    .command('get')
    .description(
      `a paper by id or URL as Markdown: metadata, abstract, full text (the first of ${CASCADE_NAMES} that has it)`,
    )
    .argument('<ref>', 'arXiv id or URL (abs, pdf, html, DOI, arXiv:ID)')
    .option(
      `--source <${['auto', ...CONTENT_SOURCES].join('|')}>`,
      `where the full text comes from (auto: the first of ${CASCADE_NAMES} that has it)`,
      'auto',
    )
    .option('--out <file>', 'write the Markdown to a file')
    .option('--meta', 'metadata only (title, authors, abstract, categories, DOI, …)')
    .option('--json', 'machine-readable output')
    .action(async (refText: string, opts: GetOptions, cmd: Command) => {
      const ref = extractArxivId(refText);
      const mode = MODES.find((m) => m.when(opts));
      await mode!.run(ref, opts, cmd);
    });
}
