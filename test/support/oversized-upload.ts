/** A client that streams a body past a listener's cap, the way a hostile or broken client would. */
import http from 'node:http';

/**
 * Far more than loopback's socket buffers take (tcp_wmem plus tcp_rmem maxima: 4 + 32 MB here): with
 * 4 MB the kernel sometimes absorbed the whole body before the server's answer arrived, so "the
 * server answered before the client finished" failed on a quiet machine. The client stops writing
 * at the answer, so the test never sends this much unless the server really reads everything.
 */
export const OVERSIZED_UPLOAD_BYTES = 128 * 1024 * 1024;

export interface UploadResult {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Bytes written before the response arrived. */
  sent: number;
}

/**
 * POSTs to `url`, either chunked (no content-length: the server only learns the size by counting)
 * or with a declared content-length, writing 16 KiB chunks until the server answers or up to
 * `totalBytes`. Resolves with the response the client actually received; rejects when it got none
 * (e.g. the server reset the connection).
 */
export function uploadOversized(
  url: string,
  opts: { headers?: Record<string, string>; totalBytes: number; declareLength?: boolean },
): Promise<UploadResult> {
  const u = new URL(url);
  const chunk = Buffer.alloc(16 * 1024, 0x61);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const headers: Record<string, string> = { 'content-type': 'application/json', ...opts.headers };
    if (opts.declareLength) headers['content-length'] = String(opts.totalBytes);
    const req = http.request(
      { host: u.hostname, port: u.port, path: u.pathname, method: 'POST', headers },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
            sent,
          });
          req.destroy();
        });
        res.on('error', reject);
      },
    );
    // Errors after the answer (EPIPE, reset while we were still writing) are expected: the server
    // stopped reading. Before an answer they are the failure this helper exists to catch.
    req.on('error', (e) => {
      if (!answered) reject(e);
    });
    const pump = () => {
      while (!answered && sent < opts.totalBytes) {
        const part = chunk.subarray(0, Math.min(chunk.length, opts.totalBytes - sent));
        sent += part.length;
        if (!req.write(part)) return void req.once('drain', pump);
      }
      if (!answered && !req.writableEnded) req.end();
    };
    pump();
  });
}
