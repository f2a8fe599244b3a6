/**
 * Prepared LaTeX (preprocess.ts) → Markdown. A hand-written scanner rather than a full TeX parse:
 * text commands map to Markdown, math is copied as LaTeX (`$…$`, `$$…$$`; align-like
 * environments become `aligned`/`gathered` so KaTeX renders them), sections become numbered
 * headings, figures their captions, simple tabulars Markdown tables (others a fenced LaTeX block),
 * footnotes go to the end and \cite resolves against the .bbl.
 */
import { argument, group, optional } from './preprocess.ts';
import { formatBibliography, type BibEntry } from './bibliography.ts';
import { AppError } from '../../../domain/errors.ts';

const ACCENTS: Record<string, string> = {
  "'": '\u0301',
  '`': '\u0300',
  '^': '\u0302',
  '"': '\u0308',
  '~': '\u0303',
  '=': '\u0304',
  '.': '\u0307',
  u: '\u0306',
  v: '\u030C',
  H: '\u030B',
  c: '\u0327',
  k: '\u0328',
  r: '\u030A',
  d: '\u0323',
  b: '\u0331',
};

const SYMBOLS: Record<string, string> = {
  ldots: '…',
  dots: '…',
  textellipsis: '…',
  S: '§',
  P: '¶',
  ss: 'ß',
  o: 'ø',
  O: 'Ø',
  aa: 'å',
  AA: 'Å',
  ae: 'æ',
  AE: 'Æ',
  oe: 'œ',
  OE: 'Œ',
  l: 'ł',
  L: 'Ł',
  i: 'ı',
  j: 'ȷ',
  copyright: '©',
  textregistered: '®',
  texttrademark: '™',
  dag: '†',
  ddag: '‡',
  textendash: '–',
  textemdash: '—',
  textquoteleft: '‘',
  textquoteright: '’',
  textquotedblleft: '“',
  textquotedblright: '”',
  textbackslash: '\\',
  textasciitilde: '~',
  textasciicircum: '^',
  textbar: '|',
  textless: '<',
  textgreater: '>',
  textbullet: '•',
  textdegree: '°',
  textperthousand: '‰',
  pounds: '£',
  euro: '€',
  LaTeX: 'LaTeX',
  TeX: 'TeX',
  LaTeXe: 'LaTeX2e',
  BibTeX: 'BibTeX',
  today: '',
  and: ', ',
  quad: ' ',
  qquad: ' ',
  enspace: ' ',
  thinspace: ' ',
  space: ' ',
  newline: ' ',
  linebreak: ' ',
  break: ' ',
  textunderscore: '_',
  slash: '/',
  textsection: '§',
  etal: 'et al.',
  eg: 'e.g.',
  ie: 'i.e.',
  etc: 'etc.',
};

/** Commands dropped with this many mandatory arguments (optional `[…]` arguments skipped too). */
const DROP: Record<string, number> = {
  label: 1,
  vspace: 1,
  hspace: 1,
  includegraphics: 1,
  bibliographystyle: 1,
  pagestyle: 1,
  thispagestyle: 1,
  setlength: 2,
  addtolength: 2,
  setcounter: 2,
  addtocounter: 2,
  stepcounter: 1,
  refstepcounter: 1,
  usepackage: 1,
  RequirePackage: 1,
  documentclass: 1,
  newcounter: 1,
  graphicspath: 1,
  hypersetup: 1,
  definecolor: 3,
  color: 1,
  thanks: 1,
  affiliation: 1,
  affil: 1,
  email: 1,
  address: 1,
  institute: 1,
  institution: 1,
  date: 1,
  title: 1,
  author: 1,
  orcid: 1,
  titlerunning: 1,
  authorrunning: 1,
  keywords: 1,
  pacs: 1,
  newtheorem: 2,
  theoremstyle: 1,
  numberwithin: 2,
  nocite: 1,
  input: 1,
  include: 1,
  bibpunct: 6,
  setcitestyle: 1,
  captionsetup: 1,
  newacronym: 3,
  crefname: 3,
  Crefname: 3,
  icmltitlerunning: 1,
  icmlauthor: 2,
  icmlaffiliation: 2,
  icmlcorrespondingauthor: 2,
  icmlkeywords: 1,
  printAffiliationsAndNotice: 1,
  renewcommand: 2,
  newcommand: 2,
  fontsize: 2,
  selectfont: 0,
  hyphenation: 1,
  footnotemark: 0,
  footnotetext: 1,
  markboth: 2,
  markright: 1,
  addcontentsline: 3,
  phantomsection: 0,
  phantom: 1,
  hphantom: 1,
  vphantom: 1,
  resizebox: 2,
  scalebox: 1,
  rotatebox: 1,
  raisebox: 1,
  tikz: 1,
  subfloat: 0,
  linenumbers: 0,
  rule: 2,
  editor: 1,
  received: 1,
  accepted: 1,
  published: 1,
  journal: 1,
  volume: 1,
  firstpage: 1,
  jname: 1,
  shorttitle: 1,
  shortauthors: 1,
  ccsdesc: 1,
  setcopyright: 1,
  acmConference: 1,
  acmYear: 1,
  acmDOI: 1,
  acmISBN: 1,
  copyrightyear: 1,
  acmBooktitle: 1,
  acmPrice: 1,
  makeatletter: 0,
  makeatother: 0,
  urlstyle: 1,
  allowdisplaybreaks: 0,
  tableofcontents: 0,
  listoffigures: 0,
  maketitle: 0,
  newpage: 0,
  clearpage: 0,
  cleardoublepage: 0,
  pagebreak: 0,
  centering: 0,
  raggedright: 0,
  raggedleft: 0,
  noindent: 0,
  indent: 0,
  small: 0,
  footnotesize: 0,
  scriptsize: 0,
  tiny: 0,
  large: 0,
  Large: 0,
  LARGE: 0,
  huge: 0,
  Huge: 0,
  normalsize: 0,
  bf: 0,
  it: 0,
  em: 0,
  rm: 0,
  sf: 0,
  tt: 0,
  sc: 0,
  sl: 0,
  bfseries: 0,
  itshape: 0,
  mdseries: 0,
  upshape: 0,
  scshape: 0,
  ttfamily: 0,
  rmfamily: 0,
  sffamily: 0,
  normalfont: 0,
  medskip: 0,
  smallskip: 0,
  bigskip: 0,
  vfill: 0,
  hfill: 0,
  hline: 0,
  protect: 0,
  nonumber: 0,
  notag: 0,
  relax: 0,
  par: 0,
  item: 0,
  appendix: 0,
  balance: 0,
  onecolumn: 0,
  twocolumn: 0,
  frontmatter: 0,
  mainmatter: 0,
  backmatter: 0,
  sloppy: 0,
  fussy: 0,
  null: 0,
  ignorespaces: 0,
  unskip: 0,
  nobreak: 0,
  strut: 0,
  leavevmode: 0,
  endinput: 0,
  IEEEpeerreviewmaketitle: 0,
  IEEEoverridecommandlockouts: 0,
  acmSubmissionID: 1,
  bibliography: 1,
  printbibliography: 0,
  addbibresource: 1,
  caption: 1,
  captionof: 2,
  subcaption: 1,
  FloatBarrier: 0,
  looseness: 0,
  vskip: 0,
  hskip: 0,
  kern: 0,
  abovedisplayskip: 0,
  belowdisplayskip: 0,
  baselineskip: 0,
  linewidth: 0,
  textwidth: 0,
  columnwidth: 0,
  hsize: 0,
  newline: 0,
};

