/** AdminReferralCredits and AdminReverseReferral: referral credits (free messages), and taking one back. */
import type { CallAnswer } from '@seer/contract';
import { callApi } from '../../../lib/api-client';
import { invalidate, useData } from '../../../lib/use-data';
import { ADMIN_KEY, usersPrefix } from './keys';

export type AdminReferralCreditRow = CallAnswer<'AdminReferralCredits'>['credits'][number];

const referralsPrefix = `${ADMIN_KEY}referrals:`;

export function useReferralCredits(telegramUserId: number | null) {
  return useData(`${referralsPrefix}${telegramUserId ?? ''}`, () =>
    callApi('AdminReferralCredits', {
      query: telegramUserId === null ? {} : { telegram_user_id: telegramUserId },
    }),
  );
}

export async function reverseReferral(ledgerId: number, reason: string) {
  const answer = await callApi('AdminReverseReferral', { body: { ledger_id: ledgerId, reason } });
  invalidate(referralsPrefix);
  invalidate(usersPrefix);
  return answer;
}
