/**
 * Evaluates an arXiv `search_query` locally against a paper, so a digest built from the RSS
 * announce feed (which has no query) keeps only what the subscription's query would match.
 * Supports field prefixes (ti au abs co jr cat rn id all), quoted phrases, AND / OR / ANDNOT and
 * parentheses, with arXiv's left-to-right operator handling. Matching is case-insensitive on
 * word boundaries; `cat:cs.*` style wildcards match category prefixes.
 */
import type { Paper } from '../arxiv/paper.ts';

type Node =
  | { kind: 'term'; field: string; text: string; phrase: boolean }
  | { kind: 'op'; op: 'AND' | 'OR' | 'ANDNOT'; left: Node; right: Node };

const FIELDS = new Set(['ti', 'au', 'abs', 'co', 'jr', 'cat', 'rn', 'id', 'all']);

function tokenize(q: string): string[] {
  const tokens: string[] = [];
  const re = /\s*(\(|\)|[a-z]+:"[^"]*"|"[^"]*"|[^\s()]+)/gy;
  let m: RegExpExecArray | null;
  while ((m = re.exec(q)) !== null) tokens.push(m[1]!);
  return tokens;
}

function parse(tokens: string[]): Node {
  let pos = 0;
  const primary = (): Node => {
    const t = tokens[pos++];
    if (t === undefined) throw new Error('query ends too early');
    if (t === '(') {
      const inner = expr();
      if (tokens[pos++] !== ')') throw new Error('unbalanced parentheses');
      return inner;
    }
    const m = /^([a-z]+):(.*)$/.exec(t);
    const field = m && FIELDS.has(m[1]!) ? m[1]! : 'all';
    let text = m && FIELDS.has(m[1]!) ? m[2]! : t;
    const phrase = text.startsWith('"');
    text = text.replace(/^"|"$/g, '');
    return { kind: 'term', field, text, phrase };
  };
  const expr = (): Node => {
    let left = primary();
    while (pos < tokens.length && tokens[pos] !== ')') {
      const t = tokens[pos]!;
      let op: 'AND' | 'OR' | 'ANDNOT' = 'AND';
      if (t === 'AND' || t === 'OR' || t === 'ANDNOT') {
        op = t;
        pos++;
      }
      left = { kind: 'op', op, left, right: primary() };
    }
    return left;
  };
  const node = expr();
  if (pos !== tokens.length) throw new Error('unbalanced parentheses');
  return node;
}

const norm = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();

function fieldText(p: Paper, field: string): string {
  switch (field) {
    case 'ti':
      return p.title;
    case 'au':
      return p.authors.map((a) => a.name).join(' ; ');
    case 'abs':
      return p.abstract;
    case 'co':
      return p.comment ?? '';
    case 'jr':
      return p.journalRef ?? '';
    case 'id':
      return p.id;
    case 'rn':
      return '';
    default:
      return [p.title, p.abstract, p.authors.map((a) => a.name).join(' '), p.comment ?? '', p.journalRef ?? ''].join(' \n ');
  }
}

function termMatches(p: Paper, n: Extract<Node, { kind: 'term' }>): boolean {
  if (n.field === 'cat') {
    const want = n.text.toLowerCase();
    return p.categories.some((c) => {
      const cat = c.toLowerCase();
      return want.endsWith('*') ? cat.startsWith(want.slice(0, -1)) : cat === want || cat.startsWith(`${want}.`);
    });
  }
  const hay = norm(fieldText(p, n.field));
  // arXiv author queries use underscores for spaces (au:del_maestro).
  const words = norm(n.text.replace(/_/g, ' '))
    .split(/[^\p{L}\p{N}*]+/u)
    .filter(Boolean);
  if (words.length === 0) return true;
  const wordRe = (w: string) => (w.endsWith('*') ? `${escape(w.slice(0, -1))}[\\p{L}\\p{N}]*` : `${escape(w)}`);
  if (n.phrase || n.field === 'au') {
    return new RegExp(`(^|[^\\p{L}\\p{N}])${words.map(wordRe).join('[^\\p{L}\\p{N}]+')}($|[^\\p{L}\\p{N}])`, 'u').test(hay);
  }
  return words.every((w) => new RegExp(`(^|[^\\p{L}\\p{N}])${wordRe(w)}($|[^\\p{L}\\p{N}])`, 'u').test(hay));
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function evaluate(n: Node, p: Paper): boolean {
  if (n.kind === 'term') return termMatches(p, n);
  const l = evaluate(n.left, p);
  if (n.op === 'AND') return l && evaluate(n.right, p);
  if (n.op === 'OR') return l || evaluate(n.right, p);
  return l && !evaluate(n.right, p);
}

/** Compiles a query once; the returned predicate says whether a paper matches it. Throws on broken syntax. */
export function compileQueryFilter(query: string): (p: Paper) => boolean {
  const tokens = tokenize(query.trim());
  if (tokens.length === 0) return () => true;
  const tree = parse(tokens);
  return (p) => evaluate(tree, p);
}
