/** Calls of the advisors' workspace and of the admin section (docs/product-rules.md#identity). */
import { z } from 'zod';
import { withAdvisorId } from './advisor-id.js';
import {
  advisorIdField,
  categoryIdField,
  depositIdField,
  imageIdField,
  telegramIdField,
} from './ids.js';
import { LIMITS, LOCALES } from './limits.js';
import { textField } from './text-field.js';
import { calendarDateField } from './dates.js';

const ok = z.literal('success');
/** Dollars typed by a person: "12.50", 12.5; negative allowed where a debit is meant. */
const dollars = z.union([z.string().trim().max(20), z.number()]);

// ---------- the advisors' workspace ----------

export const AdvisorEarnings = z.object({
  today_cents: z.number().int(),
  month_cents: z.number().int(),
  total_cents: z.number().int(),
  unpaid_cents: z.number().int(),
  paid_messages: z.number().int(),
  price_cents: z.number().int(),
  recent: z.array(
    z.object({
      message_id: z.number().int(),
      amount_cents: z.number().int(),
      created_at: z.string(),
      user_name: z.string(),
    }),
  ),
});
export const ManagerGetEarningsAnswer = z.object({ status: ok, earnings: AdvisorEarnings });
export const ManagerGetProfileAnswer = z.object({
  status: ok,
  manager: z.object({
    id: z.number().int(),
    name: z.string(),
    avatar: z.string(),
    category_id: z.number().int(),
    price_cents: z.number().int(),
    away: z.boolean(),
    isOnline: z.boolean(),
    rating: z.number(),
    reviews: z.number().int(),
  }),
});

// ---------- admin ----------

export const AdminAdvisor = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar: z.string(),
  category_id: z.number().int(),
  description: z.string(),
  additional_info: z.string(),
  price_cents: z.number().int(),
  experience: z.number().int(),
  clients: z.number().int(),
  languages: z.array(z.string()),
  /** The language of description and additional_info (the advisor's own). */
  text_language: z.string(),
  /** The same two texts in other languages. */
  translations: z.record(
    z.string(),
    z.object({ description: z.string(), additional_info: z.string() }),
  ),
  is_active: z.boolean(),
  is_demo: z.boolean(),
  telegram_id: z.number().int().nullable(),
  rating: z.number(),
  reviews: z.number().int(),
});
export type AdminAdvisor = z.infer<typeof AdminAdvisor>;

export const AdminSaveAdvisorBody = z
  .object({
    /** Absent: create. */
    id: advisorIdField.optional(),
    name: textField('name', { max: LIMITS.advisorNameMaxLength, required: true }),
    category_id: categoryIdField,
    description: textField('description', {
      max: LIMITS.advisorTextMaxLength,
      multiline: true,
    }).default(''),
    additional_info: textField('additional_info', {
      max: LIMITS.advisorTextMaxLength,
      multiline: true,
    }).default(''),
    price: dollars,
    experience: z.coerce.number().int().min(0).max(80).default(0),
    clients: z.coerce.number().int().min(0).max(10_000_000).default(0),
    languages: z.array(z.string().trim().min(2).max(10)).max(10).default(['en', 'ru']),
    /** The language description and additional_info are written in. */
    text_language: z.enum(LOCALES, { error: 'text_language must be one of: ru, en' }).default('en'),
    /** The two texts in the other languages; replaces what was stored (an absent language is dropped). */
    translations: z
      .partialRecord(
        z.enum(LOCALES, { error: 'translations: languages are ru and en' }),
        z
          .object({
            description: textField('description', {
              max: LIMITS.advisorTextMaxLength,
              multiline: true,
            }).default(''),
            additional_info: textField('additional_info', {
              max: LIMITS.advisorTextMaxLength,
              multiline: true,
            }).default(''),
          })
          .strict(),
      )
      .default({}),
    is_active: z.boolean().default(true),
    /** An image uploaded with UploadImage.php becomes the avatar. */
    avatar_image_id: imageIdField.optional(),
  })
  .strict();

export const AdminLinkAdvisorBody = z
  .object({ manager_id: advisorIdField, telegram_id: telegramIdField.nullable() })
  .transform(withAdvisorId);
export const AdminUsersQuery = z.object({ q: z.string().trim().max(64).optional() });
export const AdminUser = z.object({
  telegram_user_id: z.number().int(),
  name: z.string(),
  username: z.string().nullable(),
  balance_cents: z.number().int(),
  free_messages: z.number().int(),
  created_at: z.string(),
});
export const AdminLedgerQuery = z.object({ telegram_user_id: telegramIdField });
export const LedgerEntry = z.object({
  id: z.number().int(),
  amount_cents: z.number().int(),
  reason: z.string(),
  note: z.string().nullable(),
  reference: z.string().nullable(),
  created_at: z.string(),
});
export const AdminCreditBody = z.object({
  telegram_user_id: telegramIdField,
  /** Signed dollars: "10", "-2.50". */
  amount: dollars,
  reason: textField('reason', {
    max: LIMITS.reviewTextMaxLength,
    multiline: true,
    required: true,
  }),
});
export const AdminPayoutsQuery = z.object({
  from: calendarDateField('from').optional(),
  to: calendarDateField('to').optional(),
  format: z.enum(['json', 'csv']).optional(),
});
export const AdminPayoutRow = z.object({
  manager_id: z.number().int(),
  name: z.string(),
  messages: z.number().int(),
  earned_cents: z.number().int(),
  paid_cents: z.number().int(),
  unpaid_cents: z.number().int(),
});
export const AdminAuditEntry = z.object({
  id: z.number().int(),
  actor_telegram_id: z.number().int(),
  action: z.string(),
  details: z.unknown(),
  created_at: z.string(),
});

