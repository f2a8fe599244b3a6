// Draws the web app's icon (a radar: rings and a sweep on the accent blue) and writes
// web/assets/favicon.ico (PNG images of 16, 32 and 48 px in an ICO container, what browsers ask
// for at /favicon.ico) and web/assets/favicon.svg (the same drawing, for <link rel="icon">).
// Run once after changing the drawing: node scripts/make-favicon.mjs
import { Buffer } from 'node:buffer';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';

const OUT = path.resolve(import.meta.dirname, '../web/assets');
const BLUE = [0x0b, 0x5c, 0xad];
const WHITE = [0xff, 0xff, 0xff];

/** RGBA of one pixel centre (x, y in 0..1) of the drawing. */
function pixel(x, y) {
  const r = 0.18; // corner radius of the tile
  const cx = Math.min(Math.max(x, r), 1 - r);
  const cy = Math.min(Math.max(y, r), 1 - r);
  if (Math.hypot(x - cx, y - cy) > r) return [0, 0, 0, 0];
  const d = Math.hypot(x - 0.5, y - 0.5);
  const ring = (radius, width) => Math.abs(d - radius) < width / 2;
  const angle = Math.atan2(0.5 - y, x - 0.5); // counter-clockwise from east
  const sweep = d < 0.38 && angle > Math.PI / 6 && angle < Math.PI / 2.2;
  const blip = Math.hypot(x - 0.66, y - 0.3) < 0.06;
  return ring(0.36, 0.07) || ring(0.2, 0.07) || d < 0.06 || blip
    ? [...WHITE, 255]
    : sweep
      ? [0x7f, 0xb2, 0xe5, 255]
      : [...BLUE, 255];
}

function crc32(buf) {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A size×size RGBA PNG of the drawing, 4×4 supersampled. */
function png(size) {
  const rows = [];
  for (let py = 0; py < size; py++) {
    const row = [0]; // filter: none
    for (let px = 0; px < size; px++) {
      const acc = [0, 0, 0, 0];
      for (let sy = 0; sy < 4; sy++)
        for (let sx = 0; sx < 4; sx++) {
          const p = pixel((px + (sx + 0.5) / 4) / size, (py + (sy + 0.5) / 4) / size);
          for (let i = 0; i < 3; i++) acc[i] += p[i] * p[3];
          acc[3] += p[3];
        }
      const a = acc[3] / 16;
      row.push(...(a ? [0, 1, 2].map((i) => Math.round(acc[i] / acc[3])) : [0, 0, 0]), Math.round(a));
    }
    rows.push(Buffer.from(row));
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const sizes = [16, 32, 48];
const images = sizes.map(png);
const header = Buffer.alloc(6);
header.writeUInt16LE(0, 0);
header.writeUInt16LE(1, 2); // icon
header.writeUInt16LE(images.length, 4);
let offset = 6 + 16 * images.length;
const entries = images.map((img, i) => {
  const e = Buffer.alloc(16);
  e.writeUInt8(sizes[i], 0);
  e.writeUInt8(sizes[i], 1);
  e.writeUInt16LE(1, 4); // planes
  e.writeUInt16LE(32, 6); // bits per pixel
  e.writeUInt32LE(img.length, 8);
  e.writeUInt32LE(offset, 12);
  offset += img.length;
  return e;
});
writeFileSync(path.join(OUT, 'favicon.ico'), Buffer.concat([header, ...entries, ...images]));

const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect width="100" height="100" rx="18" fill="#0b5cad"/><path d="M50 50 L${50 + 38 * Math.cos(Math.PI / 6)} ${50 - 38 * Math.sin(Math.PI / 6)} A38 38 0 0 0 ${50 + 38 * Math.cos(Math.PI / 2.2)} ${50 - 38 * Math.sin(Math.PI / 2.2)} Z" fill="#7fb2e5"/><g fill="none" stroke="#fff" stroke-width="7"><circle cx="50" cy="50" r="36"/><circle cx="50" cy="50" r="20"/></g><circle cx="50" cy="50" r="6" fill="#fff"/><circle cx="66" cy="30" r="6" fill="#fff"/></svg>\n`;
writeFileSync(path.join(OUT, 'favicon.svg'), svg);
console.log(`wrote ${path.join(OUT, 'favicon.ico')} (${offset} bytes) and favicon.svg`);
