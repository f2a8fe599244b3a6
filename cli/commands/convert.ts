/** `arxiv-radar convert <file.pdf|file.html> [--json]`: Markdown of a local file, no network. */
import path from 'node:path';
import type { Command } from 'commander';
import { AppError } from '../../domain/errors.ts';
import { printJson } from '../output.ts';
import { withService } from '../service.ts';

/** pdf or html from the extension; anything else is a usage error. */
export function kindOf(file: string): 'pdf' | 'html' {
  const ext = path.extname(file).toLowerCase();
  if (ext === '.pdf') return 'pdf';
  if (ext === '.html' || ext === '.htm' || ext === '.xhtml' || ext === '.xml') return 'html';
  throw new AppError('INVALID_INPUT', `Cannot tell what ${file} is: expected a .pdf or .html file.`);
}

export function register(program: Command): void {
  program
    .command('convert')
    .description('convert a local PDF or arXiv HTML (LaTeXML) file to Markdown on stdout (no network)')
    .argument('<file>', 'a .pdf or .html file')
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
