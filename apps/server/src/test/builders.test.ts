/** The fixture builders make rows the product could have made: a balance is the sum of its ledger. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.js';
import { aSpend, aTopUp, aUser } from './builders.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ seed: false });
});
afterAll(async () => {
  await t?.close();
});

async function walletAndLedger(userId: number) {
  const [row] = await t.db.sql<
    { balance_cents: number; free_messages: number; ledger_cents: number; ledger_rows: number }[]
  >`
    SELECT balance_cents, free_messages,
      (SELECT COALESCE(sum(amount_cents), 0)::bigint FROM ledger WHERE user_id = u.telegram_id) AS ledger_cents,
      (SELECT count(*)::int FROM ledger WHERE user_id = u.telegram_id) AS ledger_rows
    FROM users u WHERE telegram_id = ${userId}`;
  return row!;
}

describe('money builders', () => {
  it('build a balance that equals the sum of its ledger rows', async () => {
    const userId = await aUser(t, { balanceCents: 1_250, freeMessages: 2 });
    expect(await walletAndLedger(userId)).toEqual({
      balance_cents: 1_250,
      free_messages: 2,
      ledger_cents: 1_250,
      ledger_rows: 1,
    });
    await aTopUp(t, userId, 300, { reason: 'stars' });
    await aSpend(t, userId, 50);
    expect(await walletAndLedger(userId)).toMatchObject({
      balance_cents: 1_500,
      ledger_cents: 1_500,
      ledger_rows: 3,
    });
    expect(await walletAndLedger(await t.userWithBalance(700))).toMatchObject({
      balance_cents: 700,
      ledger_cents: 700,
    });
  });

  it('build a user without money without a ledger row', async () => {
    expect(await walletAndLedger(await aUser(t))).toEqual({
      balance_cents: 0,
      free_messages: 0,
      ledger_cents: 0,
      ledger_rows: 0,
    });
  });
});
