/**
 * Cross-references, citations and footnotes in the LaTeX → Markdown conversion. `\ref` and
 * friends are written as placeholders and resolved once the whole document is numbered
 * (resolveReferences); `\cite` numbers follow the .bbl; `\citet` names the authors as the
 * compiled paper does ("Knuth et al. [3]") when the .bbl says who they are.
 */
import { inline, type Ctx, type Scan } from './context.ts';
import { group, optional } from './scan.ts';

const REF = /^(ref|autoref|cref|Cref|eqref|pageref|nameref|vref|cpageref|Autoref|subref|hyperref)$/;
const CITE =
  /^(cite|citep|citet|citealp|citealt|citeauthor|Citeauthor|citeyear|citeyearpar|parencite|textcite|Textcite|autocite|footcite|Cite|Citep|Citet|citenum|supercite|cites)$/;
/** Citations printed with the authors' names in the running text. */
const TEXTUAL = /^(citet|Citet|citealt|textcite|Textcite)$/;

/** \ref, \cite, \footnote, \href and \bibliography at the scanner's position; false when `name` is none of them. */
export function referenceCommand(st: Scan, name: string): boolean {
  const { s, ctx } = st;
  if (REF.test(name)) {
    const o = name === 'hyperref' ? optional(s, st.i) : null;
    if (o) {
      // \hyperref[label]{text}: the text
      const g = group(s, o.end + 1);
      st.para += g ? inline(g.inner, ctx) : '';
      st.i = g ? g.end : o.end + 1;
      return true;
    }
    const g = group(s, st.i);
    if (!g) return true;
    st.i = g.end;
    const mode =
      name === 'eqref' ? 'eqref' : /^(autoref|Autoref|cref|Cref|vref)$/.test(name) ? 'named' : 'ref';
    st.para += g.inner
      .split(',')
      .map((l) => `\u0001${mode}:${l.trim()}\u0001`)
      .join(', ');
    return true;
  }
  if (CITE.test(name)) {
    const o1 = optional(s, st.i);
    let j = o1 ? o1.end + 1 : st.i;
    const o2 = o1 ? optional(s, j) : null;
    if (o2) j = o2.end + 1;
    const g = group(s, j);
    if (!g) return true;
    st.i = g.end;
    st.para += cite(name, g.inner, ctx, o2 ? o2.inner : o1 ? o1.inner : '');
    return true;
  }
  if (name === 'footnote') {
    const o = optional(s, st.i);
    if (o) st.i = o.end + 1;
    const g = group(s, st.i);
    if (!g) return true;
    st.i = g.end;
    ctx.footnotes.push(inline(g.inner, ctx));
    st.para += `[^${ctx.footnotes.length}]`;
    return true;
  }
  if (name === 'href') {
    const u = group(s, st.i);
    const t = u ? group(s, u.end) : null;
    if (!u || !t) return true;
    st.para += inline(t.inner, ctx);
    st.i = t.end;
    return true;
  }
  if (name === 'bibliography' || name === 'printbibliography') {
    const g = name === 'bibliography' ? group(s, st.i) : null;
    if (g) st.i = g.end;
    if (!st.inlineOnly && !ctx.referencesPlaced && ctx.bib.length) {
      ctx.referencesPlaced = true;
      for (const b of referenceBlocks(ctx)) st.block(b);
    }
    return true;
  }
  return false;
}

/** `[1, 2, p. 3]`; textual forms name the authors first ("Knuth [1]"), \citeauthor and \citeyear only them. */
function cite(name: string, keys: string, ctx: Ctx, note: string): string {
  // \citep[e.g.][]{k}: the first optional argument is a prefix, the second the note.
  const list = keys
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  if (!list.length) return '';
  const number = (k: string) => {
    const n = ctx.citeNumber.get(k);
    return n !== undefined ? String(n) : k;
  };
  const entry = (k: string) => {
    const n = ctx.citeNumber.get(k);
    return n !== undefined ? ctx.bib[n - 1] : undefined;
  };
  const n = inline(note, ctx);
  const bracket = (parts: string[]) => `[${parts.join(', ')}${n ? `, ${n}` : ''}]`;
  if (/^(citeauthor|Citeauthor)$/.test(name))
    return list.map((k) => entry(k)?.authors ?? bracket([number(k)])).join(', ');
  if (/^citeyear(par)?$/.test(name))
    return list.map((k) => entry(k)?.year ?? bracket([number(k)])).join(', ');
  if (TEXTUAL.test(name) && list.some((k) => entry(k)?.authors)) {
    return list
      .map((k, idx) => {
        const who = entry(k)?.authors;
        const b = idx === list.length - 1 ? bracket([number(k)]) : `[${number(k)}]`;
        return who ? `${who} ${b}` : b;
      })
      .join(', ');
  }
  return bracket(list.map(number));
}

export function referenceBlocks(ctx: Ctx): string[] {
  return ['## References', ctx.bib.map((e, i) => `- [${i + 1}] ${e.text}`).join('\n')];
}

/** The `\ref` placeholders of a finished document → the numbers (and names, for \autoref/\cref) they stand for. */
export function resolveReferences(markdown: string, ctx: Ctx): string {
  // \u0001 marks references resolved after the whole document.
  /* eslint-disable no-control-regex */
  return markdown.replace(
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
}
