/** Admin calls: refused to non-admins, each action audited; the command line does the same operations. */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS } from '@seer/contract';
import { newUserId, startTestApp, type TestApp } from '../test/harness.js';
import { anUnmatchedTonDeposit } from '../test/builders.js';
import { runCli } from './cli.js';

const ADMIN_ID = 777_000_001;
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { ADMIN_TELEGRAM_IDS: String(ADMIN_ID) } });
});
afterAll(async () => {
  await t?.close();
});

function as(userId: number, method: 'GET' | 'POST', url: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: { authorization: t.initData(userId) },
    ...(payload ? { payload } : {}),
  });
}

describe('admin calls', () => {
  it('are refused (403) to everyone not listed in ADMIN_TELEGRAM_IDS', async () => {
    const stranger = newUserId();
    for (const call of Object.values(CALLS).filter((c) => c.access === 'admin')) {
      const response = await as(
        stranger,
        call.methods[0] as 'GET',
        `/api/${call.name}`,
        call.methods[0] === 'POST' ? {} : undefined,
      );
      expect({ call: call.name, status: response.statusCode }).toEqual({
        call: call.name,
        status: 403,
      });
    }
  });

  it('create, link and deactivate an advisor, credit a user, sum up earnings — all in the audit log', async () => {
    const created = await as(ADMIN_ID, 'POST', '/api/AdminSaveAdvisor.php', {
      name: 'New Seer',
      category_id: 4,
      price: '3.50',
      description: 'Career tarot',
      experience: 2,
    });
    expect(created.statusCode).toBe(200);
    const advisor = CALLS.AdminSaveAdvisor.answer.parse(created.json()).advisor;
    expect(advisor).toMatchObject({
      name: 'New Seer',
      price_cents: 350,
      is_active: true,
      telegram_id: null,
    });

    const advisorTelegramId = newUserId();
    expect(
      (
        await as(ADMIN_ID, 'POST', '/api/AdminLinkAdvisor.php', {
          manager_id: advisor.id,
          telegram_id: advisorTelegramId,
        })
      ).statusCode,
    ).toBe(200);
    const profile = await as(advisorTelegramId, 'GET', '/api/ManagerGetProfile.php');
    expect(profile.json().manager.id).toBe(advisor.id);

    const userId = newUserId();
    await as(userId, 'GET', '/api/GetUser.php');
    const credited = await as(ADMIN_ID, 'POST', '/api/AdminCredit.php', {
      telegram_user_id: userId,
      amount: '10',
      reason: 'welcome bonus',
    });
    expect(credited.json()).toMatchObject({
      status: 'success',
      balance_cents: 1000,
      amount_cents: 1000,
    });
    const overdraw = await as(ADMIN_ID, 'POST', '/api/AdminCredit.php', {
      telegram_user_id: userId,
      amount: '-20',
      reason: 'mistake',
    });
    expect(overdraw.statusCode).toBe(400);

    // Spend the free messages, then two paid ones: the advisor earns 2 × 3.50.
    for (let i = 0; i < 5; i++)
      expect(
        (
          await as(userId, 'POST', '/api/CreateMessage.php', {
            manager_id: advisor.id,
            message: `q${i}`,
          })
        ).statusCode,
      ).toBe(200);
    const earnings = await as(advisorTelegramId, 'GET', '/api/ManagerGetEarnings.php');
    expect(earnings.json().earnings).toMatchObject({
      today_cents: 700,
      total_cents: 700,
      unpaid_cents: 700,
      paid_messages: 2,
    });

    const payouts = CALLS.AdminPayouts.answer.parse(
      (await as(ADMIN_ID, 'GET', '/api/AdminPayouts.php')).json(),
    );
    expect(payouts.payouts.find((p) => p.manager_id === advisor.id)).toMatchObject({
      earned_cents: 700,
      unpaid_cents: 700,
    });
    const csv = await as(ADMIN_ID, 'GET', '/api/AdminPayouts.php?format=csv');
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body).toContain(`${advisor.id},New Seer,2,7.00,0.00,7.00`);
    // Paying by hand is gone: payouts are requested by the advisor and paid in TON (decision 047).
    expect(
      (await as(ADMIN_ID, 'POST', '/api/AdminMarkPaid.php', { manager_id: advisor.id })).statusCode,
    ).toBe(404);

    const deactivated = await as(ADMIN_ID, 'POST', '/api/AdminSaveAdvisor.php', {
      id: advisor.id,
      name: 'New Seer',
      category_id: 4,
      price: 3.5,
      is_active: false,
    });
    expect(deactivated.json().advisor.is_active).toBe(false);
    expect((await as(userId, 'GET', `/api/GetManager.php?id=${advisor.id}`)).statusCode).toBe(404);

    const ledger = CALLS.AdminUserLedger.answer.parse(
      (await as(ADMIN_ID, 'GET', `/api/AdminUserLedger.php?telegram_user_id=${userId}`)).json(),
    );
    expect(ledger.ledger.reduce((sum, l) => sum + l.amount_cents, 0)).toBe(
      ledger.user.balance_cents,
    );

    const audit = CALLS.AdminAudit.answer.parse(
      (await as(ADMIN_ID, 'GET', '/api/AdminAudit.php')).json(),
    );
    const actions = audit.entries
      .filter((e) => e.actor_telegram_id === ADMIN_ID)
      .map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining(['create-advisor', 'link-advisor', 'credit', 'edit-advisor']),
    );
  });

  it('answers bad input with 400', async () => {
    expect(
      (
        await as(ADMIN_ID, 'POST', '/api/AdminSaveAdvisor.php', {
          name: '',
          category_id: 4,
          price: 1,
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await as(ADMIN_ID, 'POST', '/api/AdminSaveAdvisor.php', {
          name: 'X',
          category_id: 13,
          price: 1,
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await as(ADMIN_ID, 'POST', '/api/AdminSaveAdvisor.php', {
          name: 'X',
          category_id: 1,
          price: '-1',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await as(ADMIN_ID, 'POST', '/api/AdminCredit.php', {
          telegram_user_id: 5,
          amount: 'ten',
          reason: 'x',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await as(ADMIN_ID, 'GET', '/api/AdminPayouts.php?from=2026-02-01&to=2026-01-01')).statusCode,
    ).toBe(400);
  });
});

describe('admin command line', () => {
  it('links, credits and lists with exit status 0, and refuses bad input with a message and non-zero status', async () => {
    const env = { DATABASE_URL: t.db.url, NODE_ENV: 'test' };
    const out: string[] = [];
    const err: string[] = [];
    const run = (...args: string[]) =>
      runCli(
        args,
        env,
        (l) => out.push(l),
        (l) => err.push(l),
      );
    const telegramId = newUserId();
    expect(await run('link-advisor', '3', String(telegramId))).toBe(0);
    expect(out.at(-1)).toContain(`linked to Telegram user ${telegramId}`);
    expect(await run('credit', String(telegramId), '2.50', 'goodwill', 'gesture')).toBe(0);
    expect(out.at(-1)).toContain('balance of');
    expect(await run('credit', String(telegramId), '-5', 'too', 'much')).toBe(1);
    expect(err.at(-1)).toMatch(/too low/);
    expect(await run('credit', 'abc', '1', 'x')).toBe(2);
    expect(await run('nonsense')).toBe(2);
    expect(await run('users')).toBe(0);
    expect(out.join('\n')).toContain(String(telegramId));
    const [row] = await t.db.sql<
      { balance_cents: number }[]
    >`SELECT balance_cents FROM users WHERE telegram_id = ${telegramId}`;
    expect(row!.balance_cents).toBe(250);
  });

  it('refuses a DATA_DIR without a database instead of creating an empty one', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'seer-cli-'));
    try {
      const err: string[] = [];
      const code = await runCli(
        ['users'],
        { DATA_DIR: dataDir, NODE_ENV: 'test' },
        () => {},
        (l) => err.push(l),
      );
      expect(code).toBe(2);
      expect(err.join('\n')).toContain(`No Seer database in DATA_DIR=${dataDir}`);
      expect(await readdir(dataDir)).toEqual([]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses an advisor id beyond INTEGER (2^31) with a usage message, not a database error', async () => {
    const err: string[] = [];
    const run = (...args: string[]) =>
      runCli(
        args,
        { DATABASE_URL: t.db.url, NODE_ENV: 'test' },
        () => {},
        (l) => err.push(l),
      );
    expect(await run('link-advisor', '2147483648', String(newUserId()))).toBe(2);
    expect(err.join('\n')).toMatch(/manager_id must be a whole number from 1 to 2147483647/);
    expect(await run('unlink-advisor', '2147483648')).toBe(2);
  });

  it('lists unmatched deposits and assigns one exactly once, with a ledger row and an audit entry', async () => {
    const env = { DATABASE_URL: t.db.url, NODE_ENV: 'test' };
    const out: string[] = [];
    const err: string[] = [];
    const run = (...args: string[]) =>
      runCli(
        args,
        env,
        (l) => out.push(l),
        (l) => err.push(l),
      );
    const depositId = await anUnmatchedTonDeposit(t, {
      wallet: '0:abc',
      txHash: 'hash-cli-1',
      comment: 'my id is 42',
      amountCents: 600,
    });
    expect(await run('deposits')).toBe(0);
    expect(out.join('\n')).toContain('my id is 42');
    const telegramId = newUserId();
    expect(await run('assign-deposit', String(depositId), String(telegramId))).toBe(0);
    expect(out.at(-1)).toContain('credited $6.00');
    expect(await run('assign-deposit', String(depositId), String(telegramId))).toBe(1);
    expect(err.at(-1)).toMatch(/already credited/);
    const [user] = await t.db.sql<
      { balance_cents: number }[]
    >`SELECT balance_cents FROM users WHERE telegram_id = ${telegramId}`;
    expect(user!.balance_cents).toBe(600);
    const [audit] = await t.db.sql<
      { n: number }[]
    >`SELECT count(*)::int AS n FROM admin_audit WHERE action = 'assign-deposit'`;
    expect(audit!.n).toBe(1);
  });
});
