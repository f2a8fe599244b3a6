/**
 * arXiv identifiers: find, validate and normalise an id in any text a user or a web search gives
 * (bare ids, every arxiv.org URL form, `arXiv:` prefixes, the 10.48550 DOI, ids inside prose).
 * Pure code without Node imports: workflows may import it.
 *
 * Schemes (info.arxiv.org/help/arxiv_identifier_for_services):
 * - new, since April 2007: `YYMM.NNNN` (2007-2014) and `YYMM.NNNNN` (2015 on), optional `vN`;
 * - old, before April 2007: `archive(.SUBJECT)/YYMMNNN`, optional `vN`.
 */
import { AppError } from './errors.ts';

export interface ParsedArxivId {
  /** Base id without version: `2104.12255`, `hep-th/9901001`, `math.GT/0309136`. */
  id: string;
  /** The `vN` number when given, else null. */
  version: number | null;
}

/** Archives of the old scheme (arXiv's list of pre-2007 archive names). */
const OLD_ARCHIVES = new Set([
  'acc-phys',
  'adap-org',
  'alg-geom',
  'ao-sci',
  'astro-ph',
  'atom-ph',
  'bayes-an',
  'chao-dyn',
  'chem-ph',
  'cmp-lg',
  'comp-gas',
  'cond-mat',
  'cs',
  'dg-ga',
  'funct-an',
  'gr-qc',
  'hep-ex',
  'hep-lat',
  'hep-ph',
  'hep-th',
  'math',
  'math-ph',
  'mtrl-th',
  'nlin',
  'nucl-ex',
  'nucl-th',
  'patt-sol',
  'physics',
  'plasm-ph',
  'q-alg',
  'q-bio',
  'quant-ph',
  'solv-int',
  'supr-con',
]);

const NEW_CANDIDATE = /(?<![\d.])(\d{2})(\d{2})\.(\d+)(?:v(\d+))?(?![\d])/g;
const OLD_CANDIDATE =
  /(?<![A-Za-z0-9-])([A-Za-z][A-Za-z-]*)(\.[A-Za-z]{2})?\/(\d{2})(\d{2})(\d{3,})(?:v(\d+))?(?!\d)/g;

interface Candidate {
  index: number;
  text: string;
  result?: ParsedArxivId;
  reason?: string;
}

/** Undoes the encodings and path shapes that hide an id from the two patterns above. */
function normalise(text: string): string {
  return (
    text
      .replace(/%2F/gi, '/')
      .replace(/%3A/gi, ':')
      // DOI form 10.48550/arXiv.2104.12255: the dot before the id would read as part of a number.
      .replace(/arxiv\.(?=\d{4}\.\d)/gi, 'arXiv:')
      // Old-scheme FTP paths: /ftp/astro-ph/papers/0601/0601001.pdf
      .replace(/\/([A-Za-z-]+(?:\.[A-Za-z]{2})?)\/papers\/\d{4}\/(\d{7})/g, '/$1/$2')
  );
}

function parseVersion(v: string | undefined): { version: number | null; reason?: string } {
  if (v === undefined) return { version: null };
  const n = Number(v);
  if (n < 1) return { version: null, reason: 'versions start at v1' };
  return { version: n };
}

function checkNew(m: RegExpExecArray): Candidate {
  const [text, yy = '', mm = '', num = '', v] = m;
  const c: Candidate = { index: m.index, text };
  const year = 2000 + Number(yy);
  const month = Number(mm);
  if (month < 1 || month > 12)
    return { ...c, reason: `"${text}" has month ${mm}; arXiv ids are YYMM.NNNNN with a month 01-12` };
  if (year < 2007 || (year === 2007 && month < 4)) {
    return {
      ...c,
      reason: `"${text}" predates April 2007, when YYMM.NNNN ids began; older papers have ids like hep-th/9901001`,
    };
  }
  const digits = year <= 2014 ? 4 : 5;
  if (num.length !== digits) {
    return {
      ...c,
      reason: `"${text}": ids from ${year <= 2014 ? '2007-2014' : '2015 on'} have ${digits} digits after the dot, not ${num.length}`,
    };
  }
  const ver = parseVersion(v);
  if (ver.reason) return { ...c, reason: `"${text}": ${ver.reason}` };
  return { ...c, result: { id: `${yy}${mm}.${num}`, version: ver.version } };
}

