/**
 * Fixture builders: the users, advisors, dialogs, money and deposits a test starts from, written
 * by the product's own repositories and money service rather than by SQL in the test, so a test
 * starts from rows the product could have made (a balance always equals its ledger). Each builder
 * answers the ids the test goes on with.
 *
 * A builder writes on an app (`t`), on several apps sharing one database (`[a, b]`: every one's
 * caches are told), or on a bare database (`{ db }`, for tests of one service without an app).
 */
import type { Database, Sql, Tx } from '../db/database.js';
import { UsersRepository } from '../users/users.repository.js';
import { AdvisorsRepository } from '../advisors/advisors.repository.js';
import { ChatRepository } from '../chat/chat.repository.js';
import { MoneyRepository } from '../money/money.repository.js';
import { LEDGER_REASONS, MoneyService, type Wallet } from '../money/money.service.js';
import { PaymentsRepository } from '../payments/payments.repository.js';
import { EventBus } from '../realtime/event-bus.js';
import { newUserId } from './ids.js';

/** What builders use of an app: its money path, and the caches a new or linked advisor outdates. */
export interface FixtureServices {
  money: MoneyService;
  advisors: { invalidate(): void };
  auth: { forgetAdvisorLinks(): void };
}

export interface FixtureApp {
  db: Pick<Database, 'sql'>;
  services?: FixtureServices;
}

/** An app, several apps on one database (written through the first), or `{ db }` alone. */
export type FixtureTarget = FixtureApp | readonly FixtureApp[];

function appsOf(on: FixtureTarget): readonly FixtureApp[] {
  const apps = Array.isArray(on) ? (on as readonly FixtureApp[]) : [on as FixtureApp];
  if (apps.length === 0) throw new Error('a fixture needs an app or a database to write on');
  return apps;
}

const sqlOf = (on: FixtureTarget): Sql => appsOf(on)[0]!.db.sql;

/** Money without an app goes through a money service of its own: the same rows, no listeners. */
const bareMoney = new WeakMap<Sql, MoneyService>();

/**
 * The app's money service when there is an app (its receipts, referral bonuses and balance
 * events follow, as in the product), else one over the bare database.
 */
function moneyOf(on: FixtureTarget): MoneyService {
  const app = appsOf(on)[0]!;
  if (app.services) return app.services.money;
  let money = bareMoney.get(app.db.sql);
  if (!money) {
    money = new MoneyService(app.db.sql, new MoneyRepository(app.db.sql), new EventBus());
    bareMoney.set(app.db.sql, money);
  }
  return money;
}

/** Every app forgets what it cached of advisors and their links (lists live a second, links longer). */
function advisorsChanged(on: FixtureTarget): void {
  for (const app of appsOf(on)) {
    app.services?.advisors.invalidate();
    app.services?.auth.forgetAdvisorLinks();
  }
}

/** Ledger reasons that bring money in, for a user's starting balance. */
export type TopUpReason = typeof LEDGER_REASONS.adminCredit | typeof LEDGER_REASONS.stars;

export interface UserFixture {
  /** Free messages the user starts with, as a new user gets FREE_MESSAGES from the app. */
  freeMessages?: number;
  /** Money the user starts with: one top-up (a ledger row) through the money path. */
  balanceCents?: number;
  /** The top-up's ledger reason: a support credit unless said. */
  balanceReason?: TopUpReason;
  /** Telegram's language code of the user. */
  languageCode?: string;
  /** The user allowed the bot to write to them. */
  allowsWriteToPm?: boolean;
}

/**
 * A user as the app records one on first sight of Telegram's profile (no names unless given),
 * with `freeMessages` (0 unless given) and a balance topped up through the money path.
 */
export async function aUser(on: FixtureTarget, user: UserFixture = {}): Promise<number> {
  const telegramId = newUserId();
  // Signed at 0: any real init data of this user is newer and applies its own profile over this one.
  await new UsersRepository(sqlOf(on)).upsertFromTelegram(
    {
      id: telegramId,
      ...(user.languageCode === undefined ? {} : { language_code: user.languageCode }),
      ...(user.allowsWriteToPm === undefined ? {} : { allows_write_to_pm: user.allowsWriteToPm }),
    },
    0,
    user.freeMessages ?? 0,
  );
  if (user.balanceCents)
    await aTopUp(on, telegramId, user.balanceCents, { reason: user.balanceReason });
  return telegramId;
}

let starsTopUps = 0;

/**
 * Money paid in to an existing user: a ledger row and the balance it leaves, through the money
 * path. A Stars top-up gets a reference of its own, as each Telegram charge has.
 */
export async function aTopUp(
  on: FixtureTarget,
  userId: number,
  cents: number,
  options: { reason?: TopUpReason } = {},
): Promise<Wallet> {
  const reason = options.reason ?? LEDGER_REASONS.adminCredit;
  return moneyOf(on).change({
    userId,
    amountCents: cents,
    reason,
    reference: reason === LEDGER_REASONS.stars ? `test-stars-${++starsTopUps}` : null,
  });
}

/**
 * Money a user spent on messages: a `message` ledger row of -cents through the money path, for
 * tests where only the balance and the ledger matter (no dialog or message is written).
 */
