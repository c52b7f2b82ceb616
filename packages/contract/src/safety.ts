/**
 * Reports and blocks (docs/decisions/048-reports-and-blocks.md): a user or an advisor reports a
 * message of the other party, a user reports an advisor, staff review the reports; a user blocks
 * an advisor, an advisor blocks a user.
 */
import { z } from 'zod';
import { advisorIdField, messageIdField, telegramIdField } from './ids.js';
import { textField } from './text-field.js';

const ok = z.literal('success');
/** `reports.id` is a BIGSERIAL: the same range as a message's id. */
const reportIdField = messageIdField;

export const REPORT_REASONS = ['spam', 'abuse', 'off_platform_payment', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const SAFETY_LIMITS = {
  /** Characters of a report's own words. */
  reportTextMaxLength: 1000,
  /** Characters of staff's note on a decision (and of a warning's text). */
  decisionNoteMaxLength: 1000,
  /** Messages shown on each side of a reported message in the admin queue. */
  contextMessages: 5,
} as const;

const reason = z.enum(REPORT_REASONS, {
  error: `reason must be one of ${REPORT_REASONS.join(', ')}`,
});
const reportText = textField('text', {
  max: SAFETY_LIMITS.reportTextMaxLength,
  multiline: true,
  required: false,
}).optional();

/** ReportMessage.php: a message of the other party of one of the caller's dialogs. */
export const ReportMessageBody = z.object({
  message_id: messageIdField,
  reason,
  text: reportText,
});
/** ReportAdvisor.php: an advisor, by a user. */
export const ReportAdvisorBody = z.object({
  manager_id: advisorIdField,
  reason,
  text: reportText,
});
export const ReportAnswer = z.object({ status: ok, report_id: z.number().int() });

/** BlockAdvisor.php / UnblockAdvisor.php. */
export const BlockAdvisorBody = z.object({ manager_id: advisorIdField });
/** ManagerBlockUser.php / ManagerUnblockUser.php. */
export const BlockUserBody = z.object({ telegram_user_id: telegramIdField });

/** Who blocked whom between the caller and the other party of one dialog. */
export const BlockState = z.object({
  /** The caller blocked the other party. */
  you_blocked: z.boolean(),
  /** The other party blocked the caller. */
  blocked_you: z.boolean(),
});
export type BlockState = z.infer<typeof BlockState>;
export const BlockStateAnswer = z.object({ status: ok, block: BlockState });
export const BlockStateQuery = z.object({ manager_id: advisorIdField });
export const ManagerBlockStateQuery = z.object({ telegram_user_id: telegramIdField });

export const BlockedAdvisor = z.object({
  manager_id: z.number().int(),
  name: z.string(),
  avatar: z.string(),
  blocked_at: z.string(),
});
export type BlockedAdvisor = z.infer<typeof BlockedAdvisor>;
export const BlockedAdvisorsAnswer = z.object({ status: ok, advisors: z.array(BlockedAdvisor) });

// ---------- staff ----------

export const REPORT_ACTIONS = [
  'dismiss',
  'warn',
  'hide',
  'suspend_advisor',
  'suspend_user',
] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];
export const REPORT_OUTCOMES = [
  'dismissed',
  'warned',
  'hidden',
  'suspended_advisor',
  'suspended_user',
] as const;

export const ContextMessage = z.object({
  id: z.number().int(),
  sender: z.enum(['user', 'manager']),
  kind: z.string(),
  text: z.string(),
  image_url: z.string().nullable(),
  date: z.string(),
  /** Hidden from the dialog's parties (staff see it). */
  hidden: z.boolean(),
  /** The reported message itself. */
  reported: z.boolean(),
});
export type ContextMessage = z.infer<typeof ContextMessage>;

export const AdminReport = z.object({
  id: z.number().int(),
  reporter_id: z.number().int(),
  reporter_role: z.enum(['user', 'manager']),
  reporter_name: z.string(),
  /** The dialog's user and advisor. */
  telegram_user_id: z.number().int(),
  user_name: z.string(),
  manager_id: z.number().int(),
  advisor_name: z.string(),
  /** Null for a report of the advisor. */
  message_id: z.number().int().nullable(),
  reason,
  text: z.string(),
  status: z.enum(['open', 'closed']),
  outcome: z.enum(REPORT_OUTCOMES).nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  /** Distinct users with reports still open about this advisor. */
  open_reporters_of_advisor: z.number().int(),
  /** The advisor is held out of the catalogue until their reports are reviewed. */
  advisor_held: z.boolean(),
  advisor_active: z.boolean(),
  user_suspended: z.boolean(),
  /** The reported message with the messages around it, or the dialog's newest for an advisor report. */
  context: z.array(ContextMessage),
});
export type AdminReport = z.infer<typeof AdminReport>;

export const AdminReportsQuery = z.object({
  status: z.enum(['open', 'closed']).optional(),
});
export const AdminReportsAnswer = z.object({ status: ok, reports: z.array(AdminReport) });

export const AdminDecideReportBody = z.object({
  report_id: reportIdField,
  action: z.enum(REPORT_ACTIONS, { error: `action must be one of ${REPORT_ACTIONS.join(', ')}` }),
  /** Staff's note for the audit log; for `warn`, added to the warning the reported party reads. */
  note: textField('note', {
    max: SAFETY_LIMITS.decisionNoteMaxLength,
    multiline: true,
    required: false,
  }).optional(),
});
export const AdminDecideReportAnswer = z.object({
  status: ok,
  /** How many open reports this decision closed (the reported thing's). */
  closed: z.number().int(),
});

export const AdminLiftSuspensionBody = z.object({ telegram_user_id: telegramIdField });
export const AdminLiftSuspensionAnswer = z.object({ status: ok, lifted: z.boolean() });
