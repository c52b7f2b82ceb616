/** The bot's message to an advisor whose payout arrived, in their language. */
import { formatMoney, formatTonAmount, type Locale } from '@seer/contract';

export const PAYOUT_TEXTS: Record<
  Locale,
  {
    paid: (p: { id: number; cents: number; nanotons: bigint; url: string }) => string;
    open: string;
  }
> = {
  en: {
    paid: ({ id, cents, nanotons, url }) =>
      `Seer has sent you ${formatTonAmount(nanotons, 'en')} (${formatMoney(cents, 'en')}), payout ${id}.\nTransaction: ${url}`,
    open: 'Open earnings',
  },
  ru: {
    paid: ({ id, cents, nanotons, url }) =>
      `Seer отправил вам ${formatTonAmount(nanotons, 'ru')} (${formatMoney(cents, 'ru')}), выплата ${id}.\nТранзакция: ${url}`,
    open: 'Открыть доходы',
  },
};
