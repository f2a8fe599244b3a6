/**
 * The duration limit of uploaded recordings (web/audio-duration.ts, checkDuration in web/audio.ts):
 * each format's length read from its bytes, built here byte by byte as the writers lay them out
 * (Chromium's live WebM with unknown sizes, an Ogg Opus stream, MPEG frames, an MP4 movie header),
 * and a recording over AUDIO_MAX_SECONDS refused by the server with the limit named.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { audioDuration } from '../../web/audio-duration.ts';
import { checkDuration, createAudioClient } from '../../web/audio.ts';
import { isAppError } from '../../domain/errors.ts';
import { sineWav } from '../fakes/audio-server.ts';

const cat = (...parts: Array<Uint8Array | number[]>) => Buffer.concat(parts.map((p) => Buffer.from(p)));
const u32le = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
};
const u32be = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const close = (got: number | null, want: number, eps = 0.01) =>
  assert.ok(got !== null && Math.abs(got - want) < eps, `${got} ≈ ${want}`);

/** An EBML element: id bytes, a size (or unknown), the body. */
const ebml = (id: number[], body: Uint8Array | number[], unknownSize = false) => {
  const b = Buffer.from(body);
  const size = unknownSize
    ? [0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]
    : [0x01, 0, 0, 0, ...u32be(b.length)];
  return cat(id, size, b);
};
/** Chromium's MediaRecorder WebM: no Duration, Segment and Clusters of unknown size, Opus in SimpleBlocks every 20 ms. */
function liveWebm(seconds: number): Buffer {
  const header = ebml([0x1a, 0x45, 0xdf, 0xa3], ebml([0x42, 0x82], Buffer.from('webm')));
  const info = ebml(
    [0x15, 0x49, 0xa9, 0x66],
    cat(ebml([0x2a, 0xd7, 0xb1], [0x0f, 0x42, 0x40]), ebml([0x4d, 0x80], Buffer.from('Chrome'))),
  );
  const tracks = ebml([0x16, 0x54, 0xae, 0x6b], ebml([0xae], ebml([0x86], Buffer.from('A_OPUS'))));
  const clusters: Buffer[] = [];
  for (let start = 0; start < seconds * 1000; start += 5000) {
    const blocks: Buffer[] = [];
    for (let t = 0; t < 5000 && start + t < seconds * 1000; t += 20)
      blocks.push(ebml([0xa3], [0x81, (t >> 8) & 0xff, t & 0xff, 0x80, 0xfc, 0, 0]));
    clusters.push(
      cat(
        [0x1f, 0x43, 0xb6, 0x75, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff],
        ebml([0xe7], u32be(start)),
        ...blocks,
      ),
    );
  }
  return cat(
    header,
    [0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff],
    info,
    tracks,
    ...clusters,
  );
}
/** An Ogg page. */
const oggPage = (granule: number, packet: Buffer, type = 0) => {
  const g = Buffer.alloc(8);
  g.writeBigUInt64LE(BigInt(granule));
  return cat(Buffer.from('OggS'), [0, type], g, u32le(1), u32le(0), u32le(0), [1, packet.length], packet);
};
const opusHead = cat(Buffer.from('OpusHead'), [1, 1], [0x38, 0x01], u32le(48000), [0, 0, 0]);
/** MPEG-1 Layer III, 128 kbps, 44.1 kHz: 417-byte frames of 1152 samples, after an ID3v2 tag. */
function mp3(frames: number): Buffer {
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x00]);
  const id3 = cat(Buffer.from('ID3'), [4, 0, 0, 0, 0, 0, 10], Buffer.alloc(10));
  return cat(id3, ...Array.from({ length: frames }, () => frame), Buffer.from('TAG'), Buffer.alloc(125));
}
const box = (type: string, body: Buffer) => cat(u32be(8 + body.length), Buffer.from(type), body);
const mvhd = (timescale: number, duration: number) =>
  box('mvhd', cat([0, 0, 0, 0], u32be(0), u32be(0), u32be(timescale), u32be(duration), Buffer.alloc(80)));

