/**
 * The fake arXiv's own evaluation of `search_query` over the recorded Atom entries. Written apart
 * from domain/arxiv-query.ts (it imports nothing of ours), so that the two check each other: if the
 * production reader builds a query arXiv would answer with nothing, this answers it with nothing.
 *
 * Behaviour, from arXiv's API user manual (info.arxiv.org/help/api/user-manual §5.1, §5.1.1) and
 * the recorded answers in test/fixtures/corpus/atom (checked in test/unit/fakes/arxiv-search.test.ts):
 * - prefixes ti au abs co jr cat rn id all; a word without a prefix is searched in all fields
 *   (the recorded `search_query=testing` is echoed back by arXiv as `all:testing`);
 * - `"a phrase"` matches consecutive words; `au:del_maestro` joins the words of one author's name;
 * - words match whole words, ignoring case (every recorded `all:testing` result has the word
 *   "testing"; none has only "test" or "tests"); no wildcards, no stemming;
 * - `cat:cs` matches every `cs.*` category (cross-lists too), `cat:cs.CL` only that category;
 * - AND, OR, ANDNOT in capitals, applied left to right; parentheses group. Two operands with no
 *   operator between them must both match (the stricter of the readings arXiv might make);
 * - `submittedDate:[YYYYMMDDHHMM TO YYYYMMDDHHMM]` on <published>, `lastUpdatedDate:[…]` on
 *   <updated>, both ends inclusive, GMT;
 * - a field arXiv does not know, or a query that does not parse, is an error (HTTP 400 with an
 *   error entry, in the envelope arXiv answers a malformed id_list with).
 */

export interface SearchEntry {
  /** Base id without version. */
  id: string;
  xml: string;
  title: string;
  abstract: string;
  authors: string[];
  categories: string[];
  comment: string;
  journalRef: string;
  reportNo: string;
  /** ISO instants. */
  published: string;
  updated: string;
}

type Node =
  | { op: 'word'; field: string; words: string[] }
  | { op: 'range'; field: 'submittedDate' | 'lastUpdatedDate'; from: string; to: string }
  | { op: 'AND' | 'OR' | 'ANDNOT'; left: Node; right: Node };

export class SearchQueryError extends Error {}

const KNOWN = new Set(['ti', 'au', 'abs', 'co', 'jr', 'cat', 'rn', 'id', 'all']);

function xmlText(s: string): string {
  return s
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_m, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&amp;/g, '&');
}

const one = (xml: string, tag: string) =>
  xmlText(new RegExp(`<${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</${tag}>`).exec(xml)?.[1] ?? '').trim();

/** The searchable fields of one recorded <entry>. */
export function readEntry(xml: string): SearchEntry | null {
  const idUrl = one(xml, 'id');
  const id = /arxiv\.org\/abs\/(.+?)(v\d+)?$/.exec(idUrl)?.[1];
  if (!id) return null;
  const authors = [...xml.matchAll(/<author>\s*<name>([\s\S]*?)<\/name>/g)].map((m) =>
    xmlText(m[1] ?? '').trim(),
  );
  const categories = [...xml.matchAll(/<category[^>]*term="([^"]+)"/g)].map((m) => m[1] ?? '');
  return {
    id,
    xml,
    title: one(xml, 'title'),
    abstract: one(xml, 'summary'),
    authors,
    categories,
    comment: one(xml, 'arxiv:comment'),
    journalRef: one(xml, 'arxiv:journal_ref'),
    reportNo: one(xml, 'arxiv:report_no'),
    published: one(xml, 'published'),
    updated: one(xml, 'updated'),
  };
}

/** Lower-case words of a text: letters and digits, accents removed. */
function words(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9\u00c0-\uffff]+/)
    .filter((w) => w !== '');
}

function containsRun(hay: string[], run: string[]): boolean {
  if (run.length === 0) return false;
  outer: for (let i = 0; i + run.length <= hay.length; i++) {
    for (let j = 0; j < run.length; j++) if (hay[i + j] !== run[j]) continue outer;
    return true;
  }
  return false;
}

// ---- parsing ----

type Tok = { k: '(' } | { k: ')' } | { k: 'op'; v: 'AND' | 'OR' | 'ANDNOT' } | { k: 'term'; v: string };

