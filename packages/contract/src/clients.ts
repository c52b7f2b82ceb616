/**
 * The client card of the advisor's workspace (docs/decisions/044-client-card.md): who the advisor
 * is talking to, the advisor's private note and quick replies, and the user's consent to show
 * their birth data to advisors.
 */
import { z } from 'zod';
import { quickReplyIdField, telegramIdField } from './ids.js';
import { LOCALES } from './limits.js';
import { textField } from './text-field.js';
import { ZODIAC_SIGNS } from './zodiac.js';

const ok = z.literal('success');

export const CLIENT_CARD_LIMITS = {
  /** Characters of an advisor's private note about one client. */
  noteMaxLength: 2000,
  /** Characters of one quick reply (it goes into the reply box, which holds 1000). */
  quickReplyMaxLength: 500,
  /** Quick replies an advisor may keep per language. */
  quickRepliesPerLanguage: 20,
  /** The client's earlier tarot and dream requests shown on the card, newest first. */
  requestsShown: 20,
} as const;

const sign = z.enum(ZODIAC_SIGNS);

/** Birth data, natal Sun and Moon: present only while the client lets advisors see them. */
export const ClientAstrology = z.object({
  /** YYYY-MM-DD. */
  birth_date: z.string(),
  /** HH:MM, or null when the client did not give the time. */
  birth_time: z.string().nullable(),
  /** A city id of BIRTH_CITIES or "UTC±HH:MM"; null when not given. */
  birth_place: z.string().nullable(),
  /** The sign of the birth date. */
  sign,
  /** The natal Sun's sign, computed from the sky (may differ from `sign` on a cusp day). */
  sun: sign,
  /** The natal Moon's sign, or the signs it may be in when the time or place is unknown. */
  moon: z.array(sign),
  /** Whether the Moon is exact (time and place known). */
  exact: z.boolean(),
});
export type ClientAstrology = z.infer<typeof ClientAstrology>;

export const ClientRequest = z.object({
  id: z.number().int(),
  kind: z.enum(['tarot', 'dream']),
  text: z.string(),
  date: z.string(),
});
export type ClientRequest = z.infer<typeof ClientRequest>;

export const ClientNote = z.object({ text: z.string(), updated_at: z.string() });
export type ClientNote = z.infer<typeof ClientNote>;

export const ClientCard = z.object({
  telegram_user_id: z.number().int(),
  name: z.string(),
  username: z.string().nullable(),
  /** The client's language in Seer (their quick replies are offered first). */
  language: z.enum(LOCALES),
  /** Whether the client lets advisors see their birth data. */
  shares_birth_data: z.boolean(),
  /** Null without the client's consent, or when they gave no birth date. */
  astrology: ClientAstrology.nullable(),
  /** Earlier tarot and dream requests in this dialog, newest first. */
  requests: z.array(ClientRequest),
  /** The advisor's private note about this client; only this advisor sees it. */
  note: ClientNote.nullable(),
});
export type ClientCard = z.infer<typeof ClientCard>;

/** ManagerGetClientCard.php */
export const ClientCardQuery = z.object({ telegram_user_id: telegramIdField });
export const ClientCardAnswer = z.object({ status: ok, card: ClientCard });

/** ManagerSaveClientNote.php: an empty text removes the note. */
export const SaveClientNoteBody = z.object({
  telegram_user_id: telegramIdField,
  text: textField('text', { max: CLIENT_CARD_LIMITS.noteMaxLength, multiline: true }),
});
export const SaveClientNoteAnswer = z.object({ status: ok, note: ClientNote.nullable() });

export const QuickReply = z.object({
  id: z.number().int(),
  language: z.enum(LOCALES),
  text: z.string(),
});
export type QuickReply = z.infer<typeof QuickReply>;

const quickReplyText = textField('text', {
  max: CLIENT_CARD_LIMITS.quickReplyMaxLength,
  multiline: true,
  required: true,
});

/** ManagerGetQuickReplies.php: the advisor's quick replies, by language, in their order. */
export const QuickRepliesAnswer = z.object({ status: ok, quick_replies: z.array(QuickReply) });
/** ManagerAddQuickReply.php: appended at the end of its language. */
export const AddQuickReplyBody = z.object({
  language: z.enum(LOCALES, { error: `language must be one of ${LOCALES.join(', ')}` }),
  text: quickReplyText,
});
/** ManagerEditQuickReply.php */
export const EditQuickReplyBody = z.object({ id: quickReplyIdField, text: quickReplyText });
export const QuickReplyAnswer = z.object({ status: ok, quick_reply: QuickReply });
/** ManagerDeleteQuickReply.php */
export const DeleteQuickReplyBody = z.object({ id: quickReplyIdField });

/**
 * GetBirthDataSharing.php / SetBirthDataSharing.php: whether advisors may see the user's birth
 * data (off until the user allows it), and whether the user has answered the chat's question.
 */
export const BirthDataSharing = z.object({ allowed: z.boolean(), answered: z.boolean() });
export type BirthDataSharing = z.infer<typeof BirthDataSharing>;
export const BirthDataSharingAnswer = z.object({ status: ok, sharing: BirthDataSharing });
export const SetBirthDataSharingBody = z.object({
  allowed: z.boolean({ error: 'allowed must be true or false' }),
});
