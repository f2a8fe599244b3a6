/**
 * The paper page: from the library when it is stored, else fetched and converted by the workflow
 * and streamed into the page; and sending a paper to Notion.
 */
import { isContentSource, type ContentSource } from '../../domain/content-source.ts';
import { extractArxivId } from '../../domain/arxiv-ids.ts';
import { AppError, errorMessage } from '../../domain/errors.ts';
import type { WebArea, WebContext, WebRequest } from '../context.ts';
import { backOf, statusOf } from '../http.ts';
import { confirmFetchPage, PAPER_STREAM_MARK, paperLate, paperPage, paperShell } from '../views/paper.ts';

/** The arXiv id or URL after `/paper/`, or a 400 when the path is not valid percent-encoding. */
function paperIdOf(path: string): string {
  try {
    return decodeURIComponent(path.slice('/paper/'.length)).slice(0, 300);
  } catch {
    throw new AppError(
      'INVALID_INPUT',
      'This paper address is not valid percent-encoding: use /paper/<arXiv id>, e.g. /paper/2401.12345.',
    );
  }
}

export const paper: WebArea = {
  name: 'paper',
  register(app, web) {
    app.get('/paper/*', async (c) => {
      const id = paperIdOf(c.req.path);
      const sourceParam = c.req.query('source');
      const source = isContentSource(sourceParam) ? sourceParam : 'auto';
      // A paper already converted opens from the library; otherwise (or when a source is asked for)
      // it is fetched, converted and stored by the workflow.
      const stored = source === 'auto' ? await web.service.readStoredPaper(id).catch(() => null) : null;
      if (stored)
        return web.page(c, {
          title: stored.paper.title.replace(/\s+/g, ' ').trim(),
          body: paperPage(web.pageContext(c), stored, c.req.path),
          math: true,
        });
      const refused = arxivWorkByGet(c, web, id, source);
      if (refused) return refused;
      return streamPaper(c, web, id, source);
    });
    app.post('/notion/send', async (c) => {
      const body = await c.req.parseBody();
      const receipt = await web.service.sendToNotion(String(body.id ?? '').trim());
      return web.actionDone(
        c,
        `Sent to Notion${receipt.url ? `: ${receipt.url}` : ''}.`,
        backOf(body.back, '/library'),
      );
    });
  },
};

/**
 * A GET that would start arXiv work (fetching and converting a paper not stored yet): only from
 * this site or a typed/bookmarked address (Sec-Fetch-Site same-origin or none; a browser that
 * does not send it is let through), and under the search rate limit. Another site (an `<img>`,
 * a link) gets a page with a button instead, which is a same-origin request when pressed.
 */
function arxivWorkByGet(
  c: WebRequest,
  web: WebContext,
  id: string,
  source: ContentSource | 'auto',
): Response | Promise<Response> | null {
  const site = c.req.header('sec-fetch-site');
  if (site !== undefined && site !== 'same-origin' && site !== 'none') {
    return web.page(c, {
      title: 'Open this paper?',
      body: confirmFetchPage(id, c.req.path, source === 'auto' ? null : source),
      status: 403,
    });
  }
  web.limit(c, 'search');
  return null;
}

/**
 * A paper not converted yet: its metadata and abstract (from the library, else one arXiv
 * lookup) are sent at once, then the converted full text is streamed into the same page when the
 * workflow has it (no script needed; the stylesheet swaps the early abstract out).
 */
async function streamPaper(c: WebRequest, web: WebContext, id: string, source: ContentSource | 'auto') {
  const { service, logger } = web;
  const { id: baseId, version } = extractArxivId(id);
  const known = version ? null : await service.extractInfo(baseId).catch(() => null);
  const meta =
    known ??
    (await service.lookupArxiv(version ? `${baseId}v${version}` : baseId, { signal: c.req.raw.signal }));
  if (!meta)
    throw new AppError(
      'NOT_FOUND',
      `arXiv has no paper ${id}. Check the id: the number in the paper's arXiv URL, such as 2401.12345.`,
    );
  const shell = await web.page(c, {
    title: meta.title.replace(/\s+/g, ' ').trim(),
    body: paperShell(web.pageContext(c), meta, c.req.path),
    math: true,
  });
  const full = await shell.text();
  const cut = full.indexOf(PAPER_STREAM_MARK);
  const [head, tail] = [full.slice(0, cut), full.slice(cut + PAPER_STREAM_MARK.length)];
  const encoder = new TextEncoder();
  const signal = c.req.raw.signal;
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(encoder.encode(head));
      let late: string;
      try {
        const doc = await service.getPaper({ ref: id, source }, undefined, { signal });
        late = String(await paperLate(doc, null));
      } catch (e) {
        if (signal.aborted) return controller.close();
        if (statusOf(e) === 500) logger.error({ err: e, path: c.req.path }, 'web paper conversion failed');
        late = String(await paperLate(null, errorMessage(e)));
      }
      controller.enqueue(encoder.encode(late + tail));
      controller.close();
    },
  });
  const headers = new Headers(shell.headers);
  headers.delete('content-length');
  return new Response(body, { status: 200, headers });
}
