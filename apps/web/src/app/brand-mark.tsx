/**
 * Seer's brand mark: an open eye whose iris is a sparkle, under three rays. index.html paints the
 * same drawing before any script runs (brand-mark.test.tsx keeps the two identical).
 */
export function BrandMark({ fadeFrom = 0 }: { fadeFrom?: number }) {
  return (
    <svg
      className="splash-mark"
      style={fadeFrom > 0 ? { animationDelay: `-${Math.round(fadeFrom)}ms` } : undefined}
      viewBox="0 0 64 64"
      width="72"
      height="72"
      aria-hidden="true"
      focusable="false"
    >
      <g
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M6 36c7-10 16-15 26-15s19 5 26 15c-7 10-16 15-26 15S13 46 6 36z" />
        <circle cx="32" cy="36" r="10" />
        <path d="M32 6v7M18 10l3.5 6M46 10l-3.5 6" />
      </g>
      <path d="M32 28l2 6 6 2-6 2-2 6-2-6-6-2 6-2z" fill="#f3d58a" />
    </svg>
  );
}
