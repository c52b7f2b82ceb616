/**
 * JPEG, PNG and WebP files built in code, for the image tests: real, decodable JPEG and PNG of any
 * size, a PNG whose header is fine but whose pixels do not decode, WebP headers, and (with sharp)
 * large 16-bit PNGs of the kind used as decompression bombs.
 */
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function png(width: number, height: number, rows: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  // Each row: filter byte 0, then black pixels. Zeros compress to almost nothing.
  const pixels = deflateSync(Buffer.alloc((width * 3 + 1) * rows));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real, decodable black 8-bit RGB PNG (a few thousand pixels per side stay small: it compresses). */
export function pngImage(width: number, height: number): Buffer {
  return png(width, height, height);
}

/** A PNG whose header and chunks are well formed but whose pixel data stops after 2 rows. */
export function undecodablePng(width: number, height: number): Buffer {
  return png(width, height, Math.min(2, height - 1));
}

function segment(marker: number, data: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(data.length + 2, 2);
  return Buffer.concat([head, data]);
}

/** A Huffman table (class 0 DC, 1 AC) with one 1-bit code, `0`, for `symbol`. */
function oneCodeTable(tableClass: 0 | 1, symbol: number): Buffer {
  const counts = Buffer.alloc(16);
  counts[0] = 1;
  return Buffer.concat([Buffer.from([tableClass << 4]), counts, Buffer.from([symbol])]);
}

/**
 * A real, decodable grey baseline JPEG (JFIF, quantisation, frame header, Huffman tables, scan)
 * of the given size: every 8×8 block is "no change, end of block", two bits.
 */
export function jpegImage(width: number, height: number): Buffer {
  const frame = Buffer.from([8, 0, 0, 0, 0, 1, 1, 0x11, 0]);
  frame.writeUInt16BE(height, 1);
  frame.writeUInt16BE(width, 3);
  const bits = Math.ceil(width / 8) * Math.ceil(height / 8) * 2;
  const scan = Buffer.alloc(Math.ceil(bits / 8));
  // The last byte is padded with 1 bits.
  if (bits % 8) scan[scan.length - 1] = (1 << (8 - (bits % 8))) - 1;
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1')),
    segment(0xdb, Buffer.concat([Buffer.from([0]), Buffer.alloc(64, 1)])),
    segment(0xc0, frame),
    segment(0xc4, Buffer.concat([oneCodeTable(0, 0), oneCodeTable(1, 0)])),
    segment(0xda, Buffer.from([1, 1, 0, 0, 0x3f, 0])),
    scan,
    Buffer.from([0xff, 0xd9]),
  ]);
}

function riff(chunk: string, data: Buffer): Buffer {
  const padded = data.length % 2 ? Buffer.concat([data, Buffer.alloc(1)]) : data;
  const chunkHead = Buffer.alloc(8);
  chunkHead.write(chunk, 0, 'latin1');
  chunkHead.writeUInt32LE(data.length, 4);
  const head = Buffer.alloc(12);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(4 + 8 + padded.length, 4);
  head.write('WEBP', 8, 'latin1');
  return Buffer.concat([head, chunkHead, padded]);
}

/** WebP headers of the three kinds: lossy (VP8), lossless (VP8L), extended (VP8X); no pixel data. */
export function webpImage(
  width: number,
  height: number,
  kind: 'VP8 ' | 'VP8L' | 'VP8X' = 'VP8L',
): Buffer {
  if (kind === 'VP8L') {
    const data = Buffer.alloc(12);
    data[0] = 0x2f;
    data.writeUInt32LE(((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14), 1);
    return riff('VP8L', data);
  }
  if (kind === 'VP8 ') {
    const data = Buffer.alloc(14);
    data.set([0x50, 0x01, 0x00, 0x9d, 0x01, 0x2a], 0);
    data.writeUInt16LE(width & 0x3fff, 6);
    data.writeUInt16LE(height & 0x3fff, 8);
    return riff('VP8 ', data);
  }
  const data = Buffer.alloc(10);
  data.writeUIntLE(width - 1, 4, 3);
  data.writeUIntLE(height - 1, 7, 3);
  return riff('VP8X', data);
}

/**
 * A PNG of 16 bits per channel, as sent to make a server decode far more than it received: flat
 * colour with a little noise in one corner, so 8000 × 8000 still compresses to about half a MB.
 */
export async function sixteenBitPng(
  width: number,
  height: number,
  options: { alpha?: boolean; interlaced?: boolean } = {},
): Promise<Buffer> {
  const channels = options.alpha ? 4 : 3;
  const noise = Buffer.alloc(64 * 64 * channels);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919) % 251;
  const image = sharp({
    create: {
      width,
      height,
      channels,
      background: { r: 180, g: 120, b: 60, alpha: options.alpha ? 0.5 : 1 },
    },
  }).composite([{ input: noise, raw: { width: 64, height: 64, channels }, left: 0, top: 0 }]);
  // Compositing adds an alpha channel; an opaque image drops it again.
  return (options.alpha ? image : sharp(await image.png().toBuffer()).removeAlpha())
    .toColourspace('rgb16')
    .png({ compressionLevel: 9, progressive: options.interlaced === true })
    .toBuffer();
}
