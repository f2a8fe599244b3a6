// Worker entry for sandbox.ts. Plain JS so it loads without a loader; it registers tsx itself so
// the TypeScript converters can be imported the same way from the CLI, node:test and Temporal.
import { Buffer } from 'node:buffer';
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';
// pdf.js (and its in-thread "fake worker", which it would otherwise import() lazily) are loaded
// natively before tsx is registered: pushing their ~4 MB of plain ESM through the tsx loader
// raises peak RSS by ~250 MB on the 79-page corpus paper. pdf.ts then gets the cached module,
// and pdf.js finds its worker on globalThis.pdfjsWorker instead of importing it.
if (workerData.kind === 'pdf') {
  await import('pdfjs-dist/legacy/build/pdf.mjs');
  globalThis.pdfjsWorker = await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
}
register();
try {
  const { kind, data } = workerData;
  let result;
  if (kind === 'pdf') {
    const { convertPdf } = await import('./pdf.ts');
    result = await convertPdf(data);
  } else {
    const { convertHtml } = await import('./html.ts');
    result = convertHtml(typeof data === 'string' ? data : Buffer.from(data).toString('utf8'));
  }
  parentPort.postMessage({ ok: true, result });
} catch (e) {
  const code = e && typeof e === 'object' && e.name === 'AppError' ? e.code : null;
  parentPort.postMessage({ ok: false, code, message: e instanceof Error ? e.message : String(e) });
}