/** Inline text commands → (content) → Markdown. */
const STYLE: Record<string, (t: string) => string> = {
  emph: (t) => wrap(t, '*'),
  textit: (t) => wrap(t, '*'),
  textsl: (t) => wrap(t, '*'),
  mathit: (t) => wrap(t, '*'),
  textbf: (t) => wrap(t, '**'),
  bm: (t) => wrap(t, '**'),
  texttt: (t) => code(t),
  url: (t) => t,
  nolinkurl: (t) => t,
  path: (t) => t,
  textsc: (t) => t,
  textrm: (t) => t,
  textsf: (t) => t,
  textnormal: (t) => t,
  textup: (t) => t,
  textmd: (t) => t,
  mbox: (t) => t,
  text: (t) => t,
  underline: (t) => t,
  uline: (t) => t,
  hbox: (t) => t,
  makebox: (t) => t,
  fbox: (t) => t,
  framebox: (t) => t,
  textsuperscript: (t) => `^${t}`,
  textsubscript: (t) => `_${t}`,
  enquote: (t) => `“${t}”`,
  paragraph: (t) => t,
  acs: (t) => t,
  ac: (t) => t,
  acl: (t) => t,
  gls: (t) => t,
  sout: (t) => t,
  st: (t) => t,
  hl: (t) => t,
  textcolor: (t) => t,
  colorbox: (t) => t,
  highlight: (t) => t,
  smash: (t) => t,
  centerline: (t) => t,
  boldsymbol: (t) => wrap(t, '**'),
};
/** Style commands whose first argument is not the text (\textcolor{red}{x}, \href{url}{x}). */
const SKIP_FIRST = new Set([
  'textcolor',
  'colorbox',
  'href',
  'hyperref',
  'hyperlink',
  'hypertarget',
  'foreignlanguage',
  'makebox',
  'framebox',
]);

const SECTION_LEVEL: Record<string, number> = {
  part: 2,
  chapter: 2,
  section: 2,
  subsection: 3,
  subsubsection: 4,
  paragraph: 5,
  subparagraph: 6,
};

const MATH_ENVS: Record<string, ((arg: string) => [string, string]) | null> = {
  equation: null,
  'equation*': null,
  displaymath: null,
  math: null,
  dmath: null,
  'dmath*': null,
  align: () => ['\\begin{aligned}', '\\end{aligned}'],
  'align*': () => ['\\begin{aligned}', '\\end{aligned}'],
  flalign: () => ['\\begin{aligned}', '\\end{aligned}'],
  'flalign*': () => ['\\begin{aligned}', '\\end{aligned}'],
  eqnarray: () => ['\\begin{array}{rcl}', '\\end{array}'],
  'eqnarray*': () => ['\\begin{array}{rcl}', '\\end{array}'],
  gather: () => ['\\begin{gathered}', '\\end{gathered}'],
  'gather*': () => ['\\begin{gathered}', '\\end{gathered}'],
  multline: () => ['\\begin{gathered}', '\\end{gathered}'],
  'multline*': () => ['\\begin{gathered}', '\\end{gathered}'],
  alignat: (n) => [`\\begin{alignedat}{${n}}`, '\\end{alignedat}'],
  'alignat*': (n) => [`\\begin{alignedat}{${n}}`, '\\end{alignedat}'],
};
const NUMBERED_MATH = new Set([
  'equation',
  'align',
  'flalign',
  'eqnarray',
  'gather',
  'multline',
  'alignat',
  'dmath',
]);

