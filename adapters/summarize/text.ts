/**
 * Text plumbing for the extractive summariser: cleaning converter Markdown into prose, finding
 * the abstract/introduction/conclusion sections, splitting sentences, and recognising fragments
 * that must never become a summary line (citation-only, equations, captions).
 */

/** Removes Markdown and citation markup, keeping the prose. */
export function cleanProse(text: string): string {
  return (
    text
      // HTML tags the converters leave (anchors, spans, sup/sub).
      .replace(/<\/?[a-z][^>]*>/gi, '')
      // Markdown images and links: keep link text, drop images.
      .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
      .replace(/\[((?:\\\]|[^\]])*)\]\([^)]*\)/g, '$1')
      .replace(/\\([[\]()*_#])/g, '$1')
      // Markdown footnote references: [^1].
      .replace(/\[\^[^\]]+\]/g, '')
      // Numeric citations: [12], [3, 4], [5-7], [12; 14].
      .replace(/\s*\[\s*\d+(?:\s*[-–,;]\s*\d+)*\s*\]/g, '')
      // Display and inline math become a placeholder the equation filter can see.
      .replace(/\$\$[\s\S]*?\$\$/g, ' [EQ] ')
      // Short inline math ($O(n)$, $k$) reads fine as text; longer inline formulas do not.
      .replace(/\$([^$\n]{1,200})\$/g, (_m, tex: string) =>
        tex.length <= 16 && !/\\[a-z]{4,}/i.test(tex) ? tex.replace(/\\([%&#_$])/g, '$1') : ' [EQ] ',
      )
      .replace(/\\\[[\s\S]*?\\\]/g, ' [EQ] ')
      // Placeholders other converters leave where a formula was.
      .replace(/\[(?:formula|math|equation)\]/gi, ' [EQ] ')
      // Emphasis markers.
      .replace(/(\*\*|__|\*|_)(?=\S)([^*_\n]+?)\1/g, '$2')
      .replace(/`([^`]*)`/g, '$1')
      .replace(/[ \t]+/g, ' ')
      .trim()
  );
}

/** Abbreviations whose trailing period does not end a sentence. */
const ABBREVIATIONS = new Set(
  'e.g i.e et al etc fig figs eq eqs ref refs sec secs tab vs cf resp approx no nos vol dr mr ms prof st jr sr ca al'.split(
    ' ',
  ),
);

/** Splits prose into sentences, respecting abbreviations, decimals and initials. */
export function splitSentences(text: string): string[] {
  const out: string[] = [];
  const flat = text.replace(/\s+/g, ' ').trim();
  let start = 0;
  const re = /[.!?](?:["')\]”’]*)\s+(?=["'([“‘]?[A-Z0-9])/g;
  for (let m = re.exec(flat); m; m = re.exec(flat)) {
    const before = flat.slice(start, m.index + 1);
    const lastWord = /([A-Za-z.]+)\.$/.exec(before)?.[1]?.toLowerCase() ?? '';
    // "et al." / "e.g." / "Fig." and single initials ("J. Smith") do not end sentences.
    if (ABBREVIATIONS.has(lastWord.replace(/\.$/, '')) || /^[a-z]$/i.test(lastWord)) continue;
    out.push(flat.slice(start, m.index + m[0].length).trim());
    start = m.index + m[0].length;
  }
  const rest = flat.slice(start).trim();
  if (rest) out.push(rest);
  return out.filter((s) => s.length > 0);
}

/** Why a sentence is unusable as a summary line, or null when it is fine. */
export function rejectReason(sentence: string): string | null {
  const words = sentence.split(/\s+/).filter(Boolean);
  const letters = (sentence.match(/\p{L}/gu) ?? []).length;
  if (sentence.includes('[EQ]')) return 'equation';
  if (/[=^\\{}]|[∑∫≤≥±×→∈]/u.test(sentence) && letters / sentence.length < 0.6) return 'equation';
  if (letters / Math.max(1, sentence.length) < 0.55) return 'symbols';
  // A formula that lost its markup in a PDF's text layer: a run of one-character tokens (`the integral ∫ T ∫ T`).
  const singles = words.filter(
    (w) => /^(?:[^\p{L}\p{N}\s]|\p{L}\d?[′']?)[.,;:]?$/u.test(w) && !/^[aAI][.,;:]?$/.test(w),
  ).length;
  if (singles >= 3 && singles >= 0.2 * words.length) return 'equation';
  if (isCitationOnly(sentence)) return 'citation-only';
  if (/^(fig(ure)?|table|tab|algorithm|eq(uation)?)\.?\s*\d/i.test(sentence)) return 'caption';
  if (/^(acknowledg|keywords|index terms|\*?corresponding author)/i.test(sentence)) return 'front-matter';
  if (/(https?:\/\/|www\.|@[a-z0-9-]+\.[a-z])/i.test(sentence) && words.length < 15) return 'link';
  if (words.length < 6) return 'too short';
  if (words.length > 80) return 'too long';
  if (/^[a-z,;:)]/.test(sentence)) return 'fragment';
  return null;
}

/**
 * True for text that is only references: "[12]", "(Smith et al. 2019; Lee 2020)",
 * "See e.g. Tweedy & Kwitter 1994a,b.", "Ref. 3.".
 */
export function isCitationOnly(sentence: string): boolean {
  const stripped = sentence
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(
      /\b(?:[A-Z][\p{L}'-]+(?:\s*(?:,|&|and)\s*[A-Z][\p{L}'-]+)*(?:\s+et\s+al\.?)?,?\s*\(?\d{4}[a-z]?(?:,\s*[a-z])?\)?)/gu,
      ' ',
    )
    .replace(
      /\b(see|e\.g\.|i\.e\.|cf\.|ref\.?|refs\.?|also|and|for|in|details|review|references?|therein)\b/gi,
      ' ',
    )
    .replace(/[^\p{L}]+/gu, ' ')
    .trim();
  return stripped.split(/\s+/).filter((w) => w.length > 1).length < 3;
}

export interface Section {
  title: string;
  text: string;
}

const HEADING = /^(#{1,6})\s+(.+?)\s*#*$/;
const PLAIN_HEADING =
  /^(?:\*\*)?((?:\d+(?:\.\d+)*\.?|[IVX]+\.)\s+)?(abstract|introduction|conclusions?|concluding remarks|summary|discussion|summary and conclusions?|conclusions? and (?:future work|outlook|discussion))(?:\*\*)?\s*$/i;

/** Splits Markdown (or converter plain text) into titled sections; text before the first heading has title ''. */
export function splitSections(markdown: string): Section[] {
  const lines = markdown.split(/\r?\n/);
  const headings: Array<{ line: number; level: number; title: string }> = [];
  lines.forEach((raw, i) => {
    const line = raw.trim();
    const md = HEADING.exec(line);
    if (md) headings.push({ line: i, level: md[1]!.length, title: cleanProse(md[2]!) });
    else if (PLAIN_HEADING.test(line)) headings.push({ line: i, level: 1, title: line.replace(/\*\*/g, '') });
  });
  const sections: Section[] = [];
  const firstLine = headings[0]?.line ?? lines.length;
  if (firstLine > 0) sections.push({ title: '', text: lines.slice(0, firstLine).join('\n') });
  headings.forEach((h, k) => {
    // A section runs until the next heading at the same or a higher level; subsections stay inside.
    const end = headings.slice(k + 1).find((n) => n.level <= h.level)?.line ?? lines.length;
    const body = lines
      .slice(h.line + 1, end)
      .filter((l) => !HEADING.test(l.trim()) && !PLAIN_HEADING.test(l.trim()))
      .join('\n');
    sections.push({ title: h.title, text: body });
  });
  return sections;
}

/** The section whose title (numbering removed) matches `pattern`, first one wins. */
export function findSection(sections: Section[], pattern: RegExp): Section | undefined {
  return sections.find((s) => pattern.test(s.title.replace(/^(?:\d+(?:\.\d+)*\.?|[IVX]+\.)\s*/, '').trim()));
}

/** Paragraphs of a section as cleaned prose, skipping tables, lists of references, code and math blocks. */
export function proseParagraphs(text: string): string[] {
  return text
    .replace(/```[\s\S]*?```/g, '\n\n')
    .replace(/\$\$[\s\S]*?\$\$/g, '\n\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p && !p.startsWith('|') && !p.startsWith('<table') && !/^!\[/.test(p))
    .map((p) => cleanProse(p.replace(/^[-*+]\s+/gm, '').replace(/^>\s?/gm, '')))
    .filter(Boolean);
}
