import { inflateSync } from 'node:zlib';

const MAX_BYTES = 2 * 1024 * 1024;
const MAX_SIDE = 4000;
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/**
 * Whether a PNG is one pdfkit embeds without failing: its decoder (png-js) inflates the pixels of an image with an
 * alpha channel in a callback that throws on bad data, out of reach of any try/catch — a stored signature that is
 * not a well-formed PNG would stop the server. So: the chunks well formed up to IEND, a supported header (not
 * interlaced), a palette when indexed, the pixel data inflating to whole rows each starting with a known filter.
 */
function isSafePng(b: Buffer): boolean {
  if (b.length < 33 || !b.subarray(0, 8).equals(PNG_MAGIC)) return false;
  let pos = 8;
  let header: { width: number; height: number; depth: number; color: number; interlace: number } | null = null;
  let palette = false;
  let ended = false;
  const idat: Buffer[] = [];
  while (pos + 12 <= b.length) {
    const size = b.readUInt32BE(pos);
    const type = b.toString('latin1', pos + 4, pos + 8);
    const data = pos + 8 + size <= b.length ? b.subarray(pos + 8, pos + 8 + size) : null;
    if (!data) return false;
    if (!header && type !== 'IHDR') return false;
    if (type === 'IHDR') {
      if (size !== 13 || header) return false;
      header = { width: data.readUInt32BE(0), height: data.readUInt32BE(4), depth: data[8], color: data[9], interlace: data[12] };
    } else if (type === 'PLTE') palette = size > 0 && size % 3 === 0;
    else if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') {
      ended = true;
      break;
    }
    pos += 12 + size;
  }
  if (!header || !ended || !idat.length) return false;
  const { width, height, depth, color, interlace } = header;
  const channels = CHANNELS[color];
  if (!channels || interlace !== 0 || width < 1 || height < 1 || width > MAX_SIDE || height > MAX_SIDE) return false;
  if (![1, 2, 4, 8, 16].includes(depth) || (color === 3 && !palette) || ((color === 4 || color === 6) && depth < 8)) return false;
  let pixels: Buffer;
  try {
    pixels = inflateSync(Buffer.concat(idat), { maxOutputLength: 64 * 1024 * 1024 });
  } catch {
    return false;
  }
  const rowBytes = Math.ceil((width * channels * depth) / 8);
  if (pixels.length < height * (rowBytes + 1)) return false;
  for (let row = 0; row < height; row++) if (pixels[row * (rowBytes + 1)] > 4) return false;
  return true;
}

/** A JPEG pdfkit reads: the start marker, then a frame header (SOF) before the end of the data. */
function isSafeJpeg(b: Buffer): boolean {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return false;
  let pos = 2;
  while (pos + 4 <= b.length) {
    if (b[pos] !== 0xff) return false;
    const marker = b[pos + 1];
    const size = b.readUInt16BE(pos + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) return pos + 2 + size <= b.length;
    pos += 2 + size;
  }
  return false;
}

/**
 * A stored image (a signature) that can be printed: a PNG or JPEG data URL that passes the checks above, else null
 * (the document then says the image could not be reproduced). SVG signatures are not drawn.
 */
export function printableImage(dataUrl: string | null | undefined): string | null {
  if (!dataUrl) return null;
  const m = /^data:image\/(png|jpeg);base64,([A-Za-z0-9+/=]+)$/.exec(dataUrl);
  if (!m || m[2].length > (MAX_BYTES * 4) / 3) return null;
  const bytes = Buffer.from(m[2], 'base64');
  return (m[1] === 'png' ? isSafePng(bytes) : isSafeJpeg(bytes)) ? dataUrl : null;
}
