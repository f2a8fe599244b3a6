/**
 * Environments in the LaTeX → Markdown conversion: math (math.ts), tables (tables.ts), floats as
 * their captions, lists, theorems and proofs, quotes, code; anything else passes its content through.
 */
import { inline, type Ctx } from './context.ts';
import { MATH_ENVS, mathEnvironment } from './math.ts';
import { findEnd, group, optional, splitItems } from './scan.ts';
import { TABULAR_ENVS, tabular } from './tables.ts';

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
/** Drawings there is no text for: a placeholder says so (a figure keeps its caption). */
const PICTURE_ENVS: Record<string, string> = {
  tikzpicture: 'TikZ figure',
  pgfpicture: 'PGF figure',
  picture: 'LaTeX picture',
  tikzcd: 'TikZ diagram',
  forest: 'tree diagram',
};
const PICTURE_RE = new RegExp(`\\\\begin\\s*\\{(${Object.keys(PICTURE_ENVS).join('|')})\\}`);
const LIST_ENVS = new Set([
  'itemize',
  'enumerate',
  'description',
  'compactitem',
  'compactenum',
  'inparaenum',
]);

type Rendered = { inline?: string; blocks?: string[] };

const placeholder = (env: string) => `*[${PICTURE_ENVS[env]}: not converted]*`;

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

/** One environment's content → Markdown (blocks, or one line when inlineOnly). */
export function environment(env: string, inner: string, ctx: Ctx, inlineOnly: boolean): Rendered {
  const base = env.replace(/\*$/, '');
  const lines = (blocks: string[]): Rendered =>
    inlineOnly ? { inline: ` ${blocks.join(' ')} ` } : { blocks };
  if (env in MATH_ENVS) {
    const out = mathEnvironment(env, inner, ctx);
    return out ? lines([out]) : {};
  }
  if (env in PICTURE_ENVS) return lines([placeholder(env)]);
  if (DROP_ENVS.has(env)) return {};
  if (CODE_ENVS.has(env)) {
    const code =
      env === 'minted'
        ? inner.replace(/^\s*(\[[^\]]*\])?\s*\{[^}]*\}/, '')
        : inner.replace(/^\s*\[[^\]]*\]/, '');
    return { blocks: ['```\n' + code.replace(/^\n/, '').replace(/\s+$/, '') + '\n```'] };
  }
  if (env === 'abstract') return { blocks: ['## Abstract', ...ctx.render(inner, ctx)] };
  if (/^(acknowledg(e)?ments?|acks)$/.test(base))
    return { blocks: ['## Acknowledgments', ...ctx.render(inner, ctx)] };
  if (TABULAR_ENVS.has(env)) return { blocks: [tabular(env, inner, ctx)] };
  if (env in FIGURE_ENVS) return float(env, inner, ctx, inlineOnly);
  if (LIST_ENVS.has(env)) return list(env, inner, ctx, inlineOnly);
  if (env === 'easylist') {
    // easylist: items start with `#` at the beginning of a line (`##` nests; kept flat here).
    const body = inner.replace(/\\ListProperties\s*\([^)]*\)/g, '');
    const items = body.split(/^[ \t]*#+[ \t]*/m).slice(1);
    return lines([
      items
        .map(
          (it, k) =>
            `${k + 1}. ${ctx
              .render(it, ctx, inlineOnly)
              .join(inlineOnly ? ' ' : '\n\n')
              .replace(/\n/g, '\n   ')}`,
        )
        .join(inlineOnly ? ' ' : '\n'),
    ]);
  }
  if (env === 'proof') return proof(inner, ctx, inlineOnly);
  const thm =
    ctx.theorems.get(base) ??
    (THEOREMS[base] ? { title: THEOREMS[base], counter: base, within: null } : undefined);
  if (thm) return theorem(env, thm, inner, ctx, inlineOnly);
  if (env === 'quote' || env === 'quotation' || env === 'verse') {
    const blocks = ctx.render(inner, ctx, inlineOnly);
    return inlineOnly ? { inline: blocks.join(' ') } : { blocks: blocks.map((b) => b.replace(/^/gm, '> ')) };
  }
  if (env === 'minipage' || env === 'adjustbox' || env === 'resizebox')
    return lines(ctx.render(inner.replace(/^\s*(\[[^\]]*\]\s*)*(\{[^{}]*\})?/, ''), ctx, inlineOnly));
  return lines(ctx.render(inner, ctx, inlineOnly));
}

/** A figure, table or algorithm: its caption (numbered), a table's tabulars, an algorithm's lines, a drawing's placeholder. */
function float(env: string, inner: string, ctx: Ctx, inlineOnly: boolean): Rendered {
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
  for (const l of inner.matchAll(/\\label\s*\{([^{}]*)\}/g)) if (n) ctx.labels.set(l[1]!.trim(), { n, kind });
  const picture = PICTURE_RE.exec(inner);
  if (picture) out.push(placeholder(picture[1]!));
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

function list(env: string, inner: string, ctx: Ctx, inlineOnly: boolean): Rendered {
  const items = splitItems(inner);
  const lines = items.map((it, k) => {
    const o = optional(it, 0);
    const label = o && /^\s*\[/.test(it) ? `**${inline(o.inner, ctx)}** ` : '';
    const rest = o && /^\s*\[/.test(it) ? it.slice(o.end + 1) : it;
    const body = ctx.render(rest, ctx, inlineOnly).join(inlineOnly ? ' ' : '\n\n');
    const marker = env.includes('enum') ? `${k + 1}.` : '-';
    return `${marker} ${label}${body.replace(/\n/g, '\n   ')}`;
  });
  return inlineOnly ? { inline: ` ${lines.join(' ')} ` } : { blocks: [lines.join('\n')] };
}

function proof(inner: string, ctx: Ctx, inlineOnly: boolean): Rendered {
  const o = optional(inner, 0);
  const body = o && /^\s*\[/.test(inner) ? inner.slice(o.end + 1) : inner;
  const blocks = ctx.render(body, ctx, inlineOnly);
  const head = `*${o && /^\s*\[/.test(inner) ? inline(o.inner, ctx) : 'Proof'}.*`;
  if (!blocks.length) return { blocks: [`${head} ∎`] };
  blocks[0] = `${head} ${blocks[0]}`;
  blocks[blocks.length - 1] = `${blocks[blocks.length - 1]} ∎`;
  return inlineOnly ? { inline: blocks.join(' ') } : { blocks };
}

function theorem(
  env: string,
  thm: { title: string; counter: string; within: string | null },
  inner: string,
  ctx: Ctx,
  inlineOnly: boolean,
): Rendered {
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
  const blocks = ctx.render(body, ctx, inlineOnly);
  if (!blocks.length || blocks[0]!.startsWith('$$')) blocks.unshift(head);
  else blocks[0] = `${head} ${blocks[0]}`;
  return inlineOnly ? { inline: blocks.join(' ') } : { blocks };
}
