/**
 * An advisor's TON address for a payout, checked with @ton/core: the user-friendly forms
 * (bounceable "EQ…"/"kQ…" and non-bounceable "UQ…"/"0Q…", URL-safe or not, checksum checked) and
 * the raw form "0:<64 hex>". Only the basechain (workchain 0), where wallets live. A testnet-only
 * address is refused when Seer pays on mainnet: its owner expects test coins, not real ones.
 * Also: the payout comment's cell, and a bounced message's body read back to its payout.
 */
import { Address, beginCell, Cell } from '@ton/core';
import { payoutIdFromComment } from '@seer/contract';

export type TonNetworkName = 'mainnet' | 'testnet';

export type ParsedAddress =
  { ok: true; address: Address; raw: string } | { ok: false; problem: string };

export function parsePayoutAddress(text: string, network: TonNetworkName): ParsedAddress {
  const input = text.trim();
  let address: Address;
  let testOnly = false;
  try {
    if (Address.isRaw(input)) address = Address.parseRaw(input);
    else if (Address.isFriendly(input)) {
      const friendly = Address.parseFriendly(input);
      address = friendly.address;
      testOnly = friendly.isTestOnly;
    } else {
      return {
        ok: false,
        problem: 'address is not a TON address (e.g. UQ… or EQ…, 48 characters, or 0:<64 hex>)',
      };
    }
  } catch {
    return { ok: false, problem: 'address has a wrong checksum: check it was copied whole' };
  }
  if (address.workChain !== 0)
    return { ok: false, problem: 'address must be on the basechain (a wallet address)' };
  if (testOnly && network === 'mainnet')
    return {
      ok: false,
      problem: 'address is a testnet address; payouts are sent on the TON mainnet',
    };
  return { ok: true, address, raw: address.toRawString() };
}

/** The form a payout message is sent to: non-bounceable, so an undeployed wallet still receives. */
export function payoutDestination(raw: string, network: TonNetworkName): string {
  return Address.parseRaw(raw).toString({
    urlSafe: true,
    bounceable: false,
    testOnly: network === 'testnet',
  });
}

/** A text comment as TON Connect's payload: op 0 then the text, as a base64 bag of cells. */
export function commentPayload(text: string): string {
  return beginCell().storeUint(0, 32).storeStringTail(text).endCell().toBoc().toString('base64');
}

/**
 * The payout a bounced message returns: its body is 0xFFFFFFFF followed by the start of the
 * message we sent (op 0 and the comment "payout <id>"). Null for anything else.
 */
export function bouncedPayoutId(bodyBase64: string | null | undefined): number | null {
  if (!bodyBase64) return null;
  try {
    const slice = Cell.fromBase64(bodyBase64).beginParse();
    if (slice.loadUint(32) !== 0xffffffff) return null;
    if (slice.loadUint(32) !== 0) return null;
    return payoutIdFromComment(slice.loadStringTail());
  } catch {
    return null;
  }
}

/** A base64 (or base64url) hash as explorers show it: 64 hex digits. */
export function hashHex(hash: string): string {
  const bytes = Buffer.from(hash.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return bytes.length === 32 ? bytes.toString('hex') : hash;
}
