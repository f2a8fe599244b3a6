/**
 * LaTeX source before conversion: the main file (by `\documentclass`), comments and `\iffalse`
 * blocks gone, `\input`/`\include` resolved, the paper's own macros collected and expanded.
 * Plain string scanning, no TeX engine (macros.ts expands the definitions, units.ts the siunitx
 * quantities).
 */
import { AppError } from '../../../domain/errors.ts';
import type { SourceFiles } from './archive.ts';
import { collectDefinitions, expandMacros, MAX_EXPANDED_CHARS, type EnvDef, type Macro } from './macros.ts';
import { expandUnits } from './units.ts';

const MAX_INCLUDE_DEPTH = 20;

export interface Prepared {
  /** The text between \begin{document} and \end{document}, includes resolved, macros expanded. */
  body: string;
  /** The preamble, includes resolved (for \title, \newtheorem). */
  preamble: string;
  macros: Map<string, Macro>;
  /** The `.bbl` next to the main file (or the only one), if the archive has one. */
  bbl: string | null;
  mainFile: string;
  warnings: string[];
}

const decoder = new TextDecoder('utf-8');
const latin1 = new TextDecoder('latin1');

function text(b: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(b);
  } catch {
    return latin1.decode(b); // older sources are often Latin-1
  }
}

/** Pick the main file: a .tex with \documentclass (or \documentstyle) and \begin{document}, preferring ms/main/paper names. */
export function findMainFile(src: SourceFiles): string {
  const candidates: Array<{ path: string; score: number }> = [];
  for (const [path, bytes] of src.files) {
    if (!/\.(tex|ltx|latex)$/i.test(path) && !(src.files.size === 1)) continue;
    const t = stripComments(decoder.decode(bytes.subarray(0, 200_000)));
    if (!/\\document(class|style)\b/.test(t)) continue;
    let score = /\\begin\s*\{document\}/.test(t) ? 10 : 0;
    if (/(^|\/)(main|ms|paper|article)\.tex$/i.test(path)) score += 2;
    score -= path.split('/').length; // top level first
    candidates.push({ path, score });
  }
  candidates.sort((a, b) => b.score - a.score || a.path.localeCompare(b.path));
  if (!candidates[0]) {
    throw new AppError(
      'CONVERT_NO_TEXT',
      `The LaTeX source has no main file (no .tex with \\documentclass among ${src.files.size} files).`,
    );
  }
  return candidates[0].path;
}

/** Drop `%` comments (not `\%`), keeping verbatim environments and `\verb` intact. */
export function stripComments(s: string): string {
  const lines = s.split(/\r?\n|\r/);
  const out: string[] = [];
  let verbatim: string | null = null;
  for (const line of lines) {
    if (verbatim) {
      out.push(line);
      if (line.includes(`\\end{${verbatim}}`)) verbatim = null;
      continue;
    }
    const v = /\\begin\{(verbatim\*?|lstlisting|minted|comment|Verbatim)\}/.exec(line);
    let cut = -1;
    for (let i = 0; i < line.length; i++) {
      const c = line[i];
      if (c === '\\') {
        if (line.startsWith('verb', i + 1) && !/[a-zA-Z*]/.test(line[i + 5] ?? 'a')) {
          const delim = line[i + 5]!;
          const close = line.indexOf(delim, i + 6);
          i = close < 0 ? line.length : close;
          continue;
        }
        i++;
        continue;
      }
      if (c === '%') {
        cut = i;
        break;
      }
    }
    if (v && (cut < 0 || v.index < cut)) {
      verbatim = v[1]!;
      out.push(line);
      if (line.includes(`\\end{${verbatim}}`)) verbatim = null;
      continue;
    }
    // A comment eats the newline too (TeX joins the lines), which matters inside words and macros.
    if (cut >= 0) out.push(`${line.slice(0, cut)}\u0000`);
    else out.push(line);
  }
  // \u0000 marks where a comment ate the line end.
  /* eslint-disable no-control-regex */
  return out
    .join('\n')
    .replace(/\u0000\n[ \t]*/g, '')
    .replace(/\u0000/g, '');
  /* eslint-enable no-control-regex */
}

/** Remove `\iffalse … \fi` (nesting counted), `\begin{comment} … \end{comment}` and `\if0 … \fi`. */
export function dropDeadCode(s: string): string {
  s = s.replace(/\\begin\{comment\}[\s\S]*?\\end\{comment\}/g, '');
  const re = /\\iffalse\b|\\if\s*0\b/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(s))) {
    const start = m.index;
    const cond = /\\(if(?!f\b)[a-zA-Z@]*|fi|else)\b/g;
    cond.lastIndex = start + m[0].length;
    let depth = 1;
    let end = s.length;
    let elseAt = -1;
    let c: RegExpExecArray | null;
    while ((c = cond.exec(s))) {
      if (c[1] === 'fi') {
        if (--depth === 0) {
          end = c.index + c[0].length;
          break;
        }
      } else if (c[1] === 'else') {
        if (depth === 1 && elseAt < 0) elseAt = c.index;
      } else if (!/^if(thenelse)?$/.test(c[1]!) || c[1] === 'if') depth++;
    }
    // \iffalse A \else B \fi keeps B.
    const kept = elseAt >= 0 ? s.slice(elseAt + 5, Math.max(elseAt + 5, end - 3)) : '';
    s = s.slice(0, start) + kept + s.slice(end);
    re.lastIndex = start;
  }
  return s;
}

