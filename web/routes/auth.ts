/** WEB_TOKEN: sign in once per browser session (or send it as a bearer token); every later route is behind it. */
import { setCookie } from 'hono/cookie';
import type { WebArea } from '../context.ts';
import { wantsJson } from '../http.ts';
import { equalSecret, SESSION_COOKIE } from '../security.ts';
import { loginPage } from '../views/auth.ts';

export const auth: WebArea = {
  name: 'auth',
  register(app, web) {
    const token = web.config.WEB_TOKEN;
    app.get('/login', (c) => web.page(c, { title: 'Sign in', body: loginPage(web.pageContext(c), null) }));
    app.post('/login', async (c) => {
      const wait = web.limiters.login.take(`a:${web.addressOf(c)}`);
      if (wait > 0)
        return web.page(c, {
          title: 'Sign in',
          body: loginPage(
            web.pageContext(c),
            `Too many sign-in attempts: try again in ${Math.ceil(wait / 1000)} s.`,
          ),
          status: 429,
        });
      const body = await c.req.parseBody();
      if (token && typeof body.token === 'string' && equalSecret(body.token, token)) {
        // A new session id at sign-in: one known before (planted in the browser) is worth nothing now.
        const renewed = web.sessions.signIn(c.var.session);
        setCookie(c, SESSION_COOKIE, renewed.id, { httpOnly: true, sameSite: 'Strict', path: '/' });
        c.set('session', renewed);
        return c.redirect('/search', 303);
      }
      return web.page(c, {
        title: 'Sign in',
        body: loginPage(
          web.pageContext(c),
          token ? 'That is not the token.' : 'This server has no WEB_TOKEN: nothing to sign in to.',
        ),
        status: 401,
      });
    });
    app.use('*', async (c, next) => {
      if (!token || c.var.session.signedIn) return next();
      const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
      if (bearer && equalSecret(bearer, token)) return next();
      if (wantsJson(c) || c.req.method !== 'GET')
        return c.json({ ok: false, error: 'Sign in first (WEB_TOKEN).' }, 401);
      return c.redirect('/login', 303);
    });
  },
};
