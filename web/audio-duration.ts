/**
 * How long an uploaded recording is, read from its bytes (the format found by its magic bytes, not
 * the Content-Type it came with), so the server can refuse one over AUDIO_MAX_SECONDS before it
 * goes to the transcription server:
 *
 * - WAV: the data chunk's size over the byte rate that the sample rate, channels and bit depth
 *   give (exact; a data size of 0 or 0xFFFFFFFF, as streaming writers leave it, means "to the end
 *   of the file"). A header whose own byteRate disagrees is refused: a lying byteRate would
 *   otherwise make 300 s of audio read as 0.3 s. Only uncompressed WAV (PCM, float, A-law, μ-law).
 * - MP4 boxes are walked with a loop and a depth cap, never recursion (200,000 nested `moov`
 *   boxes are refused, not a stack overflow).
 * - MP3: every MPEG audio frame walked and counted (exact, whatever a Xing header claims).
 * - WebM/Matroska (Chromium's and Firefox's MediaRecorder): the later of the declared Duration and
 *   the last block's timestamp (MediaRecorder writes no Duration; its clusters carry timestamps).
 * - Ogg (Opus, Vorbis, FLAC): the last page's granule position over the sample rate, less Opus's
 *   pre-skip.
 * - MP4/M4A (Safari's MediaRecorder): the movie header's duration, or the fragment duration.
 *
 * Containers' timestamps are trusted as written: a crafted file could claim less than it holds.
 * The byte cap (AUDIO_MAX_BYTES) still bounds what is sent. A recording whose length cannot be read
 * is refused, with the formats that can.
 */

export type AudioLength =
  { format: string; seconds: number } | { format: string; seconds: null; why: string };

const ascii = (b: Uint8Array, at: number, n: number) => String.fromCharCode(...b.subarray(at, at + n));

export function audioDuration(b: Uint8Array): AudioLength {
  if (b.length >= 12 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'WAVE') return wav(b);
  if (b.length >= 4 && b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3) return webm(b);
  if (b.length >= 4 && ascii(b, 0, 4) === 'OggS') return ogg(b);
  if (b.length >= 8 && ascii(b, 4, 4) === 'ftyp') return mp4(b);
  if (b.length >= 3 && (ascii(b, 0, 3) === 'ID3' || (b[0] === 0xff && (b[1]! & 0xe0) === 0xe0)))
    return mp3(b);
  return { format: 'unknown', seconds: null, why: 'not a WAV, WebM, Ogg, MP3 or MP4 file' };
}

/** WAV formats whose byte rate follows from rate × channels × bit depth: PCM, float, A-law, μ-law, extensible. */
const UNCOMPRESSED_WAV = new Set([1, 3, 6, 7, 0xfffe]);

function wav(b: Uint8Array): AudioLength {
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  let byteRate = 0;
  for (let at = 12; at + 8 <= b.length;) {
    const id = ascii(b, at, 4);
    const size = v.getUint32(at + 4, true);
    const start = at + 8;
    if (id === 'fmt ' && start + 16 <= b.length) {
      const format = v.getUint16(start, true);
      const channels = v.getUint16(start + 2, true);
      const sampleRate = v.getUint32(start + 4, true);
      const declared = v.getUint32(start + 8, true);
      const bits = v.getUint16(start + 14, true);
      if (!UNCOMPRESSED_WAV.has(format))
        return {
          format: 'wav',
          seconds: null,
          why: `a compressed WAV (format ${format}); send PCM WAV, WebM, Ogg, MP3 or MP4`,
        };
      if (
        channels < 1 ||
        channels > 32 ||
        sampleRate < 1000 ||
        sampleRate > 768_000 ||
        ![8, 16, 24, 32, 64].includes(bits)
      ) {
        return {
          format: 'wav',
          seconds: null,
          why: `its fmt chunk is not plausible (${channels} channels, ${sampleRate} Hz, ${bits} bits)`,
        };
      }
      byteRate = (sampleRate * channels * bits) / 8;
      if (declared !== byteRate) {
        return {
          format: 'wav',
          seconds: null,
          why: `its header contradicts itself (byteRate ${declared}, but ${sampleRate} Hz × ${channels} channels × ${bits} bits make ${byteRate} bytes a second)`,
        };
      }
    }
    if (id === 'data') {
      if (!byteRate) return { format: 'wav', seconds: null, why: 'no fmt chunk before the data' };
      const left = b.length - start;
      const bytes = size === 0 || size === 0xffffffff || size > left ? left : size;
      return { format: 'wav', seconds: bytes / byteRate };
    }
    at = start + size + (size % 2);
  }
  return { format: 'wav', seconds: null, why: 'no data chunk' };
}

