/**
 * SQL of links' part in a user's data: the invite code goes; a referral (as invitee or inviter)
 * is kept for the other side's monthly reward count and moves to the tombstone.
 */
import type { PersonalData } from '../kernel/module.js';

export const linksPersonalData = (): PersonalData => ({
  export: async (sql, telegramId) => ({
    invite_code:
      (
        await sql<{ code: string }[]>`
      SELECT code FROM referral_codes WHERE user_id = ${telegramId}`
      )[0]?.code ?? null,
    invited_by_link:
      (
        await sql`
      SELECT via, created_at, qualified_at FROM referrals WHERE invitee_id = ${telegramId}`
      )[0] ?? null,
    invited: await sql`
      SELECT via, created_at, qualified_at, inviter_rewarded FROM referrals
      WHERE inviter_id = ${telegramId} ORDER BY created_at`,
  }),
  erase: async (tx, { telegramId, tombstoneId }) => {
    await tx`DELETE FROM referral_codes WHERE user_id = ${telegramId}`;
    await tx`UPDATE referrals SET invitee_id = ${tombstoneId} WHERE invitee_id = ${telegramId}`;
    await tx`UPDATE referrals SET inviter_id = ${tombstoneId} WHERE inviter_id = ${telegramId}`;
  },
});
