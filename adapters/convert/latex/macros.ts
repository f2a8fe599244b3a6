/**
 * The paper's own macros: `\newcommand`, `\renewcommand`, `\providecommand`, `\def` (undelimited
 * and delimited parameters), `\let`, `\DeclareMathOperator` and `\newenvironment` are collected,
 * removed from the text and expanded everywhere. Anything cleverer stays as written.
 */
import { AppError } from '../../../domain/errors.ts';
import { argument, group, optional } from './scan.ts';

/** Expanded text stops growing here (a macro that expands to itself twice, fan-out includes). */
export const MAX_EXPANDED_CHARS = 20_000_000;
const MAX_MACRO_DEPTH = 40;

export interface Macro {
  params: number;
  /** Default of the first parameter when it is optional (`\newcommand{\x}[2][d]{…}`). */
  optional: string | null;
  body: string;
  /** A \def's parameter text with delimiters: what must follow the name, and each parameter's delimiter ('' = undelimited). */
  pattern?: Pattern;
}

interface Pattern {
  prefix: string;
  after: string[];
}

export interface EnvDef {
  params: number;
  optional: string | null;
  begin: string;
  end: string;
}

/**
 * Environments and commands the converter maps itself: a paper's redefinition of them (a
 * `\renewenvironment{equation}` that adds links, a `\renewcommand{\cite}` for styling) is
 * dropped, since expanding it would only hide the construct the Markdown needs.
 */
const NATIVE_ENVS =
  /^(equation|align|gather|multline|eqnarray|flalign|alignat|displaymath|math|figure|table|tabular|itemize|enumerate|description|abstract|document|proof|verbatim|thebibliography|quote|quotation|center)\*?$/;
const NATIVE_COMMANDS =
  /^(section|subsection|subsubsection|paragraph|subparagraph|chapter|part|cite[a-z]*|[cC]ite[pt]?|ref|eqref|autoref|cref|Cref|label|footnote|caption|title|author|emph|textbf|textit|texttt|item|begin|end|maketitle|bibliography|appendix|url|href|input|include|frac|left|right)$/;

/**
 * Collect the paper's definitions and remove them from the text. Macros defined more than once
 * keep the last definition (\renewcommand); \providecommand never overrides.
 */
export function collectDefinitions(s: string, macros: Map<string, Macro>, envs: Map<string, EnvDef>): string {
  const re =
    /\\(newcommand|renewcommand|providecommand|DeclareRobustCommand|DeclareMathOperator|def|gdef|edef|let|newenvironment|renewenvironment)\b(\*?)/g;
  let out = '';
  let last = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(s))) {
    const at = m.index + m[0].length;
    const kind = m[1]!;
    const end =
      kind === 'def' || kind === 'gdef' || kind === 'edef'
        ? defineDef(s, at, macros)
        : kind === 'let'
          ? defineLet(s, at, macros)
          : kind === 'DeclareMathOperator'
            ? defineOperator(s, at, m[2]!, macros)
            : kind === 'newenvironment' || kind === 'renewenvironment'
              ? defineEnvironment(s, at, envs)
              : defineCommand(s, at, kind, macros);
    if (end === null) continue;
    out += s.slice(last, m.index);
    last = end;
    re.lastIndex = end;
  }
  return out + s.slice(last);
}

