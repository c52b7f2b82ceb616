/**
 * The card faces and the shared card back, drawn inline in one line style: gold strokes on deep
 * violet, the same frame, numeral and stroke width on every card. A reversed card is drawn upside
 * down inside the picture itself, so it stays reversed wherever the face is shown.
 */
import type { ReactNode } from 'react';
import { Frame, GOLD, STROKE, rays, spark, starPath } from './card-frame';
import type { TarotCardName } from '@seer/contract';

export { CardBack } from './card-back';

/** Each card's own picture, in the 120 × 200 frame between the numeral and the foot ornament. */
const FACES: Record<TarotCardName, { numeral: string; art: ReactNode }> = {
  magician: {
    numeral: 'I',
    // A raised wand under the lemniscate, the four tools on the table below.
    art: (
      <>
        <path d="M60 58c-7-9-20-9-20 0s13 9 20 0 20-9 20 0-13 9-20 0z" />
        <path d="M50 112l22-38" />
        <circle cx="73" cy="72" r="2.5" fill={GOLD} />
        <circle cx="60" cy="92" r="9" />
        <path d="M53 102l-4 12M67 102l4 12" />
        <path d="M24 126h72M30 126v26M90 126v26" />
        <path d="M34 118h10l-2 8h-6z" />
        <circle cx="58" cy="121" r="4.5" />
        <path d="M70 123l12-12M78 111l6 0" />
      </>
    ),
  },
  'high-priestess': {
    numeral: 'II',
    // Two pillars, a veil between them, the moon at her feet and a scroll in her hands.
    art: (
      <>
        <path d="M24 60v88M34 60v88M20 60h18M20 148h18" />
        <path d="M86 60v88M96 60v88M82 60h18M82 148h18" />
        <path d="M52 62a8 8 0 1 0 16 0M56 58h8" />
        <circle cx="60" cy="76" r="8" />
        <path d="M48 132l4-42h16l4 42z" />
        <path d="M54 102h12v8h-12z" />
        <path d="M48 148a14 9 0 0 0 24 0 11 6 0 0 1-24 0z" fill={GOLD} stroke="none" />
      </>
    ),
  },
  empress: {
    numeral: 'III',
    // A crown of stars, the sign of Venus on a heart-shaped shield, and ripe wheat.
    art: (
      <>
        {[36, 48, 60, 72, 84].map((x, i) => (
          <path key={x} d={spark(x, i === 2 ? 56 : i % 2 ? 59 : 64, 3.5)} fill={GOLD} />
        ))}
        <path d="M60 132c-22-12-30-26-30-38a14 14 0 0 1 30-6 14 14 0 0 1 30 6c0 12-8 26-30 38z" />
        <circle cx="60" cy="96" r="8" />
        <path d="M60 104v14M54 112h12" />
        <path d="M26 152c4-12 6-22 6-34M32 126l-6-5M32 134l-6-5M32 126l5-5M32 134l5-5" />
        <path d="M94 152c-4-12-6-22-6-34M88 126l6-5M88 134l6-5M88 126l-5-5M88 134l-5-5" />
      </>
    ),
  },
  lovers: {
    numeral: 'VI',
    // Two figures below a radiant sun, reaching for each other.
    art: (
      <>
        <circle cx="60" cy="64" r="9" />
        <path d={rays(60, 64, 13, 19, 10)} />
        <circle cx="40" cy="98" r="7" />
        <path d="M40 105v28M40 112l14 10M34 152l6-19 6 19" />
        <circle cx="80" cy="98" r="7" />
        <path d="M80 105v28M80 112l-14 10M74 152l6-19 6 19" />
        <path
          d="M60 130c-6-4-9-8-9-11a4.5 4.5 0 0 1 9-2 4.5 4.5 0 0 1 9 2c0 3-3 7-9 11z"
          fill={GOLD}
          stroke="none"
        />
      </>
    ),
  },
  chariot: {
    numeral: 'VII',
    // A starry canopy over the chariot, its two wheels turning.
    art: (
      <>
        <path d="M30 66c10-8 50-8 60 0" />
        <path d="M34 66v38M86 66v38" />
        <path d={spark(48, 76, 3)} fill={GOLD} />
        <path d={spark(72, 76, 3)} fill={GOLD} />
        <path d={spark(60, 72, 3)} fill={GOLD} />
        <circle cx="60" cy="90" r="7" />
        <path d="M26 104h68l-6 24H32z" />
        <path d="M52 112l8 8 8-8" />
        <circle cx="36" cy="140" r="11" />
        <circle cx="84" cy="140" r="11" />
        <path d={rays(36, 140, 0, 11, 6)} strokeWidth={1.2} />
        <path d={rays(84, 140, 0, 11, 6)} strokeWidth={1.2} />
      </>
    ),
  },
  'wheel-of-fortune': {
    numeral: 'X',
    // The great wheel with eight spokes, clouds at the corners of the sky.
    art: (
      <>
        <circle cx="60" cy="104" r="34" />
        <circle cx="60" cy="104" r="26" />
        <circle cx="60" cy="104" r="7" fill={GOLD} />
        <path d={rays(60, 104, 7, 26, 8)} />
        <path d="M60 66v-6M60 142v6M22 104h-4M98 104h4" />
        <path d="M18 62a6 6 0 0 1 10-4 7 7 0 0 1 12 3h-22z" />
        <path d="M80 61a7 7 0 0 1 12-3 6 6 0 0 1 10 4h-22z" />
        <path d="M18 156a6 6 0 0 1 10-4 7 7 0 0 1 12 3h-22z" />
        <path d="M80 155a7 7 0 0 1 12-3 6 6 0 0 1 10 4h-22z" />
      </>
    ),
  },
  star: {
    numeral: 'XVII',
    // One great star among seven small ones, water poured into a still pool.
    art: (
      <>
        <path d={starPath(60, 80, 22, 9, 8)} fill={GOLD} fillOpacity={0.18} />
        {[
          [28, 62],
          [92, 60],
          [22, 92],
          [98, 94],
          [34, 116],
          [86, 118],
          [60, 48],
        ].map(([x, y]) => (
          <path key={`${x}-${y}`} d={spark(x!, y!, 3.5)} fill={GOLD} />
        ))}
        <path d="M44 122h14l-3 12h-8z" />
        <path d="M56 128c8 2 10 8 10 16" strokeDasharray="2 3" />
        <path d="M22 150c8-4 14 4 22 0s14 4 22 0 14 4 22 0 8 2 10 1" />
        <path d="M30 158c8-4 14 4 22 0s14 4 22 0 14 4 18 1" />
      </>
    ),
  },
  sun: {
    numeral: 'XIX',
    // A calm sun with straight and wavy rays over a garden wall and two sunflowers.
    art: (
      <>
        <circle cx="60" cy="86" r="18" />
        <path d={rays(60, 86, 22, 32, 12)} />
        <path d="M52 84h3M65 84h3M54 94c4 3 8 3 12 0" />
        <path d="M18 138h84M18 150h84M32 138v12M50 138v12M68 138v12M86 138v12" />
        <circle cx="36" cy="124" r="5" />
        <path d={rays(36, 124, 6, 9, 8)} strokeWidth={1.2} />
        <path d="M36 129v9" />
        <circle cx="84" cy="124" r="5" />
        <path d={rays(84, 124, 6, 9, 8)} strokeWidth={1.2} />
        <path d="M84 129v9" />
      </>
    ),
  },
};

export function CardFace({
  card,
  label,
  reversed = false,
}: {
  card: TarotCardName;
  label: string;
  reversed?: boolean;
}) {
  const face = FACES[card];
  return (
    <svg viewBox="0 0 120 200" role="img" aria-label={label} data-card={card}>
      <g
        data-testid="tarot-face-art"
        transform={reversed ? 'rotate(180 60 100)' : undefined}
        data-reversed={reversed ? 'true' : 'false'}
      >
        <Frame id={`tarot-face-${card}`}>
          <text
            x="60"
            y="34"
            textAnchor="middle"
            fill={GOLD}
            fontFamily="Georgia, 'Times New Roman', serif"
            fontSize="16"
            letterSpacing="1"
          >
            {face.numeral}
          </text>
          <path d="M44 40h32" stroke={GOLD} strokeWidth=".75" />
          <g
            data-testid="tarot-illustration"
            fill="none"
            stroke={GOLD}
            strokeWidth={STROKE}
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            {face.art}
          </g>
          <path d="M34 174h52" stroke={GOLD} strokeWidth=".75" />
          <path d={spark(60, 174, 4)} fill={GOLD} />
        </Frame>
      </g>
    </svg>
  );
}
