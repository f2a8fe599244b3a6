/**
 * A loopback recorder for Discord webhook edits that carry files (multipart/form-data with
 * `payload_json` and `files[n]`), which test/fakes/discord-server.ts does not parse yet. Records
 * the JSON payload and each file's name and text; answers 200 like Discord.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedEdit {
  method: string;
  /** Path below the API root, e.g. `/webhooks/{appId}/{token}/messages/@original`. */
  path: string;
  payload: Record<string, unknown>;
  files: Array<{ name: string; text: string }>;
}

/** Starts the recorder on 127.0.0.1 with a free port; `url` is the API root for DISCORD_API_URL. */
export async function startMultipartRecorder(): Promise<{
  url: string;
  edits: RecordedEdit[];
  close(): Promise<void>;
}> {
  const edits: RecordedEdit[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const raw = Buffer.concat(chunks);
        const type = req.headers['content-type'] ?? '';
        let payload: Record<string, unknown> = {};
        const files: RecordedEdit['files'] = [];
        if (type.startsWith('multipart/form-data')) {
          const form = await new Response(raw, { headers: { 'content-type': type } }).formData();
          payload = JSON.parse(String(form.get('payload_json'))) as Record<string, unknown>;
          for (const [key, value] of form)
            if (key.startsWith('files[') && typeof value !== 'string')
              files.push({ name: value.name, text: await value.text() });
        } else if (raw.length) payload = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
        edits.push({
          method: req.method ?? '',
          path: (req.url ?? '').replace(/^\/api\/v10/, ''),
          payload,
          files,
        });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"1"}');
      })();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v10`,
    edits,
    close: () =>
      new Promise((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}
