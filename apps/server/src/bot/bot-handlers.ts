/** The bot's own handlers: /start opens the Mini App; Stars checkout, payments and refunds go to PaymentsService. */
import { localeFromLanguageCode } from '@seer/contract';
import type { PaymentsService } from '../payments/payments.service.js';
import type { UpdateDispatcher } from './bot-updates.js';

const START_TEXTS = {
  en: {
    text: 'Welcome to Seer: chat with astrologers, tarot readers and psychics anytime you need.',
    button: 'Open Seer',
  },
  ru: {
    text: 'Добро пожаловать в Seer: астрологи, тарологи и экстрасенсы на связи, когда вам нужно.',
    button: 'Открыть Seer',
  },
} as const;

export function registerBotHandlers(
  updates: UpdateDispatcher,
  deps: {
    publicUrl: string;
    payments: PaymentsService;
    log?: (level: 'warn', message: string, detail: Record<string, unknown>) => void;
  },
): void {
  updates.onCommand('start', async (message, { api }) => {
    const texts = START_TEXTS[localeFromLanguageCode(message.from?.language_code ?? 'en')];
    await api.call('sendMessage', {
      chat_id: message.chat.id,
      text: texts.text,
      reply_markup: {
        inline_keyboard: [[{ text: texts.button, web_app: { url: deps.publicUrl } }]],
      },
    });
  });

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
