/**
 * References from a `.bbl` (BibTeX's `thebibliography`, or biblatex's `\entry` records) or an
 * inline `thebibliography`, in order: `\cite` numbers follow it, as in the compiled paper.
 */
import { group, optional } from './scan.ts';

export interface BibEntry {
  key: string;
  /** One line of Markdown. */
  text: string;
  /** How \citet names the authors ("Knuth", "Lamport and Knuth", "Smith et al."), when the .bbl says. */
  authors?: string;
  year?: string;
}

/** Entries of a bibliography; `render` turns one entry's LaTeX into a line of Markdown. */
export function formatBibliography(bbl: string, render: (tex: string) => string): BibEntry[] {
  if (/\\entry\s*\{/.test(bbl)) return biblatex(bbl, render);
  const out: BibEntry[] = [];
  const items = bibitems(bbl);
  items.forEach((m, k) => {
    const end = k + 1 < items.length ? items[k + 1]!.at : endOf(bbl, m.at);
    const entry = bbl.slice(m.bodyAt, end);
    const raw = entry
      .replace(/\\end\s*\{thebibliography\}[\s\S]*$/, '')
      .replace(
        /\\(?:BibitemShut\s*\{[^}]*\}|(?:newblock|bibitemStop|bibitemNoStop|EndOfBibitem|urlprefix|BibitemOpen)\b)/g,
        ' ',
      )
      .replace(/\\doi\s*\{([^}]*)\}/g, 'doi:$1')
      .replace(/\\eprint\s*(?:\[[^\]]*\])?\s*\{([^}]*)\}/g, 'arXiv:$1')
      .replace(/\\(bibinfo|bibfield)\s*\{[^}]*\}\s*/g, '')
      .replace(/\\href(@noop)?\s*(\{[^}]*\})/g, ''); // the link target (apsrev: \href@noop {} {text})
    const text = render(raw);
    if (text) out.push({ key: m.key, text, ...citedAs(m.label, entry, render) });
  });
  return out;
}

/**
 * The authors and year \citet prints: natbib's label `Short(Year)Long` when there is one, else the
 * first block of a standard BibTeX style's entry (the author list, before the first \newblock).
 */
function citedAs(
  label: string | undefined,
  raw: string,
  render: (tex: string) => string,
): { authors?: string; year?: string } {
  const natbib = label ? /^([\s\S]*?)\(([^()]*)\)/.exec(label) : null;
  if (natbib) {
    const authors = render(natbib[1]!);
    return authors ? { authors, year: render(natbib[2]!) } : {};
  }
  if (label) return {};
  const head = /^([\s\S]*?)\\newblock\b/.exec(raw.replace(/^\s+/, ''));
  if (!head) return {};
  const names = render(head[1]!)
    .replace(/\.\s*$/, '')
    .split(/\s*,\s*and\s+|\s+and\s+|\s*,\s*/)
    .filter((n) => /[A-Za-z\u00c0-\u024f]{2}/.test(n));
  const surname = (n: string) => n.trim().split(/\s+/).pop()!;
  if (!names.length || names.some((n) => n.split(/\s+/).length > 5)) return {};
  const authors =
    names.length === 1
      ? surname(names[0]!)
      : names.length === 2
        ? `${surname(names[0]!)} and ${surname(names[1]!)}`
        : `${surname(names[0]!)} et al.`;
  return { authors };
}

/** `\\bibitem[label]{key}` positions; the label may nest braces (apsrev: `[{\\citenamefont {Knuth}(1984)}]`). */
function bibitems(
  bbl: string,
): Array<{ at: number; bodyAt: number; label: string | undefined; key: string }> {
  const out: Array<{ at: number; bodyAt: number; label: string | undefined; key: string }> = [];
  for (const m of bbl.matchAll(/\\bibitem(?![a-zA-Z@])/g)) {
    let i = m.index + m[0].length;
    const o = optional(bbl, i);
    if (o) i = o.end + 1;
    const key = group(bbl, i);
    if (!key) continue;
    out.push({ at: m.index, bodyAt: key.end, label: o?.inner, key: key.inner.trim() });
  }
  return out;
}

function endOf(s: string, from: number): number {
  const e = s.indexOf('\\end{thebibliography}', from);
  return e < 0 ? s.length : e;
}

/** biblatex's .bbl: `\entry{key}{type}{}` … `\endentry`, fields as `\field{title}{…}`. */
function biblatex(bbl: string, render: (tex: string) => string): BibEntry[] {
  const out: BibEntry[] = [];
  for (const m of bbl.matchAll(/\\entry\s*\{([^}]*)\}\s*\{([^}]*)\}[\s\S]*?\\endentry/g)) {
    const e = m[0];
    const field = (name: string): string | null => {
      const at = e.search(new RegExp(`\\\\field\\s*\\{${name}\\}\\s*\\{`));
      if (at < 0) return null;
      const g = group(e, e.indexOf('{', e.indexOf('}', at) + 1));
      return g ? g.inner : null;
    };
    const names: string[] = [];
    const family: string[] = [];
    const list = /\\name\s*\{author\}\s*\{\d+\}\s*\{[^}]*\}\s*\{/.exec(e);
    if (list) {
      const g = group(e, list.index + list[0].length - 1);
      for (const n of g?.inner.matchAll(
        /family=\{([^{}]*(?:\{[^{}]*\}[^{}]*)*)\}(?:[\s\S]*?given=\{([^{}]*(?:\{[^{}]*\}[^{}]*)*)\})?/g,
      ) ?? []) {
        names.push(`${n[2] ? `${n[2]} ` : ''}${n[1]}`);
        family.push(render(n[1]!));
      }
    }
    const parts = [
      names.length ? names.join(', ') : null,
      field('title'),
      field('journaltitle') ?? field('booktitle'),
      field('year') ?? field('date'),
    ].filter((x): x is string => !!x);
    const text = render(parts.join('. '));
    const authors =
      family.length > 2 ? `${family[0]} et al.` : family.length ? family.join(' and ') : undefined;
    const year = field('year') ?? field('date')?.slice(0, 4);
    if (text)
      out.push({
        key: m[1]!.trim(),
        text: `${text}.`,
        ...(authors ? { authors } : {}),
        ...(year ? { year } : {}),
      });
  }
  return out;
}