/** Resolve \input, \include, \subfile and \import against the archive; a file that includes itself is refused. */
export function resolveIncludes(src: SourceFiles, mainFile: string, warnings: string[]): string {
  const dir = (p: string) => (p.includes('/') ? p.slice(0, p.lastIndexOf('/') + 1) : '');
  const root = dir(mainFile);
  let total = 0;
  const find = (name: string, base: string): string | null => {
    const clean = name.trim().replace(/^"|"$/g, '').replace(/^\.\//, '');
    for (const b of [base, root, '']) {
      for (const ext of ['', '.tex']) {
        const p = normalise(b + clean + ext);
        if (p !== null && src.files.has(p)) return p;
      }
    }
    return null;
  };
  const load = (path: string, stack: string[]): string => {
    if (stack.includes(path)) {
      throw new AppError(
        'CONVERT_CORRUPT',
        `The LaTeX source \\input loops: ${[...stack, path].join(' → ')}; it cannot be converted.`,
      );
    }
    if (stack.length > MAX_INCLUDE_DEPTH)
      throw new AppError(
        'CONVERT_CORRUPT',
        `The LaTeX source nests \\input more than ${MAX_INCLUDE_DEPTH} deep.`,
      );
    const t = dropDeadCode(stripComments(text(src.files.get(path)!)));
    const here = dir(path);
    const out = t.replace(
      /\\(input|include|subfile|import|subimport|includefrom|subincludefrom)(?![a-zA-Z@])\s*(\*?)\s*(?:\{([^{}]*)\}\s*\{([^{}]*)\}|\{([^{}]*)\}|([^\s{}\\]+))/g,
      (
        whole,
        cmd: string,
        _star: string,
        a: string | undefined,
        b: string | undefined,
        one: string | undefined,
        bare: string | undefined,
      ) => {
        const twoArgs = /import|from/.test(cmd);
        if (twoArgs && (a === undefined || b === undefined)) return whole;
        if (!twoArgs && a !== undefined) {
          // \input{x}{…}: only the first group is the file name; give the rest back.
          one = a;
          bare = undefined;
          const rest = whole.slice(whole.indexOf('}') + 1);
          return include(one, here, stack, path) + rest;
        }
        const name = twoArgs ? `${a!.replace(/\/?$/, '/')}${b!}` : (one ?? bare ?? '');
        const base = cmd.startsWith('sub') ? here : '';
        return include(name, base || here, stack, path);
      },
    );
    total += out.length;
    if (total > MAX_EXPANDED_CHARS)
      throw new AppError(
        'CONVERT_TOO_LARGE',
        `The LaTeX source's \\input files add up to more than ${MAX_EXPANDED_CHARS} characters.`,
      );
    return out;
  };
  const include = (name: string, base: string, stack: string[], from: string): string => {
    if (/\.(pdf|png|jpe?g|eps|pdf_t|pgf|tikz)$/i.test(name) && !src.files.has(name)) return '';
    const found = find(name, base);
    if (!found) {
      if (!/\.(sty|cls|bst|clo)$/.test(name))
        warnings.push(`\\input{${name}} not in the source archive; skipped`);
      return '';
    }
    if (/\.(bbl)$/.test(found)) return text(src.files.get(found)!);
    return ` ${load(found, [...stack, from])} `;
  };
  return load(mainFile, []);
}

function normalise(p: string): string | null {
  const parts: string[] = [];
  for (const seg of p.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') {
      if (!parts.length) return null;
      parts.pop();
    } else parts.push(seg);
  }
  return parts.join('/');
}

/** Everything before conversion. */
export function prepare(src: SourceFiles): Prepared {
  const warnings: string[] = [];
  const mainFile = findMainFile(src);
  const full = resolveIncludes(src, mainFile, warnings);
  const begin = /\\begin\s*\{document\}/.exec(full);
  let preamble = begin ? full.slice(0, begin.index) : '';
  let body = begin ? full.slice(begin.index + begin[0].length) : full;
  const end = /\\end\s*\{document\}/.exec(body);
  if (end) body = body.slice(0, end.index);
  // The paper's own packages (a .sty in the archive) define macros too.
  for (const m of preamble.matchAll(/\\usepackage\s*(?:\[[^\]]*\])?\s*\{([^}]*)\}/g)) {
    for (const name of m[1]!.split(',')) {
      const sty = src.files.get(`${name.trim()}.sty`);
      if (sty) preamble += `\n${dropDeadCode(stripComments(text(sty)))}\n`;
    }
  }
  const macros = new Map<string, Macro>();
  const envs = new Map<string, EnvDef>();
  preamble = collectDefinitions(preamble, macros, envs);
  body = collectDefinitions(body, macros, envs);
  // Definitions refer to each other: expanding the body expands them in turn.
  body = expandUnits(expandMacros(body, macros, envs, warnings), preamble);
  preamble = expandMacros(preamble, macros, new Map(), warnings);
  const base = mainFile.replace(/\.[^./]+$/, '');
  const bbls = [...src.files.keys()].filter((p) => p.endsWith('.bbl'));
  const bblPath = bbls.find((p) => p === `${base}.bbl`) ?? (bbls.length === 1 ? bbls[0] : undefined);
  const bbl = bblPath
    ? expandMacros(stripComments(text(src.files.get(bblPath)!)), macros, new Map(), warnings)
    : null;
  return { body, preamble, macros, bbl, mainFile, warnings };
}