function lex(q: string): Tok[] {
  const out: Tok[] = [];
  const re = /\s*(?:(\()|(\))|([^\s()"[]*(?:"[^"]*"|\[[^\]]*\])?[^\s()]*))/y;
  let m: RegExpExecArray | null;
  re.lastIndex = 0;
  while (re.lastIndex < q.length && (m = re.exec(q))) {
    if (m[1]) out.push({ k: '(' });
    else if (m[2]) out.push({ k: ')' });
    else if (m[3])
      out.push(
        m[3] === 'AND' || m[3] === 'OR' || m[3] === 'ANDNOT' ? { k: 'op', v: m[3] } : { k: 'term', v: m[3] },
      );
    else if (q.slice(re.lastIndex).trim() === '') break;
    else throw new SearchQueryError(`cannot read the query at "${q.slice(re.lastIndex, re.lastIndex + 20)}"`);
  }
  return out;
}

function leaf(text: string): Node {
  const colon = /^([A-Za-z]+):(.+)$/s.exec(text);
  const field = colon ? colon[1]! : 'all';
  const value = colon ? colon[2]! : text;
  if (field === 'submittedDate' || field === 'lastUpdatedDate') {
    const r = /^\[(\d{8}(?:\d{4})?) TO (\d{8}(?:\d{4})?)\]$/.exec(value);
    if (!r) throw new SearchQueryError(`bad date range ${value}`);
    return {
      op: 'range',
      field,
      from: r[1]!.padEnd(12, '0'),
      to: r[2]!.length === 8 ? `${r[2]}2359` : r[2]!,
    };
  }
  if (!KNOWN.has(field)) throw new SearchQueryError(`unknown field ${field}`);
  const unquoted =
    value.startsWith('"') && value.endsWith('"') && value.length >= 2 ? value.slice(1, -1) : value;
  if (/["[\]]/.test(unquoted)) throw new SearchQueryError(`bad term ${text}`);
  if (field === 'cat' || field === 'id') return { op: 'word', field, words: [unquoted.trim().toLowerCase()] };
  return { op: 'word', field, words: words(field === 'au' ? unquoted.replace(/_/g, ' ') : unquoted) };
}

/** Parses a search_query; throws SearchQueryError when arXiv would refuse it. */
export function parseSearchQuery(q: string): Node {
  const toks = lex(q.trim());
  let i = 0;
  const primary = (): Node => {
    const t = toks[i++];
    if (!t) throw new SearchQueryError('the query ends too early');
    if (t.k === '(') {
      const inner = sequence();
      if (toks[i++]?.k !== ')') throw new SearchQueryError('missing )');
      return inner;
    }
    if (t.k === 'term') return leaf(t.v);
    throw new SearchQueryError(`unexpected ${t.k === 'op' ? t.v : t.k}`);
  };
  const sequence = (): Node => {
    let left = primary();
    while (i < toks.length && toks[i]!.k !== ')') {
      const t = toks[i]!;
      let op: 'AND' | 'OR' | 'ANDNOT' = 'AND';
      if (t.k === 'op') {
        op = t.v;
        i++;
      }
      left = { op, left, right: primary() };
    }
    return left;
  };
  if (toks.length === 0) throw new SearchQueryError('empty query');
  const root = sequence();
  if (i !== toks.length) throw new SearchQueryError('unbalanced )');
  return root;
}

// ---- matching ----

const stamp = (iso: string) => iso.replace(/[-:T]/g, '').slice(0, 12);

function fieldWords(e: SearchEntry, field: string): string[][] {
  switch (field) {
    case 'ti':
      return [words(e.title)];
    case 'au':
      return e.authors.map(words);
    case 'abs':
      return [words(e.abstract)];
    case 'co':
      return [words(e.comment)];
    case 'jr':
      return [words(e.journalRef)];
    case 'rn':
      return [words(e.reportNo)];
    default:
      return [
        words(e.title),
        words(e.abstract),
        ...e.authors.map(words),
        words(e.comment),
        words(e.journalRef),
      ];
  }
}

export function entryMatches(node: Node, e: SearchEntry): boolean {
  switch (node.op) {
    case 'AND':
      return entryMatches(node.left, e) && entryMatches(node.right, e);
    case 'OR':
      return entryMatches(node.left, e) || entryMatches(node.right, e);
    case 'ANDNOT':
      return entryMatches(node.left, e) && !entryMatches(node.right, e);
    case 'range': {
      const at = stamp(node.field === 'submittedDate' ? e.published : e.updated);
      return node.from <= at && at <= node.to;
    }
    case 'word': {
      const want = node.words[0] ?? '';
      if (node.field === 'cat')
        return e.categories.some((c) => c.toLowerCase() === want || c.toLowerCase().startsWith(`${want}.`));
      if (node.field === 'id') return want.replace(/v\d+$/, '') === e.id.toLowerCase();
      return fieldWords(e, node.field).some((hay) => containsRun(hay, node.words));
    }
  }
}
