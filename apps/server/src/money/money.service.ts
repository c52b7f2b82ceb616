/**
 * The one money path: every change of a user's balance or free messages goes through here.
 * A change is written as a ledger row and the new balance in the caller's transaction, never
 * goes below zero, and its balance event is published only after that transaction commits.
 * The paid send is one stored function (migration 005) called from here. Rules and reasons:
 * docs/decisions/007-one-money-path.md.
 */
import type { Sql, Tx } from '../db/database.js';
import type { EventBus } from '../realtime/event-bus.js';
import { BadRequestError, NotFoundError } from '../errors.js';
import type { LedgerRow, MoneyRepository, PaidSendRow } from './money.repository.js';
import { GROUP_COMMIT_DEFAULTS, GroupCommit, type GroupCommitOptions } from './group-commit.js';

/** Why a balance changed; with a `reference` they make a credit happen at most once. */
export const LEDGER_REASONS = {
  message: 'message',
  tonDeposit: 'ton_deposit',
  stars: 'stars',
  /** A NOWPayments invoice paid in full (any of its coins). */
  cryptoDeposit: 'crypto_deposit',
  /** Demo mode's "Test payment": no money charged; never in production. */
  testPayment: 'test_payment',
  starsRefund: 'stars_refund',
  adminCredit: 'admin_credit',
  adminDebit: 'admin_debit',
  /** A credit accepted after a 1 or 2 star rating (satisfaction/; decision 028). */
  satisfactionCredit: 'satisfaction_credit',
  /** Free messages for a referral: to both sides at the invitee's first top-up (docs/decisions/026). */
  referralBonus: 'referral_bonus',
  /** An admin taking a referral's free messages back (what is left of them). */
  referralReversal: 'referral_reversal',
  /** Staff refunding the paid messages of a user's dispute, once per dispute (disputes/; decision 049). */
  disputeRefund: 'dispute_refund',
} as const;
export type LedgerReason = (typeof LEDGER_REASONS)[keyof typeof LEDGER_REASONS];

/** Every reason but a message's charge: the credits and refunds a user is told about (receipts, notifications). */
export type NoticedReason = Exclude<LedgerReason, 'message'>;
export const NOTICED_REASONS: readonly NoticedReason[] = Object.values(LEDGER_REASONS).filter(
  (reason): reason is NoticedReason => reason !== LEDGER_REASONS.message,
);

/** A ledger row just written, with the wallet it left. */
export interface LedgerEntry {
  ledgerId: number;
  userId: number;
  reason: LedgerReason;
  amountCents: number;
  freeMessagesDelta: number;
  balanceCents: number;
  freeMessages: number;
}

/**
 * Told of every ledger row `apply` writes, inside its transaction: what it writes commits or rolls
 * back with the change (the bot's receipts are a transactional outbox). A failure fails the change.
 */
export interface LedgerObserver {
  recorded(tx: Tx, entry: LedgerEntry): Promise<void>;
  /** After the transaction that wrote `entries` has committed. */
  committed?(entries: readonly LedgerEntry[]): void;
}

/**
 * Changes that follow from a ledger row, applied right after it in the same transaction (and so
 * committed or rolled back with it): a referral's bonuses after an invitee's first top-up.
 */
export interface LedgerFollower {
  follow(tx: Tx, entry: LedgerEntry): Promise<BalanceChange[]>;
}

export interface BalanceChange {
  userId: number;
  reason: LedgerReason;
  /** Signed: positive credits, negative debits. */
  amountCents?: number;
  /** Signed change of free messages. */
  freeMessagesDelta?: number;
  /** Unique per reason: a second change with the same reason and reference fails. */
  reference?: string | null;
  note?: string | null;
  /** The admin who made the change (0 for the command line). */
  createdBy?: number | null;
  messageId?: number | null;
}

export interface Wallet {
  balanceCents: number;
  freeMessages: number;
}

/** A change that would take a balance or free messages below zero; nothing was written. */
export class BalanceTooLowError extends BadRequestError {
  constructor(message = 'The balance is too low for this debit') {
    super(message);
  }
}

/** What a money transaction offers: the transaction itself (for the caller's own repositories) and changes. */
export interface MoneyTransaction {
  tx: Tx;
  apply(change: BalanceChange): Promise<Wallet>;
  /** Locks the user's wallet until commit and reads it; null when there is no such user. */
  lock(userId: number): Promise<Wallet | null>;
}

