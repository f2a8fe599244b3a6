/** The sign-in page (WEB_TOKEN). */
import { html } from 'hono/html';
import { csrfField } from './components.ts';
import type { Html, PageContext } from './layout.ts';

export function loginPage(ctx: PageContext, error: string | null): Html {
  return html`<h1>Sign in</h1>
    <p>This arxiv-radar is reachable from other machines, so it asks for its token (WEB_TOKEN).</p>
    ${error ? html`<p class="error" role="alert">${error}</p>` : ''}
    <form method="post" action="/login">
      ${csrfField(ctx)}
      <p>
        <label for="token">Token</label
        ><input id="token" name="token" type="password" required autocomplete="current-password" />
      </p>
      <p><button type="submit">Sign in</button></p>
    </form>`;
}
