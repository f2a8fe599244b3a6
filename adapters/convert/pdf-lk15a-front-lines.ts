/**
 * Session 14, second round (lk15a): first-page lines that the record labels of
 * pdf-front-furniture.ts missed, each a shape every journal's template prints, never one paper's words.
 */

/**
 * Placeholders and record lines of a manuscript's first page, in any journal's template.
 */
const RECORD_LINE = new RegExp(
  '^(?:' +
    [
      // An empty date field of a preprint's record box (`Published Date`, `Received date:`).
      '(?:received|revised|accepted|published|submitted)\\s*:?\\s*date\\s*:?$',
      // A record field held back until publication (`License information to appear upon publication.`,
      // `Publication information to appear upon publication.`): a preprint template's placeholder.
      '(?:[\\w-]+\\s+){0,3}information\\s+(?:will\\s+)?(?:to\\s+)?appear\\s+(?:up)?on\\s+publication\\b',
      // The copyright line's forms without a year (`Copyright attribution to authors.`).
      'copyright\\s+(?:attribution|statement|retained)\\b',
      // A status line naming where the work was submitted (`This work is a submission to …`).
      'this\\s+(?:work|paper|article|manuscript|preprint)\\s+is\\s+(?:a|an|the)\\s+(?:\\w+\\s+)?submission\\s+(?:to|for)\\b',
    ].join('|') +
    ')',
  'i',
);

/**
 * A journal history's two dates on one line, whatever fills them (`Received Month, XXXX; accepted
 * Month Day, XXXX` in A&A, `Received: 3 May 2021; Revised 4 June 2021`): each date is a few
 * capitalised words, numbers or placeholders, so no sentence of prose reads so.
 */
const HISTORY_LINE =
  /^(?:[Rr]eceived|[Ss]ubmitted)\s*:?(?:\s+(?:\p{Lu}\p{L}*\.?|\d{1,4}(?:st|nd|rd|th)?|X+|x{2,})[,.]?){1,4}\s*;\s*(?:[Rr]evised|[Aa]ccepted|[Pp]ublished)\b/u;

/** An e-mail address, a web address or an ORCID iD. */
const CONTACT_ITEM = String.raw`(?:[\w.+-]+@[\w-]+\.[\w.-]+|https?://\S+|\d{4}-\d{4}-\d{4}-\d{3}[\dX])`;
/** An author named by initials and surname in parentheses (`(B. Nagy)`, `(J.-N. Jérémie)`). */
const BY_AUTHOR = String.raw`\((?:\p{Lu}\.\s?-?)+\s*\p{Lu}[\p{L}'’-]+\)`;
/**
 * A footnote line of contact items, each attributed to its author by initials (`x@y.org (B. Nagy)`,
 * `0000-0002-5214-7595 (B. Nagy)`, Elsevier's `a@b.edu (A. Author), c@d.org (C. Dee)`): the contact
 * footnote of page 1 in CEUR, Elsevier and other classes, never a sentence of the body.
 */
const ATTRIBUTED_CONTACTS = new RegExp(
  String.raw`^(?:${CONTACT_ITEM}\s*${BY_AUTHOR}\s*[,;.]?\s*(?:and\s+)?){1,6}$`,
  'u',
);

/** A first-page record line or an attributed contact line (see above); `t` has its leading marks removed. */
export function isRecordPlaceholderOrContact(t: string): boolean {
  return RECORD_LINE.test(t) || HISTORY_LINE.test(t) || ATTRIBUTED_CONTACTS.test(t);
}
