/** Voice: a recorded question to text, and an answer read aloud (when an audio server is configured). */
import { MAX_SPEECH_CHARS } from '../audio.ts';
import type { WebArea } from '../context.ts';

export const audio: WebArea = {
  name: 'audio',
  register(app, web) {
    app.post('/audio/transcribe', async (c) => {
      web.limit(c, 'audio');
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      const text = await web.audio.transcribe(bytes, c.req.header('content-type') ?? 'audio/webm');
      return c.json({ ok: true, text });
    });
    app.post('/audio/speech', async (c) => {
      if (!web.audio.enabled)
        return c.json(
          {
            ok: false,
            error: 'No audio server is configured (AUDIO_BASE_URL): the browser reads aloud instead.',
            fallback: 'browser',
          },
          501,
        );
      web.limit(c, 'audio');
      const body = (await c.req.json().catch(() => ({}))) as { text?: unknown };
      const text = typeof body.text === 'string' ? body.text.slice(0, MAX_SPEECH_CHARS) : '';
      const out = await web.audio.speak(text);
      c.header('content-type', out.contentType);
      c.header('cache-control', 'no-store');
      return c.body(new Uint8Array(out.audio));
    });
  },
};
