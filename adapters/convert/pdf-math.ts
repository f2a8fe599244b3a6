/**
 * Telling formulas from prose in a PDF's text layer, which has no markup for math: a line is
 * mathematical when little of it is words. Such a line is never a heading, and when it stands on
 * its own (a display equation) it is written as a fenced `equation` block so that readers and the
 * summariser can tell it from the text.
 */

/** Operators and letters that occur in formulas and hardly ever in prose. */
const MATH_SYMBOL = /[=<>+−±×÷·∑∏∫∮√∂∇∞≈≃≅≡≠≤≥≪≫∝∈∉⊂⊆⊃∪∩∧∨¬∀∃→←↔⇒⇔↦⊗⊕‖∥⟨⟩^_|]/u;
const MATH_SYMBOLS = /[=<>+−±×÷·∑∏∫∮√∂∇∞≈≃≅≡≠≤≥≪≫∝∈∉⊂⊆⊃∪∩∧∨¬∀∃→←↔⇒⇔↦⊗⊕‖∥⟨⟩^_|]/gu;
/** An equation number at the end of a display line: `(12)`, `(3.4)`, `(A1)`, `(12a)`. */
export const EQUATION_NUMBER = /\s\(([A-Z]?\d{1,3}(?:\.\d{1,3})?[a-z]?)\)$/;

/** Letters that are part of words of three or more letters (prose), as a share of all visible characters. */
function wordShare(text: string): number {
  const visible = text.replace(/\s+/g, '');
  if (!visible) return 0;
  let inWords = 0;
  for (const w of text.split(/\s+/)) {
    const core = w.replace(/^[("'“‘[]+|[)"'”’\].,;:!?]+$/g, '');
    if (/^\p{L}[\p{Ll}'’-]{2,}$/u.test(core) || /^[A-Z]{3,}$/.test(core)) inWords += core.length;
  }
  return inWords / visible.length;
}

/** Functions set upright in formulas; as words they are not prose. */
const MATH_WORDS =
  /^(sin|cos|tan|exp|log|ln|lim|max|min|sup|inf|det|diag|tr|arg|mod|sgn|erf|const|and|for|with|if|where)$/i;

/** A plain word, read one at a time by isMathLine's fast path (which stops at the fourth). */
const PLAIN_WORD = /\b[A-Za-z][a-z]{2,}\b/g;

/**
 * Mostly mathematical symbols: few real words, and an operator or a run of one-letter tokens. `E A3 =`,
 * `∫ ∞ ψ(s) ds`, `E = mc2 (3)` are; `3.2 Results`, `The case of A(1)`, `Fe and Ni` are not.
 */
export function isMathLine(text: string): boolean {
  // Fast path for the common case, a line of prose: four plain words settle it.
  let plain = 0;
  PLAIN_WORD.lastIndex = 0;
  for (let m; (m = PLAIN_WORD.exec(text));) if (!MATH_WORDS.test(m[0]) && ++plain >= 4) return false;
  // A minus sign between letters is a hyphen (`β−multiplier`).
  const t = text
    .replace(EQUATION_NUMBER, '')
    .replace(/(\p{L})[−‐](?=\p{L}{2})/gu, '$1-')
    .trim();
  if (!t) return false;
  const words = t
    .split(/\s+/)
    .filter((w) => /^\p{L}[\p{Ll}'’-]{2,}[.,;:]?$/u.test(w) && !MATH_WORDS.test(w.replace(/[.,;:]$/, '')));
  const share = wordShare(t);
  // Two real words make a phrase (`Higgs boson is mH = 125.09 ± 0.21 GeV.`), unless symbols swamp them.
  if (words.length >= 4 || (words.length >= 2 && share >= 0.25)) return false;
  const symbols = (t.match(MATH_SYMBOLS) ?? []).length;
  const singles = t.split(/\s+/).filter((w) => /^\p{L}\d*[′']?$/u.test(w)).length;
  if (symbols > 0 && share < 0.5) return true;
  return singles >= 3 && share < 0.3;
}

/** Binary operators between spaced terms: `Likert ∼ Reencountered + Specter + Global`. */
const SPACED_OPERATORS = /\s[=+∼~≈≃<>≤≥×∝]\s/gu;

/**
 * A formula written with words for its variables (a regression model, `Likert ∼ Reencountered +
 * Specter + Global + (1|Participant)`): two operators or more between spaced terms. A heading has at
 * most one (`LoRA + Prompt Tuning`); prose can have more, so this is for headings only.
 */
export function hasFormula(text: string): boolean {
  return (text.match(SPACED_OPERATORS) ?? []).length >= 2;
}

/**
 * A display equation: a mathematical line with at least one operator (a bare `x y z` row is more
 * likely a table's cells or a figure's axis), or one ending in an equation number.
 */
export function isDisplayEquation(text: string): boolean {
  if (text.length < 3 || !isMathLine(text)) return false;
  return MATH_SYMBOL.test(text) || EQUATION_NUMBER.test(text);
}