const THEOREMS: Record<string, string> = {
  theorem: 'Theorem',
  lemma: 'Lemma',
  proposition: 'Proposition',
  corollary: 'Corollary',
  definition: 'Definition',
  remark: 'Remark',
  example: 'Example',
  conjecture: 'Conjecture',
  assumption: 'Assumption',
  claim: 'Claim',
  fact: 'Fact',
  observation: 'Observation',
  problem: 'Problem',
  question: 'Question',
  hypothesis: 'Hypothesis',
  exercise: 'Exercise',
  notation: 'Notation',
  note: 'Note',
  thm: 'Theorem',
  lem: 'Lemma',
  prop: 'Proposition',
  cor: 'Corollary',
  defn: 'Definition',
  dfn: 'Definition',
  rem: 'Remark',
};

const DROP_ENVS = new Set([
  'tikzpicture',
  'pgfpicture',
  'picture',
  'thebibliography',
  'comment',
  'filecontents',
  'filecontents*',
  'tocentry',
  'CCSXML',
  'titlepage',
  'frontmatter',
]);
const CODE_ENVS = new Set([
  'verbatim',
  'verbatim*',
  'Verbatim',
  'lstlisting',
  'minted',
  'alltt',
  'spverbatim',
  'code',
]);
const FIGURE_ENVS: Record<string, 'Figure' | 'Table' | 'Algorithm'> = {
  figure: 'Figure',
  'figure*': 'Figure',
  wrapfigure: 'Figure',
  SCfigure: 'Figure',
  subfigure: 'Figure',
  table: 'Table',
  'table*': 'Table',
  wraptable: 'Table',
  sidewaystable: 'Table',
  sidewaysfigure: 'Figure',
  algorithm: 'Algorithm',
  'algorithm*': 'Algorithm',
  algorithm2e: 'Algorithm',
};
const TABULAR_ENVS = new Set([
  'tabular',
  'tabular*',
  'tabularx',
  'tabulary',
  'longtable',
  'supertabular',
  'tblr',
]);
const TABULAR_ARGS: Record<string, number> = {
  tabular: 1,
  'tabular*': 2,
  tabularx: 2,
  tabulary: 2,
  longtable: 1,
  supertabular: 1,
  tblr: 1,
};

interface Ctx {
  footnotes: string[];
  /** \label → the number it stands for and what it numbers (Section, Equation, Figure, a theorem's name). */
  labels: Map<string, { n: string; kind: string }>;
  /** Current \label target (the last numbered thing) and its kind. */
  anchor: string;
  anchorKind: string;
  sec: number[];
  appendix: boolean;
  eq: number;
  floats: Record<string, number>;
  theorems: Map<string, { title: string; counter: string; within: string | null }>;
  theoremCount: Map<string, number>;
  bib: BibEntry[];
  citeNumber: Map<string, number>;
  referencesPlaced: boolean;
  unknown: Set<string>;
  /** Environments and groups being rendered inside one another (hostile nesting stops at MAX_NESTING). */
  depth: number;
}

const MAX_NESTING = 100;

function nest<T>(ctx: Ctx, work: () => T): T {
  if (++ctx.depth > MAX_NESTING) {
    throw new AppError(
      'CONVERT_CORRUPT',
      `The LaTeX source nests environments or groups more than ${MAX_NESTING} deep; it cannot be converted.`,
    );
  }
  try {
    return work();
  } finally {
    ctx.depth--;
  }
}

/** Markdown body + headings for a prepared document. */
export function renderLatex(
  body: string,
  preamble: string,
  bbl: string | null,
): { markdown: string; title: string | null; unknownCommands: string[] } {
  const ctx: Ctx = {
    footnotes: [],
    labels: new Map(),
    anchor: '',
    anchorKind: '',
    sec: [0, 0, 0, 0, 0, 0],
    appendix: false,
    eq: 0,
    floats: {},
    theorems: theoremDefs(preamble + body),
    theoremCount: new Map(),
    bib: [],
    citeNumber: new Map(),
    referencesPlaced: false,
    unknown: new Set(),
    depth: 0,
  };
  const inlineBib = /\\begin\s*\{thebibliography\}[\s\S]*?\\end\s*\{thebibliography\}/.exec(body);
  ctx.bib = formatBibliography(bbl ?? inlineBib?.[0] ?? '', (t) => inline(t, ctx));
  ctx.bib.forEach((e, i) => ctx.citeNumber.set(e.key, i + 1));
  const title = titleOf(preamble + body, ctx);
  const blocks: string[] = [];
  if (title) blocks.push(`# ${title}`);
  blocks.push(...renderBlocks(body, ctx));
  if (!ctx.referencesPlaced && ctx.bib.length) blocks.push(...referenceBlocks(ctx));
  if (ctx.footnotes.length) blocks.push(ctx.footnotes.map((f, i) => `[^${i + 1}]: ${f}`).join('\n'));
  let markdown = blocks.filter((b) => b.trim() !== '').join('\n\n');
  // \u0001 marks references resolved after the whole document.
  /* eslint-disable no-control-regex */
  markdown = markdown.replace(
    /\u0001(ref|eqref|named):([^\u0001]*)\u0001/g,
    (_m, mode: string, label: string) => {
      const target = ctx.labels.get(label.trim());
      const n = target?.n ?? '?';
      if (mode === 'eqref') return `(${n})`;
      // \autoref, \cref: the name too, as LaTeX prints it.
      if (mode === 'named' && target?.kind)
        return target.kind === 'Equation' ? `Eq. (${n})` : `${target.kind} ${n}`;
      return n;
    },
  ); /* eslint-enable no-control-regex */

  return { markdown: `${markdown}\n`, title, unknownCommands: [...ctx.unknown].sort() };
}

