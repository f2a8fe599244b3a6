/**
 * Plain language -> arXiv `search_query` without any model: quoted phrases stay phrases,
 * "by NAME" becomes an author term, category names and codes become cat: terms, years become a
 * date range, and stop words are dropped. The floor under the LLM builder.
 */
import { AppError } from './errors.ts';

export interface BuiltQuery {
  searchQuery: string;
  /** Submission window as YYYY-MM-DD (UTC), or null when the text names no years. */
  dateRange: { from: string; to: string } | null;
}

/** Common category names people type, mapped to arXiv category codes (arxiv.org/category_taxonomy). */
const CATEGORY_NAMES: Array<[RegExp, string]> = [
  [/\b(machine learning|deep learning)\b/i, 'cs.LG'],
  [/\bcomputer vision\b/i, 'cs.CV'],
  [/\b(natural language processing|nlp|computational linguistics|computation and language)\b/i, 'cs.CL'],
  [/\bartificial intelligence\b/i, 'cs.AI'],
  [/\brobotics\b/i, 'cs.RO'],
  [/\b(cryptography|computer security)\b/i, 'cs.CR'],
  [/\binformation retrieval\b/i, 'cs.IR'],
  [/\bsoftware engineering\b/i, 'cs.SE'],
  [/\bdatabases\b/i, 'cs.DB'],
  [/\bdistributed computing\b/i, 'cs.DC'],
  [/\bhuman[- ]computer interaction\b/i, 'cs.HC'],
  [/\bquantum (physics|computing|information)\b/i, 'quant-ph'],
  [/\bastrophysics\b/i, 'astro-ph'],
  [/\bcosmology\b/i, 'astro-ph.CO'],
  [/\bhigh[- ]energy physics\b/i, 'hep-th'],
  [/\bgeneral relativity\b/i, 'gr-qc'],
  [/\bcondensed matter\b/i, 'cond-mat'],
  [/\bnumber theory\b/i, 'math.NT'],
  [/\b(optimization and control|mathematical optimization)\b/i, 'math.OC'],
  [/\bstatistics\b/i, 'stat'],
  [/\b(economics|econometrics)\b/i, 'econ'],
  [/\bquantitative biology\b/i, 'q-bio'],
  [/\bquantitative finance\b/i, 'q-fin'],
];

/** Archive names that are valid category codes on their own or with a `.SUB` suffix. */
const ARCHIVES = new Set([
  'cs',
  'math',
  'stat',
  'physics',
  'astro-ph',
  'cond-mat',
  'gr-qc',
  'hep-ex',
  'hep-lat',
  'hep-ph',
  'hep-th',
  'math-ph',
  'nlin',
  'nucl-ex',
  'nucl-th',
  'quant-ph',
  'q-bio',
  'q-fin',
  'econ',
  'eess',
]);
const CATEGORY_CODE = /\b([a-z]+(?:-[a-z]+)?)(\.[A-Za-z]{2,3})?\b/g;

const STOP = new Set(
  (
    'a an the and or but of in on at to for from with without by about into over under between than then as is are was were be ' +
    'been being do does did have has had i me my we our you your it its this that these those what which who whom whose how why ' +
    'when where there here any some all more most other such only own same so very can could should would will may might must ' +
    'not no nor too just also paper papers article articles work works research study studies publication publications recent ' +
    'latest new find show give get list search looking look want need please tell anything something related regarding using ' +
    'use based approach approaches method methods since before after during year years arxiv preprint preprints on published ' +
    'submitted written'
  ).split(' '),
);

/** Particles that belong to a surname ("del Maestro" -> au:del_maestro). */
const PARTICLES = new Set([
  'de',
  'del',
  'della',
  'der',
  'di',
  'da',
  'van',
  'von',
  'le',
  'la',
  'du',
  'dos',
  'bin',
  'al',
]);

/** Builds a search_query from free text. Throws AppError('INVALID_INPUT') when nothing searchable is left. */
export function buildQueryHeuristic(text: string, now: Date = new Date()): BuiltQuery {
  if (text.trim() === '')
    throw new AppError('INVALID_INPUT', 'The question is empty: describe what papers you are looking for.');
  const built = readPlainText(text, now);
  if (built.searchQuery === '') {
    throw new AppError(
      'INVALID_INPUT',
      `Nothing to search for in "${text}": name a topic, a phrase in quotes, an author ("by Name") or a category.`,
    );
  }
  return built;
}

/**
 * The reading behind buildQueryHeuristic, which never throws: `searchQuery` is '' when only
 * common words (or only years) are left. The free words of a mixed query are read with it.
 */
