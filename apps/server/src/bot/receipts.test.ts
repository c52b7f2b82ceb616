/**
 * Receipts of credits and refunds: written with their ledger row (none when it rolls back), one
 * per ledger row also with two instances on one database, only to users who allowed the bot to
 * write, in their language, and delivered by the outbox through the fake Bot API.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '@seer/contract';
import { FakeBotApi } from '../test/fakes/bot-api.js';
import { createTestDatabase, startTestApp, TEST_BOT_TOKEN, type TestApp } from '../test/harness.js';
import { anAdvisor, aUser } from '../test/builders.js';
import type { Database } from '../db/database.js';
import { LEDGER_REASONS, type LedgerReason } from '../money/money.service.js';
import type { IndexerTransaction } from '../payments/toncenter.js';

const PUBLIC_URL = 'https://seer.example';

let bot: FakeBotApi;
let db: Database;
let t: TestApp;
beforeAll(async () => {
  bot = await FakeBotApi.start(TEST_BOT_TOKEN);
  db = await createTestDatabase();
  t = await startTestApp({ db, seed: false, env: { BOT_API_URL: bot.url, PUBLIC_URL } });
});
afterAll(async () => {
  await t?.close();
  await db?.close();
  await bot?.close();
});

/** A user who allowed the bot to write, in this language, with 3 free messages unless said. */
const newUser = (
  app: TestApp,
  options: {
    language?: string;
    allowsWrite?: boolean;
    balanceCents?: number;
    freeMessages?: number;
  } = {},
) =>
  aUser(app, {
    languageCode: options.language ?? 'en',
    allowsWriteToPm: options.allowsWrite ?? true,
    freeMessages: options.freeMessages ?? 3,
    balanceCents: options.balanceCents,
  });

async function receiptsOf(userId: number) {
  return db.sql<{ ledger_id: number; text: string; reply_markup: unknown; reason: string }[]>`
    SELECT o.ledger_id, o.text, o.reply_markup, l.reason FROM bot_outbox o JOIN ledger l ON l.id = o.ledger_id
    WHERE o.chat_id = ${userId} ORDER BY o.id`;
}

async function until(probe: () => Promise<boolean> | boolean, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!(await probe())) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function tonTransfer(memo: string, nanotons: bigint): IndexerTransaction {
  return {
    hash: randomBytes(32).toString('base64'),
    lt: 50_000_000_000_000n + BigInt(Math.floor(Math.random() * 1e9)),
    now: Math.floor(Date.now() / 1000),
    in_msg: {
      source: `0:${randomBytes(32).toString('hex')}`,
      value: nanotons.toString(),
      bounced: false,
      message_content: { decoded: { type: 'text_comment', comment: memo } },
    },
    description: { aborted: false },
  };
}

