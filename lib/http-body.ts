/**
 * The one capped request-body reader for our HTTP listeners (MCP Streamable HTTP, Discord
 * interactions). A body over the cap is answered 413 whether or not it declared a length:
 * a chunked upload is counted as it arrives and reading stops at the cap.
 */
import type http from 'node:http';

/** How long a refused upload may keep sending after its 413 before the connection is dropped. */
export const LINGER_MS = 2000;

export interface TooLargeReply {
  /** e.g. application/json */
  contentType: string;
  body: string;
}

/**
 * Reads the whole body of `req`, at most `maxBytes`. When the declared length or the bytes read
 * go over the cap it stops reading, answers 413 with `connection: close` (`reply` is the body) and
 * resolves null: the caller has nothing left to do. Rejects when the client aborts mid-body.
 */
export function readCappedBody(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  maxBytes: number,
  reply: TooLargeReply,
): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > maxBytes) {
      answerTooLarge(req, res, reply);
      resolve(null);
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (c: Buffer) => {
      size += c.length;
      if (size <= maxBytes) {
        chunks.push(c);
        return;
      }
      req.off('data', onData);
      req.off('end', onEnd);
      chunks.length = 0;
      answerTooLarge(req, res, reply);
      resolve(null);
    };
    const onEnd = () => resolve(Buffer.concat(chunks));
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', reject);
  });
}

/**
 * 413 with `connection: close`, then a lingering close. Node ends a `connection: close` response
 * with socket.destroySoon(); closing a socket whose input is still arriving sends a TCP reset,
 * and the reset can make the client's stack drop the 413 before the client has read it (the
 * probe saw exactly that). So: half-close after the response, keep discarding what the client
 * still sends for up to LINGER_MS, then close (nginx `lingering_close`; Go's net/http also waits
 * before closing after a refused body).
 */
function answerTooLarge(req: http.IncomingMessage, res: http.ServerResponse, reply: TooLargeReply): void {
  const socket = req.socket;
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  socket.once('close', () => clearTimeout(timer));
  socket.destroySoon = () => {
    socket.end();
  };
  // Discard the rest of the upload instead of letting it pile up.
  req.removeAllListeners('data');
  req.resume();
  if (res.headersSent) {
    socket.end();
    return;
  }
  const body = Buffer.from(reply.body, 'utf8');
  res
    .writeHead(413, { 'content-type': reply.contentType, 'content-length': body.length, connection: 'close' })
    .end(body);
}
