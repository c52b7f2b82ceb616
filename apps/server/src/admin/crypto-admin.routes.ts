/** Admin call for crypto top-ups: NOWPayments payments with their status, what was paid and credited (read-only). */
import type { FastifyInstance } from 'fastify';
import type { AuthService } from '../auth/index.js';
import type { CryptoPaymentsService, CryptoPayment } from '../payments/index.js';
import { registerCall } from '../http/register-call.js';

function toAdminCryptoPayment(p: CryptoPayment) {
  return {
    payment_id: p.payment_id,
    status: p.status,
    order_id: p.order_id,
    telegram_user_id: p.user_id === null ? null : Number(p.user_id),
    invoice_cents: p.invoice_cents === null ? null : Number(p.invoice_cents),
    credited_cents: Number(p.credited_cents),
    credited_at: p.credited_at?.toISOString() ?? null,
    price_amount: p.price_amount,
    price_currency: p.price_currency,
    pay_amount: p.pay_amount,
    actually_paid: p.actually_paid,
    pay_currency: p.pay_currency,
    created_at: p.created_at.toISOString(),
    updated_at: p.updated_at.toISOString(),
  };
}

export function cryptoAdminRoutes(
  app: FastifyInstance,
  auth: AuthService,
  crypto: CryptoPaymentsService,
): void {
  registerCall(app, auth, 'AdminCryptoPayments', async ({ query }) => ({
    status: 'success',
    payments: (
      await crypto.listPayments({ userId: query.telegram_user_id, status: query.status })
    ).map(toAdminCryptoPayment),
  }));
}