export const AdminListAdvisorsAnswer = z.object({ status: ok, advisors: z.array(AdminAdvisor) });
export const AdminSaveAdvisorAnswer = z.object({ status: ok, advisor: AdminAdvisor });
export const AdminListUsersAnswer = z.object({ status: ok, users: z.array(AdminUser) });
export const AdminLedgerAnswer = z.object({
  status: ok,
  user: AdminUser,
  ledger: z.array(LedgerEntry),
});
export const AdminCreditAnswer = z.object({
  status: ok,
  balance_cents: z.number().int(),
  amount_cents: z.number().int(),
});
export const AdminPayoutsAnswer = z.object({
  status: ok,
  from: z.string().nullable(),
  to: z.string().nullable(),
  payouts: z.array(AdminPayoutRow),
});
export const AdminAuditAnswer = z.object({ status: ok, entries: z.array(AdminAuditEntry) });
export const AdminStatusAnswer = z.object({ status: ok });
/** End every session of a user (the admin section's twin of `end-sessions`, decision 034). */
export const AdminEndSessionsBody = z.object({ telegram_user_id: telegramIdField });
/** `ended`: how many sessions were live; init data signed before now is refused from then on. */
export const AdminEndSessionsAnswer = z.object({ status: ok, ended: z.number().int() });

// ---------- admin: money received (TON deposits, Telegram Stars) ----------

export const AdminDepositsQuery = z.object({
  /** Absent or "unmatched": deposits waiting for an admin; "all": every deposit. */
  status: z.enum(['unmatched', 'all']).optional(),
});
export const AdminDeposit = z.object({
  id: z.number().int(),
  /** pending: waits for a fresh TON rate (decision 037). */
  status: z.enum(['credited', 'assigned', 'unmatched', 'bounced', 'aborted', 'pending']),
  tx_hash: z.string(),
  tx_time: z.string(),
  source: z.string().nullable(),
  /** Nanotons as a decimal string (beyond 2^53). */
  amount_nanotons: z.string(),
  amount_cents: z.number().int(),
  /** The transfer's text comment (the memo). */
  comment: z.string().nullable(),
  telegram_user_id: z.number().int().nullable(),
  /** Why it is unmatched or pending, or what happened (e.g. the error of a transfer that kept failing). */
  note: z.string().nullable(),
});
export const AdminAssignDepositBody = z.object({
  deposit_id: depositIdField,
  telegram_user_id: telegramIdField,
});
export const AdminStarsPaymentsQuery = z.object({ telegram_user_id: telegramIdField.optional() });
export const AdminStarsPayment = z.object({
  telegram_payment_charge_id: z.string(),
  telegram_user_id: z.number().int(),
  stars: z.number().int(),
  amount_cents: z.number().int(),
  created_at: z.string(),
  refunded_at: z.string().nullable(),
});
export const AdminRefundStarsBody = z.object({
  telegram_payment_charge_id: z
    .string()
    .trim()
    .min(1, { error: 'telegram_payment_charge_id is required' })
    .max(256),
});

export const AdminDepositsAnswer = z.object({ status: ok, deposits: z.array(AdminDeposit) });
export const AdminAssignDepositAnswer = z.object({
  status: ok,
  deposit: AdminDeposit,
  balance_cents: z.number().int(),
  credited_cents: z.number().int(),
});
export const AdminStarsPaymentsAnswer = z.object({
  status: ok,
  payments: z.array(AdminStarsPayment),
});
export const AdminRefundStarsAnswer = z.object({
  status: ok,
  payment: AdminStarsPayment,
  debited_cents: z.number().int(),
  balance_cents: z.number().int().nullable(),
});

// ---------- admin: crypto top-ups (NOWPayments) ----------

export const ADMIN_CRYPTO_STATUSES = [
  'waiting',
  'confirming',
  'confirmed',
  'sending',
  'partially_paid',
  'finished',
  'failed',
  'refunded',
  'expired',
] as const;
export const AdminCryptoPaymentsQuery = z.object({
  telegram_user_id: telegramIdField.optional(),
  /** Only payments in this status (partially_paid: paid too little, nothing credited). */
  status: z.enum(ADMIN_CRYPTO_STATUSES).optional(),
});
/** One NOWPayments payment: its latest status, what was paid and what was credited. */
export const AdminCryptoPayment = z.object({
  payment_id: z.string(),
  /** The NOWPayments status as received (waiting ... finished, partially_paid, failed, expired, refunded). */
  status: z.string(),
  order_id: z.string().nullable(),
  /** Null when the payment named no invoice of ours (unmatched). */
  telegram_user_id: z.number().int().nullable(),
  /** The invoice's amount (what a finished payment credits); null when unmatched. */
  invoice_cents: z.number().int().nullable(),
  credited_cents: z.number().int(),
  credited_at: z.string().nullable(),
  /** What NOWPayments priced (price_amount price_currency) and what the payer sent (actually_paid pay_currency), as text. */
  price_amount: z.string().nullable(),
  price_currency: z.string().nullable(),
  pay_amount: z.string().nullable(),
  actually_paid: z.string().nullable(),
  pay_currency: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export const AdminCryptoPaymentsAnswer = z.object({
  status: ok,
  payments: z.array(AdminCryptoPayment),
});
