/**
 * TON amounts without a TON library (this module is on the balance screen itself; @ton/core comes
 * with the wallet connection): the ton://transfer link for plain browsers. The nanotons to send
 * come from the server's quote (CreateTonQuote), never from a rate computed here.
 */

/**
 * The ton:// deep link most wallet apps open with the amount and comment filled in. Only for
 * plain browsers: inside Telegram such a link does not open (TON Connect or copying instead).
 */
export function tonTransferLink(address: string, nanotons: bigint, memo: string): string {
  return `ton://transfer/${encodeURIComponent(address)}?amount=${nanotons.toString()}&text=${encodeURIComponent(memo)}`;
}
