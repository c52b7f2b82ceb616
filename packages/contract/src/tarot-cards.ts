/**
 * The tarot deck's cards (the daily draw's, the app's and the server's alike). No schemas here:
 * the home screen draws from this list without loading the validation library.
 */
export const TAROT_CARD_IDS = [
  'magician',
  'high-priestess',
  'empress',
  'lovers',
  'chariot',
  'wheel-of-fortune',
  'star',
  'sun',
] as const;
export type TarotCardName = (typeof TAROT_CARD_IDS)[number];
