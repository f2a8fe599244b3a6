/**
 * Author lines of a PDF's first page: lines of names (`Jane Doe, John Smith and Ann Lee`,
 * `A. B. Author1,2∗`, a collaboration) and lines naming the metadata's authors. They are front
 * matter, never headings.
 */

/** Surnames of the paper's authors from its metadata (`Jane Q. Doe` → `doe`), lower-cased, for matching lines. */
export function authorSurnames(authors: readonly string[] | undefined): Set<string> {
  const out = new Set<string>();
  for (const a of authors ?? []) {
    const parts = a
      .normalize('NFKC')
      .toLowerCase()
      .replace(/[^\p{L}\s'’-]+/gu, ' ')
      .split(/\s+/)
      .filter((w) => w.length > 1);
    const last = parts[parts.length - 1];
    if (last) out.add(last);
  }
  return out;
}

/**
 * A line made of the metadata authors' names: at least two of their surnames (or one, in a short
 * line), and nearly all its words are names, initials, marks or separators.
 */
export function namesMetadataAuthors(text: string, surnames: ReadonlySet<string>): boolean {
  if (!surnames.size) return false;
  const tokens = text
    .normalize('NFKC')
    .replace(/\[\d{4}[-−–][\dX−–-]+\]/g, ' ')
    .split(/[\s,;·⋅&]+/)
    .map((w) => w.replace(/[\d∗*†‡§¶⋆]+$/u, ''))
    .filter(Boolean);
  if (!tokens.length) return false;
  const hits = tokens.filter((w) => surnames.has(w.toLowerCase())).length;
  const nameLike = tokens.filter(
    (w) => surnames.has(w.toLowerCase()) || /^\p{Lu}[\p{L}'’.-]*$/u.test(w) || /^and$/i.test(w),
  ).length;
  return (hits >= 2 || (hits === 1 && tokens.length <= 4)) && nameLike >= 0.9 * tokens.length;
}

const PARTICLE = /^(?:van|von|der|den|de|da|di|del|della|la|le|du|dos|das|y|bin|al|el|ten|ter)$/;
/** A name token: `Jane`, `J.`, `J.-P.`, `O’Neil`, `Müller-Lüdenscheidt`, with footnote marks (`Smith1,2∗`). */
// A hyphen is followed by a letter: digits after one are part of a word (`COVID-19`, `GPT-4`), never a footnote mark.
const NAME_TOKEN =
  /^(?:\p{Lu}(?:[\p{L}'’]|-(?=\p{L}))*\.?|\p{Lu}\.(?:-?\p{Lu}\.)*)(?:[\d,∗*†‡§¶⋆♯a-f]{0,6})$/u;

/**
 * A line of author names (`Jane Doe, John Smith and Ann Lee`, `A. B. Author1,2∗`) or of a
 * collaboration (`The ATLAS and CMS Collaborations∗`). Only used on the first page.
 */
export function isAuthorLine(text: string): boolean {
  // ORCID iDs in brackets (LNCS: `Jane Doe1[0000-0002-1825-0097]`) and `·` between names (Springer).
  const t = text
    .replace(/\[\d{4}[-−–]\d{4}[-−–]\d{4}[-−–]\d{3}[\dX]\]/g, '')
    .replace(/\s*[·⋅]\s*/g, ', ')
    .replace(/\s+/g, ' ')
    .trim();
  if (/^the\s+.*collaborations?\W*$/i.test(t) || /^[A-Z][\w-]*\s+collaboration\W*$/i.test(t)) return true;
  if (/[.:;!?]$/.test(t) && !/\b\p{Lu}\.$/u.test(t)) return false;
  const pieces = t
    .split(/\s*(?:,|;|\band\b|&)\s*/)
    .map((p) => p.trim())
    .filter((p) => p && !/^[\d∗*†‡§¶⋆]+$/.test(p));
  if (!pieces.length) return false;
  let names = 0;
  for (const [i, p] of pieces.entries()) {
    const tokens = p.split(' ').filter((w) => !PARTICLE.test(w));
    // A name wrapped over two lines leaves its surname (marked) at the start of one and a first name at the end of the other.
    const wrapped =
      tokens.length === 1 &&
      pieces.length >= 2 &&
      ((i === 0 && /[\d∗*†‡§¶⋆]$/u.test(tokens[0]!)) ||
        (i === pieces.length - 1 && !/\d/.test(tokens[0]!) && /[\d∗*†‡§¶⋆]/u.test(t)));
    if ((tokens.length < 2 && !wrapped) || !tokens.every((w) => NAME_TOKEN.test(w))) return false;
    // Names set side by side without commas (`Guanhua Huang∗1 Yichen He∗1 Peiyuan Feng1`) carry marks.
    const marked = tokens.filter((w) => /[\d∗*†‡§¶⋆]$/u.test(w)).length;
    if (tokens.length > 5 && marked < tokens.length / 4) return false;
    names += Math.max(1, marked);
  }
  // One name alone reads like a two-word heading ("Related Work"): it needs an initial or a mark.
  return names >= 2 || /\p{Lu}\.|[\d∗*†‡§¶⋆]$/u.test(t);
}

/**
 * A list of author names that opens with an initial (`A. Smith1 and B. Jones2,⋆`), which the
 * numbering grammar reads as a lettered section `A.`: two names or more carry footnote marks, which
 * a heading's words (`H2`, `CO2`) never do. An author list, whatever its first initial looks like.
 */
export function isMarkedNameList(text: string): boolean {
  if (!isAuthorLine(text)) return false;
  // A surname (a capital, then small letters: not `H2`, `CO2`) with its mark.
  const marked = text.match(/\p{Lu}\p{Ll}{2,}(?:\d{1,2}|[∗*†‡§¶⋆])[\d,∗*†‡§¶⋆]*(?=[\s,;]|$)/gu) ?? [];
  return marked.length >= 2;
}
