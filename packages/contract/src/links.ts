/**
 * Deep links, sharing and referrals (docs/product-rules.md#deep-links-sharing-and-referrals,
 * docs/decisions/026-deep-links-and-referrals.md): the start parameter's payloads, which the Mini
 * App (start_param) and the bot (/start <payload>) read the same way, and the calls around them.
 */
import { z } from 'zod';
import { advisorIdField, depositIdField, telegramIdField } from './ids.js';
import { LIMITS, LOCALES } from './limits.js';
import { textField } from './text-field.js';

export * from './start-payload.js';

const ok = z.literal('success');

// ---------- calls ----------

export const ShareAdvisorBody = z.object({
  manager_id: advisorIdField,
  /** The card's language (the app's); absent: the user's own. */
  lang: z.enum(LOCALES).optional(),
});
export const ShareAdvisorAnswer = z.object({
  status: ok,
  /** A prepared inline message for Telegram.WebApp.shareMessage; null when Telegram would not prepare one. */
  prepared_message_id: z.string().nullable(),
  /** The link that opens this advisor's profile (the Mini App link with startapp=advisor_<id>). */
  link: z.string(),
});

export const GetInviteAnswer = z.object({
  status: ok,
  code: z.string(),
  /** The invite link: the Mini App's ?startapp=ref_<code>, or the bot's ?start=ref_<code>; null while neither is known. */
  link: z.string().nullable(),
  /** People who joined through this user's link. */
  joined: z.number().int(),
  /** Of them, those whose first top-up earned this user a reward. */
  rewarded: z.number().int(),
  /** Free messages this user earned by inviting (after any reversal). */
  earned_free_messages: z.number().int(),
  /** What inviter and invitee each get at the invitee's first top-up. */
  free_messages_per_invite: z.number().int(),
});

export const AdminReferralCredit = z.object({
  ledger_id: z.number().int(),
  telegram_user_id: z.number().int(),
  user_name: z.string().nullable(),
  /** 'inviter' or 'invitee': which side of the referral this credit went to. */
  role: z.enum(['inviter', 'invitee']),
  invitee_id: z.number().int(),
  inviter_id: z.number().int(),
  free_messages: z.number().int(),
  created_at: z.string(),
  /** Free messages taken back by a reversal; null when not reversed. */
  reversed_free_messages: z.number().int().nullable(),
});
export const AdminReferralCreditsQuery = z.object({
  telegram_user_id: telegramIdField.optional(),
});
export const AdminReferralCreditsAnswer = z.object({
  status: ok,
  credits: z.array(AdminReferralCredit),
});
export const AdminReverseReferralBody = z.object({
  ledger_id: depositIdField,
  reason: textField('reason', { max: LIMITS.reviewTextMaxLength, multiline: true, required: true }),
});
export const AdminReverseReferralAnswer = z.object({
  status: ok,
  /** Free messages taken back (never more than the user still had). */
  taken_back: z.number().int(),
  /** Free messages already spent, which stay spent. */
  already_used: z.number().int(),
});
