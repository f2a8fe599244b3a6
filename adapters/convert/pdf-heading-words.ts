/**
 * Section names in the other languages papers on arXiv are written in (German, French, Spanish,
 * Italian): closed classes, like the English list in pdf-markdown.ts. A line that is only such a
 * name is a heading on the same terms as `Introduction` or `References`.
 */

/** The abstract's name: like `Abstract`, its heading does not end the front matter. */
const ABSTRACT_NAMES = /^(?:zusammenfassung|kurzfassung|résumé|resumen|riassunto|sommario)$/i;

const SECTION_NAMES =
  /^(?:einleitung|einführung|grundlagen|literatur|literaturverzeichnis|danksagung|anhang|fazit|schlussfolgerungen?|diskussion|ergebnisse|zusammenfassung und ausblick|remerciements|bibliographie|annexe|introducción|conclusiones|agradecimientos|referencias|bibliografía|apéndice|introduzione|conclusioni|ringraziamenti|bibliografia|appendice)$/i;

/** A section name of another language (the abstract's included), without its number or final colon. */
export function isForeignSectionName(bare: string): boolean {
  return SECTION_NAMES.test(bare) || ABSTRACT_NAMES.test(bare);
}

/** The abstract's heading in another language (`ZUSAMMENFASSUNG`, `Résumé`). */
export function isForeignAbstractName(text: string): boolean {
  return ABSTRACT_NAMES.test(text.replace(/[.:]$/, '').trim());
}
