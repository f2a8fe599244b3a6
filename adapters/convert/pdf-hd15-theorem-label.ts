/**
 * Theorem-like labels set on a line of their own (JMLR's `Lemma 16` in bold above its statement):
 * the closed class of amsthm/LaTeX statement names with a number, perhaps a name in parentheses.
 * In every layout such a line opens a statement and never a section: a section is not titled
 * `Corollary 31`.
 */

const STATEMENTS =
  'theorem|lemma|proposition|corollary|definition|remark|example|conjecture|claim|assumption|axiom|observation|fact|notation|hypothesis';

const THEOREM_LABEL = new RegExp(
  `^(?:${STATEMENTS})\\s+(?:(?:[A-Z]\\.?)?\\d+(?:\\.\\d+)*[a-z]?|[IVX]+)\\.?(?:\\s*\\([^)]{1,80}\\))?[.:]?$`,
  'i',
);

/** `text` is a statement's label alone (`Lemma 16`, `Theorem 2.1 (Bochner).`), never a heading. */
export function isTheoremLabel(text: string): boolean {
  return THEOREM_LABEL.test(text.trim());
}
