/**
 * A minimal Discord gateway for the Discord fake: the WebSocket handshake (RFC 6455 §4.2.2) and
 * framing (§5.2) written out, and the gateway's opening as Discord documents it
 * (https://discord.com/developers/docs/events/gateway#connections): Hello (op 10) with the
 * heartbeat interval, the client's Identify (op 2) with its token and intents, Ready (op 0,
 * t READY) with no guilds; heartbeats (op 1) are acknowledged (op 11). A wrong token closes the
 * connection with 4004 (Authentication failed), an unsupported `v` with 4012, as Discord does.
 * Only JSON encoding, no compression: a client asking for zlib is refused (the test would
 * otherwise pass against a gateway that differs from Discord's).
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';

export interface GatewayEvent {
  op: number;
  d?: unknown;
  s?: number | null;
  t?: string | null;
}

export interface GatewayLog {
  /** The query of each connection (`v`, `encoding`). */
  connections: Record<string, string>[];
  /** What clients sent, in order. */
  received: GatewayEvent[];
}

const WS_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';

/** Handles one `upgrade` request as the gateway; `token` is the bot token Identify must carry. */
export function acceptGateway(
  req: IncomingMessage,
  socket: Duplex,
  opts: { token?: string; log: GatewayLog },
): void {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const key = req.headers['sec-websocket-key'];
  if (typeof key !== 'string' || req.headers.upgrade?.toLowerCase() !== 'websocket') {
    socket.end('HTTP/1.1 400 Bad Request\r\n\r\n');
    return;
  }
  const query = Object.fromEntries(url.searchParams);
  opts.log.connections.push(query);
  const accept = createHash('sha1')
    .update(key + WS_GUID)
    .digest('base64');
  socket.write(
    `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`,
  );

  const send = (e: GatewayEvent) => socket.write(frame(0x1, Buffer.from(JSON.stringify(e))));
  const close = (code: number, reason: string) => {
    const body = Buffer.alloc(2 + Buffer.byteLength(reason));
    body.writeUInt16BE(code, 0);
    body.write(reason, 2);
    socket.end(frame(0x8, body));
  };
  if (query.v !== '10') return close(4012, 'Invalid API version');
  if ((query.encoding ?? 'json') !== 'json' || query.compress)
    return close(4000, 'the fake gateway speaks JSON without compression only');

  let seq = 0;
  send({ op: 10, d: { heartbeat_interval: 41250 }, s: null, t: null });
  let pending = Buffer.alloc(0);
  socket.on('data', (chunk: Buffer) => {
    pending = Buffer.concat([pending, chunk]);
    for (;;) {
      const parsed = parseFrame(pending);
      if (!parsed) return;
      pending = pending.subarray(parsed.length);
      if (parsed.opcode === 0x8) return socket.end(frame(0x8, parsed.payload.subarray(0, 2)));
      if (parsed.opcode === 0x9) {
        socket.write(frame(0xa, parsed.payload));
        continue;
      }
      if (parsed.opcode !== 0x1) continue;
      const event = JSON.parse(parsed.payload.toString('utf8')) as GatewayEvent;
      opts.log.received.push(event);
      if (event.op === 1) send({ op: 11 });
      if (event.op === 2) {
        const d = event.d as
          { token?: string; intents?: number; properties?: Record<string, string> } | undefined;
        if (
          !d?.token ||
          (opts.token !== undefined && d.token !== opts.token && d.token !== `Bot ${opts.token}`)
        )
          return close(4004, 'Authentication failed.');
        if (typeof d.intents !== 'number' || !d.properties?.os) return close(4002, 'Decode error.');
        send({
          op: 0,
          t: 'READY',
          s: ++seq,
          d: {
            v: 10,
            user: {
              id: '100000000000000001',
              username: 'arxiv-radar',
              discriminator: '0',
              global_name: null,
              avatar: null,
              bot: true,
            },
            guilds: [],
            session_id: 'fake-session',
            resume_gateway_url: `ws://${req.headers.host ?? '127.0.0.1'}`,
            application: { id: '100000000000000001', flags: 0 },
          },
        });
      }
    }
  });
  socket.on('error', () => undefined);
}

/** A server frame: FIN set, never masked (§5.1). */
function frame(opcode: number, payload: Buffer): Buffer {
  const n = payload.length;
  const head = n < 126 ? Buffer.from([0x80 | opcode, n]) : n < 65536 ? Buffer.alloc(4) : Buffer.alloc(10);
  if (n >= 126) {
    head[0] = 0x80 | opcode;
    if (n < 65536) {
      head[1] = 126;
      head.writeUInt16BE(n, 2);
    } else {
      head[1] = 127;
      head.writeBigUInt64BE(BigInt(n), 2);
    }
  }
  return Buffer.concat([head, payload]);
}

/** One complete client frame (clients must mask, §5.3), or null until it has arrived. */
function parseFrame(buf: Buffer): { opcode: number; payload: Buffer; length: number } | null {
  if (buf.length < 2) return null;
  const opcode = buf[0]! & 0x0f;
  const masked = (buf[1]! & 0x80) !== 0;
  let len = buf[1]! & 0x7f;
  let offset = 2;
  if (len === 126) {
    if (buf.length < 4) return null;
    len = buf.readUInt16BE(2);
    offset = 4;
  } else if (len === 127) {
    if (buf.length < 10) return null;
    len = Number(buf.readBigUInt64BE(2));
    offset = 10;
  }
  if (!masked) throw new Error('a client frame was not masked (RFC 6455 §5.3)');
  if (buf.length < offset + 4 + len) return null;
  const mask = buf.subarray(offset, offset + 4);
  const payload = Buffer.from(buf.subarray(offset + 4, offset + 4 + len));
  for (let i = 0; i < payload.length; i++) payload[i]! ^= mask[i % 4]!;
  return { opcode, payload, length: offset + 4 + len };
}
