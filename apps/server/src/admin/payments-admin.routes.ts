/** Admin calls for money received: unmatched TON deposits (assign) and Telegram Stars payments (refund). Audited in the change's transaction. */
import type { FastifyInstance } from 'fastify';
import type { AuthService } from '../auth/index.js';
import type { PaymentsService, Deposit, StarsPayment } from '../payments/index.js';
import { registerCall } from '../http/register-call.js';
import type { AuditLog } from './admin.service.js';

function toAdminDeposit(d: Deposit) {
  return {
    id: d.id,
    status: d.status,
    tx_hash: d.tx_hash,
    tx_time: d.tx_time.toISOString(),
    source: d.source,
    amount_nanotons: String(d.amount_nanotons),
    amount_cents: d.amount_cents,
    comment: d.comment,
    telegram_user_id: d.user_id,
    note: d.note,
  };
}

function toAdminStarsPayment(p: StarsPayment) {
  return {
    telegram_payment_charge_id: p.telegram_payment_charge_id,
    telegram_user_id: p.user_id,
    stars: p.stars,
    amount_cents: p.amount_cents,
    created_at: p.created_at.toISOString(),
    refunded_at: p.refunded_at?.toISOString() ?? null,
  };
}

export function paymentsAdminRoutes(
  app: FastifyInstance,
  auth: AuthService,
  payments: PaymentsService,
  audit: AuditLog,
): void {
  registerCall(app, auth, 'AdminListDeposits', async ({ query }) => {
    const deposits =
      query.status === 'all'
        ? await payments.listDeposits({ limit: 200 })
        : await payments.listUnmatchedDeposits(200);
    return { status: 'success', deposits: deposits.map(toAdminDeposit) };
  });

  registerCall(app, auth, 'AdminAssignDeposit', async ({ identity, body }) => {
    const actor = identity.telegramId;
    const result = await payments.assignDeposit(
      actor,
      body.deposit_id,
      body.telegram_user_id,
      (tx, action, details) => audit.audit(tx, actor, action, details),
    );
    return {
      status: 'success',
      deposit: toAdminDeposit(result.deposit),
      balance_cents: result.balanceCents,
      credited_cents: result.creditedCents,
    };
  });

  registerCall(app, auth, 'AdminStarsPayments', async ({ query }) => ({
    status: 'success',
    payments: (
      await payments.listStarsPayments({ userId: query.telegram_user_id, limit: 200 })
    ).map(toAdminStarsPayment),
  }));

  registerCall(app, auth, 'AdminRefundStars', async ({ identity, body }) => {
    const actor = identity.telegramId;
    const result = await payments.refundStarsPayment(
      actor,
      body.telegram_payment_charge_id,
      (tx, action, details) => audit.audit(tx, actor, action, details),
    );
    return {
      status: 'success',
      payment: toAdminStarsPayment(result.payment),
      debited_cents: result.debitedCents,
      balance_cents: result.balanceCents,
    };
  });
}
