/**
 * Decoding images without letting one be a bomb (decision 035). An image's header is read first
 * (sharp's metadata reads no pixels), and an image whose decoding would need more memory than
 * `MAX_DECODED_BYTES` is refused before any pixel is decoded. What passes is decoded once, turned
 * upright (EXIF orientation), scaled down to fit `MASTER_MAX_SIDE` and stored at 8 bits per
 * channel without metadata: the normalized image. Every served width is made from that, never
 * from an upload again.
 *
 * sharp (and libvips with it) is loaded on first use, so a server that never handles an image
 * never holds it in memory. libvips' operation cache is turned off: it would keep decoded images
 * around after their job ended.
 */
import type { Metadata, Sharp } from 'sharp';
import { LIMITS } from '@seer/contract';

/** The largest side of a stored image: 4096 px covers a full-screen view on any phone or 4K screen. */
export const MASTER_MAX_SIDE = 4096;

/**
 * The most pixel memory an accepted image may take once decoded (width × height × channels ×
 * bytes per channel): about 32 megapixels of 8-bit colour, 24 with transparency, 16 of 16-bit
 * colour. A decoder may need the whole image at once (interlaced PNG, WebP, progressive JPEG), so
 * this bounds one image job's memory to about 200 MB (measured: see the decision).
 */
export const MAX_DECODED_BYTES = 96 * 1024 * 1024;

/** Also given to libvips (`limitInputPixels`), which then refuses to decode anything larger. */
export const MAX_INPUT_PIXELS = 32_000_000;

/**
 * A normalized image with transparency is kept as PNG unless that is larger than an upload may be;
 * then it is flattened onto white and kept as JPEG like any photo.
 */
export const MAX_TRANSPARENT_MASTER_BYTES = LIMITS.imageMaxBytes;

const MASTER_JPEG_QUALITY = 88;
const VARIANT_WEBP_QUALITY = 82;

export type ImageRejection = 'too_large' | 'undecodable';

/** An image refused by its header or by the decoder; `message` is safe to show to its sender. */
export class ImageRejectedError extends Error {
  constructor(
    readonly reason: ImageRejection,
    message: string,
  ) {
    super(message);
  }
}

/** What the header says, before any pixel is decoded. */
export interface ImageHeader {
  format: string;
  width: number;
  height: number;
  channels: number;
  bitsPerChannel: number;
  hasAlpha: boolean;
}

export interface NormalizedImage {
  mime: 'image/jpeg' | 'image/png';
  width: number;
  height: number;
  bytes: Buffer;
}

type SharpFactory = typeof import('sharp');
let loaded: Promise<SharpFactory> | null = null;

function loadSharp(): Promise<SharpFactory> {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return loaded;
}

const BYTES_PER_SAMPLE: Record<string, number> = {
  uchar: 1,
  char: 1,
  ushort: 2,
  short: 2,
  uint: 4,
  int: 4,
  float: 4,
  complex: 8,
  double: 8,
  dpcomplex: 16,
};

function undecodable(format: string): ImageRejectedError {
  return new ImageRejectedError(
    'undecodable',
    `The ${format.toUpperCase()} image cannot be decoded: it is damaged or incomplete`,
  );
}

/** Reads the header with libvips (no pixels); ImageRejectedError when there is none to read. */
export async function readImageHeader(bytes: Buffer): Promise<ImageHeader> {
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw undecodable('');
  }
  const format = meta.format ?? 'image';
  if (!meta.width || !meta.height || !meta.channels) throw undecodable(format);
  const bytesPerSample = BYTES_PER_SAMPLE[meta.depth ?? 'uchar'] ?? 1;
  return {
    format,
    width: meta.width,
    height: meta.height,
    channels: meta.channels,
    bitsPerChannel: bytesPerSample * 8,
    hasAlpha: meta.hasAlpha === true,
  };
}

/** How much memory the decoded pixels take. */
export function decodedBytes(header: ImageHeader): number {
  return header.width * header.height * header.channels * (header.bitsPerChannel / 8);
}

/** Refuses, without decoding, an image whose pixels would take more than the limits allow. */
export function checkDecodeLimits(header: ImageHeader): void {
  const pixels = header.width * header.height;
  const needed = decodedBytes(header);
  if (pixels <= MAX_INPUT_PIXELS && needed <= MAX_DECODED_BYTES) return;
  const megabytes = (n: number) => Math.ceil(n / (1024 * 1024));
  throw new ImageRejectedError(
    'too_large',
    `Image too large to process: ${header.width}×${header.height} pixels at ${header.bitsPerChannel} bits ` +
      `per channel would take ${megabytes(needed)} MB to decode, at most ${megabytes(MAX_DECODED_BYTES)} MB ` +
      `(about ${Math.round(MAX_INPUT_PIXELS / 1e6)} megapixels of 8-bit colour). ` +
      `Scale it down to at most ${MASTER_MAX_SIDE} pixels per side and send it again`,
  );
}

/** A libvips failure while decoding: the pixel limit, or pixel data that does not decode. */
function decodeFailure(error: unknown, header: ImageHeader): ImageRejectedError {
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) {
    return new ImageRejectedError('too_large', 'Image too large to process');
  }
  return undecodable(header.format);
}

/**
 * The image decoded once and stored within the limits: upright, at most `MASTER_MAX_SIDE` per side
 * (never enlarged), 8-bit sRGB, no metadata (so no camera location either). Photos become JPEG;
 * an image with transparency stays PNG unless that is too large. Call only after checkDecodeLimits.
 */
export async function normalizeImage(bytes: Buffer, header: ImageHeader): Promise<NormalizedImage> {
  const sharp = await loadSharp();
  const decode = (): Sharp =>
    sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', sequentialRead: true })
      // A phone photo's EXIF orientation is applied, then dropped with the rest of the metadata.
      .rotate()
      .resize({
        width: MASTER_MAX_SIDE,
        height: MASTER_MAX_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      // 8 bits per channel, sRGB: 16-bit and CMYK inputs are converted.
      .toColourspace('srgb');
  try {
    if (header.hasAlpha) {
      const png = await decode().png().toBuffer({ resolveWithObject: true });
      if (png.data.length <= MAX_TRANSPARENT_MASTER_BYTES) {
        return {
          mime: 'image/png',
          width: png.info.width,
          height: png.info.height,
          bytes: png.data,
        };
      }
    }
    const jpeg = await decode()
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: MASTER_JPEG_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return {
      mime: 'image/jpeg',
      width: jpeg.info.width,
      height: jpeg.info.height,
      bytes: jpeg.data,
    };
  } catch (error) {
    throw decodeFailure(error, header);
  }
}

/**
 * A WebP copy of a normalized image at most `width` pixels wide and high, never enlarged. The
 * normalized image is baseline JPEG or PNG of at most 4096 × 4096: libjpeg shrinks it while
 * decoding, and both decode in strips, so this stays small whatever was uploaded.
 */
export async function resizeToWebp(normalized: Buffer, width: number): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(normalized, {
    limitInputPixels: MASTER_MAX_SIDE * MASTER_MAX_SIDE,
    failOn: 'error',
    sequentialRead: true,
  })
    .resize({ width, height: width, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: VARIANT_WEBP_QUALITY })
    .toBuffer();
}
