/**
 * A line set in a typewriter (fixed-pitch) face throughout is program text, never a heading. Code
 * listings and their output (`Loading required package: MASS`, `There were 23 warnings`) and a
 * table's column of function names (`HorseTrees()`) stand alone in a face of their own, like
 * heads; but a heading's words are set in the document's text or display faces, and a typewriter
 * name inside one (`3.2 The archetypes() function`) shares its line with them. The faces are told
 * by their names (Computer and Latin Modern's `CMTT10`/`LMMono10`, Courier, Inconsolata, DejaVu
 * Sans Mono, Consolas…), which say the same in every language.
 */
import type { Segment } from './pdf-layout.ts';

/** Fixed-pitch faces by name, subset prefix removed. */
const TYPEWRITER_FONT =
  /mono|courier|inconsolata|consol|menlo|monaco|sourcecode|firacode|nimbusmon|^(?:cm|lm|ec|tc|sf|tx)(?:sl|i|b)?tt\d|^pcr[rbo]/i;

/** Flag the segments set (almost) wholly in named typewriter faces. */
export function markTypewriter(pages: Segment[][], names: ReadonlyMap<string, string>): void {
  const mono = new Set([...names].filter(([, name]) => TYPEWRITER_FONT.test(name)).map(([id]) => id));
  if (!mono.size) return;
  for (const segs of pages)
    for (const s of segs) {
      const runs = s.fonts ?? [];
      const all = runs.reduce((n, f) => n + f.chars, 0);
      const inMono = runs.reduce((n, f) => n + (mono.has(f.font) ? f.chars : 0), 0);
      if (all >= 2 && inMono >= 0.85 * all) s.typewriter = true;
    }
}
