/**
 * arXiv LaTeXML HTML (arxiv.org/html/ID, ar5iv) → Markdown with htmlparser2/domhandler/domutils.
 * Math comes from the `alttext` LaTeX of `<math>`; page chrome (navbar, header, footer, buttons)
 * is dropped. Engrafo renderings carry their TeX in MathJax `aria-label`s, used as a fallback.
 */
import { parseDocument } from 'htmlparser2';
import type { ChildNode, Element } from 'domhandler';
import { findOne, getAttributeValue, hasAttrib, textContent } from 'domutils';
import { sectionsOf, type ConvertResult } from '../../app/ports/converter.ts';
import { normalizeText, squash } from './text.ts';

const DROP_TAGS = new Set([
  'script',
  'style',
  'nav',
  'header',
  'footer',
  'button',
  'noscript',
  'svg',
  'head',
  'form',
  'input',
  'annotation',
  'annotation-xml',
]);
const DROP_CLASSES = [
  'ltx_page_navbar',
  'ltx_page_header',
  'ltx_page_footer',
  'ltx_page_logo',
  'ltx_TOC',
  'ltx_dates',
  'ltx_role_footnote',
  'ltx_note_mark',
  'ltx_tag_note',
  'sr-only',
  'package-alerts',
  'ltx_ERROR',
  'ltx_rdf',
];
const HEADING_LEVEL: Record<string, number> = {
  ltx_title_document: 1,
  ltx_title_abstract: 2,
  ltx_title_section: 2,
  ltx_title_appendix: 2,
  ltx_title_bibliography: 2,
  ltx_title_subsection: 3,
  ltx_title_subsubsection: 4,
  ltx_title_paragraph: 5,
};

interface State {
  footnotes: string[];
}

/** Convert one LaTeXML page (full page or fragment) to Markdown. */
export function convertHtml(html: string): ConvertResult {
  const started = performance.now();
  const dom = parseDocument(html, { decodeEntities: true });
  const root = (findOne(
    (e) => e.name === 'article' || classes(e).includes('ltx_document'),
    dom.children,
    true,
  ) ?? dom) as Element;
  const state: State = { footnotes: [] };
  const blocks = renderBlocks(root.children, state);
  if (state.footnotes.length) blocks.push(...state.footnotes.map((f, i) => `[^${i + 1}]: ${f}`));
  const markdown = `${blocks.filter((b) => b.trim() !== '').join('\n\n')}\n`;
  const sections = sectionsOf(markdown);
  const h1 = sections.find((s) => s.level === 1);
  const warnings: string[] = [];
  if (!html.includes('alttext=') && /ltx_Math/.test(html))
    warnings.push('math has no alttext; LaTeX taken from MathJax labels where present');
  return {
    markdown,
    title: h1?.title ?? null,
    sections,
    pageCount: null,
    warnings,
    timings: { totalMs: Math.round(performance.now() - started) },
  };
}

function classes(e: Element): string[] {
  return (getAttributeValue(e, 'class') ?? '').split(/\s+/);
}

function isElement(n: ChildNode): n is Element {
  return n.type === 'tag' || n.type === 'script' || n.type === 'style';
}

function dropped(e: Element): boolean {
  if (DROP_TAGS.has(e.name)) return true;
  const c = classes(e);
  return DROP_CLASSES.some((d) => c.includes(d)) || getAttributeValue(e, 'aria-hidden') === 'true';
}

const BLOCK_TAGS = new Set([
  'p',
  'div',
  'section',
  'article',
  'figure',
  'table',
  'ul',
  'ol',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'pre',
  'figcaption',
  'dl',
  'main',
  'body',
  'html',
  'span-block',
]);

function isBlock(e: Element): boolean {
  if (BLOCK_TAGS.has(e.name)) return true;
  if (e.name === 'math') return getAttributeValue(e, 'display') === 'block';
  return false;
}

