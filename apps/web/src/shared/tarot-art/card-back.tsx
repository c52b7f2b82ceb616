/** The back shared by all tarot cards (also the small picture on the home's daily tarot). */
import { Frame, GOLD, STROKE, rays, spark } from './card-frame';

export function CardBack() {
  return (
    <svg viewBox="0 0 120 200" aria-hidden="true" focusable="false">
      <Frame id="tarot-back">
        <g fill="none" stroke={GOLD} strokeWidth={STROKE} strokeLinecap="round">
          <circle cx="60" cy="100" r="30" />
          <circle cx="60" cy="100" r="22" strokeWidth=".75" opacity=".6" />
          <path d="M66 84a17 17 0 1 0 0 32 13 13 0 1 1 0-32z" fill={GOLD} stroke="none" />
          <path d={rays(60, 100, 34, 40, 16)} strokeWidth="1" />
          <path d="M60 24v20M60 156v20M52 34h16M52 166h16" strokeWidth="1" opacity=".8" />
        </g>
        {[
          [24, 28],
          [96, 28],
          [24, 172],
          [96, 172],
        ].map(([x, y]) => (
          <path key={`${x}-${y}`} d={spark(x!, y!, 4)} fill={GOLD} />
        ))}
      </Frame>
    </svg>
  );
}
