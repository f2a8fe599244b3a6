// Child process entry for sandbox.ts: converts one document per message, one at a time, until the
// parent disconnects or kills it (after a limit breach). Plain JS so it starts without a loader;
// from the sources it registers tsx itself so the TypeScript converters load the same way from the
// CLI, node:test and the Temporal worker; from dist/ (scripts/build.mjs copies this file beside the
// compiled converters) it imports the compiled .js directly.
import { Buffer } from 'node:buffer';
import { existsSync } from 'node:fs';
// pdf.js (and its in-thread "fake worker", which it would otherwise import() lazily) are loaded
// natively before tsx is registered: pushing their ~4 MB of plain ESM through the tsx loader
// raises peak RSS by ~250 MB on the 79-page corpus paper. pdf.ts then gets the cached module,
// and pdf.js finds its worker on globalThis.pdfjsWorker instead of importing it.
// pdf.js's bundled core-js swaps Array.prototype.push and JSON.parse/stringify for slower versions
// for the whole process (see loadPdfjs in pdf.ts): the natives are captured first and put back.
const natives = [
  [Array.prototype, 'push'],
  [JSON, 'parse'],
  [JSON, 'stringify'],
].map(([owner, key]) => ({ owner, key, desc: Object.getOwnPropertyDescriptor(owner, key) }));
await import('pdfjs-dist/legacy/build/pdf.mjs');
globalThis.pdfjsWorker = await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
for (const { owner, key, desc } of natives) Object.defineProperty(owner, key, desc);
const fromSource = existsSync(new URL('./pdf.ts', import.meta.url));
if (fromSource) {
  const { register } = await import('tsx/esm/api');
  register();
}
const { convertPdf } = await import(fromSource ? './pdf.ts' : './pdf.js');
const { convertHtml } = await import(fromSource ? './html.ts' : './html.js');
const { convertLatex } = await import(fromSource ? './latex.ts' : './latex.js');

// The parent went away (it exited or was killed, kill -9 too: the IPC channel closes): nothing
// left to convert for. A changed parent id says the same, should the event not be heard.
process.on('disconnect', () => process.exit(0));
const parent = process.ppid;
globalThis
  .setInterval(() => {
    if (process.ppid !== parent) process.exit(0);
  }, 1000)
  .unref();
process.on('message', async ({ id, kind, data, title, authors }) => {
  let reply;
  try {
    const result =
      kind === 'pdf'
        ? await convertPdf(data, {
            ...(typeof title === 'string' && title ? { title } : {}),
            ...(Array.isArray(authors) ? { authors: authors.filter((a) => typeof a === 'string') } : {}),
          })
        : kind === 'latex'
          ? convertLatex(typeof data === 'string' ? Buffer.from(data, 'utf8') : data)
          : convertHtml(typeof data === 'string' ? data : Buffer.from(data).toString('utf8'));
    reply = { id, ok: true, result };
  } catch (e) {
    const code = e && typeof e === 'object' && e.name === 'AppError' ? e.code : null;
    reply = { id, ok: false, code, message: e instanceof Error ? e.message : String(e) };
  }
  // No forced gc() between documents: measured, it made a warm child use ~1.6x the CPU of an
  // in-process conversion (V8 then regrows the heap for each document); without it ~1.1x.
  process.send(reply);
});
process.send({ ready: true });