export interface PaidSend {
  userId: number;
  advisorId: number;
  kind: 'text' | 'image' | 'tarot' | 'dream';
  text: string;
  imageId: string | null;
  /** What dialog lists show as the last message. */
  preview: string;
  /** Only advisors of this category may receive it (tarot and dream requests). */
  requiredCategory: number | null;
  /** The app's id of the message: a retry under it answers the stored message, uncharged. */
  clientId?: string | null;
}

export type PaidSendOutcome =
  | {
      outcome: 'sent';
      messageId: number;
      createdAt: Date;
      balanceCents: number;
      freeMessages: number;
      priceCents: number;
      paidWith: 'free' | 'balance';
      chargedCents: number;
    }
  | {
      /** The same user sent this client id before: that message, what it was charged, the wallet now. */
      outcome: 'already_sent';
      messageId: number;
      createdAt: Date;
      balanceCents: number;
      freeMessages: number;
      paidWith: 'free' | 'balance';
      chargedCents: number;
    }
  | {
      /** `spending_limit`: the user's daily or monthly limit would be passed (decision 028). */
      outcome: 'insufficient_funds' | 'spending_limit';
      balanceCents: number;
      freeMessages: number;
      priceCents: number;
    }
  | {
      /** `own_advisor`: the sender is the Telegram account linked to the advisor (decision 033). */
      outcome:
        | 'advisor_not_found'
        | 'own_advisor'
        | 'wrong_category'
        | 'image_not_found'
        | 'user_not_found';
    };

export class MoneyService {
  private readonly followers: LedgerFollower[] = [];
  /** Paid sends that arrive together are committed together (group-commit.ts). */
  readonly paidSends: GroupCommit;

  constructor(
    private readonly sql: Sql,
    private readonly repository: MoneyRepository,
    private readonly events: EventBus,
    private readonly observers: readonly LedgerObserver[] = [],
    groupCommit: GroupCommitOptions = GROUP_COMMIT_DEFAULTS,
  ) {
    this.paidSends = new GroupCommit(repository, groupCommit);
  }

  /** Adds a follower: its changes are applied after each ledger row, in that row's transaction. */
  addFollower(follower: LedgerFollower): void {
    this.followers.push(follower);
  }

  /**
   * Runs `work` in one database transaction; the balance changes it applies are published as
   * events once the transaction has committed (none when it rolls back).
   */
  async transaction<T>(work: (money: MoneyTransaction) => Promise<T>): Promise<T> {
    const applied: { change: BalanceChange; wallet: Wallet; entry: LedgerEntry }[] = [];
    const result = await this.sql.begin((tx) =>
      work({
        tx,
        apply: async (change) => {
          const { wallet, entry } = await this.applyIn(tx, change);
          applied.push({ change, wallet, entry });
          if (this.followers.length === 0) return wallet;
          await this.follow(tx, entry, applied);
          // The caller's wallet as it stands after the changes that followed (a bonus to the same user).
          return applied.findLast((a) => a.entry.userId === change.userId)?.wallet ?? wallet;
        },
        lock: async (userId) => {
          const row = await this.repository.lock(tx, userId);
          return row ? { balanceCents: row.balance_cents, freeMessages: row.free_messages } : null;
        },
      }),
    );
    for (const { change, wallet } of applied) this.publish(change, wallet);
    if (applied.length > 0) {
      const entries = applied.map((a) => a.entry);
      for (const observer of this.observers) observer.committed?.(entries);
    }
    return result as T;
  }

  /** One change in its own transaction. */
  async change(change: BalanceChange): Promise<Wallet> {
    return this.transaction((money) => money.apply(change));
  }

  /**
   * A user's message and its payment, atomically: a free message first, else the advisor's
   * current price from the balance; the dialog, the message, the ledger row and the advisor's
   * earning. Any outcome but 'sent' changed nothing. Sends that arrive together share one
   * transaction and commit, each with its own outcome (group-commit.ts).
   */
  async sendPaidMessage(send: PaidSend): Promise<PaidSendOutcome> {
    const row = await this.paidSends.send(send);
    const outcome = toOutcome(row);
    if (outcome.outcome === 'sent') {
      this.events.publish({
        type: 'balance',
        telegramId: send.userId,
        balanceCents: outcome.balanceCents,
        freeMessages: outcome.freeMessages,
        reason: LEDGER_REASONS.message,
        amountCents: -outcome.chargedCents,
      });
    }
    return outcome;
  }

