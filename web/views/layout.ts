/**
 * The page frame every page shares (head, navigation, footer) and the error page. Pages are
 * rendered on the server with hono/html: every interpolated value is escaped (titles, authors and
 * abstracts come from arXiv and are untrusted); only Markdown that went through web/markdown.ts
 * (sanitised) is inserted raw. Pages work without JavaScript (forms and links); web/assets/app.js
 * adds live progress (SSE), in-place actions, chat streaming and voice.
 */
import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';

export type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

export interface PageContext {
  csrf: string;
  /** Asset version for cache busting (a hash of their contents). */
  assetVersion: string;
  notion: boolean;
  stt: boolean;
  tts: 'server' | 'browser';
  audioMaxSeconds: number;
  temporalUiUrl: string | null;
  namespace: string;
}

const NAV: Array<[string, string]> = [
  ['/search', 'Search'],
  ['/library', 'Library'],
  ['/subscriptions', 'Subscriptions'],
  ['/chat', 'Chat'],
];

export function layout(
  ctx: PageContext,
  page: {
    title: string;
    path: string;
    body: Html;
    math?: boolean;
    flash?: string | null;
    refreshSeconds?: number;
  },
): Html {
  const v = ctx.assetVersion;
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="csrf-token" content="${ctx.csrf}" />
        ${page.refreshSeconds ? html`<noscript><meta http-equiv="refresh" content="${page.refreshSeconds}" /></noscript>` : ''}
        <title>${page.title} · arxiv-radar</title>
        <link rel="icon" href="/assets/favicon.svg?v=${v}" type="image/svg+xml" />
        <link rel="stylesheet" href="/assets/app.css?v=${v}" />
        ${page.math ? html`<link rel="stylesheet" href="/assets/katex/katex.min.css?v=${v}" />` : ''}
        <script src="/assets/app.js?v=${v}" defer></script>
      </head>
      <body
        data-stt="${ctx.stt ? '1' : '0'}"
        data-tts="${ctx.tts}"
        data-audio-max-seconds="${ctx.audioMaxSeconds}"
      >
        <a class="skip" href="#main">Skip to content</a>
        <header class="top">
          <a class="brand" href="/">arxiv-radar</a>
          <nav aria-label="Main">
            <ul>
              ${NAV.map(([href, label]) => html`<li><a href="${href}" ${page.path.startsWith(href) ? raw(' aria-current="page"') : ''}>${label}</a></li>`)}
            </ul>
          </nav>
        </header>
        <main id="main" tabindex="-1">
          ${page.flash ? html`<p class="flash" role="status">${page.flash}</p>` : ''} ${page.body}
        </main>
        <footer class="foot">
          <p>
            arxiv-radar · the same service as the CLI, the Discord bot and the MCP
            server${ctx.temporalUiUrl ? html` · <a href="${ctx.temporalUiUrl}">Temporal UI</a>` : ''}
          </p>
        </footer>
      </body>
    </html>`;
}

/**
 * An error's heading: its first sentence, which says what went wrong ("No subscription named
 * \"x\"", "arXiv has no paper 2401.99999"); the rest (what to do) goes below it.
 */
export function errorHeading(message: string): { heading: string; rest: string } {
  const m = /^(.+?[.!?])\s+(\S.*)$/s.exec(message.trim());
  const [first, rest] = m ? [m[1]!, m[2]!] : [message.trim(), ''];
  return { heading: first.replace(/\.$/, ''), rest };
}

export function errorPage(message: string): Html {
  const { heading, rest } = errorHeading(message);
  return html`<h1 class="error" role="alert">${heading}</h1>
    ${rest ? html`<p>${rest}</p>` : ''}
    <p><a href="/">Back to search</a></p>`;
}
