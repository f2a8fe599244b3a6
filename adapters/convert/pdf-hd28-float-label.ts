/**
 * hd28: an algorithm's or a listing's float opens with its label and number (algorithm2e's bold
 * `Algorithm 1:` then the title, algorithmic's `Algorithm 4 FIDD`, a `Listing 2:` of code): a
 * caption, never a heading, whatever its type (Bioinformatics sets the label a size above its 8 pt
 * text, where the larger-type rule would take it). Figures and tables are told elsewhere; this is the
 * closed class of the other numbered floats, in the languages the corpus is written in.
 */
const FLOAT_LABEL =
  /^(?:algorithm|algorithmus|algorithme|algoritmo|algoritme|algorytm|listing|pseudo-?code|procedure)\s+[A-Z]?\d+(?:\.\d+)*(?:\s*[:.]|\s+\p{Lu})/iu;

/** `text` opens with a float's label and number: a caption's first line. */
export function opensFloatCaption(text: string): boolean {
  return FLOAT_LABEL.test(text);
}
