/**
 * Uploaded images (`/api/images/<id>`) come in WebP copies at fixed widths (`?w=`); these pick the
 * copy that covers a picture's shown size on 1× and 2× screens. Other pictures (the bundled
 * portraits, a Telegram photo URL) are used as they are.
 */
import { LIMITS } from '@seer/contract';

const UPLOADED = /^\/api\/images\/[0-9a-f-]{36}$/i;
const WIDTHS: readonly number[] = LIMITS.imageVariantWidths;

/** The smallest served width at least `pixels` wide (the largest when none is). */
export function variantWidth(pixels: number): number {
  return WIDTHS.find((width) => width >= pixels) ?? WIDTHS[WIDTHS.length - 1]!;
}

/** `src` and `srcSet` for a picture shown `cssPixels` wide. */
export function sizedImage(url: string, cssPixels: number): { src: string; srcSet?: string } {
  if (!UPLOADED.test(url)) return { src: url };
  const one = `${url}?w=${variantWidth(cssPixels)}`;
  const two = `${url}?w=${variantWidth(cssPixels * 2)}`;
  return { src: one, srcSet: `${one} 1x, ${two} 2x` };
}