function theoremDefs(s: string): Ctx['theorems'] {
  const out: Ctx['theorems'] = new Map();
  for (const m of s.matchAll(
    /\\newtheorem\s*(\*?)\s*\{([^}]*)\}\s*(?:\[([^\]]*)\])?\s*\{([^}]*)\}\s*(?:\[([^\]]*)\])?/g,
  )) {
    const name = m[2]!.trim();
    out.set(name, {
      title: m[4]!.trim(),
      counter: m[1] ? '' : (m[3]?.trim() ?? name),
      within: m[5]?.trim() ?? null,
    });
  }
  return out;
}

function titleOf(s: string, ctx: Ctx): string | null {
  const m = /\\title\s*(?:\[[^\]]*\])?\s*\{/.exec(s);
  if (!m) return null;
  const g = group(s, m.index + m[0].length - 1);
  if (!g) return null;
  const t = inline(g.inner.replace(/\\\\/g, ' '), { ...ctx, footnotes: [] });
  return t || null;
}

/** A code span: its text as written (Markdown escapes do not apply inside backticks). */
function code(t: string): string {
  const s = t.trim().replace(/\\([_*|#])/g, '$1');
  return s ? `\`${s}\`` : '';
}

function wrap(s: string, mark: string): string {
  const t = s.trim();
  if (!t) return s;
  return `${/^\s/.test(s) ? ' ' : ''}${mark}${t}${mark}${/\s$/.test(s) ? ' ' : ''}`;
}

/** Text on one line (captions, cells, titles, footnotes). */
function inline(s: string, ctx: Ctx): string {
  return nest(ctx, () => renderBlocks(s, ctx, true))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Math copied as written, minus what only numbers or labels it. */
export function cleanMath(s: string, ctx?: Ctx): string {
  let t = s.replace(/\\(label|tag\*?)\s*\{[^{}]*\}/g, (whole, cmd: string) => (cmd === 'label' ? '' : whole));
  // \ensuremath is a no-op in math (KaTeX does not know it).
  t = t.replace(/\\(nonumber|notag|ensuremath)\b/g, '');
  if (ctx)
    t = t.replace(
      /\\(eq)?ref\s*\{([^{}]*)\}/g,
      (_m, eq: string | undefined, l: string) =>
        `\\text{${eq ? '(' : ''}\u0001ref:${l}\u0001${eq ? ')' : ''}}`,
    );
  return t
    .replace(/\n\s*\n/g, '\n')
    .replace(/\s+/g, ' ')
    .trim();
}

function findEnd(s: string, from: number, name: string): { innerEnd: number; end: number } | null {
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

/** Index of the closing `$` (or `$$`) of math opened before `from`; -1 when unclosed. */
function mathClose(s: string, from: number, delim: string): number {
  for (let i = from; i < s.length; i++) {
    const c = s[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (s.startsWith(delim, i)) return i;
    if (delim === '$' && c === '\n' && /^\n\s*\n/.test(s.slice(i, i + 200))) return -1; // paragraph end: unbalanced
  }
  return -1;
}

function number(ctx: Ctx, level: number, star: boolean): string {
  if (star || level > 4) return '';
  const i = level - 2;
  ctx.sec[i]! += 1;
  for (let k = i + 1; k < ctx.sec.length; k++) ctx.sec[k] = 0;
  const top = ctx.appendix ? String.fromCharCode(64 + ctx.sec[0]!) : String(ctx.sec[0]);
  const parts = [top, ...ctx.sec.slice(1, i + 1).map(String)];
  return parts.join('.');
}

/**
 * The scanner. `inlineOnly` keeps everything on one line (no headings, no paragraphs): captions,
 * table cells, footnotes.
 */
function renderBlocks(s: string, ctx: Ctx, inlineOnly = false): string[] {
  const blocks: string[] = [];
  let para = '';
  const flush = () => {
    const t = para
      .replace(/[ \t]*\n[ \t]*/g, ' ')
      .replace(/[ \t]{2,}/g, ' ')
      .trim();
    if (t) blocks.push(t);
    para = '';
  };
  const block = (b: string) => {
    if (inlineOnly) {
      para += ` ${b} `;
      return;
    }
    flush();
    if (b.trim()) blocks.push(b);
  };
  let i = 0;
  while (i < s.length) {
    const c = s[i]!;
    if (c === '\\') {
      const m = /^\\([a-zA-Z@]+)(\*?)/.exec(s.slice(i, i + 60));
      if (!m) {
        const n = s[i + 1] ?? '';
        if (n === '[' || n === '(') {
          const close = s.indexOf(n === '[' ? '\\]' : '\\)', i + 2);
          const end = close < 0 ? s.length : close;
          const tex = cleanMath(s.slice(i + 2, end), ctx);
          if (n === '[') block(`$$${tex}$$`);
          else para += `$${tex}$`;
          i = end + 2;
          continue;
        }
        if (n in ACCENTS && /[^a-zA-Z]/.test(n)) {
          const a = argument(s, i + 2);
          if (a) {
            para += accent(a.inner, n);
            i = a.end;
            continue;
          }
        }
        if (n === '\\') {
          const o = /^\\\\\*?\s*(\[[^\]]*\])?/.exec(s.slice(i, i + 40))!;
          para += inlineOnly ? ' ' : '  \n';
          i += o[0].length;
          continue;
        }
        para += '{}%&$#_'.includes(n)
          ? n === '_'
            ? '\\_'
            : n === '#'
              ? '\\#'
              : n
          : n === ' ' || n === ',' || n === ';' || n === ':' || n === '>' || n === '\n'
            ? ' '
            : '';
        i += 2;
        continue;
      }
      const name = m[1]!;
      const star = m[2] === '*';
      i += m[0].length;
      // Accents written as letters: \c{c}, \v{s}, \H{o}, \u{a}…
      if (name.length === 1 && ACCENTS[name] && /^\s*\{/.test(s.slice(i, i + 5))) {
        const a = argument(s, i)!;
        para += accent(a.inner, name);
        i = a.end;
        continue;
      }
      if (name === 'begin') {
        const g = group(s, i);
        if (!g) continue;
        const env = g.inner.trim();
        const end = findEnd(s, g.end, env);
        const innerEnd = end ? end.innerEnd : s.length;
        i = end ? end.end : s.length;
        const inner = s.slice(g.end, innerEnd);
        const out = nest(ctx, () => environment(env, inner, ctx, inlineOnly));
        if (out.inline !== undefined) para += out.inline;
        for (const b of out.blocks ?? []) block(b);
        continue;
      }
      if (name === 'end') {
        const g = group(s, i);
        i = g ? g.end : i;
        continue;
      }
      if (name in SECTION_LEVEL && !inlineOnly) {
        const o = optional(s, i);
        if (o) i = o.end + 1;
        const g = group(s, i);
        if (!g) continue;
        i = g.end;
        const level = SECTION_LEVEL[name]!;
        const num = number(ctx, level, star);
        if (num) {
          ctx.anchor = num;
          ctx.anchorKind = ctx.appendix && level === 2 ? 'Appendix' : 'Section';
        }
        const title = inline(g.inner, ctx);
        block(`${'#'.repeat(level)} ${num ? `${num} ` : ''}${title}`);
        continue;
      }
      if (name === 'appendix') {
        ctx.appendix = true;
        ctx.sec = [0, 0, 0, 0, 0, 0];
        continue;
      }
      if (name === 'item') {
        const o = optional(s, i);
        if (o) {
          para += `**${inline(o.inner, ctx)}** `;
          i = o.end + 1;
        }
        continue;
      }
      if (name === 'label') {
        const g = group(s, i);
        if (g) {
          ctx.labels.set(g.inner.trim(), { n: ctx.anchor, kind: ctx.anchorKind });
          i = g.end;
        }
        continue;
      }
      if (
        /^(ref|autoref|cref|Cref|eqref|pageref|nameref|vref|cpageref|Autoref|subref|hyperref)$/.test(name)
      ) {
        const o = name === 'hyperref' ? optional(s, i) : null;
        if (o) {
          // \hyperref[label]{text}: the text
          const g = group(s, o.end + 1);
          para += g ? inline(g.inner, ctx) : '';
          i = g ? g.end : o.end + 1;
          continue;
        }
        const g = group(s, i);
        if (!g) continue;
        i = g.end;
        const mode =
          name === 'eqref' ? 'eqref' : /^(autoref|Autoref|cref|Cref|vref)$/.test(name) ? 'named' : 'ref';
        const refs = g.inner.split(',').map((l) => `\u0001${mode}:${l.trim()}\u0001`);
        para += refs.join(', ');
        continue;
      }
      if (
        /^(cite|citep|citet|citealp|citealt|citeauthor|citeyear|citeyearpar|parencite|textcite|autocite|footcite|Cite|Citep|Citet|citenum|supercite|cites)$/.test(
          name,
        )
      ) {
        const o1 = optional(s, i);
        let j = o1 ? o1.end + 1 : i;
        const o2 = o1 ? optional(s, j) : null;
        if (o2) j = o2.end + 1;
        const g = group(s, j);
        if (!g) continue;
        i = g.end;
        para += cite(g.inner, ctx, o2 ? o2.inner : o1 ? o1.inner : '');
        continue;
      }
      if (name === 'ensuremath') {
        const g = group(s, i);
        if (!g) continue;
        i = g.end;
        para += `$${cleanMath(g.inner, ctx)}$`;
        continue;
      }
      if (name === 'footnote') {
        const o = optional(s, i);
        if (o) i = o.end + 1;
        const g = group(s, i);
        if (!g) continue;
        i = g.end;
        ctx.footnotes.push(inline(g.inner, ctx));
        para += `[^${ctx.footnotes.length}]`;
        continue;
      }
      if (name === 'verb' || name === 'lstinline') {
        const o = name === 'lstinline' ? optional(s, i) : null;
        const at = o ? o.end + 1 : i;
        const delim = s[at] === '{' ? '}' : s[at];
        const close = delim ? s.indexOf(delim, at + 1) : -1;
        if (close < 0) continue;
        para += `\`${s.slice(at + 1, close)}\``;
        i = close + 1;
        continue;
      }
      if (name === 'href') {
        const u = group(s, i);
        const t = u ? group(s, u.end) : null;
        if (!u || !t) continue;
        para += inline(t.inner, ctx);
        i = t.end;
        continue;
      }
      if (name === 'bibliography' || name === 'printbibliography') {
        const g = name === 'bibliography' ? group(s, i) : null;
        if (g) i = g.end;
        if (!inlineOnly && !ctx.referencesPlaced && ctx.bib.length) {
          ctx.referencesPlaced = true;
          for (const b of referenceBlocks(ctx)) block(b);
        }
        continue;
      }
      if (name === 'caption' || name === 'captionof') {
        // A caption outside a float environment (minipage, \captionof): keep it as a caption line.
        if (name === 'captionof') {
          const k = group(s, i);
          if (k) i = k.end;
        }
        const o = optional(s, i);
        if (o) i = o.end + 1;
        const g = group(s, i);
        if (!g) continue;
        i = g.end;
        block(inline(g.inner, ctx));
        continue;
      }
      if (name === 'abstract' && !inlineOnly) {
        const g = group(s, i);
        if (g) {
          i = g.end;
          block('## Abstract');
          for (const b of renderBlocks(g.inner, ctx)) block(b);
        }
        continue;
      }
      if (name in SYMBOLS) {
        para += SYMBOLS[name];
        if (/^[a-zA-Z]/.test(name) && s[i] === '{' && s[i + 1] === '}') i += 2;
        continue;
      }
      if (name in STYLE) {
        if (SKIP_FIRST.has(name)) {
          const first = name === 'makebox' || name === 'framebox' ? optional(s, i) : argument(s, i);
          if (first) i = first.end + (name === 'makebox' || name === 'framebox' ? 1 : 0);
          const o = optional(s, i);
          if (o) i = o.end + 1;
        }
        const a = argument(s, i);
        if (!a) continue;
        i = a.end;
        para += STYLE[name]!(inline(a.inner, ctx));
        continue;
      }
      if (name in DROP) {
        let n = DROP[name]!;
        for (;;) {
          const o = optional(s, i);
          if (!o) break;
          i = o.end + 1;
        }
        while (n-- > 0) {
          const g = name === 'color' || name === 'bibpunct' ? group(s, i) : argument(s, i);
          if (!g) break;
          i = g.end;
        }
        if (/^(hspace|quad|qquad)$/.test(name)) para += ' ';
        continue;
      }
      // Unknown: keep the text of its arguments (a macro from a package we do not have).
      ctx.unknown.add(name);
      continue;
    }
    if (c === '$') {
      const display = s[i + 1] === '$';
      const delim = display ? '$$' : '$';
      const close = mathClose(s, i + delim.length, delim);
      if (close < 0) {
        para += '\\$';
        i += 1;
        continue;
      }
      const tex = cleanMath(s.slice(i + delim.length, close), ctx);
      i = close + delim.length;
      if (!tex) continue;
      if (display) block(`$$${tex}$$`);
      else para += `$${tex}$`;
      continue;
    }
    if (c === '{' || c === '}') {
      i++;
      continue;
    }
    if (c === '~') {
      para += ' ';
      i++;
      continue;
    }
    if (c === '\n' && !inlineOnly && /^\n[ \t]*\n/.test(s.slice(i, i + 100))) {
      flush();
      i = s.indexOf('\n', i + 1) + 1;
      continue;
    }
    if (c === '-' && s.startsWith('---', i)) {
      para += '—';
      i += 3;
      continue;
    }
    if (c === '-' && s[i + 1] === '-') {
      para += '–';
      i += 2;
      continue;
    }
    if (c === '`' && s[i + 1] === '`') {
      para += '“';
      i += 2;
      continue;
    }
    if (c === "'" && s[i + 1] === "'") {
      para += '”';
      i += 2;
      continue;
    }
    if (c === '*' || c === '_' || c === '|') {
      para += `\\${c}`;
      i++;
      continue;
    }
    if (c === '#' && !inlineOnly && /(^|\n)\s*$/.test(para)) {
      para += '\\#';
      i++;
      continue;
    }
    if (c === '&') {
      para += ' ';
      i++;
      continue;
    }
    para += c;
    i++;
  }
  flush();
  return blocks;
}

function accent(letter: string, mark: string): string {
  const l = letter.trim().replace(/^\\i$/, 'i').replace(/^\\j$/, 'j');
  return `${l}${ACCENTS[mark] ?? ''}`.normalize('NFC');
}

function cite(keys: string, ctx: Ctx, note: string): string {
  // \citep[e.g.][]{k}: the first optional argument is a prefix, the second the note.
  const parts = keys
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean)
    .map((k) => {
      const n = ctx.citeNumber.get(k);
      return n !== undefined ? String(n) : k;
    });
  if (!parts.length) return '';
  const n = inline(note, ctx);
  return `[${parts.join(', ')}${n ? `, ${n}` : ''}]`;
}

function referenceBlocks(ctx: Ctx): string[] {
  return ['## References', ctx.bib.map((e, i) => `- [${i + 1}] ${e.text}`).join('\n')];
}

/** Split at top-level `\\` (rows) or `&` (cells), braces and nested environments respected. */
function splitTop(s: string, sep: '\\\\' | '&'): string[] {
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

function tabular(env: string, inner: string, ctx: Ctx): string {
  let body = inner;
  for (let k = 0; k < (TABULAR_ARGS[env] ?? 1); k++) {
    const o = optional(body, 0);
    if (o) body = body.slice(o.end + 1);
    const g = group(body, 0);
    if (g) body = body.slice(g.end);
  }
  const fenced = () => '```latex\n' + `\\begin{${env}}${inner}\\end{${env}}`.trim() + '\n```';
  if (/\\(multicolumn|multirow|begin\s*\{tabular|diagbox|makecell|shortstack)/.test(body)) return fenced();
  const rows = splitTop(
    body.replace(
      /\\(hline|toprule|midrule|bottomrule|addlinespace|endhead|endfirsthead|endfoot|endlastfoot|hhline\{[^}]*\}|cline\{[^}]*\}|cmidrule(\([^)]*\))?\{[^}]*\}|specialrule\{[^}]*\}\{[^}]*\}\{[^}]*\}|rowcolor(\[[^\]]*\])?\{[^}]*\})/g,
      '',
    ),
    '\\\\',
  )
    .map((r) => r.trim())
    .filter((r) => r !== '')
    .map((r) =>
      splitTop(r, '&').map((cell) =>
        inline(cell, ctx)
          .replace(/\|/g, '\\|')
          .replace(/\\\\\|/g, '\\|'),
      ),
    );
  if (!rows.length) return '';
  const width = rows[0]!.length;
  if (rows.some((r) => r.length !== width)) return fenced();
  return [
    `| ${rows[0]!.join(' | ')} |`,
    `|${' --- |'.repeat(width)}`,
    ...rows.slice(1).map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
}

