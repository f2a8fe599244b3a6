/**
 * Voice for the web app through an OpenAI-compatible audio server (AUDIO_BASE_URL, e.g.
 * https://api.openai.com/v1 or a local Whisper server): `POST /audio/transcriptions` (multipart:
 * file, model) for speech to text and `POST /audio/speech` (JSON: model, input, voice) for text to
 * speech, the wire format those servers share. Errors are AppErrors with a sentence a user can act on.
 */
import { AppError, errorMessage } from '../domain/errors.ts';
import { audioDuration } from './audio-duration.ts';

export interface AudioSettings {
  baseUrl: string | undefined;
  apiKey: string | undefined;
  sttModel: string;
  ttsModel: string;
  voice: string;
  maxBytes: number;
  maxSeconds: number;
}

/** Longest text sent to speech at once (OpenAI's /audio/speech takes 4096 characters). */
export const MAX_SPEECH_CHARS = 4096;
const TIMEOUT_MS = 60_000;

/** The file extension a transcription server expects for a recording's MIME type. */
function extensionOf(mime: string): string {
  const m = mime.toLowerCase();
  if (m.includes('webm')) return 'webm';
  if (m.includes('ogg')) return 'ogg';
  if (m.includes('wav')) return 'wav';
  if (m.includes('mpeg') || m.includes('mp3')) return 'mp3';
  if (m.includes('mp4') || m.includes('m4a') || m.includes('aac')) return 'm4a';
  return 'webm';
}

/** Reads an error body's `error.message` (OpenAI's shape) or its first characters. */
async function failure(res: Response, what: string): Promise<never> {
  const text = await res.text().catch(() => '');
  let detail = text.slice(0, 200);
  try {
    const j = JSON.parse(text) as { error?: { message?: string } | string };
    detail = typeof j.error === 'string' ? j.error : (j.error?.message ?? detail);
  } catch {
    // not JSON: keep the text
  }
  throw new AppError(
    res.status === 429 ? 'RATE_LIMITED' : 'INVALID_INPUT',
    `The audio server refused the ${what} (HTTP ${res.status}${detail ? `: ${detail}` : ''}).`,
  );
}

/** A recording's stop comes a little after the browser's timer: this much over the limit passes. */
export const DURATION_GRACE_SECONDS = 1;

/**
 * Refuses a recording longer than `maxSeconds` (AUDIO_MAX_SECONDS), or one whose length cannot be
 * read from its bytes (web/audio-duration.ts), with a sentence naming the limit.
 */
export function checkDuration(audio: Uint8Array, maxSeconds: number): number {
  const length = audioDuration(audio);
  if (length.seconds === null) {
    throw new AppError(
      'INVALID_INPUT',
      `The length of this recording cannot be read (${length.format}: ${length.why}), so it cannot be checked against the limit of ${maxSeconds} s (AUDIO_MAX_SECONDS): send WAV, WebM, Ogg, MP3 or MP4 audio.`,
    );
  }
  if (length.seconds > maxSeconds + DURATION_GRACE_SECONDS) {
    throw new AppError(
      'INVALID_INPUT',
      `The recording is ${length.seconds.toFixed(1)} s long; at most ${maxSeconds} s (AUDIO_MAX_SECONDS): record a shorter question.`,
    );
  }
  return length.seconds;
}

export function createAudioClient(s: AudioSettings) {
  const base = s.baseUrl?.replace(/\/+$/, '');
  const headers = (): Record<string, string> => (s.apiKey ? { authorization: `Bearer ${s.apiKey}` } : {});

  async function call(path: string, init: RequestInit, what: string): Promise<Response> {
    if (!base)
      throw new AppError(
        'CONFIG_INVALID',
        'No audio server is configured: set AUDIO_BASE_URL (an OpenAI-compatible /v1 URL) to use voice.',
      );
    try {
      const res = await fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
      if (!res.ok) return await failure(res, what);
      return res;
    } catch (e) {
      if (e instanceof AppError) throw e;
      throw new AppError(
        'INVALID_INPUT',
        `The audio server at AUDIO_BASE_URL did not answer the ${what}: ${errorMessage(e)}.`,
        { cause: e },
      );
    }
  }

  return {
    /** True when speech to text and text to speech go to a server (else the browser speaks). */
    enabled: Boolean(base),

    /** Speech to text: the recording's text. */
    async transcribe(audio: Uint8Array, mime: string): Promise<string> {
      if (audio.byteLength === 0)
        throw new AppError(
          'INVALID_INPUT',
          'The recording is empty: check that the microphone works and try again.',
        );
      if (audio.byteLength > s.maxBytes)
        throw new AppError(
          'INVALID_INPUT',
          `The recording is too large (${audio.byteLength} bytes; at most ${s.maxBytes}).`,
        );
      checkDuration(audio, s.maxSeconds);
      const form = new FormData();
      form.append('file', new Blob([audio], { type: mime || 'audio/webm' }), `speech.${extensionOf(mime)}`);
      form.append('model', s.sttModel);
      form.append('response_format', 'json');
      const res = await call(
        '/audio/transcriptions',
        { method: 'POST', headers: headers(), body: form },
        'transcription',
      );
      const body = (await res.json().catch(() => null)) as { text?: unknown } | null;
      if (typeof body?.text !== 'string')
        throw new AppError('INVALID_INPUT', 'The audio server answered the transcription without a text.');
      return body.text.trim();
    },

    /** Text to speech: audio bytes and their type. */
    async speak(text: string): Promise<{ audio: ArrayBuffer; contentType: string }> {
      const input = text.trim().slice(0, MAX_SPEECH_CHARS);
      if (!input) throw new AppError('INVALID_INPUT', 'Nothing to read aloud.');
      const res = await call(
        '/audio/speech',
        {
          method: 'POST',
          headers: { ...headers(), 'content-type': 'application/json' },
          body: JSON.stringify({ model: s.ttsModel, input, voice: s.voice, response_format: 'mp3' }),
        },
        'speech',
      );
      return { audio: await res.arrayBuffer(), contentType: res.headers.get('content-type') ?? 'audio/mpeg' };
    },
  };
}

export type AudioClient = ReturnType<typeof createAudioClient>;
