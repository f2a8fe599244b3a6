/**
 * Syntax check for arXiv API `search_query` strings (arXiv API user manual, "Query interface"):
 * field prefixes ti au abs co jr cat rn id all, operators AND OR ANDNOT in capitals, parentheses
 * for grouping, double-quoted phrases, and `submittedDate:[YYYYMMDDHHMM TO YYYYMMDDHHMM]`.
 * Guards LLM output before it reaches arXiv, where a broken query silently returns junk.
 */

/** Field prefixes the arXiv API understands. */
export const FIELD_PREFIXES = ['ti', 'au', 'abs', 'co', 'jr', 'cat', 'rn', 'id', 'all'] as const;
const DATE_PREFIXES = ['submittedDate', 'lastUpdatedDate'];
const OPERATORS = new Set(['AND', 'OR', 'ANDNOT']);

type Token = { kind: 'open' | 'close' | 'op' | 'term'; text: string };

/** `{ ok: true }` for a well-formed query, else the first problem in words a prompt or a user can act on. */
export function validateSearchQuery(q: string): { ok: true } | { ok: false; reason: string } {
  if (q.trim() === '') return { ok: false, reason: 'the query is empty' };
  if (((q.match(/"/g) ?? []).length & 1) === 1) return { ok: false, reason: 'unbalanced double quotes' };
  const tokens = tokenizeQuery(q);
  if (typeof tokens === 'string') return { ok: false, reason: tokens };

  let depth = 0;
  let prev: Token | undefined;
  for (const t of tokens) {
    if (t.kind === 'open') {
      if (prev && (prev.kind === 'term' || prev.kind === 'close')) return { ok: false, reason: `missing operator before "("` };
      depth++;
    } else if (t.kind === 'close') {
      if (depth === 0) return { ok: false, reason: 'unbalanced parentheses: ")" without "("' };
      if (!prev || prev.kind === 'open') return { ok: false, reason: 'empty parentheses' };
      if (prev.kind === 'op') return { ok: false, reason: `operator ${prev.text} before ")"` };
      depth--;
    } else if (t.kind === 'op') {
      if (!prev || prev.kind === 'open') return { ok: false, reason: `operator ${t.text} has nothing on its left` };
      if (prev.kind === 'op') return { ok: false, reason: `operators ${prev.text} ${t.text} in a row` };
    } else {
      const problem = checkTerm(t.text);
      if (problem) return { ok: false, reason: problem };
      if (prev && (prev.kind === 'term' || prev.kind === 'close')) {
        return { ok: false, reason: `missing operator (AND, OR, ANDNOT) before ${t.text}` };
      }
    }
    prev = t;
  }
  if (depth !== 0) return { ok: false, reason: 'unbalanced parentheses: "(" without ")"' };
  if (prev?.kind === 'op') return { ok: false, reason: `the query ends with operator ${prev.text}` };
  return { ok: true };
}

/** Splits into parentheses, operators and `prefix:value` terms (values may be quoted or a date range). */
function tokenizeQuery(q: string): Token[] | string {
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
        if (q[j] === '"') {
          const end = q.indexOf('"', j + 1);
          if (end < 0) return 'unbalanced double quotes';
          j = end + 1;
        } else if (q[j] === '[') {
          const end = q.indexOf(']', j + 1);
          if (end < 0) return 'unclosed "[" in a date range';
          j = end + 1;
        } else {
          j++;
        }
      }
      const text = q.slice(i, j);
      tokens.push({ kind: OPERATORS.has(text) ? 'op' : 'term', text });
      i = j;
    }
  }
  return tokens;
}

function checkTerm(term: string): string | null {
  if (/^(and|or|andnot|not)$/i.test(term)) return `operator "${term}" must be written in capitals (AND, OR, ANDNOT)`;
  const m = /^([A-Za-z]+):(.*)$/s.exec(term);
  if (!m) return `"${term}" has no field prefix (use one of ${FIELD_PREFIXES.join(', ')})`;
  const [, prefix = '', value = ''] = m;
  if (DATE_PREFIXES.includes(prefix)) {
    return /^\[\d{8}(\d{4})?(\s+|\+)TO(\s+|\+)\d{8}(\d{4})?\]$/.test(value)
      ? null
      : `${prefix} needs a range like [202401010000 TO 202412312359], got ${value || 'nothing'}`;
  }
  if (!(FIELD_PREFIXES as readonly string[]).includes(prefix)) {
    return `unknown field prefix "${prefix}:" (use one of ${FIELD_PREFIXES.join(', ')})`;
  }
  if (value === '' || value === '""') return `${prefix}: has no value`;
  if (value.startsWith('"') !== value.endsWith('"') || (value.startsWith('"') && value.length < 3)) {
    return `badly quoted phrase in ${term}`;
  }
  if (!value.startsWith('"') && /["[\]]/.test(value)) return `unexpected character in ${term}`;
  return null;
}
