/**
 * Which top-up methods Seer may offer where, by Telegram's rules for payments in Mini Apps
 * (docs/decisions/038-phone-payments-by-telegrams-rules.md). One rule for both sides: the Mini App
 * lists its methods with it, the server refuses the top-ups it must not start.
 */

/**
 * The operator's setting (`PHONE_PAYMENTS`). `stars-only`: inside Telegram's iOS and Android
 * apps digital goods are paid in Telegram Stars only; `all`: TON and crypto are offered there too.
 */
export const PHONE_PAYMENTS_POLICIES = ['stars-only', 'all'] as const;
export type PhonePaymentsPolicy = (typeof PHONE_PAYMENTS_POLICIES)[number];

/**
 * The header in which the Mini App names Telegram's platform (`Telegram.WebApp.platform`) on the
 * calls that start a top-up outside Stars. Absent in a plain browser.
 */
export const TELEGRAM_PLATFORM_HEADER = 'x-telegram-platform';

/**
 * Telegram's apps installed from Apple's App Store and Google Play on phones and tablets, by
 * `Telegram.WebApp.platform`. `unknown` (a client that does not say) counts as one: the careful
 * reading when the platform cannot be told.
 */
const STORE_PHONE_PLATFORMS: ReadonlySet<string> = new Set([
  'ios',
  'android',
  'android_x',
  'unknown',
]);

/** Where the app runs, as far as payments are concerned. */
export type PaymentSurface = 'phone' | 'telegram-other' | 'browser';

/**
 * `platform` is Telegram's platform name inside Telegram, null in a plain browser: phones
 * (iOS, Android, or a client that does not say), Telegram's other apps (Desktop, macOS, Web A/K,
 * Unigram...), or a browser.
 */
export function paymentSurface(platform: string | null): PaymentSurface {
  if (platform === null) return 'browser';
  const name = platform.trim().toLowerCase();
  return name === '' || STORE_PHONE_PLATFORMS.has(name) ? 'phone' : 'telegram-other';
}

/**
 * Whether top-ups other than Telegram Stars (TON, NOWPayments crypto) may be offered and started
 * here under `policy`. Stars are allowed everywhere inside Telegram; a plain browser is outside
 * Telegram's rules.
 */
export function otherPaymentsAllowed(
  policy: PhonePaymentsPolicy,
  platform: string | null,
): boolean {
  return policy === 'all' || paymentSurface(platform) !== 'phone';
}
