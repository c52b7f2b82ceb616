/** The tarot deck: 8 cards, each upright or reversed — 16 entries. One draw a day. */
import { TAROT_CARD_IDS, type TarotCardName } from '@seer/contract';

export interface TarotDraw {
  card: TarotCardName;
  reversed: boolean;
}

/** Every one of the 16 entries, in a fixed order. */
export const TAROT_ENTRIES: readonly TarotDraw[] = TAROT_CARD_IDS.flatMap((card) => [
  { card, reversed: false },
  { card, reversed: true },
]);

/** One of the 16 entries, each equally likely. */
export function drawCard(random: () => number = Math.random): TarotDraw {
  const index = Math.min(TAROT_ENTRIES.length - 1, Math.floor(random() * TAROT_ENTRIES.length));
  return TAROT_ENTRIES[index]!;
}

const STORAGE_KEY = 'seer.tarot.daily';

function today(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The card already drawn today, if any. A drawn card cannot be redrawn; keeping it
 * for the day means leaving and coming back does not offer a second draw either.
 */
export function loadTodaysDraw(now: Date = new Date()): TarotDraw | null {
  try {
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as {
      date?: unknown;
      card?: unknown;
      reversed?: unknown;
    } | null;
    if (!saved || saved.date !== today(now)) return null;
    const entry = TAROT_ENTRIES.find(
      (item) => item.card === saved.card && item.reversed === saved.reversed,
    );
    return entry ?? null;
  } catch {
    return null;
  }
}

export function saveTodaysDraw(draw: TarotDraw, now: Date = new Date()): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ date: today(now), ...draw }));
  } catch {
    // Without storage the draw lasts as long as the page.
  }
}
