/**
 * Seer's brand mark: an open eye whose iris is a sparkle, under three rays, drawn as the splash's
 * one picture. It is an image (not inline SVG) so the first large thing painted is the brand, and
 * index.html paints the very same image before any script runs (brand-mark.test.tsx keeps the two
 * identical).
 */
export const BRAND_MARK_URI =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 64 64'%3E%3Cg fill='none' stroke='%23fff' stroke-width='2.5' stroke-linecap='round' stroke-linejoin='round'%3E%3Cpath d='M6 36c7-10 16-15 26-15s19 5 26 15c-7 10-16 15-26 15S13 46 6 36z'/%3E%3Ccircle cx='32' cy='36' r='10'/%3E%3Cpath d='M32 6v7M18 10l3.5 6M46 10l-3.5 6'/%3E%3C/g%3E%3Cpath d='M32 28l2 6 6 2-6 2-2 6-2-6-6-2 6-2z' fill='%23f3d58a'/%3E%3C/svg%3E";

/** Decoration only: the "Seer" heading beside it names the app. */
export function BrandMark({ fadeFrom = 0 }: { fadeFrom?: number }) {
  return (
    <img
      className="splash-mark"
      style={fadeFrom > 0 ? { animationDelay: `-${Math.round(fadeFrom)}ms` } : undefined}
      src={BRAND_MARK_URI}
      width="144"
      height="144"
      alt=""
      decoding="sync"
    />
  );
}
