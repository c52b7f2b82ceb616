/** What Telegram shows of a Stars top-up, in the payer's language: the invoice and checkout refusals. */
import { formatMoney, type Locale } from '@seer/contract';

export type CheckoutRefusal =
  | 'unknown_invoice'
  | 'another_account'
  | 'already_paid'
  | 'expired'
  | 'amount_mismatch'
  | 'unavailable';

interface StarsTexts {
  /** At most 32 characters (Telegram's limit). */
  title: string;
  description: (amount: string) => string;
  priceLabel: (amount: string) => string;
  refusals: Record<CheckoutRefusal, string>;
}

export const STARS_TEXTS: Record<Locale, StarsTexts> = {
  en: {
    title: 'Seer balance top-up',
    description: (amount) => `${amount} added to your Seer balance, paid in Telegram Stars.`,
    priceLabel: (amount) => `${amount} top-up`,
    refusals: {
      unknown_invoice: 'This invoice is not valid. Please start the top-up again in the app.',
      another_account: 'This invoice belongs to another account.',
      already_paid: 'This invoice has already been paid.',
      expired: 'This invoice has expired. Please start the top-up again in the app.',
      amount_mismatch: 'The amount does not match the invoice.',
      unavailable: 'Payments are temporarily unavailable. Please try again in a minute.',
    },
  },
  ru: {
    title: 'Пополнение баланса Seer',
    description: (amount) => `${amount} на ваш баланс в Seer, оплата в Telegram Stars.`,
    priceLabel: (amount) => `Пополнение на ${amount}`,
    refusals: {
      unknown_invoice: 'Этот счёт недействителен. Начните пополнение в приложении заново.',
      another_account: 'Этот счёт выставлен другому пользователю.',
      already_paid: 'Этот счёт уже оплачен.',
      expired: 'Срок действия счёта истёк. Начните пополнение в приложении заново.',
      amount_mismatch: 'Сумма не совпадает со счётом.',
      unavailable: 'Оплата временно недоступна. Попробуйте ещё раз через минуту.',
    },
  },
};

/** The invoice's title, description and price label for a top-up of `cents`. */
export function starsInvoiceTexts(cents: number, locale: Locale) {
  const texts = STARS_TEXTS[locale];
  const amount = formatMoney(cents, locale);
  return {
    title: texts.title,
    description: texts.description(amount),
    label: texts.priceLabel(amount),
  };
}
