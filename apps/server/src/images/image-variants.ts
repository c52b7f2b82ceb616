/**
 * Smaller WebP copies of uploaded images, so a 64 px avatar is not a 4 MB photo and a 2× screen gets
 * a sharp one. Made on first request with sharp (libvips) from the stored original, at one of the
 * contract's fixed widths (a bounded set, so nobody can make the server hold endless sizes), never
 * enlarged, and kept in a bounded in-memory cache: a copy is cheap to make again after a restart.
 * sharp (and libvips with it) is loaded on the first resize, so a server that never resizes
 * never holds it in memory.
 */
import { LIMITS } from '@seer/contract';

export const VARIANT_WIDTHS: readonly number[] = LIMITS.imageVariantWidths;

/** Enough for a few hundred avatars and chat previews; the oldest copies go first. */
const CACHE_BYTES = 32 * 1024 * 1024;
const WEBP_QUALITY = 82;

export class ImageVariants {
  private readonly cache = new Map<string, Buffer>();
  private cachedBytes = 0;
  /** One making per key at a time: concurrent first requests share it. */
  private readonly making = new Map<string, Promise<Buffer>>();

  constructor(private readonly maxBytes = CACHE_BYTES) {}

  /** The WebP copy of `original` at most `width` pixels wide (and high); `key` names the original. */
  async webp(key: string, original: Buffer, width: number): Promise<Buffer> {
    const cacheKey = `${key}:${width}`;
    const cached = this.cache.get(cacheKey);
    if (cached) {
      // Most recently used goes to the back of the line.
      this.cache.delete(cacheKey);
      this.cache.set(cacheKey, cached);
      return cached;
    }
    let pending = this.making.get(cacheKey);
    if (!pending) {
      pending = resizeToWebp(original, width).finally(() => this.making.delete(cacheKey));
      this.making.set(cacheKey, pending);
    }
    const made = await pending;
    this.remember(cacheKey, made);
    return made;
  }

  private remember(cacheKey: string, bytes: Buffer): void {
    if (this.cache.has(cacheKey) || bytes.length > this.maxBytes) return;
    this.cache.set(cacheKey, bytes);
    this.cachedBytes += bytes.length;
    for (const [oldest, old] of this.cache) {
      if (this.cachedBytes <= this.maxBytes) break;
      this.cache.delete(oldest);
      this.cachedBytes -= old.length;
    }
  }
}

export async function resizeToWebp(original: Buffer, width: number): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const pixels = LIMITS.imageMaxDimension * LIMITS.imageMaxDimension;
  return (
    sharp(original, { limitInputPixels: pixels, failOn: 'error' })
      // A phone photo's EXIF orientation is applied, then dropped with the rest of the metadata.
      .rotate()
      .resize({ width, height: width, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer()
  );
}
