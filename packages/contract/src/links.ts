/**
 * Deep links, sharing and referrals (docs/product-rules.md#deep-links-sharing-and-referrals,
 * docs/decisions/026-deep-links-and-referrals.md): the start parameter's payloads, which the Mini
 * App (start_param) and the bot (/start <payload>) read the same way, and the calls around them.
 */
import { z } from 'zod';
import { advisorIdField, depositIdField, telegramIdField } from './ids.js';
import { LIMITS, LOCALES } from './limits.js';
import { textField } from './text-field.js';

const ok = z.literal('success');

/** An invite code: 8 lowercase letters and digits (what `ref_<code>` carries). */
export const REFERRAL_CODE_PATTERN = /^[a-z0-9]{8}$/;

/** What a start parameter asks for; null for anything unknown or malformed (the app opens home). */
export type StartPayload =
  | { kind: 'advisor'; advisorId: number }
  | { kind: 'chat'; advisorId: number }
  | { kind: 'ref'; code: string };

const ID = /^(advisor|chat)_([1-9]\d{0,8})$/;
const REF = /^ref_([a-z0-9]{8})$/;

/** Reads `advisor_<id>`, `chat_<id>` or `ref_<code>`; anything else (or too long) is null. */
export function parseStartPayload(value: string | null | undefined): StartPayload | null {
  if (typeof value !== 'string' || value.length > 64) return null;
  const id = ID.exec(value);
  if (id) {
    const advisorId = Number(id[2]);
    return id[1] === 'advisor' ? { kind: 'advisor', advisorId } : { kind: 'chat', advisorId };
  }
  const ref = REF.exec(value);
  return ref ? { kind: 'ref', code: ref[1]! } : null;
}

/** The start parameter of a payload (the inverse of parseStartPayload). */
export function startPayload(payload: StartPayload): string {
  return payload.kind === 'ref' ? `ref_${payload.code}` : `${payload.kind}_${payload.advisorId}`;
}

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
