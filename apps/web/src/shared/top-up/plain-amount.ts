/** The plain "1250.00" form of a top-up amount sent to the server. */
export function plainAmount(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}
