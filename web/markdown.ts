/**
 * Paper and digest Markdown → safe HTML for the web app. Paper text and titles come from arXiv
 * authors and are untrusted: marked renders the Markdown (raw HTML in it included), then
 * sanitize-html keeps only a small allowlist of tags and attributes (no scripts, event handlers,
 * styles, images or non-http links). Math (`$…$`, `$$…$$`, as the converters write it) is cut out
 * before rendering, replaced by a per-call random placeholder, and typeset on the server with KaTeX
 * (`trust: false`: no \href, \url or \includegraphics) after sanitising, so the page needs KaTeX's
 * CSS and fonts but none of its JavaScript.
 */
import { randomBytes } from 'node:crypto';
import katex from 'katex';
import { Marked, type Tokens } from 'marked';
import sanitizeHtml from 'sanitize-html';

export interface OutlineItem {
  level: number;
  text: string;
  id: string;
}

export interface RenderedMarkdown {
  html: string;
  /** Headings of level 2-4, for a section outline. */
  outline: OutlineItem[];
  /** How many formulas were typeset. */
  mathCount: number;
}

/** Longest formula typeset; longer ones are shown as their TeX source (KaTeX's time grows with size). */
const MAX_TEX_CHARS = 4000;

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'a',
    'em',
    'strong',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'hr',
    'br',
    'sup',
    'sub',
    'del',
    'span',
    'section',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    h2: ['id'],
    h3: ['id'],
    h4: ['id'],
    td: ['align'],
    th: ['align'],
    ol: ['start'],
    span: ['class'],
  },
  allowedClasses: { span: ['math-slot'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'nofollow noopener noreferrer' } }),
    // Only ids of our own shape survive (an author's `<h2 id=…>` could clobber page globals).
    h2: keepSectionId,
    h3: keepSectionId,
    h4: keepSectionId,
  },
};

function keepSectionId(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const { id, ...rest } = attribs;
  return { tagName, attribs: id && /^sec-[a-z0-9-]+$/.test(id) ? { ...rest, id } : rest };
}

/** A heading id: `sec-` and a slug of the text, unique within one document. */
function slugger() {
  const seen = new Map<string, number>();
  return (text: string) => {
    const base = `sec-${
      text
        .toLowerCase()
        .normalize('NFKD')
        .replace(/[^\w\s-]/g, '')
        .trim()
        .replace(/[\s_]+/g, '-')
        .slice(0, 60) || 'section'
    }`;
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return n ? `${base}-${n}` : base;
  };
}

const escapeText = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** KaTeX HTML for one formula; the escaped TeX in a code span when it is too long or does not parse. */
function typeset(tex: string, display: boolean): string {
  if (tex.length > MAX_TEX_CHARS) return `<code class="math-source">${escapeText(tex)}</code>`;
  try {
    return katex.renderToString(tex, {
      displayMode: display,
      throwOnError: true,
      trust: false,
      strict: 'ignore',
      output: 'htmlAndMathml',
      maxSize: 50,
      maxExpand: 500,
    });
  } catch {
    return `<code class="math-source" title="not typeset">${escapeText(display ? `$$${tex}$$` : `$${tex}$`)}</code>`;
  }
}

/**
 * Renders Markdown to sanitised HTML with typeset math and an outline. `headingOffset` demotes
 * headings (a digest rendered inside a page keeps one h1).
 */
export function renderMarkdown(markdown: string, opts: { headingOffset?: number } = {}): RenderedMarkdown {
  const nonce = randomBytes(9).toString('hex');
  const formulas: Array<{ tex: string; display: boolean }> = [];
  const outline: OutlineItem[] = [];
  const slug = slugger();
  const offset = opts.headingOffset ?? 0;
  const slot = (tex: string, display: boolean) => {
    formulas.push({ tex, display });
    // A span the sanitiser keeps (its class is allowlisted) holding a text nobody can guess.
    return `<span class="math-slot">M${nonce}x${formulas.length - 1}x</span>`;
  };
  const marked = new Marked({ gfm: true, breaks: false, async: false });
  marked.use({
    extensions: [
      {
        name: 'math',
        level: 'inline',
        start: (src: string) => {
          const i = src.indexOf('$');
          return i < 0 ? undefined : i;
        },
        tokenizer(src: string) {
          const block = /^\$\$([\s\S]+?)\$\$/.exec(src);
          if (block) return { type: 'math', raw: block[0], text: block[1]!.trim(), display: true };
          // Pandoc's rule: no space just inside the dollars, no digit right after ("costs $5 and $6").
          const inline = /^\$(?=\S)((?:\\.|[^\\$\n`])+?)(?<=\S)\$(?!\d)/.exec(src);
          if (inline) return { type: 'math', raw: inline[0], text: inline[1]!, display: false };
          return undefined;
        },
        renderer(token) {
          return slot(String(token.text), Boolean((token as { display?: boolean }).display));
        },
      },
    ],
    renderer: {
      heading(this: { parser: { parseInline(tokens: Tokens.Generic[]): string } }, token: Tokens.Heading) {
        const level = Math.min(6, token.depth + offset);
        const inner = this.parser.parseInline(token.tokens);
        const text = token.text
          .replace(/<[^>]*>/g, '')
          .replace(/\$+/g, '')
          .replace(/[*_`]/g, '')
          .trim();
        if (level >= 2 && level <= 4) {
          const id = slug(text);
          outline.push({ level, text, id });
          return `<h${level} id="${id}">${inner}</h${level}>\n`;
        }
        return `<h${level}>${inner}</h${level}>\n`;
      },
    },
  });
  const rendered = marked.parse(markdown) as string;
  const clean = sanitizeHtml(rendered, SANITIZE);
  // Slots the sanitiser kept; the text carries the nonce, so an author cannot forge one.
  const slotRe = new RegExp(`<span class="math-slot">M${nonce}x(\\d+)x</span>`, 'g');
  const html = clean.replace(slotRe, (_, i: string) => {
    const f = formulas[Number(i)];
    return f ? typeset(f.tex, f.display) : '';
  });
  return { html, outline, mathCount: formulas.length };
}
