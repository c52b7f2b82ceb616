/**
 * Your data (docs/decisions/050-your-data.md): the user's data export, account deletion in two
 * steps, a dialog's transcript sent to the user's Telegram chat, and search in one chat.
 */
import { z } from 'zod';
import { withAdvisorId } from './advisor-id.js';
import { advisorIdField } from './ids.js';
import { textField } from './text-field.js';

const ok = z.literal('success');

export const PRIVACY_LIMITS = {
  /** How long a deletion's confirm token is good for, in seconds. */
  confirmTokenSeconds: 600,
  /** Characters of a chat search. */
  searchMaxLength: 100,
  /** Messages a chat search answers, newest first. */
  searchResults: 50,
} as const;

/** A file the bot could not send (no bot here, or the user never opened the bot): the app saves it. */
export const PrivacyFile = z.object({
  name: z.string(),
  mime: z.string(),
  /** The file's text (JSON or plain text, UTF-8). */
  text: z.string(),
});
export type PrivacyFile = z.infer<typeof PrivacyFile>;

/**
 * How a file reached the user: `chat` — the bot sent it as a document to their Telegram chat;
 * `download` — it is in `file` for the app to save (no bot on this server, or the bot may not write
 * to them: they have not started it or blocked it).
 */
export const FileDelivery = z.enum(['chat', 'download']);

/** No fields: the export is always the caller's whole data (a body, so the call is a POST). */
export const ExportMyDataBody = z.object({});

export const ExportMyDataAnswer = z.object({
  status: ok,
  delivered: FileDelivery,
  file: PrivacyFile.nullable(),
});
export type ExportMyDataAnswer = z.infer<typeof ExportMyDataAnswer>;

export const SendTranscriptAnswer = ExportMyDataAnswer;
export type SendTranscriptAnswer = ExportMyDataAnswer;

export const DeleteAccountBody = z.object({
  /** Absent: the first step (answers a token and what will be lost). Present: deletes. */
  confirm_token: z
    .string({ error: 'confirm_token must be a string' })
    .regex(/^[A-Za-z0-9_-]{20,100}$/, { error: 'confirm_token is not a token DeleteAccount gave' })
    .optional(),
});

export const DeleteAccountAnswer = z.discriminatedUnion('step', [
  z.object({
    status: ok,
    step: z.literal('confirm'),
    confirm_token: z.string(),
    expires_at: z.string(),
    /** What is left on the balance; deleting gives it up (nothing is refunded by deleting). */
    balance_cents: z.number().int(),
    free_messages: z.number().int(),
    /** Telegram Stars payments that may still be refunded to the user's Telegram account. */
    refundable_stars_payments: z.number().int(),
  }),
  z.object({ status: ok, step: z.literal('deleted') }),
]);
export type DeleteAccountAnswer = z.infer<typeof DeleteAccountAnswer>;

export const SearchMessagesQuery = z
  .object({
    manager_id: advisorIdField,
    query: textField('query', { max: PRIVACY_LIMITS.searchMaxLength, required: true }),
  })
  .transform(withAdvisorId);

export const FoundMessage = z.object({
  id: z.number().int(),
  sender: z.enum(['user', 'manager']),
  message_text: z.string(),
  message_date: z.string(),
});
export type FoundMessage = z.infer<typeof FoundMessage>;

export const SearchMessagesAnswer = z.object({ status: ok, messages: z.array(FoundMessage) });
export type SearchMessagesAnswer = z.infer<typeof SearchMessagesAnswer>;
