/**
 * First-page front matter that appears once, so repetition cannot find it: report numbers, dates,
 * "Submitted to" lines, journal and class banners, copyright and licence notices, conference and
 * "Preprint" footers; author and affiliation lines; journal and institution names, which are never a
 * title. The patterns are anchored at the line start and only applied on the first page.
 */

/** A report number alone on its line: `CERN-PH-EP/2015-075`, `CMS-HIG-14-042 ATLAS-HIGG-2014-14`, `SLAC-PUB-17000` (capitals first: `Casilla 36-D` is an address). */
const REPORT_NUMBER =
  /^(?:(?:[A-Z][A-Z0-9]{1,12}(?:[-/ ][A-Z0-9]{1,10})*[-/ ]\d[\d-]*[A-Z]?|arXiv:\S+)(?:\s*[,;]?\s*|$))+$/;
/** A report number has a hyphen or a slash (`CUQM-149`, `DESY 19-123`); `TX 78712` is a postcode. */
const isReportNumber = (t: string) => REPORT_NUMBER.test(t) && (/[-/]/.test(t) || /^arXiv:/.test(t));
const DATE =
  /^(?:\d{4}[/.-]\d{1,2}[/.-]\d{1,2}|(?:\d{1,2}\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(?:\d{1,2},?\s+)?\d{4}|\(?dated:?\s.*\)?)$/i;
const META_START = new RegExp(
  '^(?:' +
    [
      'submitted\\s+to',
      'accepted\\s+(?:for\\s+publication\\s+)?(?:in|by|at)\\b',
      'accepted\\s+\\d',
      'accepted\\s+(?:xxx|\\w+\\s+\\d)',
      'to\\s+appear\\s+in',
      'published\\s+(?:in|as|\\d)',
      'preprint\\b',
      'draft\\s+version',
      'under\\s+review',
      'received\\b',
      'revised\\b',
      'in\\s+original\\s+form',
      'online\\s+at\\b',
      'doi:',
      'https?://doi',
      '©',
      '\\(c\\)\\s*\\d',
      'c\\s+(?:19|20)\\d\\d\\b',
      'copyright\\b',
      'this\\s+(?:work|article|paper)\\s+is\\s+licen[cs]ed',
      'licen[cs]ed\\s+under',
      'creative\\s+commons',
      'cc[- ]by\\b',
      'permission\\s+to\\s+make',
      'proceedings\\s+of\\b',
      'published\\s+as\\s+a\\s+conference\\s+paper',
      'compiled\\s+using',
      'typeset\\s+using',
      'printed\\s+\\d',
      'mon\\.\\s+not\\.',
      'mnras\\b',
      'journal\\s+of\\b',
      'an\\s+iop\\b',
      'european\\s+organi[sz]ation\\s+for\\s+nuclear\\s+research',
      'report\\s+no',
      'pacs\\s+(?:numbers?|nos?\\.?)',
      'ams\\s+subject',
      'msc\\s*(?:20\\d\\d|class)',
      'astronomy\\s*&\\s*astrophysics\\s+manuscript',
      'ieee\\s+transactions\\b.*\\bvol',
      'this\\s+(?:work|paper|article)\\s+has\\s+been\\s+(?:submitted|accepted)',
      'springer\\s+nature\\b',
      'research\\s+article\\s+vol',
      'vol\\.\\s*\\d+,?\\s*no\\.\\s*\\d',
      'manuscript\\s+(?:no|received|submitted)',
    ].join('|') +
    ')',
  'i',
);
/** A conference's name and year (`NeurIPS 2023`, `CHI ’23, April 23–28, 2023, Hamburg, Germany`). */
const CONFERENCE =
  /^(?:\d{1,2}(?:st|nd|rd|th)\s+)?(?:[A-Z][A-Za-z]*\s+){0,6}(?:[Cc]onference|CONFERENCE|[Ww]orkshop|WORKSHOP|[Ss]ymposium|SYMPOSIUM)\b.*\b(?:19|20)\d\d\b|^(?:NeurIPS|NIPS|ICML|ICLR|CVPR|ICCV|ECCV|ACL|EMNLP|NAACL|COLING|AAAI|IJCAI|CHI|KDD|WWW|SIGIR|UIST|CSCW)\s*['’]?\d{2,4}\b/;

/** A notice that may run over several lines of small print (copyright, licence, submission, PACS). */
export function isFrontNotice(text: string): boolean {
  return META_START.test(text.trim());
}

/** A metadata line of the first page: it goes to the front-matter block, never into the body. */
export function isFrontMeta(text: string): boolean {
  const t = text.trim();
  if (t.length > 240) return false;
  return META_START.test(t) || CONFERENCE.test(t) || (t.length <= 80 && (isReportNumber(t) || DATE.test(t)));
}

/** Journal, publisher and institution names: never a title. */
const NOT_A_TITLE =
  /^(?:j\s?ournal\s+of|ournal\s+of|annals\s+of|proceedings|transactions|letters\b|physical\s+review|the\s+astrophysical\s+journal|monthly\s+notices|astronomy\s*&|nature\b|science\b)|\b(?:universit(?:y|é|ät|at|à)|institut(?:e|o|ion)?|organi[sz]ation|laborator(?:y|ies)|observatory|academy|college|school\s+of|department|faculty|centre|center\s+for|collaboration|iop\s+and\s+sissa|publishing)\b/i;

export function isInstitutionOrJournal(text: string): boolean {
  return NOT_A_TITLE.test(text.trim());
}

const PARTICLE = /^(?:van|von|der|den|de|da|di|del|della|la|le|du|dos|das|y|bin|al|el|ten|ter)$/;
/** A name token: `Jane`, `J.`, `J.-P.`, `O’Neil`, `Müller-Lüdenscheidt`, with footnote marks (`Smith1,2∗`). */
const NAME_TOKEN = /^(?:\p{Lu}[\p{L}'’-]*\.?|\p{Lu}\.(?:-?\p{Lu}\.)*)(?:[\d,∗*†‡§¶⋆♯a-f]{0,6})$/u;

/**
 * A line of author names (`Jane Doe, John Smith and Ann Lee`, `A. B. Author1,2∗`) or of a
 * collaboration (`The ATLAS and CMS Collaborations∗`). Only used on the first page.
 */
export function isAuthorLine(text: string): boolean {
  const t = text.replace(/\s+/g, ' ').trim();
  if (/^the\s+.*collaborations?\W*$/i.test(t) || /^[A-Z][\w-]*\s+collaboration\W*$/i.test(t)) return true;
  if (/[.:;!?]$/.test(t) && !/\b\p{Lu}\.$/u.test(t)) return false;
  const pieces = t
    .split(/\s*(?:,|;|\band\b|&)\s*/)
    .map((p) => p.trim())
    .filter((p) => p && !/^[\d∗*†‡§¶⋆]+$/.test(p));
  if (!pieces.length) return false;
  let names = 0;
  for (const p of pieces) {
    const tokens = p.split(' ').filter((w) => !PARTICLE.test(w));
    if (tokens.length < 2 || !tokens.every((w) => NAME_TOKEN.test(w))) return false;
    // Names set side by side without commas (`Guanhua Huang∗1 Yichen He∗1 Peiyuan Feng1`) carry marks.
    const marked = tokens.filter((w) => /[\d∗*†‡§¶⋆]$/u.test(w)).length;
    if (tokens.length > 5 && marked < tokens.length / 4) return false;
    names += Math.max(1, marked);
  }
  // One name alone reads like a two-word heading ("Related Work"): it needs an initial or a mark.
  return names >= 2 || /\p{Lu}\.|[\d∗*†‡§¶⋆]$/u.test(t);
}
