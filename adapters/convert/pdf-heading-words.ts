/**
 * Section names a line may consist of alone and be a heading: English, and the other languages
 * papers on arXiv are written in (German, French, Spanish, Italian). Closed classes.
 */

const ENGLISH_NAMES =
  /^(abstract|contents|table of contents|list of figures|list of tables|introduction|references|bibliography|acknowledge?ments?|conclusions?|discussion|related work|methods?|results|appendix|summary|literature cited|background|experiments?)$/i;

/**
 * The statements journals require after the conclusions, set as sections of their own with no
 * number (`DATA AND SOFTWARE AVAILABILITY`, `Author contributions`, `Competing interests`; BMC's
 * and Springer Nature's `Availability of data and materials` and `Author details`; hd23: their
 * declarations' `Ethics approval (and consent to participate)`, `Consent for publication`): a closed class,
 * the same in every journal that asks for them.
 */
const BACK_MATTER_NAMES =
  /^(?:(?:data|code|software)(?:,? (?:and )?(?:data|code|software))* (?:availability|accessibility)(?: statement)?|authors?['’]?s? contributions?(?: statement)?|competing interests?|conflicts? of interests?|funding|availability of (?:supporting )?data(?: and materials?)?|author details|ethics approval(?: and consent to participate)?|consent (?:to participate|for publication))$/i;

/**
 * hd21: a manuscript sets its floats after the references, each kind under a head of its own
 * (BMC's `Figures`, `Tables`, `Additional Files`; `Figure legends` elsewhere): a closed class, in the plural.
 */
const FLOAT_SECTION_NAMES =
  /^(?:figures|tables|algorithms|figures and tables|tables and figures|figure (?:legends|captions)|additional files)$/i;

/**
 * The abstract's name: like `Abstract`, its heading does not end the front matter. hd23: nor do the
 * pages a journal asks for before it (elsarticle's `Highlights` page, a `Graphical abstract`).
 */
const ABSTRACT_NAMES =
  /^(?:zusammenfassung|kurzfassung|résumé|resumen|riassunto|sommario|highlights|graphical abstract)$/i;

const SECTION_NAMES =
  /^(?:einleitung|einführung|grundlagen|literatur|literaturverzeichnis|danksagung|anhang|fazit|schlussfolgerungen?|diskussion|ergebnisse|zusammenfassung und ausblick|remerciements|bibliographie|annexe|introducción|conclusiones|agradecimientos|referencias|bibliografía|apéndice|introduzione|conclusioni|ringraziamenti|bibliografia|appendice|inhaltsverzeichnis|table des matières|índice(?: general)?|indice)$/i;

/** A section name of any of these languages (the abstract's included), without its number or final colon. */
export function isSectionName(bare: string): boolean {
  return (
    ENGLISH_NAMES.test(bare) ||
    BACK_MATTER_NAMES.test(bare) ||
    FLOAT_SECTION_NAMES.test(bare) ||
    SECTION_NAMES.test(bare) ||
    ABSTRACT_NAMES.test(bare)
  );
}

/** The abstract's heading in another language (`ZUSAMMENFASSUNG`, `Résumé`), or a page before it (`Highlights`). */
export function isForeignAbstractName(text: string): boolean {
  return ABSTRACT_NAMES.test(text.replace(/[.:]$/, '').trim());
}
