/** The parts every tarot card shares (the tarot page and the home's daily tarot): palette, frame, motifs. */
import type { ReactNode } from 'react';

export const GOLD = '#e9c46a';
const VIOLET = ['#1c1038', '#33205f'] as const;
export const STROKE = 2;

/** Small four-point sparkle centred on (x, y). */
export const spark = (x: number, y: number, r = 4) =>
  `M${x} ${y - r}L${x + r / 4} ${y - r / 4}L${x + r} ${y}L${x + r / 4} ${y + r / 4}L${x} ${y + r}L${x - r / 4} ${y + r / 4}L${x - r} ${y}L${x - r / 4} ${y - r / 4}Z`;

/** Points of a star with `points` tips around (cx, cy). */
export function starPath(
  cx: number,
  cy: number,
  outer: number,
  inner: number,
  points: number,
): string {
  const parts: string[] = [];
  for (let i = 0; i < points * 2; i += 1) {
    const radius = i % 2 === 0 ? outer : inner;
    const angle = (Math.PI * i) / points - Math.PI / 2;
    parts.push(
      `${i === 0 ? 'M' : 'L'}${(cx + Math.cos(angle) * radius).toFixed(1)} ${(cy + Math.sin(angle) * radius).toFixed(1)}`,
    );
  }
  return `${parts.join('')}Z`;
}

export function rays(cx: number, cy: number, from: number, to: number, count: number): string {
  let d = '';
  for (let i = 0; i < count; i += 1) {
    const angle = (2 * Math.PI * i) / count;
    const [c, s] = [Math.cos(angle), Math.sin(angle)];
    d += `M${(cx + c * from).toFixed(1)} ${(cy + s * from).toFixed(1)}L${(cx + c * to).toFixed(1)} ${(cy + s * to).toFixed(1)}`;
  }
  return d;
}

/** The face's background, frame and the shared ornaments; `children` is the card's own part. */
export function Frame({ id, children }: { id: string; children: ReactNode }) {
  return (
    <>
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={VIOLET[0]} />
          <stop offset="1" stopColor={VIOLET[1]} />
        </linearGradient>
      </defs>
      <rect x="1" y="1" width="118" height="198" rx="10" fill={`url(#${id})`} />
      <rect
        x="6"
        y="6"
        width="108"
        height="188"
        rx="7"
        fill="none"
        stroke={GOLD}
        strokeWidth="1.5"
      />
      <rect
        x="10"
        y="10"
        width="100"
        height="180"
        rx="5"
        fill="none"
        stroke={GOLD}
        strokeWidth=".75"
        opacity=".6"
      />
      {children}
    </>
  );
}
