/**
 * Session 23 (tt24): a compound broken at its own hyphen. joinLines drops the hyphen at a line's
 * end (`convo-` + `lution`), which TeX puts there to break a word; but a compound broken at the
 * hyphen it is spelled with (`galaxy-` + `galaxy lensing`, `cross-` + `validation`) loses it and
 * reads `galaxygalaxy`, `crossvalidation`. Position cannot tell the two apart; the document can, as
 * for split accents (tt23): a joined word that the paper prints elsewhere with its hyphen and never
 * whole (other than where lines were joined) is the hyphenated compound. In any language.
 */
import { withHyphenJoins } from './text.ts';

/** The word (letters, digits, inner hyphens) a line ends with before its hyphen, and the one the next line opens with. */
const LEFT = /[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*(?=-$)/u;
const RIGHT = /^[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/u;
/** A word with its inner hyphens, as a token of the Markdown. */
const TOKEN = /[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu;

/**
 * Run `render` (which returns the Markdown with other results) and put back the hyphens of the
 * compounds its line joins broke, as the paper prints them elsewhere.
 */
export function keepPrintedHyphens<T extends { markdown: string }>(render: () => T): T {
  // Joined word → its hyphenated spelling and how many joins made it.
  const joins = new Map<string, { hyphenated: string; n: number }>();
  const out = withHyphenJoins((prev, next) => {
    const left = LEFT.exec(prev.slice(-80))?.[0];
    const right = RIGHT.exec(next)?.[0];
    if (!left || !right) return;
    const word = left + right;
    const j = joins.get(word);
    if (j) j.n++;
    else joins.set(word, { hyphenated: `${left}-${right}`, n: 1 });
  }, render);
  if (!joins.size) return out;
  // Count only the joined words and their hyphenated spellings, as printed, in lower case,
  // capitalised (a sentence's first word), in title case (`Low-Power` in a heading) or in capitals:
  // lower-casing every token of the Markdown would cost more.
  const keyOf = new Map<string, string>();
  const capital = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
  for (const [word, { hyphenated }] of joins)
    for (const w of [word, hyphenated]) {
      const k = w.toLowerCase();
      for (const form of [w, k, capital(k), k.split('-').map(capital).join('-'), k.toUpperCase()])
        keyOf.set(form, k);
    }
  const counts = new Map<string, number>();
  for (const m of out.markdown.matchAll(TOKEN)) {
    const k = keyOf.get(m[0]);
    if (k !== undefined) counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  const fix = new Map<string, string>();
  for (const [word, { hyphenated, n }] of joins) {
    const printed = counts.get(hyphenated.toLowerCase()) ?? 0;
    const whole = counts.get(word.toLowerCase()) ?? 0;
    if (printed >= 1 && whole >= 1 && whole <= n) fix.set(word, hyphenated);
  }
  if (!fix.size) return out;
  const put = (text: string) => text.replace(TOKEN, (t) => fix.get(t) ?? t);
  const title = (out as { title?: unknown }).title;
  return { ...out, markdown: put(out.markdown), ...(typeof title === 'string' ? { title: put(title) } : {}) };
}
