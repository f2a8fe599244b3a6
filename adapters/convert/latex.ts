/**
 * arXiv LaTeX source (a gzipped tar, a gzipped .tex, a tar or a .tex) → Markdown, in-process:
 * archive.ts unpacks within caps, preprocess.ts finds the main file, resolves \input and expands
 * the paper's macros, markdown.ts writes Markdown with the math kept as LaTeX. No TeX engine, no
 * shell; run it in the converter sandbox (sandbox.ts) for the time and memory limits.
 */
import { DEFAULT_SOURCE_LIMITS, unpackSource, type SourceLimits } from './latex/archive.ts';
import { renderLatex } from './latex/markdown.ts';
import { prepare } from './latex/preprocess.ts';
import { sectionsOf, type ConvertResult } from '../../app/ports/converter.ts';

export function convertLatex(data: Uint8Array, limits: SourceLimits = DEFAULT_SOURCE_LIMITS): ConvertResult {
  const started = performance.now();
  const src = unpackSource(data, limits);
  const doc = prepare(src);
  const { markdown, title, unknownCommands } = renderLatex(doc.body, doc.preamble, doc.bbl);
  const warnings = [...doc.warnings];
  if (src.files.size > 1) warnings.push(`main file ${doc.mainFile} of ${src.files.size} files`);
  if (!doc.bbl && /\\cite/.test(doc.body) && !/\\begin\s*\{thebibliography\}/.test(doc.body))
    warnings.push('no .bbl in the source: citations show their keys');
  if (unknownCommands.length)
    warnings.push(
      `commands without a mapping (dropped, their arguments kept): ${unknownCommands
        .slice(0, 20)
        .map((c) => `\\${c}`)
        .join(' ')}${unknownCommands.length > 20 ? ' …' : ''}`,
    );
  return {
    markdown,
    title,
    sections: sectionsOf(markdown),
    pageCount: null,
    warnings,
    timings: { totalMs: Math.round(performance.now() - started) },
  };
}
