/** The card faces and the card back, drawn inline (no image files). */
import type { ReactNode } from 'react';
import type { TarotCardId } from './tarot-deck';

const GOLD = '#f3c969';

const FACES: Record<TarotCardId, { numeral: string; colors: [string, string]; symbol: ReactNode }> =
  {
    magician: {
      numeral: 'I',
      colors: ['#4a1d7a', '#b0379a'],
      // The lemniscate over a wand.
      symbol: (
        <g fill="none" stroke={GOLD} strokeWidth="3" strokeLinecap="round">
          <path d="M60 80c-8-12-26-12-26 0s18 12 26 0 26-12 26 0-18 12-26 0z" />
          <path d="M60 96v46" />
          <circle cx="60" cy="146" r="4" fill={GOLD} />
        </g>
      ),
    },
    'high-priestess': {
      numeral: 'II',
      colors: ['#0f2557', '#3f5fb0'],
      // A crescent moon between two pillars.
      symbol: (
        <g>
          <rect x="26" y="70" width="10" height="76" fill="#e9e4f7" />
          <rect
            x="84"
            y="70"
            width="10"
            height="76"
            fill="#22213a"
            stroke="#e9e4f7"
            strokeWidth="1.5"
          />
          <path d="M68 86a20 20 0 1 0 0 36a16 16 0 1 1 0-36z" fill={GOLD} />
        </g>
      ),
    },
    empress: {
      numeral: 'III',
      colors: ['#1d5c3a', '#8bbf4a'],
      // The sign of Venus in a wreath.
      symbol: (
        <g fill="none" stroke={GOLD} strokeWidth="3.5" strokeLinecap="round">
          <circle cx="60" cy="92" r="17" />
          <path d="M60 109v30M48 126h24" />
          <path d="M34 120c-8-18 0-40 16-48M86 120c8-18 0-40-16-48" strokeWidth="2" opacity=".7" />
        </g>
      ),
    },
    lovers: {
      numeral: 'VI',
      colors: ['#7a1d3a', '#e0607e'],
      // Two hearts overlapping.
      symbol: (
        <g strokeWidth="2.5" stroke={GOLD}>
          <path
            d="M48 128c-22-14-30-26-30-36a12 12 0 0 1 24-4 12 12 0 0 1 24 4c0 10-8 22-18 36z"
            fill="#ffd3df"
            opacity=".9"
          />
          <path
            d="M74 132c-22-14-30-26-30-36a12 12 0 0 1 24-4 12 12 0 0 1 24 4c0 10-8 22-18 36z"
            fill="#ff8fab"
            opacity=".9"
          />
        </g>
      ),
    },
    chariot: {
      numeral: 'VII',
      colors: ['#3a2a12', '#b07a2a'],
      // A shield with two wheels.
      symbol: (
        <g stroke={GOLD} strokeWidth="3" fill="none">
          <path d="M38 76h44v30c0 14-10 22-22 26-12-4-22-12-22-26z" fill="#5a3e16" />
          <path d="M60 84l4 9 9 1-7 6 2 9-8-5-8 5 2-9-7-6 9-1z" fill={GOLD} stroke="none" />
          <circle cx="36" cy="142" r="10" />
          <circle cx="84" cy="142" r="10" />
        </g>
      ),
    },
    'wheel-of-fortune': {
      numeral: 'X',
      colors: ['#2a1a5e', '#6a3fc1'],
      symbol: (
        <g stroke={GOLD} fill="none" strokeWidth="3">
          <circle cx="60" cy="108" r="30" />
          <circle cx="60" cy="108" r="8" fill={GOLD} />
          <path d="M60 78v60M30 108h60M39 87l42 42M81 87l-42 42" strokeWidth="2" />
        </g>
      ),
    },
    star: {
      numeral: 'XVII',
      colors: ['#0d2a4a', '#2f7fb8'],
      symbol: (
        <g fill={GOLD}>
          <path d="M60 70l9 26 27 1-21 17 8 26-23-15-23 15 8-26-21-17 27-1z" />
          <circle cx="30" cy="78" r="2.5" />
          <circle cx="92" cy="74" r="2" />
          <circle cx="94" cy="140" r="2.5" />
          <circle cx="26" cy="138" r="2" />
        </g>
      ),
    },
    sun: {
      numeral: 'XIX',
      colors: ['#b5480e', '#f2b134'],
      symbol: (
        <g>
          <g stroke="#fff4c4" strokeWidth="3" strokeLinecap="round">
            {Array.from({ length: 12 }, (_, index) => {
              const angle = (index * Math.PI) / 6;
              const x1 = 60 + Math.cos(angle) * 27;
              const y1 = 108 + Math.sin(angle) * 27;
              const x2 = 60 + Math.cos(angle) * 38;
              const y2 = 108 + Math.sin(angle) * 38;
              return (
                <line
                  key={index}
                  x1={x1.toFixed(1)}
                  y1={y1.toFixed(1)}
                  x2={x2.toFixed(1)}
                  y2={y2.toFixed(1)}
                />
              );
            })}
          </g>
          <circle cx="60" cy="108" r="21" fill="#fff4c4" />
        </g>
      ),
    },
  };

export function CardFace({ card, label }: { card: TarotCardId; label: string }) {
  const face = FACES[card];
  const gradient = `tarot-${card}`;
  return (
    <svg viewBox="0 0 120 200" role="img" aria-label={label}>
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={face.colors[0]} />
          <stop offset="1" stopColor={face.colors[1]} />
        </linearGradient>
      </defs>
      <rect x="1" y="1" width="118" height="198" rx="10" fill={`url(#${gradient})`} />
      <rect
        x="7"
        y="7"
        width="106"
        height="186"
        rx="7"
        fill="none"
        stroke={GOLD}
        strokeWidth="1.5"
      />
      <text
        x="60"
        y="34"
        textAnchor="middle"
        fill={GOLD}
        fontFamily="Georgia, serif"
        fontSize="18"
        fontWeight="bold"
      >
        {face.numeral}
      </text>
      {face.symbol}
      <path d="M30 172h60" stroke={GOLD} strokeWidth="1.5" />
      <circle cx="60" cy="172" r="3" fill={GOLD} />
    </svg>
  );
}

export function CardBack() {
  return (
    <svg viewBox="0 0 120 200" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="tarot-back" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#2a1866" />
          <stop offset="1" stopColor="#5b34a8" />
        </linearGradient>
        <pattern id="tarot-back-dots" width="12" height="12" patternUnits="userSpaceOnUse">
          <circle cx="6" cy="6" r="1.2" fill="#c9b8ff" opacity=".5" />
        </pattern>
      </defs>
      <rect x="1" y="1" width="118" height="198" rx="10" fill="url(#tarot-back)" />
      <rect
        x="7"
        y="7"
        width="106"
        height="186"
        rx="7"
        fill="url(#tarot-back-dots)"
        stroke={GOLD}
        strokeWidth="1.5"
      />
      <circle cx="60" cy="100" r="26" fill="none" stroke={GOLD} strokeWidth="2" />
      <path d="M60 80l5 15h15l-12 9 5 15-13-9-13 9 5-15-12-9h15z" fill={GOLD} />
    </svg>
  );
}