  async ledgerOf(userId: number, limit = 100): Promise<LedgerRow[]> {
    return this.repository.ledgerOf(userId, limit);
  }

  private async follow(
    tx: Tx,
    entry: LedgerEntry,
    applied: { change: BalanceChange; wallet: Wallet; entry: LedgerEntry }[],
  ): Promise<void> {
    for (const follower of this.followers) {
      for (const next of await follower.follow(tx, entry)) {
        const result = await this.applyIn(tx, next);
        applied.push({ change: next, ...result });
        await this.follow(tx, result.entry, applied);
      }
    }
  }

  private async applyIn(
    tx: Tx,
    change: BalanceChange,
  ): Promise<{ wallet: Wallet; entry: LedgerEntry }> {
    const amountCents = change.amountCents ?? 0;
    const freeMessagesDelta = change.freeMessagesDelta ?? 0;
    if (!Number.isSafeInteger(amountCents) || !Number.isSafeInteger(freeMessagesDelta)) {
      throw new BadRequestError('A balance change must be whole cents and whole messages');
    }
    if (amountCents === 0 && freeMessagesDelta === 0) {
      throw new BadRequestError('A balance change must change something');
    }
    const row = await this.repository.apply(tx, {
      userId: change.userId,
      amountCents,
      // A satisfaction credit is credit money: never paid back again, earns no advisor (decision 033).
      creditCents:
        change.reason === LEDGER_REASONS.satisfactionCredit ? Math.max(amountCents, 0) : 0,
      freeMessagesDelta,
      reason: change.reason,
      messageId: change.messageId ?? null,
      reference: change.reference ?? null,
      note: change.note ?? null,
      createdBy: change.createdBy ?? null,
    });
    if (row) {
      const wallet = { balanceCents: row.balance_cents, freeMessages: row.free_messages };
      const entry: LedgerEntry = {
        ledgerId: row.ledger_id,
        userId: change.userId,
        reason: change.reason,
        amountCents,
        freeMessagesDelta,
        ...wallet,
      };
      for (const observer of this.observers) await observer.recorded(tx, entry);
      return { wallet, entry };
    }
    if (!(await this.repository.lock(tx, change.userId))) {
      throw new NotFoundError(`User ${change.userId} not found`);
    }
    throw new BalanceTooLowError();
  }

  private publish(change: BalanceChange, wallet: Wallet): void {
    this.events.publish({
      type: 'balance',
      telegramId: change.userId,
      balanceCents: wallet.balanceCents,
      freeMessages: wallet.freeMessages,
      reason: change.reason,
      amountCents: change.amountCents ?? 0,
    });
  }
}

function toOutcome(row: PaidSendRow): PaidSendOutcome {
  switch (row.out_outcome) {
    case 'ok': {
      const chargedCents = row.out_paid_with === 'balance' ? row.out_price_cents! : 0;
      return {
        outcome: 'sent',
        messageId: row.out_message_id!,
        createdAt: row.out_created_at!,
        balanceCents: row.out_balance_cents!,
        freeMessages: row.out_free_messages!,
        priceCents: row.out_price_cents!,
        paidWith: row.out_paid_with!,
        chargedCents,
      };
    }
    case 'already_sent':
      return {
        outcome: 'already_sent',
        messageId: row.out_message_id!,
        createdAt: row.out_created_at!,
        balanceCents: row.out_balance_cents!,
        freeMessages: row.out_free_messages!,
        paidWith: row.out_paid_with!,
        chargedCents: row.out_price_cents!,
      };
    case 'insufficient_funds':
    case 'spending_limit':
      return {
        outcome: row.out_outcome,
        balanceCents: row.out_balance_cents!,
        freeMessages: row.out_free_messages!,
        priceCents: row.out_price_cents!,
      };
    case 'advisor_not_found':
    case 'own_advisor':
    case 'wrong_category':
    case 'image_not_found':
    case 'user_not_found':
      return { outcome: row.out_outcome };
    default:
      throw new Error(`unknown outcome of the paid send: ${row.out_outcome}`);
  }
}
