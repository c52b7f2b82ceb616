/**
 * Smaller WebP copies of uploaded images, so a 64 px avatar is not a 4 MB photo and a 2× screen gets
 * a sharp one. Widths come from one fixed list in the contract (a bounded set, so nobody can make
 * the server keep endless sizes). Each copy is made once from the stored normalized image and kept
 * in the database (decision 035); this in-memory cache of recently served copies spares the
 * database a read for the most asked ones.
 */
import { LIMITS } from '@seer/contract';

export const VARIANT_WIDTHS: readonly number[] = LIMITS.imageVariantWidths;

/** Enough for a few hundred avatars and chat previews; the oldest copies go first. */
const CACHE_BYTES = 32 * 1024 * 1024;

/** Least-recently-used copies, bounded by their total size in bytes. */
export class VariantCache {
  private readonly entries = new Map<string, Buffer>();
  private cachedBytes = 0;

  constructor(private readonly maxBytes = CACHE_BYTES) {}

  get(key: string): Buffer | undefined {
    const bytes = this.entries.get(key);
    if (bytes) {
      // Most recently used goes to the back of the line.
      this.entries.delete(key);
      this.entries.set(key, bytes);
    }
    return bytes;
  }

  remember(key: string, bytes: Buffer): void {
    if (this.entries.has(key) || bytes.length > this.maxBytes) return;
    this.entries.set(key, bytes);
    this.cachedBytes += bytes.length;
    for (const [oldest, old] of this.entries) {
      if (this.cachedBytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.cachedBytes -= old.length;
    }
  }
}