describe('a receipt for every credit and refund', () => {
  it('writes exactly one receipt per credit or refund of each reason, none for a message', async () => {
    const reasons: Array<[LedgerReason, number]> = [
      [LEDGER_REASONS.tonDeposit, 1250],
      [LEDGER_REASONS.stars, 500],
      [LEDGER_REASONS.cryptoDeposit, 2000],
      [LEDGER_REASONS.testPayment, 700],
      [LEDGER_REASONS.adminCredit, 300],
      [LEDGER_REASONS.starsRefund, -500],
      [LEDGER_REASONS.adminDebit, -100],
    ];
    for (const [reason, amountCents] of reasons) {
      const user = await newUser(t, { balanceCents: amountCents < 0 ? 1000 : 0 });
      const before = (await receiptsOf(user)).length;
      await t.services.money.change({
        userId: user,
        reason,
        amountCents,
        reference: `${reason}-${user}`,
      });
      const receipts = (await receiptsOf(user)).slice(before);
      expect(
        receipts.map((r) => r.reason),
        reason,
      ).toEqual([reason]);
      // The same credit again (same reason and reference) is refused by the ledger: still one receipt.
      await expect(
        t.services.money.change({
          userId: user,
          reason,
          amountCents,
          reference: `${reason}-${user}`,
        }),
      ).rejects.toThrow();
      expect((await receiptsOf(user)).slice(before), reason).toHaveLength(1);
    }

    // A paid message writes a ledger row but no receipt.
    const sender = await newUser(t, { balanceCents: 1000, freeMessages: 0 });
    const advisorId = await anAdvisor(t, { name: 'Receipt Advisor', priceCents: 150 });
    const sent = await t.services.money.sendPaidMessage({
      userId: sender,
      advisorId,
      kind: 'text',
      text: 'hello',
      imageId: null,
      preview: 'hello',
      requiredCategory: null,
    });
    expect(sent.outcome).toBe('sent');
    expect((await receiptsOf(sender)).map((r) => r.reason)).toEqual(['admin_credit']);
  });

  it('writes the receipt of a TON deposit and an admin credit through their own paths', async () => {
    const user = await newUser(t);
    await t.services.payments.recordTonTransaction(
      '0:' + 'a'.repeat(64),
      tonTransfer(String(user), 5_000_000_000n),
    );
    await t.services.admin.credit(0, user, '2.50', 'goodwill');
    expect((await receiptsOf(user)).map((r) => r.reason)).toEqual(['ton_deposit', 'admin_credit']);
  });

  it('keeps one receipt per ledger row even when told of the row again', async () => {
    const user = await newUser(t);
    const wallet = await t.services.money.change({
      userId: user,
      reason: LEDGER_REASONS.cryptoDeposit,
      amountCents: 4200,
    });
    const [receipt] = await receiptsOf(user);
    const entry = {
      ledgerId: receipt!.ledger_id,
      userId: user,
      reason: LEDGER_REASONS.cryptoDeposit,
      amountCents: 4200,
      freeMessagesDelta: 0,
      ...wallet,
    };
    await db.sql.begin((tx) => t.services.receipts!.recorded(tx, entry));
    expect(await receiptsOf(user)).toHaveLength(1);
  });

  it('writes none when the credit rolls back', async () => {
    const user = await newUser(t);
    await expect(
      t.services.money.transaction(async ({ apply }) => {
        await apply({ userId: user, reason: LEDGER_REASONS.stars, amountCents: 900 });
        throw new Error('the payment row could not be written');
      }),
    ).rejects.toThrow('the payment row could not be written');
    expect(await receiptsOf(user)).toEqual([]);
    const [row] = await db.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM bot_outbox WHERE chat_id = ${user}`;
    expect(row!.n).toBe(0);
  });

  it('writes none to a user who did not allow the bot to write', async () => {
    const user = await newUser(t, { allowsWrite: false });
    await t.services.money.change({ userId: user, reason: LEDGER_REASONS.stars, amountCents: 500 });
    const [row] = await db.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM bot_outbox WHERE chat_id = ${user}`;
    expect(row!.n).toBe(0);
    // The credit itself happened.
    const [wallet] = await db.sql<{ balance_cents: number }[]>`
      SELECT balance_cents FROM users WHERE telegram_id = ${user}`;
    expect(wallet!.balance_cents).toBe(500);
  });

  it('speaks the user language, with money written the way it is written there, and is delivered', async () => {
    const russian = await newUser(t, { language: 'ru' });
    await t.services.money.change({
      userId: russian,
      reason: LEDGER_REASONS.tonDeposit,
      amountCents: 1250,
    });
    const [receipt] = await receiptsOf(russian);
    expect(receipt!.text).toBe(
      `Получен перевод в TON: на баланс зачислено ${formatMoney(1250, 'ru')}.\nБаланс: ${formatMoney(1250, 'ru')}`,
    );
    expect(receipt!.text.replace(/\s/g, ' ')).toContain('12,50 $');
    expect(receipt!.reply_markup).toEqual({
      inline_keyboard: [
        [{ text: 'Открыть Seer', web_app: { url: `${PUBLIC_URL}/notifications` } }],
      ],
    });

    const english = await newUser(t, { language: 'en-GB', balanceCents: 1000 });
    await t.services.money.change({
      userId: english,
      reason: LEDGER_REASONS.starsRefund,
      amountCents: -250,
    });
    const last = (await receiptsOf(english)).at(-1)!;
    expect(last.text).toBe(
      'Your Telegram Stars payment was refunded: $2.50 taken from your balance. The Stars are back in your Telegram account.\nBalance: $7.50',
    );

    // The outbox delivers it to the user's chat with the button.
    await until(() => bot.acceptedCallsOf('sendMessage').some((c) => c.params.chat_id === russian));
    const delivered = bot
      .acceptedCallsOf('sendMessage')
      .filter((c) => c.params.chat_id === russian);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]!.params.text).toBe(receipt!.text);
    expect(delivered[0]!.params.reply_markup).toEqual(receipt!.reply_markup);
  });
});

describe('two instances on one database', () => {
  it('record the same deposit once and send its receipt once', async () => {
    const other = await startTestApp({
      db,
      seed: false,
      env: { BOT_API_URL: bot.url, PUBLIC_URL },
    });
    try {
      const user = await newUser(t);
      const transfer = tonTransfer(String(user), 2_000_000_000n);
      const wallet = '0:' + 'b'.repeat(64);
      const results = await Promise.allSettled([
        t.services.payments.recordTonTransaction(wallet, transfer),
        other.services.payments.recordTonTransaction(wallet, transfer),
        t.services.payments.recordTonTransaction(wallet, transfer),
        other.services.payments.recordTonTransaction(wallet, transfer),
      ]);
      const credited = results.filter((r) => r.status === 'fulfilled' && r.value.creditedCents > 0);
      expect(credited).toHaveLength(1);
      expect((await receiptsOf(user)).map((r) => r.reason)).toEqual(['ton_deposit']);
      await until(() => bot.acceptedCallsOf('sendMessage').some((c) => c.params.chat_id === user));
      // Give both workers time to (wrongly) send it again.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(
        bot.acceptedCallsOf('sendMessage').filter((c) => c.params.chat_id === user),
      ).toHaveLength(1);
    } finally {
      await other.close();
    }
  });
});
