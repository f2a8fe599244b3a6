/**
 * arXiv's `search_query` language, once: one field list, one grammar, one AST with parse,
 * validate, render and evaluate. The CLI checks a typed query before spending a rate-limited
 * request on it, the LLM query builder checks the model's reply, and digests evaluate a
 * subscription's query on the papers of the announce feed (which has no query). Pure code:
 * workflows may import it.
 *
 * Syntax (info.arxiv.org/help/api/user-manual §5.1, ../shared/arxiv-notes.md): `field:word`,
 * `field:"a phrase"`, the operators AND / OR / ANDNOT in capitals, parentheses, and date ranges
 * `submittedDate:[YYYYMMDDTTTT TO YYYYMMDDTTTT]` in GMT. Operators apply left to right without
 * precedence (`a OR b AND c` is `(a OR b) AND c`); rendering parenthesises every compound operand,
 * so a rendered query means the same whichever way a reader groups it.
 *
 * Two dialects of the one grammar:
 * - strict: the documented syntax only (every term prefixed, an operator between operands), which
 *   generated queries must meet;
 * - relaxed (the default): also bare words and phrases (searched in every field) and operands
 *   side by side (AND), as people type them and as subscriptions have always accepted them.
 *
 * Long file: one grammar with its parser, validator, renderer and evaluator over one AST;
 * splitting it would scatter the cases that must change together when the grammar does.
 */
import { arxivStamp, categoryMatches } from './arxiv-calendar.ts';
import { AppError } from './errors.ts';
import type { Paper } from './paper.ts';
import { readPlainText } from './plain-query.ts';

/** The field prefixes arXiv's API understands for words and phrases. */
export const QUERY_FIELDS = ['ti', 'au', 'abs', 'co', 'jr', 'cat', 'rn', 'id', 'all'] as const;
export type QueryField = (typeof QUERY_FIELDS)[number];

/** The fields that take a date range instead of words. */
export const DATE_FIELDS = ['submittedDate', 'lastUpdatedDate'] as const;
export type DateField = (typeof DATE_FIELDS)[number];

/**
 * Longest query accepted. Encoded (a character can become `%XX`) it stays well under the ~8 KB
 * request line web servers accept; arXiv answers longer URLs with HTTP 414.
 */
export const MAX_QUERY_LENGTH = 2000;

/** A parsed query. `field: null` is a bare word or phrase (relaxed dialect only): all fields. */
export type ArxivQuery =
  | { kind: 'term'; field: QueryField | null; value: string }
  | { kind: 'phrase'; field: QueryField | null; value: string }
  /** Inclusive bounds as written: YYYYMMDD or YYYYMMDDHHMM, GMT. */
  | { kind: 'range'; field: DateField; from: string; to: string }
  /** Two or more children; chains of the same operator are flattened. */
  | { kind: 'and' | 'or'; children: ArxivQuery[] }
  | { kind: 'andnot'; left: ArxivQuery; right: ArxivQuery };

export type ParseResult = { ok: true; query: ArxivQuery } | { ok: false; reason: string };

type Leaf = Extract<ArxivQuery, { kind: 'term' | 'phrase' | 'range' }>;
type Operator = 'AND' | 'OR' | 'ANDNOT';
type Token =
  | { kind: 'open' | 'close'; text: string }
  | { kind: 'op'; op: Operator; text: string }
  | { kind: 'leaf'; leaf: Leaf; text: string };

const OPERATORS = new Set<string>(['AND', 'OR', 'ANDNOT']);
const FIELD_HINT = `use one of ${QUERY_FIELDS.join(', ')}, or submittedDate:[… TO …]`;

/** The first problem found, thrown inside the parser and returned as a reason. */
class QueryProblem extends Error {}
function problem(reason: string): never {
  throw new QueryProblem(reason);
}

