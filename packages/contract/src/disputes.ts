/**
 * Disputes (docs/decisions/049-disputes.md): from the chat, a user opens a case about paid
 * messages to one advisor ("Something went wrong with this reading"), within a window of days;
 * staff refund them in full or in part through the money path, once, or refuse with a reason.
 */
import { z } from 'zod';
import { advisorIdField, BIGINT_ID_MAX, messageIdField } from './ids.js';
import { textField } from './text-field.js';

const ok = z.literal('success');

export const DISPUTE_STATUSES = ['open', 'refunded', 'partly_refunded', 'refused'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

export const DISPUTE_LIMITS = {
  /** Most messages one case is about. */
  maxMessages: 50,
  textMaxLength: 2000,
  noteMaxLength: 1000,
  /** How many of a dialog's paid messages the chat offers to choose from (the newest). */
  choosableMessages: 50,
} as const;

/** A dispute's id (`disputes.id`): a JSON number or a string of digits. */
export const disputeIdField = z.preprocess(
  (value) => (typeof value === 'string' && /^\d{1,16}$/.test(value) ? Number(value) : value),
  z
    .number({ error: `id must be a whole number from 1 to ${BIGINT_ID_MAX}` })
    .int({ error: `id must be a whole number from 1 to ${BIGINT_ID_MAX}` })
    .min(1, { error: `id must be a whole number from 1 to ${BIGINT_ID_MAX}` })
    .max(BIGINT_ID_MAX, { error: `id must be a whole number from 1 to ${BIGINT_ID_MAX}` }),
) as z.ZodType<number, number | string>;

/** One paid message of a case: what it cost in money paid in, and what was given back for it. */
export const DisputeMessage = z.object({
  id: z.number().int(),
  /** The message's preview as the chat shows it. */
  text: z.string(),
  created_at: z.string(),
  /** The price less the part paid with credit money: the most a refund gives back for it. */
  refundable_cents: z.number().int(),
  refunded_cents: z.number().int(),
});
export type DisputeMessage = z.infer<typeof DisputeMessage>;

export const Dispute = z.object({
  id: z.number().int(),
  manager_id: z.number().int(),
  advisor_name: z.string(),
  status: z.enum(DISPUTE_STATUSES),
  /** What the user wrote. */
  text: z.string(),
  messages: z.array(DisputeMessage),
  /** What the messages cost in money paid in: the most a refund gives. */
  claimed_cents: z.number().int(),
  refunded_cents: z.number().int(),
  /** The reason of a refusal, or staff's words with a refund. */
  resolution_note: z.string().nullable(),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
});
export type Dispute = z.infer<typeof Dispute>;

export const OpenDisputeBody = z
  .object({
    manager_id: advisorIdField,
    message_ids: z
      .array(messageIdField, { error: 'message_ids must be a list of message ids' })
      .min(1, { error: 'message_ids must name at least one paid message' })
      .max(DISPUTE_LIMITS.maxMessages, {
        error: `message_ids may name at most ${DISPUTE_LIMITS.maxMessages} messages`,
      })
      .refine((ids) => new Set(ids).size === ids.length, {
        error: 'message_ids must not repeat a message',
      }),
    text: textField('text', { max: DISPUTE_LIMITS.textMaxLength, multiline: true, required: true }),
  })
  .strict();

export const DisputeAnswer = z.object({ status: ok, dispute: Dispute });

export const MyDisputesQuery = z.object({ manager_id: advisorIdField.optional() }).strict();
export const MyDisputesAnswer = z.object({ status: ok, disputes: z.array(Dispute) });

export const DisputableMessagesQuery = z.object({ manager_id: advisorIdField }).strict();

/** A paid message of the dialog that a new case may be about. */
export const DisputableMessage = z.object({
  id: z.number().int(),
  text: z.string(),
  created_at: z.string(),
  refundable_cents: z.number().int(),
});
export type DisputableMessage = z.infer<typeof DisputableMessage>;

export const DisputableMessagesAnswer = z.object({
  status: ok,
  /** The newest first: paid with money paid in, within the window, in no case, not credited back. */
  messages: z.array(DisputableMessage),
  /** DISPUTE_WINDOW_DAYS: how many days after a paid message a case may be opened about it. */
  window_days: z.number().int(),
  /** The dialog's open case, if any (one at a time per dialog). */
  open_dispute: Dispute.nullable(),
});

export const AdminDisputesQuery = z
  .object({ status: z.enum(DISPUTE_STATUSES).optional() })
  .strict();

export const AdminDispute = Dispute.extend({
  telegram_user_id: z.number().int(),
  user_name: z.string(),
});
export type AdminDispute = z.infer<typeof AdminDispute>;

export const AdminDisputesAnswer = z.object({ status: ok, disputes: z.array(AdminDispute) });

const noteField = textField('note', {
  max: DISPUTE_LIMITS.noteMaxLength,
  multiline: true,
  required: false,
});

export const AdminResolveDisputeBody = z.discriminatedUnion('decision', [
  z
    .object({
      id: disputeIdField,
      decision: z.literal('refund'),
      /** Less than the case's claim: a partial refund; absent: all of it. */
      refund_cents: z.number().int().positive().max(BIGINT_ID_MAX).optional(),
      note: noteField.optional(),
    })
    .strict(),
  z
    .object({
      id: disputeIdField,
      decision: z.literal('refuse'),
      /** Told to the user. */
      reason: textField('reason', {
        max: DISPUTE_LIMITS.noteMaxLength,
        multiline: true,
        required: true,
      }),
    })
    .strict(),
]);

export const AdminResolveDisputeAnswer = z.object({
  status: ok,
  dispute: AdminDispute,
  /** True when the same decision had been made already (a retry): nothing more was done. */
  already_resolved: z.boolean(),
});