/** `\def\name<parameter text>{body}`; returns where the definition ends, null when it is not one. */
function defineDef(s: string, i: number, macros: Map<string, Macro>): number | null {
  const name = /^\s*\\([a-zA-Z@]+)/.exec(s.slice(i, i + 80));
  if (!name) return null;
  i += name[0].length;
  // The parameter text runs to the body's `{` (TeX allows no braces in it).
  const brace = s.indexOf('{', i);
  if (brace < 0 || brace - i > 200) return null;
  const g = group(s, brace);
  if (!g) return null;
  const paramText = s.slice(i, brace);
  if (NATIVE_COMMANDS.test(name[1]!)) return g.end;
  const parts = paramText.split(/#(\d)/);
  // parts: [text before #1, '1', text after #1, '2', …]
  const digits = parts.filter((_, k) => k % 2 === 1);
  if (!digits.every((d, k) => Number(d) === k + 1) || paramText.includes('}')) return g.end; // dropped, never shown
  const texts = parts.filter((_, k) => k % 2 === 0);
  const delimited = texts.some((t) => t.trim() !== '');
  macros.set(name[1]!, {
    params: digits.length,
    optional: null,
    body: g.inner,
    ...(delimited
      ? { pattern: { prefix: texts[0]!.trim(), after: texts.slice(1).map((t) => t.trim()) } }
      : {}),
  });
  return g.end;
}

function defineLet(s: string, i: number, macros: Map<string, Macro>): number | null {
  const lm = /^\s*\\([a-zA-Z@]+)\s*=?\s*(\\[a-zA-Z@]+|\\.|[^\s\\])/.exec(s.slice(i, i + 120));
  if (!lm) return null;
  const target = lm[2]!.startsWith('\\') ? macros.get(lm[2]!.slice(1)) : undefined;
  macros.set(lm[1]!, target ?? { params: 0, optional: null, body: lm[2]! });
  return i + lm[0].length;
}

function defineOperator(s: string, i: number, star: string, macros: Map<string, Macro>): number | null {
  const n = argument(s, i);
  const body = n ? group(s, n.end) : null;
  if (!n || !body || !n.inner.startsWith('\\')) return null;
  macros.set(n.inner.trim().slice(1), {
    params: 0,
    optional: null,
    body: `\\operatorname${star}{${body.inner}}`,
  });
  return body.end;
}

/** `{name}[params][default]` after \newcommand's name or \newenvironment's: the counts and where the body starts. */
function signature(s: string, j: number): { params: number; optional: string | null; at: number } {
  const p = optional(s, j);
  const params = p ? Number(p.inner) || 0 : 0;
  if (p) j = p.end + 1;
  const o = p ? optional(s, j) : null;
  if (o) j = o.end + 1;
  return { params, optional: o ? o.inner : null, at: j };
}

function defineEnvironment(s: string, i: number, envs: Map<string, EnvDef>): number | null {
  const n = group(s, i);
  if (!n) return null;
  const sig = signature(s, n.end);
  const b = group(s, sig.at);
  const e = b ? group(s, b.end) : null;
  if (!b || !e) return null;
  if (!NATIVE_ENVS.test(n.inner.trim()))
    envs.set(n.inner.trim(), { params: sig.params, optional: sig.optional, begin: b.inner, end: e.inner });
  return e.end;
}

function defineCommand(s: string, i: number, kind: string, macros: Map<string, Macro>): number | null {
  const n = argument(s, i);
  if (!n || !n.inner.trim().startsWith('\\')) return null;
  const sig = signature(s, n.end);
  const b = group(s, sig.at);
  if (!b) return null;
  const name = n.inner.trim().slice(1);
  if (!(kind === 'providecommand' && macros.has(name)) && !NATIVE_COMMANDS.test(name))
    macros.set(name, { params: sig.params, optional: sig.optional, body: b.inner });
  return b.end;
}

/**
 * The arguments of a \def with delimited parameters (`\def\x#1.{…}`, `\def\p(#1,#2){…}`): the
 * prefix must follow, each delimited parameter runs to its delimiter at brace depth 0 (one
 * surrounding group stripped, as TeX does), an undelimited one is a single argument.
 */
function delimitedArguments(t: string, i: number, pattern: Pattern): { args: string[]; end: number } | null {
  while (t[i] === ' ' || t[i] === '\t' || t[i] === '\n') i++;
  if (!t.startsWith(pattern.prefix, i)) return null;
  i += pattern.prefix.length;
  const args: string[] = [];
  for (const delim of pattern.after) {
    if (!delim) {
      const a = argument(t, i);
      if (!a) return null;
      args.push(a.inner);
      i = a.end;
      continue;
    }
    let depth = 0;
    let k = i;
    const limit = Math.min(t.length, i + 5000);
    for (; k < limit; k++) {
      const c = t[k];
      if (c === '\\' && depth === 0 && t.startsWith(delim, k)) break;
      if (c === '\\') {
        k++;
        continue;
      }
      if (c === '{') depth++;
      else if (c === '}') {
        if (--depth < 0) return null;
      } else if (depth === 0 && t.startsWith(delim, k)) break;
    }
    if (k >= limit) return null;
    const raw = t.slice(i, k).trim();
    const g = raw.startsWith('{') ? group(raw, 0) : null;
    args.push(g && g.end === raw.length ? g.inner : raw);
    i = k + delim.length;
  }
  return { args, end: i };
}

/**
 * Expand the collected macros (and user environments) everywhere, arguments included. A macro
 * that keeps expanding to itself stops at MAX_MACRO_DEPTH with a warning, never a hang.
 */
export function expandMacros(
  s: string,
  macros: Map<string, Macro>,
  envs: Map<string, EnvDef>,
  warnings: string[],
): string {
  if (macros.size === 0 && envs.size === 0) return s;
  let budget = MAX_EXPANDED_CHARS;
  let warned = false;
  const names = [...macros.keys()].filter((n) => /^[a-zA-Z@]+$/.test(n));
  if (names.length === 0 && envs.size === 0) return s;
  const cmd = names.length
    ? new RegExp(
        `\\\\(${names
          .sort((a, b) => b.length - a.length)
          .map(esc)
          .join('|')})(?![a-zA-Z@])`,
        'g',
      )
    : null;
  const env = envs.size
    ? new RegExp(`\\\\(begin|end)\\s*\\{(${[...envs.keys()].map(esc).join('|')})\\}`, 'g')
    : null;
  const run = (t: string, depth: number): string => {
    if (depth > MAX_MACRO_DEPTH) {
      if (!warned) warnings.push('a macro expands into itself; expansion stopped');
      warned = true;
      return t;
    }
    let out = '';
    let last = 0;
    const re = new RegExp(`${cmd ? cmd.source : '(?!)'}|${env ? env.source : '(?!)'}`, 'g');
    let m: RegExpExecArray | null;
    while ((m = re.exec(t))) {
      const isEnv = m[2] !== undefined;
      const def: Macro | EnvDef | undefined = isEnv ? envs.get(m[3]!) : macros.get(m[1]!);
      if (!def) continue;
      let i = m.index + m[0].length;
      let body: string;
      if (isEnv && m[2] === 'end') body = (def as EnvDef).end;
      else {
        const read = readArguments(t, i, def);
        if (!read) continue;
        const args = read.args;
        i = read.end;
        const template = isEnv ? (def as EnvDef).begin : (def as Macro).body;
        body = template.replace(/##|#(\d)/g, (x, d: string | undefined) =>
          d ? (args[Number(d) - 1] ?? '') : '#',
        );
      }
      budget -= body.length;
      if (budget < 0)
        throw new AppError(
          'CONVERT_TOO_LARGE',
          `The LaTeX source's macros expand to more than ${MAX_EXPANDED_CHARS} characters.`,
        );
      // A control word followed by a letter needs a space to stay a control word.
      const next = t[i] ?? '';
      const sep = /[a-zA-Z]/.test(next) && /\\[a-zA-Z@]+$/.test(body) ? ' ' : '';
      out += t.slice(last, m.index) + run(body, depth + 1) + sep;
      last = i;
      re.lastIndex = i;
    }
    return out + t.slice(last);
  };
  return run(s, 0);
}

/** A macro's arguments after its name at i (null when they are not there: the macro stays as written). */
function readArguments(t: string, i: number, def: Macro | EnvDef): { args: string[]; end: number } | null {
  if ('pattern' in def && def.pattern) return delimitedArguments(t, i, def.pattern);
  const args: string[] = [];
  let n = def.params;
  if (def.optional !== null) {
    const o = optional(t, i);
    args.push(o ? o.inner : def.optional);
    if (o) i = o.end + 1;
    n--;
  }
  for (let k = 0; k < n; k++) {
    const a = argument(t, i);
    if (!a) return null;
    args.push(a.inner);
    i = a.end;
  }
  return { args, end: i };
}

function esc(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\@]/g, '\\$&');
}
