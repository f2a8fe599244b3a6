/**
 * A loopback fake of an OpenAI-compatible audio server (the wire format local Whisper servers
 * speak too): `POST /v1/audio/transcriptions` (multipart: file, model) answers `{"text": …}` with a
 * scripted transcript; `POST /v1/audio/speech` (JSON: model, input, voice) answers a short WAV
 * tone. Every request is recorded (the uploaded file's name, type and size; the speech input).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface AudioRequest {
  path: string;
  authorization: string | undefined;
  /** Transcriptions: the multipart fields other than the file, and the file's name, type and size. */
  fields?: Record<string, string>;
  file?: { name: string; type: string; bytes: number };
  /** Speech: the JSON body. */
  json?: { model?: string; input?: string; voice?: string; response_format?: string };
}

export interface FakeAudio {
  /** Base URL to use as AUDIO_BASE_URL (ends in /v1). */
  url: string;
  requests: AudioRequest[];
  /** What the next transcriptions answer. */
  transcript: string;
  close(): Promise<void>;
}

/** A mono 16-bit PCM WAV of `seconds` of a `hz` sine tone: the fake's speech, and a microphone fixture for Chromium. */
export function sineWav(seconds: number, hz = 440, rate = 16_000): Buffer {
  const samples = Math.round(seconds * rate);
  const buf = Buffer.alloc(44 + samples * 2);
  buf.write('RIFF', 0);
  buf.writeUInt32LE(36 + samples * 2, 4);
  buf.write('WAVEfmt ', 8);
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20);
  buf.writeUInt16LE(1, 22);
  buf.writeUInt32LE(rate, 24);
  buf.writeUInt32LE(rate * 2, 28);
  buf.writeUInt16LE(2, 32);
  buf.writeUInt16LE(16, 34);
  buf.write('data', 36);
  buf.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++)
    buf.writeInt16LE(Math.round(Math.sin((2 * Math.PI * hz * i) / rate) * 12_000), 44 + i * 2);
  return buf;
}

/** The parts of a multipart/form-data body (enough for what browsers and fetch send). */
function parseMultipart(
  body: Buffer,
  contentType: string,
): { fields: Record<string, string>; file?: { name: string; type: string; bytes: number } } {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType);
  const mark = `--${boundary?.[1] ?? boundary?.[2] ?? ''}`;
  const fields: Record<string, string> = {};
  let file: { name: string; type: string; bytes: number } | undefined;
  for (const part of body.toString('latin1').split(mark).slice(1, -1)) {
    const cut = part.indexOf('\r\n\r\n');
    const head = part.slice(0, cut);
    const content = part.slice(cut + 4, part.length - 2);
    const name = /name="([^"]*)"/.exec(head)?.[1] ?? '';
    const filename = /filename="([^"]*)"/.exec(head)?.[1];
    if (filename !== undefined)
      file = {
        name: filename,
        type: /content-type:\s*(\S+)/i.exec(head)?.[1] ?? '',
        bytes: Buffer.byteLength(content, 'latin1'),
      };
    else fields[name] = Buffer.from(content, 'latin1').toString('utf8');
  }
  return { fields, ...(file ? { file } : {}) };
}

export async function startFakeAudio(opts: { transcript?: string } = {}): Promise<FakeAudio> {
  const requests: AudioRequest[] = [];
  const state = { transcript: opts.transcript ?? 'what is new in software testing' };
  const speech = sineWav(0.6, 523);
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      const record: AudioRequest = { path, authorization: req.headers.authorization };
      requests.push(record);
      if (req.method === 'POST' && path === '/v1/audio/transcriptions') {
        const { fields, file } = parseMultipart(body, req.headers['content-type'] ?? '');
        record.fields = fields;
        if (file) record.file = file;
        if (!file || file.bytes === 0)
          return void res
            .writeHead(400, { 'content-type': 'application/json' })
            .end(JSON.stringify({ error: { message: 'file is empty' } }));
        return void res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ text: state.transcript }));
      }
      if (req.method === 'POST' && path === '/v1/audio/speech') {
        record.json = JSON.parse(body.toString('utf8') || '{}') as AudioRequest['json'];
        return void res
          .writeHead(200, { 'content-type': 'audio/wav', 'content-length': speech.length })
          .end(speech);
      }
      res
        .writeHead(404, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: `no route ${path}` } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    get transcript() {
      return state.transcript;
    },
    set transcript(t: string) {
      state.transcript = t;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