// ---- MP3: MPEG-1/2/2.5 Layer I/II/III frame headers ----
const BITRATES: Record<string, number[]> = {
  '1-1': [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
  '1-2': [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
  '1-3': [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  '2-1': [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
  '2-2': [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const RATES: Record<number, number[]> = {
  3: [44100, 48000, 32000],
  2: [22050, 24000, 16000],
  0: [11025, 12000, 8000],
};

function mp3(b: Uint8Array): AudioLength {
  let at = 0;
  if (ascii(b, 0, 3) === 'ID3' && b.length >= 10)
    at = 10 + (((b[6]! & 0x7f) << 21) | ((b[7]! & 0x7f) << 14) | ((b[8]! & 0x7f) << 7) | (b[9]! & 0x7f));
  let seconds = 0;
  let frames = 0;
  while (at + 4 <= b.length) {
    const h = ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;
    if ((h & 0xffe00000) >>> 0 !== 0xffe00000) {
      if (frames > 0 && ascii(b, at, 3) === 'TAG') break; // ID3v1 at the end
      at++; // resynchronise (junk between frames)
      continue;
    }
    const version = (h >>> 19) & 3; // 3 = MPEG-1, 2 = MPEG-2, 0 = MPEG-2.5
    const layer = 4 - ((h >>> 17) & 3); // 1, 2, 3
    const bitrateIndex = (h >>> 12) & 15;
    const rateIndex = (h >>> 10) & 3;
    const padding = (h >>> 9) & 1;
    if (version === 1 || layer === 4 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) {
      at++;
      continue;
    }
    const table = version === 3 ? `1-${layer}` : layer === 1 ? '2-1' : '2-2';
    const kbps = BITRATES[table]![bitrateIndex]!;
    const rate = RATES[version]![rateIndex]!;
    const samples = layer === 1 ? 384 : layer === 3 && version !== 3 ? 576 : 1152;
    const length =
      layer === 1
        ? (Math.floor((12 * kbps * 1000) / rate) + padding) * 4
        : Math.floor(((samples / 8) * kbps * 1000) / rate) + padding;
    if (length < 4) break;
    seconds += samples / rate;
    frames++;
    at += length;
  }
  return frames ? { format: 'mp3', seconds } : { format: 'mp3', seconds: null, why: 'no MPEG audio frames' };
}

// ---- WebM / Matroska (EBML) ----
const SEGMENT = 0x18538067;
const CLUSTER = 0x1f43b675;
const INFO = 0x1549a966;
const BLOCK_GROUP = 0xa0;
const TIMECODE_SCALE = 0x2ad7b1;
const DURATION = 0x4489;
const CLUSTER_TIMECODE = 0xe7;
const SIMPLE_BLOCK = 0xa3;
const BLOCK = 0xa1;

/** A variable-length integer at `at`: its value (marker bit kept for ids) and its length; size -1 = unknown. */
function vint(b: Uint8Array, at: number, keepMarker: boolean): { value: number; length: number } | undefined {
  const first = b[at];
  if (first === undefined || first === 0) return undefined;
  const length = Math.clz32(first) - 23;
  if (at + length > b.length) return undefined;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * 256 + b[at + i]!;
    if (b[at + i] !== 0xff) allOnes = false;
  }
  return { value: !keepMarker && allOnes ? -1 : value, length };
}

function uint(b: Uint8Array, at: number, n: number): number {
  let v = 0;
  for (let i = 0; i < n; i++) v = v * 256 + b[at + i]!;
  return v;
}

function webm(b: Uint8Array): AudioLength {
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  let scale = 1_000_000; // ns per timestamp tick
  let declared = 0;
  let cluster = 0;
  let last = -1;
  let at = 0;
  while (at < b.length) {
    const id = vint(b, at, true);
    if (!id) break;
    const size = vint(b, at + id.length, false);
    if (!size) break;
    const start = at + id.length + size.length;
    // Containers are read in place (their children follow), so unknown sizes (live recordings) do not matter.
    if (id.value === SEGMENT || id.value === CLUSTER || id.value === INFO || id.value === BLOCK_GROUP) {
      at = start;
      continue;
    }
    if (size.value < 0 || start + size.value > b.length) break; // an unknown size we cannot skip, or cut short
    if (id.value === TIMECODE_SCALE) scale = uint(b, start, size.value) || scale;
    else if (id.value === DURATION)
      declared = size.value === 4 ? v.getFloat32(start) : size.value === 8 ? v.getFloat64(start) : 0;
    else if (id.value === CLUSTER_TIMECODE) cluster = uint(b, start, size.value);
    else if (id.value === SIMPLE_BLOCK || id.value === BLOCK) {
      const track = vint(b, start, false);
      if (track && start + track.length + 2 <= b.length)
        last = Math.max(last, cluster + v.getInt16(start + track.length));
    }
    at = start + size.value;
  }
  const ticks = Math.max(declared, last);
  return ticks > 0 || last >= 0
    ? { format: 'webm', seconds: (ticks * scale) / 1e9 }
    : { format: 'webm', seconds: null, why: 'no duration and no audio blocks' };
}

// ---- Ogg ----
function ogg(b: Uint8Array): AudioLength {
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  // The first page's packet says the codec and its rate.
  const segments = b[26] ?? 0;
  const head = 27 + segments;
  let rate = 0;
  let preSkip = 0;
  if (ascii(b, head, 8) === 'OpusHead' && head + 12 <= b.length) {
    rate = 48_000; // Opus granules count 48 kHz samples whatever the input rate
    preSkip = v.getUint16(head + 10, true);
  } else if (ascii(b, head + 1, 6) === 'vorbis' && head + 16 <= b.length) rate = v.getUint32(head + 12, true);
  else if (ascii(b, head, 5) === '\x7fFLAC' && head + 30 <= b.length) rate = uint(b, head + 27, 3) >>> 4;
  if (!rate) return { format: 'ogg', seconds: null, why: 'not Opus, Vorbis or FLAC' };
  for (let at = b.length - 27; at >= 0; at--) {
    if (b[at] !== 0x4f || ascii(b, at, 4) !== 'OggS') continue;
    const granule = v.getUint32(at + 6, true) + v.getUint32(at + 10, true) * 2 ** 32;
    if (v.getInt32(at + 6, true) === -1 && v.getInt32(at + 10, true) === -1) continue; // no packet ends on this page
    return { format: 'ogg', seconds: Math.max(0, granule - preSkip) / rate };
  }
  return { format: 'ogg', seconds: null, why: 'no pages' };
}

// ---- MP4 / M4A ----
/** Deepest box nesting read (moov/mvex hold mvhd/mehd two levels down; real files stay far below). */
const MP4_MAX_DEPTH = 16;

function mp4(b: Uint8Array): AudioLength {
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  let seconds = 0;
  let timescale = 0;
  // A loop over a stack of box ranges, not recursion: nesting is attacker-controlled.
  const stack: Array<{ at: number; to: number; depth: number }> = [{ at: 0, to: b.length, depth: 0 }];
  while (stack.length) {
    const range = stack.pop()!;
    const { to, depth } = range;
    const at = range.at;
    if (at + 8 > to) continue;
    let size = v.getUint32(at);
    const type = ascii(b, at + 4, 4);
    let body = at + 8;
    if (size === 1 && at + 16 <= to) {
      size = Number(v.getBigUint64(at + 8));
      body = at + 16;
    } else if (size === 0) size = to - at;
    if (size < 8 || at + size > to) size = to - at; // cut short: read what is there
    const end = at + size;
    // The next sibling first (pushed below the children, so children are read before it).
    if (end > at && end < to) stack.push({ at: end, to, depth });
    if (type === 'moov' || type === 'mvex') {
      if (depth + 1 > MP4_MAX_DEPTH)
        return { format: 'mp4', seconds: null, why: `its boxes are nested more than ${MP4_MAX_DEPTH} deep` };
      stack.push({ at: body, to: end, depth: depth + 1 });
    } else if (type === 'mvhd' && body + 20 <= end) {
      const version = b[body]!;
      timescale = v.getUint32(body + (version === 1 ? 20 : 12));
      const duration = version === 1 ? Number(v.getBigUint64(body + 24)) : v.getUint32(body + 16);
      if (timescale) seconds = Math.max(seconds, duration / timescale);
    } else if (type === 'mehd' && timescale && body + 8 <= end) {
      const duration = b[body] === 1 ? Number(v.getBigUint64(body + 4)) : v.getUint32(body + 4);
      seconds = Math.max(seconds, duration / timescale);
    }
  }
  return seconds > 0
    ? { format: 'mp4', seconds }
    : { format: 'mp4', seconds: null, why: 'no duration in its movie header' };
}
