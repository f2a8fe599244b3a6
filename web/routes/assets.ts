/** Static files and the icon, answered before sessions exist (no cookie needed). */
import type { WebArea } from '../context.ts';

export const assets: WebArea = {
  name: 'assets',
  register(app, web) {
    app.get('/assets/*', (c) => {
      const name = c.req.path.slice('/assets/'.length);
      const a = web.assets.get(name);
      if (!a) return c.text('Not found', 404);
      c.header('content-type', a.type);
      c.header(
        'cache-control',
        c.req.query('v') === web.assetVersion || name.includes('/fonts/')
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
      );
      return c.body(new Uint8Array(a.body));
    });
    // Browsers ask for /favicon.ico whatever the page links (and a 404 is a console error).
    app.get('/favicon.ico', (c) => {
      c.header('content-type', 'image/x-icon');
      c.header('cache-control', 'public, max-age=86400');
      return c.body(new Uint8Array(web.assets.get('favicon.ico')!.body));
    });
  },
};