export async function aSpend(on: FixtureTarget, userId: number, cents: number): Promise<Wallet> {
  return moneyOf(on).change({ userId, amountCents: -cents, reason: LEDGER_REASONS.message });
}

export interface AdvisorFixture {
  name?: string;
  categoryId?: number;
  priceCents?: number;
  avatarUrl?: string;
  /** False: an advisor the admin deactivated (kept, but listed and reachable nowhere). */
  isActive?: boolean;
  /** The Telegram account that answers as this advisor (linked as the admin links one). */
  linkedTelegramId?: number;
}

let advisorNames = 0;

/** An advisor as the admin creates one (other texts and figures empty), optionally linked. */
export async function anAdvisor(on: FixtureTarget, advisor: AdvisorFixture = {}): Promise<number> {
  const sql = sqlOf(on);
  const repository = new AdvisorsRepository(sql);
  const id = await sql.begin(async (tx) => {
    const id = await repository.insert(
      {
        name: advisor.name ?? `Advisor ${++advisorNames}`,
        avatar_url: advisor.avatarUrl ?? '',
        category_id: advisor.categoryId ?? 1,
        description: '',
        additional_info: '',
        price_cents: advisor.priceCents ?? 100,
        experience_years: 0,
        clients: 0,
      },
      tx,
    );
    if (advisor.isActive === false) await repository.setActive(tx, id, false);
    if (advisor.linkedTelegramId !== undefined) await linkIn(tx, sql, id, advisor.linkedTelegramId);
    return id;
  });
  advisorsChanged(on);
  return id;
}

/**
 * Links an advisor (a new or a seeded one) to a Telegram account, as the admin's link does (the
 * account's user row, then the link), without its audit row; answers the Telegram id.
 */
export async function linkAdvisor(
  on: FixtureTarget,
  advisorId: number,
  telegramId: number = newUserId(),
): Promise<number> {
  const sql = sqlOf(on);
  await sql.begin((tx) => linkIn(tx, sql, advisorId, telegramId));
  advisorsChanged(on);
  return telegramId;
}

async function linkIn(tx: Tx, sql: Sql, advisorId: number, telegramId: number): Promise<void> {
  await new UsersRepository(sql).ensureExists(tx, telegramId);
  await new AdvisorsRepository(sql).linkTelegram(tx, advisorId, telegramId);
}

export interface DialogFixture {
  advisorId: number;
  /** The user side; a new user unless given. */
  userId?: number;
  /** The messages in this order: who wrote each and how many seconds ago. */
  messages: ReadonlyArray<{ from: 'user' | 'manager'; secondsAgo: number }>;
}

/**
 * A dialog with a history: the dialog and its messages written as the chat writes them, each
 * then dated `secondsAgo` before now (no payments: for tests of what the history says).
 */
export async function aDialog(on: FixtureTarget, dialog: DialogFixture): Promise<number> {
  if (dialog.messages.length === 0) throw new Error('a dialog starts with a message');
  const sql = sqlOf(on);
  const userId = dialog.userId ?? (await aUser(on));
  const chat = new ChatRepository(sql);
  return sql.begin(async (tx) => {
    let dialogId = 0;
    for (const message of dialog.messages) {
      dialogId = await chat.touchDialogForMessage(
        tx,
        userId,
        dialog.advisorId,
        message.from,
        'hello',
      );
      const { id } = await chat.insertMessage(tx, {
        dialogId,
        sender: message.from,
        kind: 'text',
        text: 'hello',
        imageId: null,
        priceCents: 0,
        paidWith: null,
      });
      await tx`UPDATE messages SET created_at = now() - make_interval(secs => ${message.secondsAgo})
        WHERE id = ${id}`;
    }
    return dialogId;
  });
}

export interface TonDepositFixture {
  amountCents: number;
  /** The transfer's memo. */
  comment?: string | null;
  wallet?: string;
  txHash?: string;
}

/** Millionths of a dollar per TON: the $3 of TON_USD_RATE outside production. */
const TON_RATE_MICRO_USD = 3_000_000;

/**
 * A TON transfer the watcher kept as unmatched (its memo named no user): valued at the rate,
 * waiting for an admin to assign it. Answers the deposit's id.
 */
export async function anUnmatchedTonDeposit(
  on: FixtureTarget,
  deposit: TonDepositFixture,
): Promise<number> {
  const sql = sqlOf(on);
  const id = await sql.begin((tx) =>
    new PaymentsRepository(sql).insertDeposit(tx, {
      wallet: deposit.wallet ?? 'EQwallet',
      txHash: deposit.txHash ?? `hash-${newUserId()}`,
      txLt: 1n,
      txTime: new Date(),
      source: 'EQsender',
      // (cents / 100) dollars / (rate / 1e6) dollars per TON, in nanotons (1e9 per TON)
      nanotons: (BigInt(deposit.amountCents) * 10_000_000_000_000n) / BigInt(TON_RATE_MICRO_USD),
      comment: deposit.comment ?? null,
      rateMicroUsdPerTon: TON_RATE_MICRO_USD,
      rateSource: 'fixed',
      quoteId: null,
      amountCents: deposit.amountCents,
      userId: null,
      status: 'unmatched',
      note: null,
    }),
  );
  if (id === null) throw new Error(`a deposit of transaction ${deposit.txHash} exists already`);
  return id;
}
