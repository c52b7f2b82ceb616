/** What an indexer transaction means for Seer: a deposit to credit, one to keep unmatched, or nothing. */
import { Address } from '@ton/core';
import { NANOTONS_PER_TON } from '@seer/contract';
import type { IndexerTransaction } from './toncenter.js';

/** A rate is in millionths of a dollar per TON; a cent is 10,000 of them. */
const MICRO_USD_PER_CENT = 10_000n;

function checkedRate(microUsdPerTon: number): bigint {
  if (!Number.isSafeInteger(microUsdPerTon) || microUsdPerTon <= 0)
    throw new RangeError('rate must be a positive whole number of millionths of a dollar');
  return BigInt(microUsdPerTon);
}

/**
 * Nanotons to cents at a rate in millionths of a dollar per TON, rounded down: a deposit never
 * credits more than it is worth.
 */
export function nanotonsToCents(nanotons: bigint, microUsdPerTon: number): number {
  if (nanotons < 0n) throw new RangeError('nanotons must not be negative');
  const cents = (nanotons * checkedRate(microUsdPerTon)) / (NANOTONS_PER_TON * MICRO_USD_PER_CENT);
  if (cents > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('amount too large');
  return Number(cents);
}

/** Cents to the nanotons that are worth at least that much (rounded up): a quote's "send this much TON". */
export function centsToNanotons(cents: number, microUsdPerTon: number): bigint {
  const numerator = BigInt(cents) * NANOTONS_PER_TON * MICRO_USD_PER_CENT;
  const rate = checkedRate(microUsdPerTon);
  return (numerator + rate - 1n) / rate;
}

/** A quote's memo: "SEER-" and 8 of Crockford's base32 letters (no digit-only memo can be one). */
export const QUOTE_MEMO = /^SEER-[0-9A-HJKMNP-TV-Z]{8}$/;

/** The quote memo a comment names (spaces around and letter case forgiven), or null. */
export function quoteMemoFrom(comment: string | null): string | null {
  if (comment === null) return null;
  const text = comment.trim().toUpperCase();
  return QUOTE_MEMO.test(text) ? text : null;
}

/**
 * The memo is the user's Telegram id. Surrounding spaces are forgiven; anything else
 * (letters, inner spaces, leading zeros, signs) is not an id and leaves the deposit unmatched.
 */
export function telegramIdFromMemo(comment: string | null): number | null {
  if (comment === null) return null;
  const text = comment.trim();
  if (!/^[1-9]\d{0,15}$/.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) ? id : null;
}

/**
 * A TON address in raw form ("0:<64 hex>", lower case), whichever form it was written in (raw in
 * any case, or user-friendly with its checksum checked by @ton/core); null when it is not one.
 * Raw is the form to store and compare: the flags of the user-friendly forms do not name another account.
 */
export function rawTonAddress(text: string): string | null {
  try {
    return Address.parse(text.trim()).toRawString();
  } catch {
    return null;
  }
}

export interface IncomingTransfer {
  hash: string;
  lt: bigint;
  time: Date;
  /** The sender in raw form (as the indexer wrote it when it is not an address). */
  source: string;
  nanotons: bigint;
  /** The text comment as stored (NUL characters removed, length capped), or null when the body was something else. */
  comment: string | null;
  /** The Telegram id the memo names, read from the comment exactly as sent. */
  memoTelegramId: number | null;
  /** Did the value stay with us? A bounced message is our own money returning; an aborted one was not accepted. */
  outcome: 'received' | 'bounced' | 'aborted';
}

const MAX_STORED_COMMENT = 2000;

/** PostgreSQL text cannot hold NUL; a sender could put one in a comment and must not stall the watcher. */
function storable(text: string): string {
  return text.replaceAll('\u0000', '');
}

/**
 * An incoming internal message carrying value, or null for everything else
 * (external messages, i.e. our own wallet's outgoing orders, and tick-tock or other transactions).
 */
export function incomingTransfer(tx: IndexerTransaction): IncomingTransfer | null {
  const message = tx.in_msg;
  if (!message || !message.source) return null;
  const decoded = message.message_content?.decoded;
  const comment =
    decoded && decoded.type === 'text_comment' && typeof decoded.comment === 'string'
      ? decoded.comment
      : null;
  const outcome = message.bounced ? 'bounced' : tx.description?.aborted ? 'aborted' : 'received';
  return {
    hash: tx.hash,
    lt: tx.lt,
    time: new Date(tx.now * 1000),
    source: rawTonAddress(message.source) ?? storable(message.source),
    nanotons: BigInt(message.value ?? '0'),
    comment: comment === null ? null : storable(comment).slice(0, MAX_STORED_COMMENT),
    memoTelegramId: telegramIdFromMemo(comment),
    outcome,
  };
}