/** Captions of a float: its own `\caption`s outside nested floats, else the first found anywhere. */
function captionsOf(s: string): string[] {
  const out: string[] = [];
  const re = /\\caption(?:of\s*\{[^}]*\})?\s*(?:\[[^\]]*\])?\s*\{/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(s))) {
    const g = group(s, m.index + m[0].length - 1);
    if (g) out.push(g.inner);
  }
  return out;
}

function environment(
  env: string,
  inner: string,
  ctx: Ctx,
  inlineOnly: boolean,
): { inline?: string; blocks?: string[] } {
  const base = env.replace(/\*$/, '');
  if (env in MATH_ENVS) {
    let arg = '';
    let body = inner;
    if (base === 'alignat') {
      const g = group(inner, 0);
      if (g) {
        arg = g.inner;
        body = inner.slice(g.end);
      }
    }
    if (NUMBERED_MATH.has(base) && !env.endsWith('*')) {
      const rows = MATH_ENVS[env] && base !== 'multline' ? splitTop(body, '\\\\') : [body];
      for (const row of rows) {
        if (/\\(nonumber|notag)\b/.test(row) && rows.length > 1) continue;
        if (!row.trim()) continue;
        ctx.eq++;
        ctx.anchor = String(ctx.eq);
        ctx.anchorKind = 'Equation';
        for (const l of row.matchAll(/\\label\s*\{([^{}]*)\}/g))
          ctx.labels.set(l[1]!.trim(), { n: String(ctx.eq), kind: 'Equation' });
      }
    }
    const wrapEnv = MATH_ENVS[env];
    const tex = cleanMath(body, ctx);
    if (!tex) return {};
    const [open, close] = wrapEnv ? wrapEnv(arg) : ['', ''];
    // A numbered single equation shows its number (KaTeX renders \tag in display math), so "(3)" in the text can be found.
    const tag =
      (base === 'equation' || base === 'dmath') &&
      !env.endsWith('*') &&
      !/\\(tag|nonumber|notag)\b/.test(body)
        ? ` \\tag{${ctx.eq}}`
        : '';
    const out = `$$${open}${tex}${close}${tag}$$`;
    return inlineOnly ? { inline: ` ${out} ` } : { blocks: [out] };
  }
  if (DROP_ENVS.has(env)) return {};
  if (CODE_ENVS.has(env)) {
    const code =
      env === 'minted'
        ? inner.replace(/^\s*(\[[^\]]*\])?\s*\{[^}]*\}/, '')
        : inner.replace(/^\s*\[[^\]]*\]/, '');
    return { blocks: ['```\n' + code.replace(/^\n/, '').replace(/\s+$/, '') + '\n```'] };
  }
  if (env === 'abstract') return { blocks: ['## Abstract', ...renderBlocks(inner, ctx)] };
  if (/^(acknowledg(e)?ments?|acks)$/.test(base))
    return { blocks: ['## Acknowledgments', ...renderBlocks(inner, ctx)] };
  if (TABULAR_ENVS.has(env)) return { blocks: [tabular(env, inner, ctx)] };
  if (env in FIGURE_ENVS) {
    const kind = FIGURE_ENVS[env]!;
    const caps = captionsOf(inner);
    const out: string[] = [];
    let n = '';
    if (caps.length && env !== 'subfigure') {
      ctx.floats[kind] = (ctx.floats[kind] ?? 0) + 1;
      n = String(ctx.floats[kind]);
      ctx.anchor = n;
      ctx.anchorKind = kind;
    }
    for (const l of inner.matchAll(/\\label\s*\{([^{}]*)\}/g))
      if (n) ctx.labels.set(l[1]!.trim(), { n, kind });
    const caption = caps.length
      ? inline(caps[caps.length > 1 && env !== 'subfigure' ? caps.length - 1 : 0]!, ctx)
      : '';
    if (caption) out.push(n ? `**${kind} ${n}:** ${caption}` : caption);
    if (kind !== 'Figure') {
      // Tables keep their tabular; algorithms their lines (as written: there is no Markdown for them).
      for (const m of inner.matchAll(
        /\\begin\s*\{(tabular\*?|tabularx|tabulary|tblr|algorithmic|algorithm2e|algorithmic\*?)\}/g,
      )) {
        const end = findEnd(inner, m.index + m[0].length, m[1]!);
        if (!end) continue;
        const body = inner.slice(m.index + m[0].length, end.innerEnd);
        out.push(TABULAR_ENVS.has(m[1]!) ? tabular(m[1]!, body, ctx) : '```latex\n' + body.trim() + '\n```');
      }
    }
    return inlineOnly ? { inline: out.join(' ') } : { blocks: out };
  }
  if (
    env === 'itemize' ||
    env === 'enumerate' ||
    env === 'description' ||
    env === 'compactitem' ||
    env === 'compactenum' ||
    env === 'inparaenum'
  ) {
    const items = splitItems(inner);
    const lines = items.map((it, k) => {
      const o = optional(it, 0);
      const label = o && /^\s*\[/.test(it) ? `**${inline(o.inner, ctx)}** ` : '';
      const rest = o && /^\s*\[/.test(it) ? it.slice(o.end + 1) : it;
      const body = renderBlocks(rest, ctx, inlineOnly).join(inlineOnly ? ' ' : '\n\n');
      const marker = env.includes('enum') ? `${k + 1}.` : '-';
      return `${marker} ${label}${body.replace(/\n/g, '\n   ')}`;
    });
    return inlineOnly ? { inline: ` ${lines.join(' ')} ` } : { blocks: [lines.join('\n')] };
  }
  if (env === 'easylist') {
    // easylist: items start with `#` at the beginning of a line (`##` nests; kept flat here).
    const body = inner.replace(/\\ListProperties\s*\([^)]*\)/g, '');
    const items = body.split(/^[ \t]*#+[ \t]*/m).slice(1);
    const lines = items.map(
      (it, k) =>
        `${k + 1}. ${renderBlocks(it, ctx, inlineOnly)
          .join(inlineOnly ? ' ' : '\n\n')
          .replace(/\n/g, '\n   ')}`,
    );
    return inlineOnly ? { inline: ` ${lines.join(' ')} ` } : { blocks: [lines.join('\n')] };
  }
  if (env === 'proof') {
    const o = optional(inner, 0);
    const body = o && /^\s*\[/.test(inner) ? inner.slice(o.end + 1) : inner;
    const blocks = renderBlocks(body, ctx, inlineOnly);
    const head = `*${o && /^\s*\[/.test(inner) ? inline(o.inner, ctx) : 'Proof'}.*`;
    if (!blocks.length) return { blocks: [`${head} ∎`] };
    blocks[0] = `${head} ${blocks[0]}`;
    blocks[blocks.length - 1] = `${blocks[blocks.length - 1]} ∎`;
    return inlineOnly ? { inline: blocks.join(' ') } : { blocks };
  }
  const thm =
    ctx.theorems.get(base) ??
    (THEOREMS[base] ? { title: THEOREMS[base], counter: base, within: null } : undefined);
  if (thm) {
    const o = /^\s*\[/.test(inner) ? optional(inner, 0) : null;
    const body = o ? inner.slice(o.end + 1) : inner;
    let num = '';
    if (thm.counter && !env.endsWith('*')) {
      const shared = ctx.theorems.get(thm.counter);
      const within = shared?.within ?? thm.within;
      const key = `${thm.counter}@${within ? ctx.sec[0] : ''}`;
      const n = (ctx.theoremCount.get(key) ?? 0) + 1;
      ctx.theoremCount.set(key, n);
      num = within ? `${ctx.appendix ? String.fromCharCode(64 + ctx.sec[0]!) : ctx.sec[0]}.${n}` : String(n);
      ctx.anchor = num;
      ctx.anchorKind = thm.title.replace(/[{}\\]/g, '');
    }
    const head = `**${inline(thm.title, ctx)}${num ? ` ${num}` : ''}${o ? ` (${inline(o.inner, ctx)})` : ''}.**`;
    const blocks = renderBlocks(body, ctx, inlineOnly);
    if (!blocks.length || blocks[0]!.startsWith('$$')) blocks.unshift(head);
    else blocks[0] = `${head} ${blocks[0]}`;
    return inlineOnly ? { inline: blocks.join(' ') } : { blocks };
  }
  if (env === 'quote' || env === 'quotation' || env === 'verse') {
    const blocks = renderBlocks(inner, ctx, inlineOnly);
    return inlineOnly ? { inline: blocks.join(' ') } : { blocks: blocks.map((b) => b.replace(/^/gm, '> ')) };
  }
  if (env === 'minipage' || env === 'adjustbox' || env === 'resizebox') {
    const body = inner.replace(/^\s*(\[[^\]]*\]\s*)*(\{[^{}]*\})?/, '');
    return passThrough(body, ctx, inlineOnly);
  }
  return passThrough(inner, ctx, inlineOnly);
}

function passThrough(inner: string, ctx: Ctx, inlineOnly: boolean): { inline?: string; blocks?: string[] } {
  const blocks = renderBlocks(inner, ctx, inlineOnly);
  return inlineOnly ? { inline: ` ${blocks.join(' ')} ` } : { blocks };
}

/** The items of a list, split at top-level \item (not those of nested lists). */
function splitItems(s: string): string[] {
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
