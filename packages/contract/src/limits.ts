/** Business constants and limits shared by the server and the Mini App (docs/product-rules.md#constants). */
export const LIMITS = {
  /**
   * A chat message from a user: trimmed, with a visible character, at most this many characters.
   * Every text length counts characters as people see them (text.ts).
   */
  chatMessageMaxLength: 50,
  /** How often a composing advisor's app repeats the socket's `typing` frame; the server passes on at most one per interval. */
  typingFrameIntervalMs: 3_000,
  /** How long "… is typing" stays shown after the last `typing` frame, unless a message comes first. */
  typingShownMs: 5_000,
  /** Tarot and dream requests, and advisors' replies. */
  requestMaxLength: 1000,
  advisorReplyMaxLength: 1000,
  reviewTextMaxLength: 1000,
  /** Top-up bounds in cents. The spec shows only the minimum hint. */
  topUpMinCents: 1,
  topUpMaxCents: 10_000_000,
  defaultTopUpCents: 125_000,
  imageMaxBytes: 5 * 1024 * 1024,
  imageMaxDimension: 8000,
  /**
   * The widths (px) an uploaded image is served at as WebP (`/api/images/<id>?w=<width>`): the app
   * asks for the one that covers the shown size at 1× and 2× screens.
   */
  imageVariantWidths: [48, 64, 96, 128, 160, 192, 256, 320, 384, 512, 640, 768, 1024],
  profileNameMaxLength: 64,
  /** An advisor's name, and the description and additional info an admin writes. */
  advisorNameMaxLength: 80,
  advisorTextMaxLength: 2000,
  profileDescriptionMaxLength: 500,
  emailMaxLength: 254,
} as const;

export const TIMINGS = {
  splashMs: 2500,
  socketReconnectMs: 5000,
  redirectAfterRequestMs: 1500,
} as const;

/** Tarot, yes/no and dream requests go to advisors of this category. */
export const SELF_SERVICE_CATEGORY_ID = 3;

export const LOCALES = ['ru', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
/** The language of a user without a choice and without a language code (decision 042). */
export const DEFAULT_LOCALE: Locale = 'ru';

/**
 * The language a Telegram or browser language code stands for. A user's language also depends on
 * their choice in Settings: ask `userLocale`.
 */
export function localeFromLanguageCode(code: string | null | undefined): Locale {
  if (!code) return DEFAULT_LOCALE;
  const base = code.toLowerCase().split(/[-_]/)[0];
  return base === 'ru' ? 'ru' : base === 'en' ? 'en' : 'en';
}
