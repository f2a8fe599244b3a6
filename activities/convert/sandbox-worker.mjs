// Worker entry for sandbox.ts. Plain JS so it loads without a loader; it registers tsx itself so
// the TypeScript converters can be imported the same way from the CLI, node:test and Temporal.
import { Buffer } from 'node:buffer';
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

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
