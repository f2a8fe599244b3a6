/**
 * Reading LaTeX text without a TeX engine: balanced `{…}` groups, `[…]` optional arguments, single
 * arguments, and splitting at top-level row/cell/item separators and environment ends.
 */
/**
 * The closing brace of every `{` of the last string asked about (-1: unbalanced), built in one
 * pass: the converter reads many groups of the same text, and rescanning to the end for each
 * unclosed `{` would make hostile input quadratic.
 */
let braceText: string | null = null;
let braceClose: Int32Array = new Int32Array(0);

function closingBraces(s: string): Int32Array {
  if (s === braceText) return braceClose;
  const close = new Int32Array(s.length).fill(-1);
  const open: number[] = [];
  for (let k = 0; k < s.length; k++) {
    const c = s.charCodeAt(k);
    if (c === 92 /* \\ */) k++;
    else if (c === 123 /* { */) open.push(k);
    else if (c === 125 /* } */) {
      const o = open.pop();
      if (o !== undefined) close[o] = k;
    }
  }
  braceText = s;
  braceClose = close;
  return close;
}

/** Read a balanced `{…}` group at i (after spaces); returns its inside and the index after it. */
export function group(s: string, i: number): { inner: string; end: number } | null {
  let j = i;
  while (j < s.length && /\s/.test(s[j]!)) j++;
  if (s[j] !== '{') return null;
  const k = closingBraces(s)[j]!;
  return k < 0 ? null : { inner: s.slice(j + 1, k), end: k + 1 };
}

/** Read `[…]` at i (after spaces, not across a blank line), braces respected. */
export function optional(s: string, i: number): { inner: string; end: number } | null {
  let j = i;
  while (j < s.length && (s[j] === ' ' || s[j] === '\t' || s[j] === '\n')) j++;
  if (s[j] !== '[') return null;
  let depth = 0;
  // Optional arguments are short; an unclosed `[` is text, not a reason to read to the end.
  for (let k = j + 1; k < s.length && k < j + 5000; k++) {
    const c = s[k];
    if (c === '\\') {
      k++;
      continue;
    }
    if (c === '{') depth++;
    else if (c === '}') depth--;
    else if (c === ']' && depth === 0) return { inner: s.slice(j + 1, k), end: k };
  }
  return null;
}

/** One argument: a group, or a single token (`\cmd` or one character) after spaces. */
export function argument(s: string, i: number): { inner: string; end: number } | null {
  let j = i;
  while (j < s.length && /\s/.test(s[j]!)) j++;
  if (j >= s.length) return null;
  if (s[j] === '{') return group(s, j);
  if (s[j] === '\\') {
    const m = /^\\([a-zA-Z@]+|.)/.exec(s.slice(j, j + 60));
    if (!m) return null;
    return { inner: m[0], end: j + m[0].length };
  }
  if (s[j] === '}') return null;
  return { inner: s[j]!, end: j + 1 };
}

/** The matching `\end{name}` after `from` (nesting of the same environment counted). */
export function findEnd(s: string, from: number, name: string): { innerEnd: number; end: number } | null {
  const open = new RegExp(`\\\\(begin|end)\\s*\\{${name.replace(/\*/g, '\\*')}\\}`, 'g');
  open.lastIndex = from;
  let depth = 1;
  let m: RegExpExecArray | null;
  while ((m = open.exec(s))) {
    if (m[1] === 'begin') depth++;
    else if (--depth === 0) return { innerEnd: m.index, end: m.index + m[0].length };
  }
  return null;
}

/** Split at top-level `\\` (rows) or `&` (cells), braces and nested environments respected. */
export function splitTop(s: string, sep: '\\\\' | '&'): string[] {
  const out: string[] = [];
  let depth = 0;
  let env = 0;
  let last = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '\\') {
      if (s.startsWith('\\begin', i)) env++;
      else if (s.startsWith('\\end', i)) env--;
      if (sep === '\\\\' && s[i + 1] === '\\' && depth === 0 && env === 0) {
        out.push(s.slice(last, i));
        const o = /^\\\\\*?\s*(\[[^\]]*\])?/.exec(s.slice(i, i + 40))!;
        i += o[0].length - 1;
        last = i + 1;
        continue;
      }
      i++;
      continue;
    }
    if (c === '{') depth++;
    else if (c === '}') depth--;
    else if (c === '&' && sep === '&' && depth === 0 && env === 0) {
      out.push(s.slice(last, i));
      last = i + 1;
    }
  }
  out.push(s.slice(last));
  return out;
}

/** The items of a list, split at top-level \item (not those of nested lists). */
export function splitItems(s: string): string[] {
  const out: string[] = [];
  let env = 0;
  let depth = 0;
  let last = -1;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '{') depth++;
    else if (c === '}') depth--;
    else if (c === '\\') {
      if (s.startsWith('\\begin', i)) env++;
      else if (s.startsWith('\\end', i)) env--;
      else if (env === 0 && depth === 0 && /^\\item(?![a-zA-Z])/.test(s.slice(i, i + 6))) {
        if (last >= 0) out.push(s.slice(last, i));
        last = i + 5;
        i += 4;
        continue;
      }
      i++;
    }
  }
  if (last >= 0) out.push(s.slice(last));
  return out;
}
