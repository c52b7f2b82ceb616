/** What the bot tells a user about their dispute, in their language (decision 049). */
import { formatMoney, type Locale } from '@seer/contract';
import type { UserNotices } from '../bot/index.js';

type AppNotice = Parameters<UserNotices['send']>[1];

export type DisputeChange =
  | { kind: 'opened'; advisor: string; messageCount: number; claimedCents: number }
  | {
      kind: 'refunded';
      advisor: string;
      refundedCents: number;
      claimedCents: number;
      balanceCents: number;
      note: string | null;
    }
  | { kind: 'refused'; advisor: string; reason: string };

interface NoticeTexts {
  opened: (advisor: string, count: number, amount: string) => string;
  refunded: (advisor: string, amount: string) => string;
  partlyRefunded: (advisor: string, amount: string, claimed: string) => string;
  balance: (amount: string) => string;
  refused: (advisor: string) => string;
  open: string;
}

export const DISPUTE_NOTICE_TEXTS: Record<Locale, NoticeTexts> = {
  en: {
    opened: (advisor, count, amount) =>
      `We have received your case about the reading with ${advisor} (${count === 1 ? '1 paid message' : `${count} paid messages`}, ${amount}). Seer staff will look into it and tell you here what they decided.`,
    refunded: (advisor, amount) =>
      `Your case about the reading with ${advisor} is decided: ${amount} is back on your balance.`,
    partlyRefunded: (advisor, amount, claimed) =>
      `Your case about the reading with ${advisor} is decided: ${amount} of ${claimed} is back on your balance.`,
    balance: (amount) => `Balance: ${amount}`,
    refused: (advisor) => `Your case about the reading with ${advisor} was refused. The reason:`,
    open: 'Open my cases',
  },
  ru: {
    opened: (advisor, count, amount) =>
      `Мы получили ваше обращение о консультации с экспертом ${advisor} (оплаченных сообщений: ${count}, ${amount}). Сотрудники Seer разберутся и сообщат здесь о решении.`,
    refunded: (advisor, amount) =>
      `Ваше обращение о консультации с экспертом ${advisor} рассмотрено: ${amount} вернулись на баланс.`,
    partlyRefunded: (advisor, amount, claimed) =>
      `Ваше обращение о консультации с экспертом ${advisor} рассмотрено: на баланс вернулось ${amount} из ${claimed}.`,
    balance: (amount) => `Баланс: ${amount}`,
    refused: (advisor) =>
      `Ваше обращение о консультации с экспертом ${advisor} отклонено. Причина:`,
    open: 'Мои обращения',
  },
};

/** The bot's notice of one change of a case; the button opens the user's cases. */
export function disputeNotice(change: DisputeChange): AppNotice {
  const text = (locale: Locale): string => {
    const texts = DISPUTE_NOTICE_TEXTS[locale];
    const money = (cents: number) => formatMoney(cents, locale);
    switch (change.kind) {
      case 'opened':
        return texts.opened(change.advisor, change.messageCount, money(change.claimedCents));
      case 'refunded': {
        const head =
          change.refundedCents === change.claimedCents
            ? texts.refunded(change.advisor, money(change.refundedCents))
            : texts.partlyRefunded(
                change.advisor,
                money(change.refundedCents),
                money(change.claimedCents),
              );
        const lines = [head, texts.balance(money(change.balanceCents))];
        return change.note ? `${lines.join('\n')}\n\n${change.note}` : lines.join('\n');
      }
      case 'refused':
        return `${texts.refused(change.advisor)}\n\n${change.reason}`;
    }
  };
  return { text, button: (locale) => DISPUTE_NOTICE_TEXTS[locale].open, path: '/disputes' };
}
