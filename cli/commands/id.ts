/** `arxiv-radar id <text>`: the arXiv id (and version) in any text or URL, as one JSON object. */
import type { Command } from 'commander';
import { extractArxivId, pathSafeId } from '../../domain/arxiv-ids.ts';
import { printJson } from '../output.ts';

export function register(program: Command): void {
  program
    .command('id')
    .description('extract and validate an arXiv id from text or a URL; prints {"id","version","pathSafe"}')
    .argument('<text...>', 'an id, an arxiv.org URL, a DOI or a sentence citing a paper')
    .action((text: string[]) => {
      // Throws INVALID_INPUT with the reason; the CLI prints it on stderr and exits 2.
      const { id, version } = extractArxivId(text.join(' '));
      printJson({ id, version, pathSafe: pathSafeId(id) });
    });
}
