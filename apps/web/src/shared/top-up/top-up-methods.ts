/**
 * Which top-up methods the balance screen lists here, by the operator's PHONE_PAYMENTS and
 * Telegram's platform (docs/decisions/038-phone-payments-by-telegrams-rules.md). Telegram Stars
 * (and the card brands, which pay in Stars) and demo mode's test payment are listed wherever they
 * are configured; TON and crypto only where `otherPaymentsAllowed` says so. A phone never sees a
 * hint that they exist elsewhere either: pointing to another way of paying is what the stores'
 * rules forbid too.
 */
import { otherPaymentsAllowed, paymentSurface, type PhonePaymentsPolicy } from '@seer/contract';

/**
 * Whether TON (wallet, "Top up", instructions) and "Deposit Crypto" are listed. `policy` is null
 * until GetDepositInfo answers: a phone lists none meanwhile, so they never flash up there.
 */
export function listsTonAndCrypto(
  policy: PhonePaymentsPolicy | null,
  platform: string | null,
): boolean {
  if (policy === null) return paymentSurface(platform) !== 'phone';
  return otherPaymentsAllowed(policy, platform);
}
