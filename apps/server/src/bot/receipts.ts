/**
 * Receipts in the bot's chat: every credit (TON, Stars, crypto, test payment, Seer's credit) and
 * every refund or debit that is not a message is told to the user, in their language, with the
 * amount, what it was and the new balance, if they allowed the bot to write.
 *
 * A receipt is a transactional outbox row: the money path tells this module of each ledger row
 * inside the transaction that writes it, and the receipt is written there too. So a credit that
 * rolls back leaves no receipt, a committed one always has its receipt, and the unique ledger_id
 * keeps it to one receipt per ledger row whatever instance writes it. The outbox worker delivers
 * it (docs/decisions/016-bot-outbox.md, 019-receipts-and-stars-conformance.md).
 */
import { formatMoney, type Locale } from '@seer/contract';
import type { Tx } from '../db/database.js';
import type { LEDGER_REASONS, LedgerEntry, LedgerObserver, NoticedReason } from '../money/index.js';
import { type UsersService, localeOfUser } from '../users/index.js';
import type { NoticeOutboxRepository } from './notice-outbox.repository.js';

/**
 * Reasons told by a notice of their own, written in the same transaction as the ledger row: a
 * dispute's refund comes with the case's outcome and staff's words (decision 049), so no receipt.
 */
type ToldElsewhere = typeof LEDGER_REASONS.disputeRefund;
type ReceiptReason = Exclude<NoticedReason, ToldElsewhere>;

interface ReceiptTexts {
  /** What the change was, and how much: "TON deposit: $12.50 added to your balance." */
  what: Record<ReceiptReason, (amount: string) => string>;
  balance: (amount: string) => string;
  /** "3 free messages": the amount of a change of free messages only (referral bonuses). */
  freeMessages: (count: number) => string;
  freeMessagesLeft: (count: number) => string;
  open: string;
}

export const RECEIPT_TEXTS: Record<Locale, ReceiptTexts> = {
  en: {
    what: {
      ton_deposit: (amount) => `TON deposit received: ${amount} added to your balance.`,
      stars: (amount) => `Payment in Telegram Stars received: ${amount} added to your balance.`,
      crypto_deposit: (amount) => `Crypto payment received: ${amount} added to your balance.`,
      test_payment: (amount) =>
        `Test payment (no money was charged): ${amount} added to your balance.`,
      admin_credit: (amount) => `Credit from Seer: ${amount} added to your balance.`,
      stars_refund: (amount) =>
        `Your Telegram Stars payment was refunded: ${amount} taken from your balance. The Stars are back in your Telegram account.`,
      admin_debit: (amount) => `Correction by Seer: ${amount} taken from your balance.`,
      satisfaction_credit: (amount) =>
        `We are sorry the consultation disappointed you: ${amount} for your last messages is back on your balance.`,
      referral_bonus: (count) => `Thanks for inviting a friend: ${count} added.`,
      referral_reversal: (count) => `A referral bonus was withdrawn by Seer: ${count} taken back.`,
    },
    balance: (amount) => `Balance: ${amount}`,
    freeMessages: (count) => (count === 1 ? '1 free message' : `${count} free messages`),
    freeMessagesLeft: (count) => `Free messages: ${count}`,
    open: 'Open Seer',
  },
  ru: {
    what: {
      ton_deposit: (amount) => `Получен перевод в TON: на баланс зачислено ${amount}.`,
      stars: (amount) => `Получена оплата в Telegram Stars: на баланс зачислено ${amount}.`,
      crypto_deposit: (amount) => `Получен криптоплатёж: на баланс зачислено ${amount}.`,
      test_payment: (amount) =>
        `Тестовый платёж (деньги не списывались): на баланс зачислено ${amount}.`,
      admin_credit: (amount) => `Начисление от Seer: на баланс зачислено ${amount}.`,
      stars_refund: (amount) =>
        `Платёж в Telegram Stars возвращён: с баланса списано ${amount}. Звёзды вернулись на ваш счёт в Telegram.`,
      admin_debit: (amount) => `Корректировка от Seer: с баланса списано ${amount}.`,
      satisfaction_credit: (amount) =>
        `Жаль, что консультация вас разочаровала: ${amount} за последние сообщения вернулись на баланс.`,
      referral_bonus: (count) => `Спасибо за приглашение друга: начислено ${count}.`,
      referral_reversal: (count) => `Seer отменил бонус за приглашение: списано ${count}.`,
    },
    balance: (amount) => `Баланс: ${amount}`,
    freeMessages: (count) => {
      const rule = new Intl.PluralRules('ru').select(count);
      if (rule === 'one') return `${count} бесплатное сообщение`;
      return rule === 'few' ? `${count} бесплатных сообщения` : `${count} бесплатных сообщений`;
    },
    freeMessagesLeft: (count) => `Бесплатных сообщений: ${count}`,
    open: 'Открыть Seer',
  },
};

/** The receipt's words for one ledger row. */
export function receiptText(
  entry: Pick<LedgerEntry, 'amountCents' | 'balanceCents'> &
    Partial<Pick<LedgerEntry, 'freeMessagesDelta' | 'freeMessages'>> & { reason: ReceiptReason },
  locale: Locale,
): string {
  const texts = RECEIPT_TEXTS[locale];
  if (entry.amountCents === 0 && entry.freeMessagesDelta) {
    const count = texts.freeMessages(Math.abs(entry.freeMessagesDelta));
    return `${texts.what[entry.reason](count)}\n${texts.freeMessagesLeft(entry.freeMessages ?? 0)}`;
  }
  const amount = formatMoney(Math.abs(entry.amountCents), locale);
  return `${texts.what[entry.reason](amount)}\n${texts.balance(formatMoney(entry.balanceCents, locale))}`;
}

function isNoticed(reason: string): reason is ReceiptReason {
  return reason !== 'message' && reason in RECEIPT_TEXTS.en.what;
}

export class BotReceipts implements LedgerObserver {
  private readonly listeners: Array<() => void> = [];

  constructor(
    private readonly deps: {
      /** Who may be written to, and in which language (read in the money transaction). */
      users: Pick<UsersService, 'find'>;
      outbox: Pick<NoticeOutboxRepository, 'insertReceipt'>;
      publicUrl: string;
    },
  ) {}

  /** Called after a transaction that may have written receipts has committed (wakes the outbox worker). */
  onCommitted(listener: () => void): void {
    this.listeners.push(listener);
  }

  async recorded(tx: Tx, entry: LedgerEntry): Promise<void> {
    const { reason } = entry;
    if (!isNoticed(reason) || (entry.amountCents === 0 && entry.freeMessagesDelta === 0)) return;
    const user = await this.deps.users.find(entry.userId, tx);
    if (!user?.allows_write_to_pm) return;
    const locale = localeOfUser(user);
    await this.deps.outbox.insertReceipt(tx, {
      ledgerId: entry.ledgerId,
      chatId: entry.userId,
      text: receiptText({ ...entry, reason }, locale),
      replyMarkup: {
        inline_keyboard: [
          [
            {
              text: RECEIPT_TEXTS[locale].open,
              web_app: { url: `${this.deps.publicUrl}/notifications` },
            },
          ],
        ],
      },
    });
  }

  committed(entries: readonly LedgerEntry[]): void {
    if (!entries.some((entry) => isNoticed(entry.reason))) return;
    for (const listener of this.listeners) listener();
  }
}
