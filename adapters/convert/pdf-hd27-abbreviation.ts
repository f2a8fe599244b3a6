/**
 * hd27: an abbreviation read as a section number. The numbering grammar lets a lower-case letter
 * number a part below the first (`2.1.a`, `3.b`), so a capital and a small letter each closed by a
 * stop (`V.a.` for variabile aleatoria, `N.b.`, `E.g.`) parse as a roman or lettered subsection
 * (`V.a`). A paper numbered in arabic that never opened a section `V` (or `E`) has no such
 * subsection: the bold lead is a list item's label run into its text (`V.a. Costanti come v.a.d.:
 * Una v.a. costante …`), not a head. Numbers under an arabic part (`3.b`) keep their reading.
 */
import { withinKnownSection, type Numbering, type SectionNumber } from './pdf-numbering.ts';

export function abbreviationAsNumber(n: SectionNumber, seq: Numbering): boolean {
  return (
    n.parts.length === 2 &&
    /^[A-Z]$/.test(n.parts[0]!) &&
    /^[a-z]$/.test(n.parts[1]!) &&
    n.word === '' &&
    !withinKnownSection(n, seq)
  );
}