function checkOld(m: RegExpExecArray): Candidate {
  const [text, archiveRaw = '', subject, yy = '', mm = '', num = '', v] = m;
  const c: Candidate = { index: m.index, text };
  const archive = archiveRaw.toLowerCase();
  if (!OLD_ARCHIVES.has(archive)) return { ...c, reason: `"${text}": ${archiveRaw} is not an arXiv archive` };
  const month = Number(mm);
  const year = Number(yy) >= 91 ? 1900 + Number(yy) : 2000 + Number(yy);
  if (month < 1 || month > 12)
    return { ...c, reason: `"${text}" has month ${mm}; old ids are archive/YYMMNNN with a month 01-12` };
  if (year > 2007 || (year === 2007 && month > 3)) {
    return {
      ...c,
      reason: `"${text}": old-style ids end in March 2007; later papers have ids like 0704.0001`,
    };
  }
  if (num.length !== 3)
    return { ...c, reason: `"${text}": old-style ids have exactly 7 digits after the slash` };
  const ver = parseVersion(v);
  if (ver.reason) return { ...c, reason: `"${text}": ${ver.reason}` };
  // The subject class is upper case (math.GT, cs.AI); normalise only its case.
  const subj = subject ? `.${subject.slice(1).toUpperCase()}` : '';
  return { ...c, result: { id: `${archive}${subj}/${yy}${mm}${num}`, version: ver.version } };
}

function candidates(text: string): Candidate[] {
  const found: Candidate[] = [];
  for (const m of text.matchAll(NEW_CANDIDATE)) found.push(checkNew(m));
  for (const m of text.matchAll(OLD_CANDIDATE)) found.push(checkOld(m));
  return found.sort((a, b) => a.index - b.index);
}

/**
 * Finds the first valid arXiv id in `text`. Throws AppError('INVALID_INPUT') saying why when
 * there is none (nothing id-shaped, a bad month, the wrong digit count for the year, …).
 */
export function extractArxivId(text: string): ParsedArxivId {
  const trimmed = text.trim();
  if (!trimmed)
    throw new AppError('INVALID_INPUT', 'No arXiv id given: pass an id like 2104.12255 or an arxiv.org URL.');
  const all = candidates(normalise(trimmed.replace(/^<|>$/g, '')));
  const ok = all.find((c) => c.result);
  if (ok?.result) return ok.result;
  const first = all[0];
  if (first?.reason) throw new AppError('INVALID_INPUT', `Not a valid arXiv id: ${first.reason}.`);
  const shown = trimmed.length > 80 ? `${trimmed.slice(0, 77)}...` : trimmed;
  throw new AppError(
    'INVALID_INPUT',
    `No arXiv id found in "${shown}": expected an id like 2104.12255, 2104.12255v2 or hep-th/9901001, or an arxiv.org URL.`,
  );
}

/** Like extractArxivId, but returns null instead of throwing. */
export function parseArxivId(text: string): ParsedArxivId | null {
  try {
    return extractArxivId(text);
  } catch {
    return null;
  }
}

/** True when `id` is exactly a base id (no version, no surrounding text). */
export function isBaseArxivId(id: string): boolean {
  const p = parseArxivId(id);
  return p !== null && p.version === null && p.id === id;
}

/**
 * A form safe as a file name: the old scheme's slash becomes `_` (`astro-ph_0601001`). Archive
 * names never contain `_`, so fromPathSafeId reverses it exactly.
 */
export function pathSafeId(id: string): string {
  return id.replace('/', '_');
}

/** Reverses pathSafeId. */
export function fromPathSafeId(safe: string): string {
  return safe.replace('_', '/');
}

/** True when the host is arxiv.org or one of its subdomains: those get the 3 s floor. */
export function isArxivHost(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/\.$/, '');
  return h === 'arxiv.org' || h.endsWith('.arxiv.org');
}
