/**
 * TON by the book, with @ton/core: the deposit address in its user-friendly non-bounceable form,
 * the text comment (the memo) as a message body, and the TON Connect transaction. Loaded only
 * with the wallet connection (a lazy chunk), never with the home route.
 */
import './buffer-global';
import { Address, beginCell } from '@ton/core';
import type { SendTransactionRequest } from '@tonconnect/ui-react';

/** TON Connect's network ids: '-239' mainnet, '-3' testnet. */
export type TonNetwork = '-239' | '-3';

/**
 * A text comment as TON Connect's `payload`: op 0 (32 zero bits) then the text, in a cell
 * (continued in references when long), serialized as a base64 bag of cells.
 */
export function commentPayload(text: string): string {
  return beginCell().storeUint(0, 32).storeStringTail(text).endCell().toBoc().toString('base64');
}

/**
 * The user-friendly, URL-safe, non-bounceable form of an address given raw ("0:<64 hex>") or
 * user-friendly; testnet addresses are marked as such. Throws on anything that is not an address.
 */
export function friendlyAddress(address: string, network: TonNetwork = '-239'): string {
  return Address.parse(address.trim()).toString({
    urlSafe: true,
    bounceable: false,
    testOnly: network === '-3',
  });
}

export interface TonTransfer {
  /** The deposit wallet, as the server gives it. */
  address: string;
  nanotons: bigint;
  /** The text comment: a quote's memo (or the user's Telegram id). */
  memo: string;
  network: TonNetwork;
  /** When the quote's price ends (ms since the epoch): the wallet's request ends no later. */
  validUntilMs?: number;
}

/** How long the wallet may take to send before the request expires. */
const VALID_FOR_SECONDS = 10 * 60;

/**
 * The TON Connect request for one transfer: exact nanotons, the memo as comment, the network set,
 * valid for 10 minutes or until the quote's price ends, whichever is first.
 */
export function transactionRequest(
  transfer: TonTransfer,
  nowMs: number = Date.now(),
): SendTransactionRequest {
  const tenMinutes = Math.floor(nowMs / 1000) + VALID_FOR_SECONDS;
  return {
    validUntil:
      transfer.validUntilMs === undefined
        ? tenMinutes
        : Math.min(tenMinutes, Math.floor(transfer.validUntilMs / 1000)),
    network: transfer.network,
    messages: [
      {
        address: friendlyAddress(transfer.address, transfer.network),
        amount: transfer.nanotons.toString(),
        payload: commentPayload(transfer.memo),
      },
    ],
  };
}
