/** Pieces several pages share: paper links, the CSRF field, and the save/rate/Notion actions of a paper. */
import { html, raw } from 'hono/html';
import type { Html, PageContext } from './layout.ts';

export const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();
export const authorsOf = (names: string[]) =>
  names.length > 4 ? `${names.slice(0, 4).join(', ')} et al.` : names.join(', ');
export const paperHref = (id: string) => `/paper/${id.split('/').map(encodeURIComponent).join('/')}`;

export const csrfField = (ctx: PageContext) => html`<input type="hidden" name="_csrf" value="${ctx.csrf}" />`;

/**
 * Where 👍/👎 go: a digest entry rates for its own subscription (`fixed`, and saving it counts as
 * 👍 there); a search result for the subscription picked in its form.
 */
export interface RatingTarget {
  subscriptions: string[];
  fixed?: string;
  current?: 'up' | 'down' | null;
}

/** 👍/👎 for one paper: the subscription's next digests learn from it. */
function ratingForm(ctx: PageContext, id: string, back: string, t: RatingTarget): Html {
  const pressed = (r: 'up' | 'down') => raw(` aria-pressed="${t.current === r ? 'true' : 'false'}"`);
  return html`<form method="post" action="/ratings" class="js-action rating">
    ${csrfField(ctx)}<input type="hidden" name="id" value="${id}" /><input
      type="hidden"
      name="back"
      value="${back}"
    />
    ${
      t.fixed
        ? html`<input type="hidden" name="subscription" value="${t.fixed}" />`
        : html`<label
            >Rate for
            <select name="subscription">
              ${t.subscriptions.map((s) => html`<option value="${s}">${s}</option>`)}
            </select></label
          >`
    }
    <button
      type="submit"
      name="rating"
      value="up"
      aria-label="Relevant (👍)"
      title="Relevant: more like this"
      ${pressed('up')}
    >
      👍
    </button>
    <button
      type="submit"
      name="rating"
      value="down"
      aria-label="Not relevant (👎)"
      title="Not relevant: fewer like this"
      ${pressed('down')}
    >
      👎
    </button>
  </form>`;
}

/** Save-to-library and send-to-Notion buttons for one paper, and 👍/👎 when there is a subscription to rate for. */
export function paperActions(ctx: PageContext, id: string, back: string, rate?: RatingTarget): Html {
  return html`<div class="actions">
    <form method="post" action="/library/save" class="js-action">
      ${csrfField(ctx)}<input type="hidden" name="id" value="${id}" /><input
        type="hidden"
        name="back"
        value="${back}"
      />${rate?.fixed ? html`<input type="hidden" name="subscription" value="${rate.fixed}" />` : ''}
      <label
        >Topic
        <input name="topic" value="saved" size="10" required pattern="[A-Za-z0-9][A-Za-z0-9 _.\\-]{0,63}"
      /></label>
      <button type="submit">Save to library</button>
    </form>
    ${rate && (rate.fixed || rate.subscriptions.length > 0) ? ratingForm(ctx, id, back, rate) : ''}
    ${ctx.notion ? html`<form method="post" action="/notion/send" class="js-action">${csrfField(ctx)}<input type="hidden" name="id" value="${id}" /><input type="hidden" name="back" value="${back}" /><button type="submit">Send to Notion</button></form>` : ''}
    <p class="action-status" role="status" aria-live="polite"></p>
  </div>`;
}