/** Block-level rendering: a list of Markdown blocks. Inline runs are gathered into paragraphs. */
function renderBlocks(nodes: ChildNode[], st: State): string[] {
  const out: string[] = [];
  let inline = '';
  const flushInline = () => {
    const t = squash(inline);
    if (t) out.push(t);
    inline = '';
  };
  for (const n of nodes) {
    if (!isElement(n)) {
      if (n.type === 'text') inline += n.data;
      continue;
    }
    if (dropped(n)) {
      if (classes(n).includes('ltx_role_footnote')) inline += footnoteRef(n, st);
      continue;
    }
    if (!isBlock(n) && !isDisplayEquation(n)) {
      inline += renderInline(n, st);
      continue;
    }
    flushInline();
    out.push(...renderBlock(n, st));
  }
  flushInline();
  return out;
}

function isDisplayEquation(e: Element): boolean {
  return e.name === 'table' && /ltx_equation/.test(getAttributeValue(e, 'class') ?? '');
}

function renderBlock(e: Element, st: State): string[] {
  const c = classes(e);
  const level = c.map((k) => HEADING_LEVEL[k]).find((l) => l !== undefined);
  if (level !== undefined || /^h[1-6]$/.test(e.name)) {
    const lv = level ?? Number(e.name[1]);
    const title = squash(renderInlineChildren(e, st)).replace(/^#+\s*/, '');
    return title ? [`${'#'.repeat(lv)} ${title}`] : [];
  }
  if (c.includes('ltx_authors')) {
    const names = squash(renderInlineChildren(e, st));
    return names ? [names] : [];
  }
  if (isDisplayEquation(e) || e.name === 'math') {
    const maths = mathNodes(e)
      .map((m) => mathTex(m))
      .filter(Boolean);
    return maths.length ? [`$$${maths.join(' \\\\ ')}$$`] : [];
  }
  if (e.name === 'table' || c.includes('ltx_tabular')) return [renderTable(e, st)];
  if (e.name === 'figcaption' || c.includes('ltx_caption')) {
    const t = squash(renderInlineChildren(e, st));
    return t ? [`*${t.replace(/\*/g, '\\*')}*`] : [];
  }
  if (e.name === 'ul' || e.name === 'ol') return [renderList(e, st)];
  if (c.includes('ltx_bibitem')) return [`- ${squash(renderInlineChildren(e, st))}`];
  if (e.name === 'pre' || c.includes('ltx_listing')) return ['```\n' + textContent(e).trim() + '\n```'];
  if (e.name === 'blockquote' || c.includes('ltx_quote'))
    return renderBlocks(e.children, st).map((b) => b.replace(/^/gm, '> '));
  return renderBlocks(e.children, st);
}

function renderList(e: Element, st: State): string {
  const ordered = e.name === 'ol';
  const items = e.children.filter((n): n is Element => isElement(n) && n.name === 'li');
  return items
    .map((li, i) => {
      if (classes(li).includes('ltx_bibitem')) return `- ${squash(renderInlineChildren(li, st))}`;
      const body = renderBlocks(
        li.children.filter((n) => !(isElement(n) && classes(n).includes('ltx_tag_item'))),
        st,
      ).join('\n');
      const marker = ordered ? `${i + 1}.` : '-';
      return `${marker} ${body.replace(/\n/g, '\n   ')}`;
    })
    .join('\n');
}

function renderTable(e: Element, st: State): string {
  const rows: string[][] = [];
  const walk = (n: Element) => {
    for (const ch of n.children) {
      if (!isElement(ch) || dropped(ch)) continue;
      if (ch.name === 'tr' || classes(ch).includes('ltx_tr')) {
        rows.push(
          ch.children
            .filter(
              (x): x is Element =>
                isElement(x) && (x.name === 'td' || x.name === 'th' || classes(x).includes('ltx_td')),
            )
            .map((td) => squash(renderInlineChildren(td, st)).replace(/\|/g, '\\|')),
        );
      } else walk(ch);
    }
  };
  walk(e);
  const width = Math.max(0, ...rows.map((r) => r.length));
  if (!rows.length || width === 0) return squash(renderInlineChildren(e, st));
  const pad = (r: string[]) => `| ${[...r, ...new Array<string>(width - r.length).fill('')].join(' | ')} |`;
  return [pad(rows[0]!), `|${' --- |'.repeat(width)}`, ...rows.slice(1).map(pad)].join('\n');
}

function renderInlineChildren(e: Element, st: State): string {
  return e.children
    .map((n) =>
      isElement(n)
        ? dropped(n)
          ? classes(n).includes('ltx_role_footnote')
            ? footnoteRef(n, st)
            : ''
          : renderInline(n, st)
        : n.type === 'text'
          ? n.data
          : '',
    )
    .join('');
}

function renderInline(e: Element, st: State): string {
  const c = classes(e);
  if (e.name === 'math') {
    const tex = mathTex(e);
    return tex ? `$${tex}$` : '';
  }
  if (c.includes('ltx_Math') && e.name === 'span') {
    const tex = engrafoTex(e);
    if (tex) return `$${tex}$`;
  }
  if (e.name === 'br') return ' ';
  if (e.name === 'img') return '';
  const inner = renderInlineChildren(e, st);
  if (e.name === 'em' || e.name === 'i' || c.includes('ltx_emph')) return wrap(inner, '*');
  if (e.name === 'strong' || e.name === 'b' || c.includes('ltx_font_bold')) return wrap(inner, '**');
  if (e.name === 'sup' && !c.includes('ltx_note_mark')) return `^${inner}`;
  if (e.name === 'code' || c.includes('ltx_font_typewriter'))
    return inner.trim() ? `\`${inner.trim()}\`` : '';
  return inner;
}

function wrap(s: string, mark: string): string {
  const t = s.trim();
  if (!t) return s;
  const lead = /^\s/.test(s) ? ' ' : '';
  const trail = /\s$/.test(s) ? ' ' : '';
  return `${lead}${mark}${t}${mark}${trail}`;
}

/** LaTeX of a `<math>`: its alttext (LaTeXML's source TeX), else the TeX annotation. */
function mathTex(m: Element): string {
  const alt = getAttributeValue(m, 'alttext');
  if (alt)
    return normalizeText(alt)
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/^\\displaystyle\s*/, '');
  const ann = findOne(
    (e) => e.name === 'annotation' && getAttributeValue(e, 'encoding') === 'application/x-tex',
    m.children,
    true,
  );
  return ann ? squash(textContent(ann)) : squash(textContent(m));
}

function mathNodes(e: Element): Element[] {
  if (e.name === 'math') return [e];
  const out: Element[] = [];
  const walk = (n: Element) => {
    for (const ch of n.children) {
      if (!isElement(ch)) continue;
      if (ch.name === 'math') out.push(ch);
      else if (ch.name === 'span' && classes(ch).includes('ltx_Math') && !hasAttrib(ch, 'alttext')) {
        const tex = engrafoTex(ch);
        if (tex) out.push({ ...ch, name: 'math', attribs: { alttext: tex } } as unknown as Element);
      } else walk(ch);
    }
  };
  walk(e);
  return out;
}

/** Engrafo pre-renders math with MathJax; the TeX survives only in an `aria-label`. */
function engrafoTex(e: Element): string | null {
  const labelled = findOne((x) => hasAttrib(x, 'aria-label'), [e], true);
  const label = labelled ? getAttributeValue(labelled, 'aria-label') : undefined;
  return label ? squash(label) : null;
}

function footnoteRef(e: Element, st: State): string {
  const content = findOne((x) => classes(x).includes('ltx_note_content'), e.children, true);
  if (!content) return '';
  st.footnotes.push(squash(renderInlineChildren(content, st)));
  return `[^${st.footnotes.length}]`;
}
