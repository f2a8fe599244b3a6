/**
 * Hostile PDFs written at test time (nothing big is committed): a decompression bomb, a
 * text-operator bomb, thousands of blank pages, deep nesting and reference cycles. Each is a
 * syntactically valid PDF with a correct xref table, so pdf.js parses it the normal way and the
 * damage happens where a real attack would put it: in stream decoding, text extraction and
 * object resolution. Used by test/unit/adapters/convert/hostile.test.ts and the before/after table in
 * docs/conversion.md.
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { constants, deflateRawSync, deflateSync } from 'node:zlib';

/** The hostile shapes this module can write. */
export type HostileKind =
  'deflate-bomb' | 'text-bomb' | 'blank-pages' | 'deep-nesting' | 'page-cycle' | 'xobject-cycle';

export const HOSTILE_KINDS: readonly HostileKind[] = [
  'deflate-bomb',
  'text-bomb',
  'blank-pages',
  'deep-nesting',
  'page-cycle',
  'xobject-cycle',
];

/** Sizes, overridable so a quick test can use a smaller bomb. */
export interface HostileOptions {
  /** deflate-bomb: bytes the content stream inflates to (default 2 GiB). */
  inflatedBytes?: number;
  /** text-bomb: Tj operators in the one content stream (default 1 million). */
  textOperators?: number;
  /** blank-pages: pages (default 5000). */
  pages?: number;
  /** deep-nesting: depth of the nested arrays and dictionaries (default 100 000). */
  depth?: number;
}

type Part = string | Buffer;
interface PdfObject {
  /** Dictionary or other object source, without `n 0 obj`. */
  body: string;
  /** Stream data (already encoded); the dictionary gets `/Length` from it. */
  stream?: Buffer[];
}

const HELVETICA = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';

/** Write one hostile PDF to `file`; returns `file`. Memory stays small whatever the sizes. */
export async function writeHostilePdf(
  kind: HostileKind,
  file: string,
  opts: HostileOptions = {},
): Promise<string> {
  const objects = build(kind, opts);
  await writePdf(file, objects);
  return file;
}