export function readPlainText(text: string, now: Date = new Date()): BuiltQuery {
  let rest = text.normalize('NFKC').trim();
  const terms: string[] = [];

  // Quoted phrases first, so nothing inside them is reinterpreted.
  rest = rest.replace(/["“”]([^"“”]+)["“”]/g, (_m, p: string) => {
    const words = p.trim().split(/\s+/).filter(Boolean);
    if (words.length > 0)
      terms.push(
        words.length === 1 ? `all:${sanitize(words[0]!)}` : `all:"${words.map(sanitize).join(' ')}"`,
      );
    return ' ';
  });

  // "by Geoffrey Hinton", "by del Maestro": capitalised names (with particles) after "by".
  rest = rest.replace(
    /\bby\s+((?:(?:[A-Z][\p{L}'-]*\.?|(?:della|del|der|de|di|da|van|von|le|la|du|dos)\b)\s*){1,4})/gu,
    (m, name: string) => {
      const au = authorTerm(name);
      if (!au) return m;
      terms.push(au);
      return ' ';
    },
  );

  const dateRange = extractYears(rest, now);
  rest = rest.replace(/\b(19[89]\d|20\d\d)\b/g, ' ');

  const categories = new Set<string>();
  for (const [re, code] of CATEGORY_NAMES) {
    if (re.test(rest)) {
      categories.add(code);
      rest = rest.replace(new RegExp(re.source, 'gi'), ' ');
    }
  }
  rest = rest.replace(CATEGORY_CODE, (m, archive: string, sub: string | undefined) => {
    if (
      !ARCHIVES.has(archive.toLowerCase()) ||
      (!sub && !/^[a-z]+-[a-z]+$/.test(archive) && archive !== 'cs' && archive !== 'math')
    )
      return m;
    if (!sub && (archive === 'cs' || archive === 'math')) return m; // "cs"/"math" alone are too vague to restrict on
    categories.add(`${archive.toLowerCase()}${sub ? `.${fixSubCase(archive, sub.slice(1))}` : ''}`);
    return ' ';
  });
  const catTerms = [...categories].map((c) => `cat:${c}`);

  const words = (rest.toLowerCase().match(/[\p{L}\p{N}]+(?:[-'][\p{L}\p{N}]+)*/gu) ?? []).filter(
    (w) => !STOP.has(w) && w.length > 1,
  );
  for (const w of [...new Set(words)]) terms.push(`all:${sanitize(w)}`);

  const parts = [...terms];
  if (catTerms.length === 1) parts.push(catTerms[0]!);
  else if (catTerms.length > 1) parts.push(`(${catTerms.join(' OR ')})`);
  return { searchQuery: parts.join(' AND '), dateRange };
}

function authorTerm(name: string): string | null {
  const parts = name
    .trim()
    .split(/\s+/)
    .map((p) => p.replace(/\.$/, ''));
  // Surname = the particles plus the last word; initials and given names are dropped because
  // arXiv's au: matching on full names is brittle (arXiv API manual: au:del_maestro).
  const last = parts.at(-1);
  if (!last || PARTICLES.has(last.toLowerCase())) return null;
  let start = parts.length - 1;
  while (start > 0 && PARTICLES.has(parts[start - 1]!.toLowerCase())) start--;
  const surname = parts.slice(start).map(sanitize).join('_');
  return surname.length > 1 ? `au:${surname}` : null;
}

function extractYears(text: string, now: Date): BuiltQuery['dateRange'] {
  const thisYear = now.getUTCFullYear();
  const today = now.toISOString().slice(0, 10);
  const range = /\b(19[89]\d|20\d\d)\s*(?:-|–|to|and|until)\s*(19[89]\d|20\d\d)\b/i.exec(text);
  if (range) {
    const [a, b] = [Number(range[1]), Number(range[2])].sort((x, y) => x - y) as [number, number];
    return { from: `${a}-01-01`, to: b >= thisYear ? today : `${b}-12-31` };
  }
  const since = /\b(?:since|after|from)\s+(19[89]\d|20\d\d)\b/i.exec(text);
  if (since) return { from: `${since[1]}-01-01`, to: today };
  const before = /\b(?:before|until|up to)\s+(19[89]\d|20\d\d)\b/i.exec(text);
  if (before) return { from: '1991-01-01', to: `${Number(before[1]) - 1}-12-31` };
  const single = /\b(19[89]\d|20\d\d)\b/.exec(text);
  if (single) {
    const y = Number(single[1]);
    return { from: `${y}-01-01`, to: y >= thisYear ? today : `${y}-12-31` };
  }
  return null;
}

/** arXiv subject classes: cs.LG, math.NT, astro-ph.CO are upper case; physics.optics is lower. */
function fixSubCase(archive: string, sub: string): string {
  return archive.toLowerCase() === 'physics' ? sub.toLowerCase() : sub.toUpperCase();
}

/** Removes characters that would break the query syntax (quotes, parentheses, colons). */
function sanitize(word: string): string {
  return word.replace(/["():[\]]/g, '');
}
