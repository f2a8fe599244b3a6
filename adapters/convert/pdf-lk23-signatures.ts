/**
 * The signature under a thesis's declaration (session 22, helper "lk23", issue #30). Universities ask
 * for a signed statement of authorship among the preliminary pages (`Declaration`, `Statement of
 * Originality`, `Selbstständigkeitserklärung`, `Eidesstattliche Erklärung`, `Declaración de autoría`,
 * `Declaração`): a paragraph of formula prose, then, after the space left for the signature, the
 * signer's name, place and date (`Florian Engel (Matrikelnummer 3860700), December 3, 2020`;
 * `Anna Lidewij Schooneveld` over `May 2021`). Those last lines are the thesis's record, as the title
 * page's name and date are: front matter. The declaration's heading and prose stay in the text.
 */
import type { Segment } from './pdf-layout.ts';
import { OPENER } from './pdf-lk13-section-names.ts';

/** A declaration's heading, in the languages theses are written in. */
const DECLARATION =
  /^(?:(?:author['’]?s\s+|candidate['’]?s\s+|student['’]?s\s+)?declaration(?:\s+of\s+(?:authorship|originality|academic\s+(?:integrity|honesty)|honou?r|independent\s+work))?|statement\s+of\s+(?:originality|authorship|academic\s+(?:integrity|honesty))|affidavit|(?:eidesstattliche|ehrenwörtliche)\s+(?:erklärung|versicherung)|(?:selbst(?:st)?ändigkeits|eigenständigkeits)?erklärung|declaraci[óo]n(?:\s+(?:de|jurada)(?:\s+\p{L}+)?)?|declara[çc][ãa]o(?:\s+de\s+\p{L}+)?|d[ée]claration\s+(?:sur\s+l['’]honneur|d['’]originalit[ée]|de\s+\p{L}+)|dichiarazione(?:\s+di\s+\p{L}+)?|verklaring|försäkran)\s*$/iu;

/** Declarations stand among the first pages. */
const MAX_PAGES = 12;

/** At most this many lines of name, place and date under the signature space. */
const MAX_SIGNATURE_LINES = 4;

/**
 * The signature lines of a declaration page among the first pages (the declaration's heading its
 * first line), one group each: the declaration's last lines when a gap of two line pitches or more (the
 * space to sign in) parts them from its prose, each short and none a section name. Segments in `taken` are left alone.
 */
export function declarationSignatures(pages: readonly Segment[][], taken: ReadonlySet<Segment>): Segment[][] {
  const out: Segment[][] = [];
  for (const page of pages.slice(0, MAX_PAGES)) {
    const segs = page.filter((s) => !taken.has(s)).sort((a, b) => a.top - b.top || a.x0 - b.x0);
    // The declaration opens its page, a preliminary page of its own (a journal's `Declarations`
    // section, the funding and conflicts statements, runs on in the text).
    const head = segs.findIndex((s) => DECLARATION.test(s.text.trim()));
    if (head !== 0 || segs.length < 3) continue;
    // The declaration runs to the next heading in its heading's type (St Andrews prints the
    // supervisor's declaration under the candidate's, each signed).
    const top = segs[0]!;
    const next = segs.findIndex(
      (s, i) => i > 0 && Math.abs(s.size - top.size) < 0.5 && s.bold === top.bold && s.text.length < 80,
    );
    const below = segs.slice(1, next < 0 ? segs.length : next);
    const prose = below.filter((s) => s.text.split(/\s+/).length >= 6);
    if (!prose.length) continue;
    // The paragraph's line pitch, from its own consecutive lines (not two parts of one row).
    const floor = 0.5 * below[0]!.size;
    const pitches = below
      .slice(1)
      .map((s, i) => s.top - below[i]!.top)
      .filter((d) => d > floor)
      .sort((a, b) => a - b);
    const pitch = pitches[Math.floor(pitches.length / 2)] ?? 0;
    if (!pitch) continue;
    // The last gap of two pitches or more: the signature space.
    let cut = -1;
    for (let i = 1; i < below.length; i++) if (below[i]!.top - below[i - 1]!.top >= 2.2 * pitch) cut = i;
    if (cut < 0) continue;
    const sign = below.slice(cut);
    const measure = Math.max(...prose.map((s) => s.x1 - s.x0));
    if (
      sign.length > MAX_SIGNATURE_LINES ||
      !below.slice(0, cut).some((s) => prose.includes(s)) ||
      sign.some((s) => s.text.length > 90 || s.x1 - s.x0 > 0.85 * measure || OPENER.test(s.text.trim()))
    )
      continue;
    out.push(...sign.map((s) => [s]));
  }
  return out;
}
