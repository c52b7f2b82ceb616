/**
 * The server's half of decision 038: a top-up outside Telegram Stars (NOWPayments crypto, a TON
 * payment the app starts) that the Mini App says it starts inside Telegram's iOS or Android app is
 * refused under PHONE_PAYMENTS=stars-only. Init data does not carry the platform, so the app names
 * it in a header (TELEGRAM_PLATFORM_HEADER): this keeps our own app honest on phones, even an old
 * copy of it; it is not a lock against someone who writes their own requests.
 */
import { otherPaymentsAllowed, type PhonePaymentsPolicy } from '@seer/contract';
import { ForbiddenError } from '../errors.js';

/** The platform the request names, or null (no header: a plain browser or another client). */
export function namedPlatform(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  return value === undefined ? null : value.slice(0, 32);
}

/** Throws 403 when `method` may not be started on `platform` under `policy`. */
export function assertOtherPaymentAllowed(
  policy: PhonePaymentsPolicy,
  platform: string | null,
  method: string,
): void {
  if (!otherPaymentsAllowed(policy, platform))
    throw new ForbiddenError(
      `${method} top-ups are not offered in Telegram's phone apps; top up with Telegram Stars`,
    );
}
