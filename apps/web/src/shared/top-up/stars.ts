/** What Telegram Stars cost, as the server counts them (payments.service.ts starsFor). */

/** Stars for `cents`, rounded up; at least one. */
export function starsFor(cents: number, starsPerUsd: number): number {
  const perUsdHundredths = Math.round(starsPerUsd * 100);
  return Math.max(1, Math.ceil((cents * perUsdHundredths) / 10_000));
}

/** What one Star costs in cents, and whether that is exact in whole cents. */
export function starPriceCents(starsPerUsd: number): { cents: number; exact: boolean } {
  const cents = 100 / starsPerUsd;
  return { cents: Math.max(1, Math.round(cents)), exact: Number.isInteger(cents) };
}
