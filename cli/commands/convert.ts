/** `arxiv-radar convert <file.pdf|file.html> [--json]`: Markdown of a local file, no network. */
import path from 'node:path';
import type { Command } from 'commander';
import { AppError } from '../../domain/errors.ts';
import { convertInSandbox } from '../../activities/convert/sandbox.ts';
import { loadContext } from '../context.ts';
import { printJson } from '../output.ts';

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
      const { config } = loadContext(cmd);
      const result = await convertInSandbox(
        { kind: kindOf(file), path: file },
        { timeoutMs: config.CONVERT_TIMEOUT_MS, maxBytes: config.CONVERT_MAX_BYTES, maxMemoryMb: config.CONVERT_MAX_MEMORY_MB },
      );
      if (opts.json) printJson(result);
      else process.stdout.write(result.markdown);
    });
}
