/**
 * SQL of payments' part in a user's data: top-ups in the export; in a deletion every payment
 * record (Stars invoices and charges with their charge ids, TON quotes and deposits, crypto
 * invoices and payments) is kept and moves to the tombstone.
 */
import type { Sql } from '../db/database.js';
import type { PersonalData } from '../kernel/module.js';

export const paymentsPersonalData = (): PersonalData => ({
  export: async (sql, telegramId) => ({
    stars_payments: await sql`
      SELECT telegram_payment_charge_id, stars, amount_cents, refunded_at, created_at
      FROM stars_payments WHERE user_id = ${telegramId} ORDER BY id`,
    ton_deposits: await sql`
      SELECT tx_hash, source, amount_nanotons::text AS amount_nanotons, amount_cents, status, created_at
      FROM ton_deposits WHERE user_id = ${telegramId} ORDER BY id`,
    crypto_payments: await sql`
      SELECT payment_id, status, pay_amount, pay_currency, credited_cents, created_at
      FROM crypto_payments WHERE user_id = ${telegramId} ORDER BY created_at`,
  }),
  erase: async (tx, { telegramId, tombstoneId }) => {
    await tx`UPDATE stars_invoices SET user_id = ${tombstoneId} WHERE user_id = ${telegramId}`;
    await tx`UPDATE stars_payments SET user_id = ${tombstoneId} WHERE user_id = ${telegramId}`;
    await tx`UPDATE ton_quotes SET user_id = ${tombstoneId} WHERE user_id = ${telegramId}`;
    await tx`UPDATE ton_deposits SET user_id = ${tombstoneId} WHERE user_id = ${telegramId}`;
    await tx`UPDATE crypto_invoices SET user_id = ${tombstoneId} WHERE user_id = ${telegramId}`;
    await tx`UPDATE crypto_payments SET user_id = ${tombstoneId} WHERE user_id = ${telegramId}`;
  },
});

/** Telegram Stars charges of the user not refunded yet: what support may still refund before a deletion. */
export async function refundableStarsPayments(sql: Sql, telegramId: number): Promise<number> {
  const [row] = await sql<{ count: number }[]>`
    SELECT count(*)::int AS count FROM stars_payments
    WHERE user_id = ${telegramId} AND refunded_at IS NULL`;
  return row?.count ?? 0;
}
