/**
 * Every amount of money is a BIGINT (migration 022): no column or stored function parameter that
 * holds cents, Stars or nanotons is an INTEGER, and an amount above 2^31 cents is stored, shown to
 * the user as a number and read back by the admin section.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS } from '@seer/contract';
import { LEDGER_REASONS } from '../money/money.service.js';
import { newUserId, startTestApp, type TestApp } from '../test/harness.js';

const ADMIN = 777_000_222;
/** A name that says the value is money. */
const MONEY_NAME = /cents|amount|stars|nanoton|price|balance/;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ seed: false, env: { ADMIN_TELEGRAM_IDS: String(ADMIN) } });
});
afterAll(async () => {
  await t?.close();
});

describe('money in the schema', () => {
  it('no money column is a 32-bit or smaller integer', async () => {
    const columns = await t.db.sql<
      { table_name: string; column_name: string; data_type: string }[]
    >`
      SELECT c.table_name, c.column_name, c.data_type
      FROM information_schema.columns c
      JOIN information_schema.tables tb
        ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name
      WHERE c.table_schema = 'public' AND tb.table_type = 'BASE TABLE'`;
    const money = columns.filter((c) => MONEY_NAME.test(c.column_name));
    // The check sees the columns it is about.
    expect(money.map((c) => `${c.table_name}.${c.column_name}`)).toEqual(
      expect.arrayContaining([
        'ledger.amount_cents',
        'notifications.amount_cents',
        'stars_payments.stars',
        'users.balance_cents',
      ]),
    );
    const narrow = money.filter((c) => ['integer', 'smallint'].includes(c.data_type));
    expect(narrow.map((c) => `${c.table_name}.${c.column_name} ${c.data_type}`)).toEqual([]);
  });

  it('no stored function takes or returns money as a 32-bit integer', async () => {
    const args = await t.db.sql<{ fn: string; name: string; type: string }[]>`
      SELECT p.proname AS fn, a.name, format_type(a.type, NULL) AS type
      FROM pg_proc p
      JOIN pg_namespace n ON n.oid = p.pronamespace
      CROSS JOIN LATERAL unnest(
        COALESCE(p.proallargtypes, p.proargtypes::oid[]), p.proargnames
      ) AS a(type, name)
      WHERE n.nspname = 'public' AND p.proargnames IS NOT NULL`;
    expect(args.some((a) => a.fn === 'seer_send_user_message')).toBe(true);
    const narrow = args.filter(
      (a) => MONEY_NAME.test(a.name) && ['integer', 'smallint'].includes(a.type),
    );
    expect(narrow.map((a) => `${a.fn}(${a.name} ${a.type})`)).toEqual([]);
  });
});

describe('an amount above 2^31 cents', () => {
  it('is credited, noticed and shown as a number', async () => {
    const user = newUserId();
    const auth = t.initData(user);
    // $30,000,000.00 = 3,000,000,000 cents > 2,147,483,647 (INTEGER's largest)
    const credited = await t.app.inject({
      method: 'POST',
      url: '/api/AdminCredit.php',
      headers: { authorization: t.initData(ADMIN) },
      payload: { telegram_user_id: user, amount: '30000000', reason: 'A large top-up' },
    });
    expect(credited.statusCode, credited.body).toBe(200);

    const feed = await t.app.inject({
      method: 'GET',
      url: '/api/GetNotifications.php?v=2',
      headers: { authorization: auth },
    });
    expect(feed.statusCode, feed.body).toBe(200);
    const v2 = CALLS.GetNotifications.answer.parse(feed.json());
    expect(v2.notifications).toHaveLength(1);
    expect(v2.notifications[0]).toMatchObject({
      reason: LEDGER_REASONS.adminCredit,
      amount_cents: 3_000_000_000,
      amount: 30_000_000,
    });

    const v1 = await t.app.inject({
      method: 'GET',
      url: '/api/GetNotifications.php',
      headers: { authorization: auth },
    });
    expect(v1.json()).toMatchObject({
      notifications: [{ amount_cents: 3_000_000_000, amount: 30_000_000 }],
    });

    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/GetUser.php',
      headers: { authorization: auth },
    });
    expect(profile.json()).toMatchObject({ data: { balance_cents: 3_000_000_000 } });

    const [row] = await t.db.sql<{ amount_cents: unknown }[]>`
      SELECT amount_cents FROM notifications WHERE user_id = ${user}`;
    expect(row!.amount_cents).toBe(3_000_000_000);
  });

  it('is credited as a TON deposit and noticed in the same transaction', async () => {
    const user = newUserId();
    await t.services.users.ensureExists(t.db.sql, user);
    const applied = await t.services.money.change({
      userId: user,
      reason: LEDGER_REASONS.tonDeposit,
      amountCents: 2 ** 31 + 1,
      reference: `ton-large-${user}`,
    });
    expect(applied.balanceCents).toBe(2 ** 31 + 1);
    const [row] = await t.db.sql<{ amount_cents: number }[]>`
      SELECT amount_cents FROM notifications WHERE user_id = ${user}`;
    expect(row!.amount_cents).toBe(2 ** 31 + 1);
  });
});
