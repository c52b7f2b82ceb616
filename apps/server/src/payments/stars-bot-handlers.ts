/** Telegram Stars through the bot: checkout answers, successful payments and refund notices go to PaymentsService. */
import { userLocale } from '@seer/contract';
import type { UpdateHandlers } from '../bot/index.js';
import { checkoutRefusalText, type PaymentsService } from './payments.service.js';

export function registerStarsHandlers(
  updates: UpdateHandlers,
  deps: {
    payments: PaymentsService;
    log?: (level: 'warn', message: string, detail: Record<string, unknown>) => void;
  },
): void {
  // Telegram waits at most 10 s for this answer; anything we cannot vouch for is refused.
  updates.onPreCheckoutQuery(async (ctx) => {
    const query = ctx.preCheckoutQuery;
    let verdict: { ok: true } | { ok: false; error: string };
    try {
      verdict = await deps.payments.checkPreCheckout(query);
    } catch {
      // The payer's choice in Settings cannot be read now either: the query's language decides.
      const locale = userLocale({ telegramCode: query.from.language_code });
      verdict = { ok: false, error: checkoutRefusalText(locale, 'unavailable') };
    }
    if (verdict.ok) await ctx.answerPreCheckoutQuery(true);
    else await ctx.answerPreCheckoutQuery(false, { error_message: verdict.error });
  });

  // Critical: until this is recorded the update is not confirmed, so a payment is never lost.
  updates.onMessage(
    async (ctx) => {
      const message = ctx.message;
      const payment = message.successful_payment;
      if (!payment || payment.currency !== 'XTR') return;
      const payer = message.from?.id ?? message.chat.id;
      await deps.payments.recordStarsPayment(payer, payment);
    },
    { critical: true },
  );

  updates.onMessage(
    async (ctx) => {
      const refund = ctx.message.refunded_payment;
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
