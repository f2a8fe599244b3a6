/** `arxiv-radar convert <file.pdf|file.html|file.tar.gz|file.gz|file.tex> [--json]`: Markdown of a local file, no network. */
import path from 'node:path';
import type { Command } from 'commander';
import { AppError } from '../../domain/errors.ts';
import { printJson } from '../output.ts';
import { withService } from '../service.ts';

/** pdf, html or latex (an arXiv e-print: .tar.gz, .tgz, .gz, .tar, .tex) from the extension; anything else is a usage error. */
export function kindOf(file: string): 'pdf' | 'html' | 'latex' {
  const ext = path.extname(file).toLowerCase();
  if (ext === '.pdf') return 'pdf';
  if (ext === '.html' || ext === '.htm' || ext === '.xhtml' || ext === '.xml') return 'html';
  if (ext === '.gz' || ext === '.tgz' || ext === '.tar' || ext === '.tex') return 'latex';
  throw new AppError(
    'INVALID_INPUT',
    `Cannot tell what ${file} is: expected a .pdf, .html, .tar.gz, .gz or .tex file.`,
  );
}

export function register(program: Command): void {
  program
    .command('convert')
    .description(
      'convert a local PDF, arXiv HTML (LaTeXML) or LaTeX source (arXiv e-print) to Markdown on stdout (no network)',
    )
    .argument('<file>', 'a .pdf, .html, .tar.gz, .gz or .tex file')
    .option('--json', 'print {markdown, title, sections, pageCount, warnings, timings}')
    .action(async (file: string, opts: { json?: boolean }, cmd: Command) => {
      const kind = kindOf(file);
      await withService(cmd, async (service) => {
        const result = await service.convertFile(file, { kind });
        if (opts.json) printJson(result);
        else process.stdout.write(result.markdown);
      });
    });
}
