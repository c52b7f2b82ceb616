/** Telegram Stars through the bot: checkout answers, successful payments and refund notices go to PaymentsService. */
import type { UpdateDispatcher } from '../bot/bot-updates.js';
import type { PaymentsService } from './payments.service.js';

export function registerStarsHandlers(
  updates: UpdateDispatcher,
  deps: {
    payments: PaymentsService;
    log?: (level: 'warn', message: string, detail: Record<string, unknown>) => void;
  },
): void {
  // Telegram waits at most 10 s for this answer; anything we cannot vouch for is refused.
  updates.onPreCheckoutQuery(async (query, { api }) => {
    let verdict: { ok: true } | { ok: false; error: string };
    try {
      verdict = await deps.payments.checkPreCheckout(query);
    } catch {
      verdict = {
        ok: false,
        error: 'Payments are temporarily unavailable. Please try again in a minute.',
      };
    }
    await api.call(
      'answerPreCheckoutQuery',
      verdict.ok
        ? { pre_checkout_query_id: query.id, ok: true }
        : { pre_checkout_query_id: query.id, ok: false, error_message: verdict.error },
    );
  });

  // Critical: until this is recorded the update is not confirmed, so a payment is never lost.
  updates.onMessage(
    async (message) => {
      const payment = message.successful_payment;
      if (!payment || payment.currency !== 'XTR') return;
      const payer = message.from?.id ?? message.chat.id;
      await deps.payments.recordStarsPayment(payer, payment);
    },
    { critical: true },
  );

  updates.onMessage(
    async (message) => {
      const refund = message.refunded_payment;
      if (!refund || refund.currency !== 'XTR') return;
      const outcome = await deps.payments.recordStarsRefundNotice(
        refund.telegram_payment_charge_id,
      );
      if (outcome && outcome.shortCents > 0) {
        deps.log?.('warn', 'a Stars refund exceeded the balance left; the rest was not debited', {
          chargeId: refund.telegram_payment_charge_id,
          shortCents: outcome.shortCents,
        });
      }
    },
    { critical: true },
  );
}
