/**
 * The closed class of section names that open a thesis's first pages or a paper's body (session
 * 13, helper "lk13", issue #30), shared by the preliminary-page and front-note rules. A module of
 * its own: the notes' module is reached from pdf-front.ts (through pdf-front-furniture.ts), and the
 * preliminary-page module imports pdf-front.ts, so the notes importing it would close a circle.
 */

/**
 * Section names that open a thesis's first pages or its body, a closed class (English and the
 * languages of the abstracts theses print beside it), or a numbered heading (`1 Introduction`,
 * `Chapter 2`): a page that has one is no preliminary page.
 */
export const OPENER =
  /^(?:(?:chapter|part|kapitel)\s+\S+|\d{1,2}(?:\.\d{1,2})*\.?\s+\p{Lu}|[IVX]{1,5}\.\s+\p{Lu}|abstract|summary|zusammenfassung|kurzfassung|résumé|resumen|resumo|riassunto|sammendrag|samenvatting|sammanfattning|tiivistelmä|acknowledge?ments?|dedication|declaration|preface|foreword|contents|table\s+of\s+contents|list\s+of\s+\p{L}+|introduction|nomenclature|glossary|abbreviations)\b/iu;
