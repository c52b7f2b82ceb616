/**
 * Money is an integer count of cents everywhere; TON is an integer count of nanotons.
 * These are the only places where cents become dollars for the wire or the screen.
 */
export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

/** "1250.00" — two decimals, no grouping. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Parses a dollar amount typed by a person ("12", "12.5", "1,250.00", "0.01") into cents.
 * Returns null for anything that is not a non-negative amount with at most two decimals.
 */
export function parseDollarsToCents(input: string | number): number | null {
  const text = typeof input === 'number' ? String(input) : input.trim().replace(/[,\s]/g, '');
  if (!/^\d{1,9}(\.\d{0,2})?$/.test(text)) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export const NANOTONS_PER_TON = 1_000_000_000n;