/** Objects 1..n; object 1 is always the catalog. */
function build(kind: HostileKind, opts: HostileOptions): PdfObject[] {
  const page = (contents: string, resources = `<< /Font << /F1 ${HELVETICA} >> >>`) =>
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources ${resources} /Contents ${contents} >>`;
  switch (kind) {
    case 'deflate-bomb': {
      // One FlateDecode content stream: a line of text, then ~2 GiB of spaces (whitespace to the
      // content lexer, so a converter that survives it has one line of text).
      const text = Buffer.from('BT /F1 12 Tf 72 720 Td (A decompression bomb follows.) Tj ET\n');
      return [
        { body: '<< /Type /Catalog /Pages 2 0 R >>' },
        { body: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
        { body: page('4 0 R') },
        { body: '<< /Filter /FlateDecode >>', stream: deflateBomb(text, opts.inflatedBytes ?? 2 ** 31) },
      ];
    }
    case 'text-bomb': {
      // A million show-text operators, each its own text item: every other one on the next
      // line, and back (Td moves from the line start, so everything stays on the page). Five times
      // the converter's item cap, so the cap stops it; pdf.js's memory grows with the stream, and
      // 3 million (the default until session 15) peaked at ~410 MB on a fresh machine, over the
      // sandbox test's 384 MB, so the memory guard stopped it first (safe, but not the cap's test).
      const units = Math.floor((opts.textOperators ?? 1_000_000) / 2);
      const unit = '(word) Tj 0 -14 Td (more) Tj 0 14 Td\n';
      const perBlock = 25_000;
      const block = Buffer.from(unit.repeat(perBlock));
      const head = Buffer.from('BT /F1 10 Tf 72 700 Td\n');
      const tail = Buffer.from(`${unit.repeat(units % perBlock)}ET\n`);
      return [
        { body: '<< /Type /Catalog /Pages 2 0 R >>' },
        { body: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
        { body: page('4 0 R') },
        {
          body: '<< /Filter /FlateDecode >>',
          stream: deflateRepeated(head, block, Math.floor(units / perBlock), tail),
        },
      ];
    }
    case 'blank-pages': {
      const n = opts.pages ?? 5000;
      const kids = Array.from({ length: n }, (_, i) => `${i + 4} 0 R`).join(' ');
      const objects: PdfObject[] = [
        { body: '<< /Type /Catalog /Pages 2 0 R >>' },
        { body: `<< /Type /Pages /Kids [${kids}] /Count ${n} >>` },
        { body: '<< >>', stream: [Buffer.alloc(0)] },
      ];
      for (let i = 0; i < n; i++) objects.push({ body: page('3 0 R', '<< >>') });
      return objects;
    }
    case 'deep-nesting': {
      // Nested arrays in the content stream and nested dictionaries in the page's resources.
      const depth = opts.depth ?? 100_000;
      const content = Buffer.from(
        `BT /F1 12 Tf 72 720 Td (Deep nesting follows.) Tj ET\n${'['.repeat(depth)}${']'.repeat(depth)} pop\n`,
      );
      const dict = `${'<< /A '.repeat(depth)}0${' >>'.repeat(depth)}`;
      return [
        { body: '<< /Type /Catalog /Pages 2 0 R >>' },
        { body: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
        { body: page('4 0 R', `<< /Font << /F1 ${HELVETICA} >> /Deep ${dict} >>`) },
        { body: '<< /Filter /FlateDecode >>', stream: [deflateSync(content)] },
      ];
    }
    case 'page-cycle':
      // The page tree's only kid is the tree itself; the count claims a million pages.
      return [
        { body: '<< /Type /Catalog /Pages 2 0 R >>' },
        { body: '<< /Type /Pages /Kids [2 0 R] /Count 1000000 >>' },
      ];
    case 'xobject-cycle': {
      // A form XObject that paints itself, reached from a page that paints it.
      const form =
        '<< /Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> /XObject << /X 4 0 R >> >> >>';
      return [
        { body: '<< /Type /Catalog /Pages 2 0 R >>' },
        { body: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
        { body: page('6 0 R', '<< /Font << /F1 5 0 R >> /XObject << /X 4 0 R >> >>') },
        { body: form, stream: [Buffer.from('BT /F1 12 Tf 72 720 Td (Loop) Tj ET /X Do\n')] },
        { body: HELVETICA },
        { body: '<< >>', stream: [Buffer.from('/X Do\n')] },
      ];
    }
  }
}

/** `prefix` followed by spaces up to `total` bytes, deflated (see deflateRepeated). */
function deflateBomb(prefix: Buffer, total: number): Buffer[] {
  const block = Buffer.alloc(8 * 1024 * 1024, 0x20);
  const fill = Math.max(0, total - prefix.length);
  const repeats = Math.floor(fill / block.length);
  return deflateRepeated(prefix, block, repeats, Buffer.alloc(fill - repeats * block.length, 0x20));
}

/**
 * A zlib stream of prefix + block × repeats + suffix without ever holding the plain text: each
 * part is deflated once with a full flush (which resets the window, so a compressed block can be
 * repeated verbatim), and the Adler-32 trailer is combined arithmetically.
 */
function deflateRepeated(prefix: Buffer, block: Buffer, repeats: number, suffix: Buffer): Buffer[] {
  const flush = { finishFlush: constants.Z_FULL_FLUSH, level: 9 };
  const packed = deflateRawSync(block, flush);
  const out: Buffer[] = [Buffer.from([0x78, 0xda]), deflateRawSync(prefix, flush)];
  for (let i = 0; i < repeats; i++) out.push(packed);
  out.push(deflateRawSync(suffix, { level: 9 }));
  let sum = adlerAppend({ a: 1, b: 0 }, adlerOf(prefix));
  const blockSums = adlerOf(block);
  for (let i = 0; i < repeats; i++) sum = adlerAppend(sum, blockSums);
  sum = adlerAppend(sum, adlerOf(suffix));
  const trailer = Buffer.alloc(4);
  trailer.writeUInt32BE(((sum.b << 16) | sum.a) >>> 0);
  out.push(trailer);
  return out;
}

const ADLER_MOD = 65521;

/** A block's contribution to Adler-32 (RFC 1950): its byte sum and its length-weighted sum. */
function adlerOf(data: Buffer): { length: number; sum: number; weighted: number } {
  let sum = 0;
  let weighted = 0;
  for (let i = 0; i < data.length; i++) {
    sum = (sum + data[i]!) % ADLER_MOD;
    weighted = (weighted + (data.length - i) * data[i]!) % ADLER_MOD;
  }
  return { length: data.length, sum, weighted };
}

/** Adler-32 state after appending a block: a += Σbytes, b += length·a + Σ(length − i)·byte_i. */
function adlerAppend(
  s: { a: number; b: number },
  block: { length: number; sum: number; weighted: number },
): { a: number; b: number } {
  const a = (s.a + block.sum) % ADLER_MOD;
  const b = (s.b + (((block.length % ADLER_MOD) * s.a) % ADLER_MOD) + block.weighted) % ADLER_MOD;
  return { a, b };
}

/** Serialise objects with a classic xref table; streamed to disk part by part. */
async function writePdf(file: string, objects: PdfObject[]): Promise<void> {
  const out = createWriteStream(file);
  let offset = 0;
  const write = async (part: Part) => {
    offset += typeof part === 'string' ? Buffer.byteLength(part, 'latin1') : part.length;
    if (!out.write(typeof part === 'string' ? Buffer.from(part, 'latin1') : part)) await once(out, 'drain');
  };
  const offsets: number[] = [];
  await write('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n');
  for (const [i, obj] of objects.entries()) {
    offsets.push(offset);
    if (obj.stream) {
      const length = obj.stream.reduce((n, b) => n + b.length, 0);
      const dict = obj.body.replace(/>>\s*$/, ` /Length ${length} >>`);
      await write(`${i + 1} 0 obj\n${dict}\nstream\n`);
      for (const b of obj.stream) await write(b);
      await write('\nendstream\nendobj\n');
    } else {
      await write(`${i + 1} 0 obj\n${obj.body}\nendobj\n`);
    }
  }
  const xref = offset;
  const rows = offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  await write(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${rows}`);
  await write(`trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  out.end();
  await once(out, 'finish');
}
