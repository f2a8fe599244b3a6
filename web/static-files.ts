/** The web app's static files, read once into memory with a version hash for cache busting. */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { AppError } from '../domain/errors.ts';

export interface Asset {
  body: Buffer;
  type: string;
}

export interface Assets {
  assets: Map<string, Asset>;
  /** A hash of the assets' contents (fonts aside), the `?v=` of their links. */
  version: string;
}

/** Where web/assets is: beside this module, or (compiled into dist/web) the source folder. */
function assetsDir(): string {
  const here = import.meta.dirname;
  const candidates = [path.join(here, 'assets'), path.resolve(here, '../../web/assets')];
  const found = candidates.find((d) => existsSync(path.join(d, 'app.js')));
  if (!found)
    throw new AppError('CONFIG_INVALID', `web/assets is missing (looked in ${candidates.join(', ')})`);
  return found;
}

/** The client script, the stylesheet and KaTeX's CSS and fonts (from node_modules, never a CDN), in memory. */
export function loadAssets(): Assets {
  const dir = assetsDir();
  const assets = new Map<string, Asset>();
  assets.set('app.js', {
    body: readFileSync(path.join(dir, 'app.js')),
    type: 'text/javascript; charset=utf-8',
  });
  assets.set('app.css', { body: readFileSync(path.join(dir, 'app.css')), type: 'text/css; charset=utf-8' });
  // The icon (scripts/make-favicon.mjs draws both): SVG for <link rel="icon">, ICO at /favicon.ico.
  assets.set('favicon.svg', { body: readFileSync(path.join(dir, 'favicon.svg')), type: 'image/svg+xml' });
  assets.set('favicon.ico', { body: readFileSync(path.join(dir, 'favicon.ico')), type: 'image/x-icon' });
  const katexDist = path.join(
    path.dirname(createRequire(import.meta.url).resolve('katex/package.json')),
    'dist',
  );
  assets.set('katex/katex.min.css', {
    body: readFileSync(path.join(katexDist, 'katex.min.css')),
    type: 'text/css; charset=utf-8',
  });
  const fontTypes: Record<string, string> = { woff2: 'font/woff2', woff: 'font/woff', ttf: 'font/ttf' };
  for (const f of readdirSync(path.join(katexDist, 'fonts'))) {
    const ext = f.split('.').pop() ?? '';
    if (fontTypes[ext])
      assets.set(`katex/fonts/${f}`, {
        body: readFileSync(path.join(katexDist, 'fonts', f)),
        type: fontTypes[ext],
      });
  }
  const hash = createHash('sha256');
  for (const [name, a] of assets) if (!name.includes('/fonts/')) hash.update(a.body);
  return { assets, version: hash.digest('hex').slice(0, 12) };
}