describe('audioDuration: a recording’s length from its bytes', () => {
  it('WAV: data bytes over the byte rate, also when a streaming writer left the data size open', () => {
    close(audioDuration(sineWav(3, 330, 48_000)).seconds, 3);
    close(audioDuration(sineWav(2.5, 440, 16_000)).seconds, 2.5);
    const open = Buffer.from(sineWav(4, 440, 16_000));
    open.writeUInt32LE(0xffffffff, 40); // the data chunk's size
    close(audioDuration(open).seconds, 4);
  });

  it('WebM as Chromium records it (no Duration, unknown sizes): the last block’s timestamp', () => {
    const r = audioDuration(liveWebm(12));
    assert.equal(r.format, 'webm');
    close(r.seconds, 11.98);
    close(audioDuration(liveWebm(75)).seconds, 74.98);
  });

  it('Ogg Opus: the last granule over 48 kHz less the pre-skip', () => {
    const r = audioDuration(
      cat(
        oggPage(0, opusHead, 2),
        oggPage(0, Buffer.from('OpusTags')),
        oggPage(48_000 * 90 + 312, Buffer.alloc(20), 4),
      ),
    );
    assert.equal(r.format, 'ogg');
    close(r.seconds, 90);
  });

  it('MP3: every frame counted (ID3 tags skipped)', () => {
    const r = audioDuration(mp3(2000));
    assert.equal(r.format, 'mp3');
    close(r.seconds, (2000 * 1152) / 44100);
  });

  it('MP4/M4A: the movie header’s duration', () => {
    const r = audioDuration(cat(box('ftyp', Buffer.from('M4A \0\0\0\0')), box('moov', mvhd(1000, 61_500))));
    assert.equal(r.format, 'mp4');
    close(r.seconds, 61.5);
  });

  it('anything else, or a file whose length is not in it, has no length', () => {
    assert.equal(audioDuration(Buffer.from('hello, this is not audio')).seconds, null);
    assert.equal(audioDuration(cat(Buffer.from('RIFF'), u32le(4), Buffer.from('WAVE'))).seconds, null);
    assert.equal(
      audioDuration(cat(box('ftyp', Buffer.from('M4A \0\0\0\0')), box('mdat', Buffer.alloc(100)))).seconds,
      null,
    );
  });
});

describe('hostile headers (issue 28)', () => {
  it('a WAV whose byteRate lies (300 s of audio claimed as 0.3 s) is refused, not measured by the lie', () => {
    const wav = Buffer.from(sineWav(300, 440, 8000)); // 8 kHz, 16-bit mono: 16000 bytes a second
    assert.equal(wav.readUInt32LE(28), 16_000, 'the byteRate field');
    wav.writeUInt32LE(16_000_000, 28); // the lie: 1000× the real rate
    const r = audioDuration(wav);
    assert.equal(r.seconds, null);
    assert.match(
      'why' in r ? r.why : '',
      /byteRate 16000000, but 8000 Hz × 1 channels × 16 bits make 16000 bytes a second/,
    );
    assert.throws(
      () => checkDuration(wav, 60),
      (e: unknown) => isAppError(e, 'INVALID_INPUT') && /cannot be read/.test(e.message),
    );
    const compressed = Buffer.from(sineWav(1, 440, 8000));
    compressed.writeUInt16LE(0x11, 20); // IMA ADPCM
    assert.match((audioDuration(compressed) as { why: string }).why, /compressed WAV \(format 17\)/);
  });

  it('an MP4 of 200,000 nested moov boxes is refused (depth cap), not a stack overflow', () => {
    const depth = 200_000;
    const total = 16 + depth * 8 + 0;
    const b = Buffer.alloc(total);
    b.set(box('ftyp', Buffer.from('M4A \0\0\0\0')), 0);
    for (let i = 0, at = 16; i < depth; i++, at += 8) {
      b.writeUInt32BE(total - at, at);
      b.write('moov', at + 4, 'latin1');
    }
    const r = audioDuration(b);
    assert.equal(r.seconds, null);
    assert.match('why' in r ? r.why : '', /nested more than 16 deep/);
    // A real movie header two levels down still reads.
    close(
      audioDuration(
        cat(
          box('ftyp', Buffer.from('M4A \0\0\0\0')),
          box('moov', cat(mvhd(600, 1200), box('mvex', box('mehd', cat([0, 0, 0, 0], u32be(3000)))))),
        ),
      ).seconds,
      5,
    );
  });
});

describe('checkDuration and transcribe: AUDIO_MAX_SECONDS', () => {
  it('passes a recording within the limit (and the recorder’s second of grace), refuses a longer one naming the limit', () => {
    close(checkDuration(sineWav(60.5, 440, 8000), 60), 60.5);
    assert.throws(
      () => checkDuration(sineWav(62, 440, 8000), 60),
      (e: unknown) =>
        isAppError(e, 'INVALID_INPUT') &&
        e.message ===
          'The recording is 62.0 s long; at most 60 s (AUDIO_MAX_SECONDS): record a shorter question.',
    );
    assert.throws(
      () => checkDuration(liveWebm(75), 60),
      (e: unknown) =>
        isAppError(e, 'INVALID_INPUT') && /75\.0 s long; at most 60 s \(AUDIO_MAX_SECONDS\)/.test(e.message),
    );
    assert.throws(
      () => checkDuration(Buffer.from('not audio at all'), 60),
      (e: unknown) =>
        isAppError(e, 'INVALID_INPUT') &&
        /cannot be read .*limit of 60 s \(AUDIO_MAX_SECONDS\).*send WAV, WebM, Ogg, MP3 or MP4/.test(
          e.message,
        ),
    );
  });

  it('transcribe refuses a recording over the limit before anything is sent to the audio server', async () => {
    // The base URL is unreachable: the refusal must come first.
    const client = createAudioClient({
      baseUrl: 'http://127.0.0.1:9/v1',
      apiKey: undefined,
      sttModel: 'm',
      ttsModel: 't',
      voice: 'v',
      maxBytes: 10_000_000,
      maxSeconds: 10,
    });
    await assert.rejects(
      client.transcribe(sineWav(20, 440, 8000), 'audio/wav'),
      /20\.0 s long; at most 10 s \(AUDIO_MAX_SECONDS\)/,
    );
  });
});
