/**
 * What an uploaded file really is, from its bytes (never its name or declared type):
 * JPEG, PNG or WebP, and its pixel size read from the header, without decoding it.
 */
export type ImageMime = 'image/jpeg' | 'image/png' | 'image/webp';

export interface ImageInfo {
  mime: ImageMime;
  width: number;
  height: number;
}

export type ImageProblem = 'unsupported' | 'corrupt';

export class ImageFormatError extends Error {
  constructor(
    readonly problem: ImageProblem,
    message: string,
  ) {
    super(message);
  }
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Reads type and size; throws ImageFormatError for anything else or a damaged file. */
export function inspectImage(bytes: Buffer): ImageInfo {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return png(bytes);
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return jpeg(bytes);
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  )
    return webp(bytes);
  throw new ImageFormatError('unsupported', 'Unsupported file: send a JPEG, PNG or WebP image');
}

function corrupt(kind: string): never {
  throw new ImageFormatError('corrupt', `The ${kind} image is damaged or incomplete`);
}

function png(bytes: Buffer): ImageInfo {
  // The first chunk is IHDR: length 13, then width and height as big-endian 32-bit integers.
  if (bytes.length < 33 || bytes.toString('latin1', 12, 16) !== 'IHDR') corrupt('PNG');
  // A complete PNG ends with the IEND chunk.
  if (bytes.toString('latin1', bytes.length - 8, bytes.length - 4) !== 'IEND') corrupt('PNG');
  return { mime: 'image/png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Start-of-frame markers carry the size: C0–CF except C4 (DHT), C8 (JPG) and CC (DAC). */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

function jpeg(bytes: Buffer): ImageInfo {
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) corrupt('JPEG');
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    offset += 2;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) continue; // markers without a length
    if (marker === 0xd9 || marker === 0xda) break; // end of image or scan data before any frame header
    const length = bytes.readUInt16BE(offset);
    if (length < 2 || offset + length > bytes.length) corrupt('JPEG');
    if (isStartOfFrame(marker)) {
      if (length < 7) corrupt('JPEG');
      const height = bytes.readUInt16BE(offset + 3);
      const width = bytes.readUInt16BE(offset + 5);
      // The image must end (EOI) somewhere after its header; cameras may append data after it.
      if (bytes.lastIndexOf(Buffer.from([0xff, 0xd9])) < offset) corrupt('JPEG');
      return { mime: 'image/jpeg', width, height };
    }
    offset += length;
  }
  return corrupt('JPEG');
}

function webp(bytes: Buffer): ImageInfo {
  // RIFF size counts everything after its own 8 bytes; chunks are padded to even sizes.
  const riffSize = bytes.readUInt32LE(4);
  if (riffSize + 8 !== bytes.length && riffSize + 9 !== bytes.length) corrupt('WebP');
  if (bytes.length < 30) corrupt('WebP');
  const chunk = bytes.toString('latin1', 12, 16);
  if (chunk === 'VP8 ') {
    // Lossy: a 3-byte frame tag, the start code 9D 01 2A, then 14-bit width and height.
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) corrupt('WebP');
    return {
      mime: 'image/webp',
      width: bytes.readUInt16LE(26) & 0x3fff,
      height: bytes.readUInt16LE(28) & 0x3fff,
    };
  }
  if (chunk === 'VP8L') {
    // Lossless: signature 0x2F, then width-1 and height-1 in 14 bits each.
    if (bytes[20] !== 0x2f) corrupt('WebP');
    const bits = bytes.readUInt32LE(21);
    return { mime: 'image/webp', width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') {
    // Extended: canvas width-1 and height-1 as 24-bit little-endian integers.
    return {
      mime: 'image/webp',
      width: bytes.readUIntLE(24, 3) + 1,
      height: bytes.readUIntLE(27, 3) + 1,
    };
  }
  return corrupt('WebP');
}