/** Parses a query; `{ ok: false, reason }` names the first problem in words a user or a prompt can act on. */
export function parseArxivQuery(text: string, opts: { strict?: boolean } = {}): ParseResult {
  const q = text.trim();
  if (q === '') return { ok: false, reason: 'the query is empty' };
  if (q.length > MAX_QUERY_LENGTH)
    return {
      ok: false,
      reason: `the query has ${q.length} characters, more than the ${MAX_QUERY_LENGTH} allowed: shorten it`,
    };
  if ((q.match(/"/g)?.length ?? 0) % 2 === 1) return { ok: false, reason: 'unbalanced double quotes' };
  try {
    return { ok: true, query: parseTokens(tokenize(q, opts.strict ?? false), opts.strict ?? false) };
  } catch (e) {
    if (e instanceof QueryProblem) return { ok: false, reason: e.message };
    throw e;
  }
}

/** The strict check for generated queries (LLM replies): `{ ok: true }` or the first problem. */
export function validateSearchQuery(text: string): { ok: true } | { ok: false; reason: string } {
  const r = parseArxivQuery(text, { strict: true });
  return r.ok ? { ok: true } : r;
}

/**
 * Normalises a query typed by a user or copied from an arXiv URL (`+` means a space there:
 * `au:del_maestro+AND+ti:checkerboard`; whitespace collapses) and checks it, so a broken query
 * fails here instead of costing an arXiv request. Throws AppError('INVALID_INPUT').
 */
export function normaliseRawQuery(text: string): string {
  const q = text.replace(/\+/g, ' ').replace(/\s+/g, ' ').trim();
  if (!q)
    throw new AppError('INVALID_INPUT', 'Empty search query: give e.g. "ti:transformer AND cat:cs.CL".');
  const r = parseArxivQuery(q);
  if (!r.ok)
    throw new AppError(
      'INVALID_INPUT',
      `Invalid arXiv query${q.length <= 200 ? ` "${q}"` : ''}: ${r.reason}.`,
    );
  return q;
}

/** Renders the `search_query` string (with real spaces; the request URL encodes them as `+`). */
export function renderArxivQuery(node: ArxivQuery): string {
  switch (node.kind) {
    case 'term':
      return node.field ? `${node.field}:${node.value}` : node.value;
    case 'phrase':
      return node.field ? `${node.field}:"${node.value}"` : `"${node.value}"`;
    case 'range':
      return `${node.field}:[${node.from} TO ${node.to}]`;
    case 'and':
    case 'or':
      return node.children.map(renderOperand).join(node.kind === 'and' ? ' AND ' : ' OR ');
    case 'andnot':
      return `${renderOperand(node.left)} ANDNOT ${renderOperand(node.right)}`;
  }
}

function renderOperand(node: ArxivQuery): string {
  const s = renderArxivQuery(node);
  return node.kind === 'and' || node.kind === 'or' || node.kind === 'andnot' ? `(${s})` : s;
}

/**
 * Whether a paper matches, approximating arXiv's search: case- and accent-insensitive words on
 * word boundaries (`*` ends a prefix, `_` joins the words of a name: au:del_maestro), phrases and
 * author names as consecutive words, `cat:` as a category or its archive (`cat:cs.*` a prefix),
 * date ranges on the v1 date (submittedDate) or the version's date (lastUpdatedDate).
 */
export function matchesPaper(node: ArxivQuery, paper: Paper): boolean {
  switch (node.kind) {
    case 'term':
    case 'phrase':
      return node.field === 'cat' ? categoryTermMatches(node.value, paper) : wordsMatch(node, paper);
    case 'range':
      return rangeMatches(node, paper);
    case 'and':
      return node.children.every((c) => matchesPaper(c, paper));
    case 'or':
      return node.children.some((c) => matchesPaper(c, paper));
    case 'andnot':
      return matchesPaper(node.left, paper) && !matchesPaper(node.right, paper);
  }
}

/**
 * Parses a (relaxed) query once and returns a predicate over papers: how a digest keeps, of the
 * announce feed, what the subscription's query would match. A blank query matches everything.
 * Throws AppError('INVALID_INPUT') with the problem as its message.
 */
export function compileQueryFilter(text: string): (p: Paper) => boolean {
  if (text.trim() === '') return () => true;
  const r = parseArxivQuery(text);
  if (!r.ok) throw new AppError('INVALID_INPUT', r.reason);
  return (p) => matchesPaper(r.query, p);
}

// ---- parsing ----

/** Splits into parentheses, operators and leaves; a leaf's quotes and `[…]` may hold spaces. */
function tokenize(q: string, strict: boolean): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < q.length) {
    const c = q[i]!;
    if (/\s/.test(c)) {
      i++;
    } else if (c === '(' || c === ')') {
      tokens.push({ kind: c === '(' ? 'open' : 'close', text: c });
      i++;
    } else {
      let j = i;
      while (j < q.length && !/[\s()]/.test(q[j]!)) {
        const close = q[j] === '"' ? '"' : q[j] === '[' ? ']' : null;
        if (close) {
          const end = q.indexOf(close, j + 1);
          if (end < 0) problem(close === '"' ? 'unbalanced double quotes' : 'unclosed "[" in a date range');
          j = end + 1;
        } else {
          j++;
        }
      }
      tokens.push(classify(q.slice(i, j), strict));
      i = j;
    }
  }
  return tokens;
}

function classify(text: string, strict: boolean): Token {
  if (OPERATORS.has(text)) return { kind: 'op', op: text as Operator, text };
  if (strict && /^(and|or|andnot)$/i.test(text))
    return problem(`operator "${text}" must be written in capitals (AND, OR, ANDNOT)`);
  if (strict && /^not$/i.test(text)) return problem(`"${text}" is not an arXiv operator: use ANDNOT`);
  const m = /^([A-Za-z]+):(.*)$/s.exec(text);
  if (!m) {
    if (strict) problem(`"${text}" has no field prefix (${FIELD_HINT})`);
    return { kind: 'leaf', leaf: wordsLeaf(null, text, text), text };
  }
  const [, prefix = '', value = ''] = m;
  if (isOneOf(DATE_FIELDS, prefix)) return { kind: 'leaf', leaf: rangeLeaf(prefix, value), text };
  if (!isOneOf(QUERY_FIELDS, prefix)) return problem(`unknown field prefix "${prefix}:" (${FIELD_HINT})`);
  return { kind: 'leaf', leaf: wordsLeaf(prefix, value, text), text };
}

function wordsLeaf(field: QueryField | null, value: string, text: string): Leaf {
  if (value.startsWith('"')) {
    if (value.length < 2 || !value.endsWith('"'))
      problem(`badly quoted phrase in ${text}: put the whole phrase in quotes`);
    const phrase = value.slice(1, -1).trim().replace(/\s+/g, ' ');
    if (phrase === '') problem(field ? `${field}: has no value` : 'empty phrase ""');
    return { kind: 'phrase', field, value: phrase };
  }
  if (value === '') problem(`${field}: has no value`);
  const bad = /["[\]]/.exec(value);
  if (bad)
    problem(
      `unexpected ${bad[0]} in ${text}: quote a whole phrase, and use [… TO …] only after submittedDate: or lastUpdatedDate:`,
    );
  return { kind: 'term', field, value };
}

function rangeLeaf(field: DateField, value: string): Leaf {
  const m = /^\[(\d{8}|\d{12})(?:\s+|\+)TO(?:\s+|\+)(\d{8}|\d{12})\]$/.exec(value);
  if (!m)
    return problem(`${field} needs a range like [202401010000 TO 202412312359], got ${value || 'nothing'}`);
  const [, from = '', to = ''] = m;
  for (const stamp of [from, to]) {
    if (!isRealStamp(stamp))
      problem(`${field}: ${stamp} is not a date and time (YYYYMMDD or YYYYMMDDHHMM, GMT)`);
  }
  if (rangeStart(from) > rangeEnd(to)) problem(`${field} range starts after it ends (${from} TO ${to})`);
  return { kind: 'range', field, from, to };
}

/** Left-to-right recursive descent over the tokens; throws QueryProblem at the first problem. */
function parseTokens(tokens: Token[], strict: boolean): ArxivQuery {
  let pos = 0;
  const expression = (): ArxivQuery => {
    let left = operand(null);
    for (let t = tokens[pos]; t !== undefined && t.kind !== 'close'; t = tokens[pos]) {
      if (t.kind === 'op') {
        pos++;
        left = combine(t.op, left, operand(t));
      } else {
        if (strict)
          problem(
            t.kind === 'open'
              ? 'missing operator (AND, OR, ANDNOT) before "("'
              : `missing operator (AND, OR, ANDNOT) before ${t.text}`,
          );
        left = combine('AND', left, operand(null));
      }
    }
    return left;
  };
  const operand = (after: Token | null): ArxivQuery => {
    const t = tokens[pos++];
    if (t === undefined) return problem(`the query ends with operator ${after?.text ?? ''}`);
    switch (t.kind) {
      case 'leaf':
        return t.leaf;
      case 'op':
        return problem(
          after ? `operators ${after.text} ${t.text} in a row` : `operator ${t.text} has nothing on its left`,
        );
      case 'close':
        return problem(
          after ? `operator ${after.text} before ")"` : 'unbalanced parentheses: ")" without "("',
        );
      case 'open': {
        if (tokens[pos]?.kind === 'close') problem('empty parentheses');
        const inner = expression();
        if (tokens[pos++]?.kind !== 'close') problem('unbalanced parentheses: "(" without ")"');
        return inner;
      }
    }
  };
  const query = expression();
  if (pos < tokens.length) problem('unbalanced parentheses: ")" without "("');
  return query;
}

/** Joins two operands; AND and OR are associative, so same-operator chains become one node. */
function combine(op: Operator, left: ArxivQuery, right: ArxivQuery): ArxivQuery {
  if (op === 'ANDNOT') return { kind: 'andnot', left, right };
  const kind = op === 'AND' ? 'and' : 'or';
  const parts = (n: ArxivQuery) => (n.kind === kind ? n.children : [n]);
  return { kind, children: [...parts(left), ...parts(right)] };
}

function isOneOf<T extends string>(list: readonly T[], s: string): s is T {
  return (list as readonly string[]).includes(s);
}

function isRealStamp(s: string): boolean {
  const n = (a: number, b: number) => Number(s.slice(a, b));
  const [y, mo, d, h, mi] = [
    n(0, 4),
    n(4, 6),
    n(6, 8),
    s.length > 8 ? n(8, 10) : 0,
    s.length > 8 ? n(10, 12) : 0,
  ];
  const t = new Date(Date.UTC(y, mo - 1, d, h, mi));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d && h < 24 && mi < 60;
}

/** A bound as YYYYMMDDHHMM: a day alone starts at 00:00 and, as an end, ends at 23:59. */
const rangeStart = (s: string) => s.padEnd(12, '0');
const rangeEnd = (s: string) => (s.length === 8 ? `${s}2359` : s);

// ---- evaluation ----

function categoryTermMatches(value: string, p: Paper): boolean {
  const want = value.toLowerCase();
  return p.categories.some((c) => {
    const cat = c.toLowerCase();
    return want.endsWith('*') ? cat.startsWith(want.slice(0, -1)) : categoryMatches(want, cat);
  });
}

function fieldText(p: Paper, field: QueryField | null): string {
  const authors = p.authors.map((a) => a.name);
  switch (field) {
    case 'ti':
      return p.title;
    case 'au':
      return authors.join(' ; ');
    case 'abs':
      return p.abstract;
    case 'co':
      return p.comment ?? '';
    case 'jr':
      return p.journalRef ?? '';
    case 'id':
      return p.id;
    case 'rn': // report numbers are in neither feed
      return '';
    default:
      return [p.title, p.abstract, authors.join(' '), p.comment ?? '', p.journalRef ?? ''].join(' \n ');
  }
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const wordPattern = (w: string) =>
  w.endsWith('*') ? `${escapeRegExp(w.slice(0, -1))}[\\p{L}\\p{N}]*` : escapeRegExp(w);
const bounded = (pattern: string) => new RegExp(`(^|[^\\p{L}\\p{N}])${pattern}($|[^\\p{L}\\p{N}])`, 'u');

function wordsMatch(node: Extract<ArxivQuery, { kind: 'term' | 'phrase' }>, p: Paper): boolean {
  const hay = fold(fieldText(p, node.field));
  const words = fold(node.value.replace(/_/g, ' '))
    .split(/[^\p{L}\p{N}*]+/u)
    .filter(Boolean);
  if (words.length === 0) return true;
  if (node.kind === 'phrase' || node.field === 'au')
    return bounded(words.map(wordPattern).join('[^\\p{L}\\p{N}]+')).test(hay);
  return words.every((w) => bounded(wordPattern(w)).test(hay));
}

function rangeMatches(node: Extract<ArxivQuery, { kind: 'range' }>, p: Paper): boolean {
  const at = new Date(node.field === 'submittedDate' ? p.published : p.updated);
  if (Number.isNaN(at.getTime())) return false;
  const stamp = arxivStamp(at);
  return rangeStart(node.from) <= stamp && stamp <= rangeEnd(node.to);
}

// ---- reading what a person or a model typed ----

/** One part of a typed query and what became of it (`query --json` shows these). */
export interface QueryPart {
  /** The text as typed (normalised). */
  text: string;
  /** kept: arXiv syntax, sent as written; built: read from plain language; dropped: nothing to search. */
  kind: 'kept' | 'built' | 'dropped';
  /** What it became in the query (null when dropped). */
  as: string | null;
  why: string;
}

export interface QueryReading {
  /** The search_query to send. */
  searchQuery: string;
  /** arxiv: the whole text is arXiv syntax; mixed: fielded terms beside free words; plain: no arXiv syntax. */
  mode: 'arxiv' | 'mixed' | 'plain';
  parts: QueryPart[];
  /** The submission window read from years in the free words (already in searchQuery), or null. */
  dateRange: { from: string; to: string } | null;
}

/** Free words → query terms ('' when nothing searchable) and a date window (YYYY-MM-DD) or null. */
export type FreeTextReader = (text: string) => {
  searchQuery: string;
  dateRange: { from: string; to: string } | null;
};

const FIELD_NAMES: Record<QueryField | DateField, string> = {
  ti: 'the title',
  au: 'the authors',
  abs: 'the abstract',
  co: 'the comment',
  jr: 'the journal reference',
  cat: 'the category (an archive matches its subcategories)',
  rn: 'the report number',
  id: 'the arXiv id',
  all: 'every field',
  submittedDate: 'the submission date',
  lastUpdatedDate: 'the date of the last update',
};

/** Words people type for operators: a run of only these between two terms is read as that operator. */
const CONNECTORS: Record<string, Operator> = {
  and: 'AND',
  or: 'OR',
  not: 'ANDNOT',
  andnot: 'ANDNOT',
  'and not': 'ANDNOT',
  'but not': 'ANDNOT',
};

type Piece =
  | { t: 'open' }
  | { t: 'close' }
  | { t: 'op'; op: Operator; text: string }
  | { t: 'leaf'; text: string; why: string }
  | { t: 'free'; text: string };

/** A submission window of whole days as a submittedDate term. */
export function dateRangeTerm(range: { from: string; to: string }): string {
  return `submittedDate:[${range.from.replace(/-/g, '')}0000 TO ${range.to.replace(/-/g, '')}2359]`;
}

/**
 * The one reading of what someone typed as a search, used by every front end, the agent and the
 * query builder:
 * - text that is arXiv's query language is sent as written, only normalised (spaces; `+` from a
 *   copied URL; curly quotes);
 * - mixed text keeps its fielded terms, date ranges, operators and parentheses as written and
 *   builds only the free words (`readFree`, the plain-language reader by default), each run of
 *   them where it stands;
 * - plain language is built whole.
 * A field name or an operator never becomes a search word. Throws AppError('INVALID_INPUT') for
 * empty text, text with nothing to search, and arXiv syntax that cannot be repaired (unbalanced
 * parentheses, a malformed date range).
 */
export function readQuery(text: string, opts: { now?: Date; readFree?: FreeTextReader } = {}): QueryReading {
  const now = opts.now ?? new Date();
  const readFree: FreeTextReader = opts.readFree ?? ((t) => readPlainText(t, now));
  let q = text
    .normalize('NFKC')
    .replace(/[\u201c\u201d\u201e]/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
  if (q === '')
    throw new AppError(
      'INVALID_INPUT',
      'The search is empty: say what you are looking for, in words or in arXiv syntax (ti:… AND cat:…).',
    );
  if (q.length > MAX_QUERY_LENGTH)
    throw new AppError(
      'INVALID_INPUT',
      `The search has ${q.length} characters, more than the ${MAX_QUERY_LENGTH} allowed: shorten it.`,
    );
  // A query copied from an arXiv URL writes spaces as `+`.
  if (FIELD_PREFIX.test(q)) q = q.replace(/\+/g, ' ').replace(/\s+/g, ' ').trim();

  const strict = parseArxivQuery(q, { strict: true });
  if (strict.ok) {
    const parts = tokenize(q, true).flatMap((t): QueryPart[] => {
      if (t.kind === 'op') return [{ text: t.text, kind: 'kept', as: t.text, why: 'arXiv operator' }];
      if (t.kind === 'leaf') return [{ text: t.text, kind: 'kept', as: t.text, why: leafWhy(t.leaf) }];
      return [];
    });
    return { searchQuery: q, mode: 'arxiv', parts, dateRange: null };
  }

  const pieces = scanPieces(q);
  if (!pieces.some((p) => p.t === 'leaf' || p.t === 'op')) {
    const built = readFree(q);
    if (built.searchQuery === '') {
      throw new AppError(
        'INVALID_INPUT',
        `Nothing to search for in "${q}": name a topic, a phrase in quotes, an author ("by Name"), a category, or write arXiv syntax (ti:… AND cat:…).`,
      );
    }
    const searchQuery = built.dateRange
      ? `${built.searchQuery} AND ${dateRangeTerm(built.dateRange)}`
      : built.searchQuery;
    return {
      searchQuery,
      mode: 'plain',
      parts: [{ text: q, kind: 'built', as: searchQuery, why: PLAIN_WHY }],
      dateRange: built.dateRange,
    };
  }
  return readMixed(q, pieces, readFree);
}

const FIELD_PREFIX = new RegExp(`(^|[\\s(])(${[...QUERY_FIELDS, ...DATE_FIELDS].join('|')}):`, 'i');
const PLAIN_WHY =
  'plain language: built (common words dropped; "by Name" → au:, category names and codes → cat:, years → a submission window)';

function leafWhy(leaf: Leaf): string {
  if (leaf.kind === 'range') return `arXiv syntax: a range of ${FIELD_NAMES[leaf.field]}`;
  const where = leaf.field ? FIELD_NAMES[leaf.field] : 'every field';
  return `arXiv syntax: ${leaf.kind === 'phrase' ? 'a phrase' : 'a word'} in ${where}`;
}

/** Splits mixed text into parentheses, operators, fielded terms (normalised) and free chunks. */
function scanPieces(q: string): Piece[] {
  const chunks: string[] = [];
  let i = 0;
  while (i < q.length) {
    const c = q[i]!;
    if (c === ' ') {
      i++;
      continue;
    }
    if (c === '(' || c === ')') {
      chunks.push(c);
      i++;
      continue;
    }
    let j = i;
    while (j < q.length && !/[\s()]/.test(q[j]!)) {
      const close = q[j] === '"' ? '"' : q[j] === '[' ? ']' : null;
      const end = close ? q.indexOf(close, j + 1) : -1;
      j = end > 0 ? end + 1 : j + 1;
    }
    chunks.push(q.slice(i, j));
    i = j;
  }
  const pieces: Piece[] = [];
  for (let k = 0; k < chunks.length; k++) {
    let chunk = chunks[k]!;
    if (chunk === '(' || chunk === ')') {
      pieces.push(chunk === '(' ? { t: 'open' } : { t: 'close' });
      continue;
    }
    if (OPERATORS.has(chunk)) {
      pieces.push({ t: 'op', op: chunk as Operator, text: chunk });
      continue;
    }
    const m = /^([A-Za-z]+):(.*)$/s.exec(chunk);
    const prefix = m ? canonicalField(m[1]!) : null;
    if (m && prefix) {
      // `ti: transformer`: the value was typed after a space.
      if (m[2] === '' && k + 1 < chunks.length && !/^[()]$/.test(chunks[k + 1]!))
        chunk = `${m[1]}:${chunks[++k]}`;
      const value = chunk.slice(chunk.indexOf(':') + 1);
      try {
        const leaf = isOneOf(DATE_FIELDS, prefix)
          ? rangeLeaf(prefix, value)
          : wordsLeaf(prefix as QueryField, value, chunk);
        pieces.push({ t: 'leaf', text: renderArxivQuery(leaf), why: leafWhy(leaf) });
        continue;
      } catch (e) {
        if (!(e instanceof QueryProblem)) throw e;
        // A malformed date range was meant as one: say what is wrong rather than search its digits.
        if (isOneOf(DATE_FIELDS, prefix))
          throw new AppError(
            'INVALID_INPUT',
            `Invalid arXiv query "${q.length <= 200 ? q : `${q.slice(0, 200)}…`}": ${e.message}.`,
          );
      }
    }
    pieces.push({ t: 'free', text: chunk });
  }
  return pieces;
}

/** A field prefix as arXiv spells it, whatever the case typed; null when it is no field. */
function canonicalField(prefix: string): QueryField | DateField | null {
  const lower = prefix.toLowerCase();
  return QUERY_FIELDS.find((f) => f === lower) ?? DATE_FIELDS.find((f) => f.toLowerCase() === lower) ?? null;
}

/** `andChain`: a built run of terms joined by AND, parenthesised only where its neighbours are not AND. */
type Item =
  | { t: 'open' }
  | { t: 'close' }
  | { t: 'op'; op: Operator }
  | { t: 'operand'; text: string; andChain?: boolean };

function readMixed(q: string, pieces: Piece[], readFree: FreeTextReader): QueryReading {
  const parts: QueryPart[] = [];
  const items: Item[] = [];
  let dateRange: QueryReading['dateRange'] = null;
  // Runs of free chunks, each read where it stands.
  for (let k = 0; k < pieces.length; k++) {
    const p = pieces[k]!;
    if (p.t === 'open' || p.t === 'close') items.push({ t: p.t });
    else if (p.t === 'op') {
      items.push({ t: 'op', op: p.op });
      parts.push({ text: p.text, kind: 'kept', as: p.op, why: 'arXiv operator' });
    } else if (p.t === 'leaf') {
      items.push({ t: 'operand', text: p.text });
      parts.push({ text: p.text, kind: 'kept', as: p.text, why: p.why });
    } else {
      const run: string[] = [p.text];
      for (let nx = pieces[k + 1]; nx?.t === 'free'; nx = pieces[k + 1]) {
        run.push(nx.text);
        k++;
      }
      const text = run.join(' ');
      const connector = CONNECTORS[text.toLowerCase()];
      if (connector) {
        items.push({ t: 'op', op: connector });
        parts.push({
          text,
          kind: 'built',
          as: connector,
          why: `"${text}" between terms read as the operator ${connector}`,
        });
        continue;
      }
      const built = readFree(text);
      if (built.dateRange) dateRange = built.dateRange;
      if (built.searchQuery === '') {
        parts.push(
          built.dateRange
            ? {
                text,
                kind: 'built',
                as: dateRangeTerm(built.dateRange),
                why: 'years read as a submission window (added with AND)',
              }
            : { text, kind: 'dropped', as: null, why: 'only common words: nothing to search' },
        );
        continue;
      }
      const compound = / (AND|OR|ANDNOT) /.test(built.searchQuery);
      const andChain = compound && isAndChain(built.searchQuery);
      const as = compound && !andChain ? `(${built.searchQuery})` : built.searchQuery;
      items.push({ t: 'operand', text: as, andChain });
      parts.push({
        text,
        kind: 'built',
        as,
        why: `free words: ${PLAIN_WHY.slice('plain language: '.length)}`,
      });
    }
  }
  const cleaned = repair(items, parts);
  if (!cleaned.some((i) => i.t === 'operand')) {
    throw new AppError(
      'INVALID_INPUT',
      `Nothing to search for in "${q}": name a topic, a phrase in quotes, an author ("by Name"), a category, or write arXiv syntax (ti:… AND cat:…).`,
    );
  }
  let searchQuery = render(cleaned);
  if (dateRange && !pieces.some((p) => p.t === 'leaf' && /^(submittedDate|lastUpdatedDate):/.test(p.text))) {
    const top = parseArxivQuery(searchQuery, { strict: true });
    const bare = top.ok && (top.query.kind === 'or' || top.query.kind === 'andnot');
    searchQuery = `${bare ? `(${searchQuery})` : searchQuery} AND ${dateRangeTerm(dateRange)}`;
  }
  const check = parseArxivQuery(searchQuery, { strict: true });
  if (!check.ok)
    throw new AppError(
      'INVALID_INPUT',
      `Invalid arXiv query "${q.length <= 200 ? q : `${q.slice(0, 200)}…`}": ${check.reason}.`,
    );
  return { searchQuery, mode: 'mixed', parts, dateRange };
}

/**
 * Makes the item list a well-formed query: AND between terms written side by side (arXiv needs
 * an operator), operators with nothing on one side dropped, empty parentheses dropped. Unbalanced
 * parentheses are left for the strict check to name.
 */
function repair(input: Item[], parts: QueryPart[]): Item[] {
  let items = input;
  for (let changed = true; changed;) {
    changed = false;
    const out: Item[] = [];
    for (let k = 0; k < items.length; k++) {
      const it = items[k]!;
      const prev = out[out.length - 1];
      const next = items[k + 1];
      if (it.t === 'op') {
        const leftOk = prev !== undefined && (prev.t === 'operand' || prev.t === 'close');
        const rightOk = next !== undefined && (next.t === 'operand' || next.t === 'open');
        if (!leftOk || !rightOk) {
          parts.push({
            text: it.op,
            kind: 'dropped',
            as: null,
            why: `operator ${it.op} has no term on its ${leftOk ? 'right' : 'left'}`,
          });
          changed = true;
          continue;
        }
      }
      if (it.t === 'close' && prev?.t === 'open') {
        out.pop();
        changed = true;
        continue;
      }
      if ((it.t === 'operand' || it.t === 'open') && prev && (prev.t === 'operand' || prev.t === 'close')) {
        out.push({ t: 'op', op: 'AND' });
        parts.push({
          text: '',
          kind: 'built',
          as: 'AND',
          why: 'two terms side by side: arXiv needs an operator between them, AND',
        });
      }
      out.push(it);
    }
    items = out;
  }
  return items;
}

function isAndChain(q: string): boolean {
  const r = parseArxivQuery(q, { strict: true });
  return r.ok && r.query.kind === 'and' && renderArxivQuery(r.query) === q;
}

function render(items: Item[]): string {
  const andSide = (i: Item | undefined, edge: 'open' | 'close') =>
    i === undefined || i.t === edge || (i.t === 'op' && i.op === 'AND');
  return items
    .map((i, k) => {
      if (i.t !== 'operand') return i.t === 'open' ? '(' : i.t === 'close' ? ')' : ` ${i.op} `;
      return i.andChain && !(andSide(items[k - 1], 'open') && andSide(items[k + 1], 'close'))
        ? `(${i.text})`
        : i.text;
    })
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The first search word of a (valid) query that is an operator or a field name rather than a word
 * anyone searches for (`all:andnot`, `all:ti`: what a builder makes when it misreads arXiv syntax),
 * or null. `cat`, `id` and `all` are left alone: they are English words too.
 */
export function searchWordProblem(query: string): string | null {
  const r = parseArxivQuery(query, { strict: true });
  if (!r.ok) return r.reason;
  const suspicious = new Set([
    'and',
    'or',
    'andnot',
    'not',
    'ti',
    'au',
    'abs',
    'co',
    'jr',
    'rn',
    'submitteddate',
    'lastupdateddate',
  ]);
  const walk = (n: ArxivQuery): string | null => {
    if (n.kind === 'term' || n.kind === 'phrase') {
      const bad =
        n.field === 'cat' || n.field === 'id'
          ? undefined
          : n.value
              .toLowerCase()
              .split(/[\s_]+/)
              .find((w) => suspicious.has(w));
      return bad
        ? `"${bad}" in ${renderArxivQuery(n)} is an operator or a field name, not a search word`
        : null;
    }
    if (n.kind === 'range') return null;
    if (n.kind === 'andnot') return walk(n.left) ?? walk(n.right);
    for (const c of n.children) {
      const p = walk(c);
      if (p) return p;
    }
    return null;
  };
  return walk(r.query);
}

// ---- broadening a query that found nothing ----

/**
 * One broader query for a query arXiv answered with nothing, or null when there is none worth a
 * request: in an AND of three or more terms, drop the least informative word (the shortest word
 * searched in every field, else the shortest word); otherwise turn the words of an AND (phrases
 * included) into a phrase-free OR, keeping its category and date restrictions; otherwise drop a
 * date range. `why` says what was changed, for the user.
 */
export function broaderQuery(query: string): { query: string; why: string } | null {
  const r = parseArxivQuery(query, { strict: true });
  if (!r.ok || r.query.kind !== 'and') return null;
  const children = r.query.children;
  const isWord = (n: ArxivQuery): n is Extract<ArxivQuery, { kind: 'term' | 'phrase' }> =>
    (n.kind === 'term' || n.kind === 'phrase') && n.field !== 'cat' && n.field !== 'id';
  const words = children.filter(isWord);
  if (children.length >= 3 && words.length >= 2) {
    const pool = words.some((w) => w.field === 'all' || w.field === null)
      ? words.filter((w) => w.field === 'all' || w.field === null)
      : words;
    const least = pool.reduce((a, b) => (b.value.length <= a.value.length ? b : a));
    const kept = children.filter((c) => c !== least);
    return {
      query: renderArxivQuery({ kind: 'and', children: kept }),
      why: `dropped ${renderArxivQuery(least)}, the least specific word`,
    };
  }
  const split = words.flatMap((w): ArxivQuery[] =>
    w.value.split(/\s+/).map((v) => ({ kind: 'term', field: w.field, value: v })),
  );
  if (split.length >= 2) {
    const rest = children.filter((c) => !isWord(c));
    const any: ArxivQuery = { kind: 'or', children: split };
    return {
      query: renderArxivQuery(rest.length ? { kind: 'and', children: [any, ...rest] } : any),
      why: 'any of the words instead of all of them, phrases split into words',
    };
  }
  const ranges = children.filter((c) => c.kind === 'range');
  if (ranges.length > 0) {
    const kept = children.filter((c) => c.kind !== 'range');
    return {
      query: renderArxivQuery(kept.length === 1 ? kept[0]! : { kind: 'and', children: kept }),
      why: 'without the date range',
    };
  }
  return null;
}

/** arXiv's caps: at most 2000 results per call and 30000 in total (beyond: HTTP 400). */
export const ARXIV_LIMITS = { maxPerCall: 2000, maxTotal: 30_000, idListBatch: 100 } as const;

export type SortBy = 'relevance' | 'lastUpdatedDate' | 'submittedDate';
export type SortOrder = 'ascending' | 'descending';
