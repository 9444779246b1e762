import { deflateSync } from 'node:zlib';

// A small PNG encoder for the demo's location plans (no image library on the server): a white sheet with walls,
// rooms and labels-free zones, drawn as filled rectangles.

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

export type Rgb = [number, number, number];
/** A rectangle in 0..1 of the sheet, filled with a colour (a wall is a thin dark one). */
export interface PlanRect {
  x: number;
  y: number;
  w: number;
  h: number;
  color: Rgb;
}

/** Encodes an RGB sheet of `width` × `height` pixels with the rectangles drawn in order. */
export function planPng(width: number, height: number, rects: PlanRect[], background: Rgb = [250, 250, 248]): Buffer {
  const row = width * 3 + 1;
  const raw = Buffer.alloc(row * height);
  // Each row: filter byte 0, then pixels; a rectangle's span is one run copied row after row.
  const run = (color: Rgb, n: number) => Buffer.alloc(n * 3, Buffer.from(color));
  const bg = run(background, width);
  for (let y = 0; y < height; y++) bg.copy(raw, y * row + 1);
  for (const r of rects) {
    const x0 = Math.max(0, Math.round(r.x * width));
    const y0 = Math.max(0, Math.round(r.y * height));
    const x1 = Math.min(width, Math.round((r.x + r.w) * width));
    const y1 = Math.min(height, Math.round((r.y + r.h) * height));
    if (x1 <= x0) continue;
    const span = run(r.color, x1 - x0);
    for (let y = y0; y < y1; y++) span.copy(raw, y * row + 1 + x0 * 3);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const WALL: Rgb = [52, 58, 64];
const T = 0.008;
/** The outline of a room: four walls. */
export function room(x: number, y: number, w: number, h: number): PlanRect[] {
  return [
    { x, y, w, h: T * 1.6, color: WALL },
    { x, y: y + h - T * 1.6, w, h: T * 1.6, color: WALL },
    { x, y, w: T, h, color: WALL },
    { x: x + w - T, y, w: T, h, color: WALL },
  ];
}
/** A filled zone (a machine, a cell, a tank), lightly coloured. */
export const zone = (x: number, y: number, w: number, h: number, color: Rgb): PlanRect => ({ x, y, w, h, color });
