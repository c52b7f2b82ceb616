/**
 * Every date a client sends is checked against 1900-01-01 … 2199-12-31 (contract/src/dates.ts):
 * outside it, or unreal, a clear 400 that changes nothing — never the 500 of a year JavaScript
 * or PostgreSQL cannot hold. Inside it, the calls work as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUserId, startTestApp, type TestApp } from '../test/harness.js';
import { LEDGER_REASONS } from '../money/money.service.js';

const ADMIN = 777_000_333;
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { ADMIN_TELEGRAM_IDS: String(ADMIN) } });
});
afterAll(async () => {
  await t?.close();
});

function call(method: 'GET' | 'POST', url: string, userId: number, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: { authorization: t.initData(userId) },
    ...(payload ? { payload } : {}),
  });
}

/** Years outside what JavaScript's Date (±275760) or PostgreSQL (no year 0) can hold, and unreal days. */
const OUT_OF_RANGE_MOMENTS = [
  '0000-01-01',
  '0000-01-01T00:00:00Z',
  '+275760-09-13T00:00:00Z',
  '275760-01-01',
  '-000001-01-01T00:00:00Z',
  '1899-12-31T23:59:59Z',
  '2200-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '2024-02-30T00:00:00Z',
];

describe('MarkNotificationsRead up_to', () => {
  it('refuses a moment outside the range with a 400 and marks nothing', async () => {
    const user = newUserId();
    await t.services.users.ensureExists(t.db.sql, user);
    await t.services.money.change({
      userId: user,
      reason: LEDGER_REASONS.adminCredit,
      amountCents: 500,
    });
    for (const upTo of OUT_OF_RANGE_MOMENTS) {
      const answer = await call('POST', '/api/MarkNotificationsRead.php', user, { up_to: upTo });
      expect(answer.statusCode, `${upTo}: ${answer.body}`).toBe(400);
      expect(answer.json()).toMatchObject({
        status: 'error',
        code: 'bad_request',
        message: expect.stringMatching(/^up_to: up_to must be a date and time/),
      });
    }
    const [row] = await t.db.sql<{ unread: number }[]>`
      SELECT count(*)::int AS unread FROM notifications WHERE user_id = ${user} AND read_at IS NULL`;
    expect(row!.unread).toBe(1);
  });

  it('marks read up to a moment within the range', async () => {
    const user = newUserId();
    await t.services.users.ensureExists(t.db.sql, user);
    await t.services.money.change({
      userId: user,
      reason: LEDGER_REASONS.adminCredit,
      amountCents: 500,
    });
    const early = await call('POST', '/api/MarkNotificationsRead.php', user, {
      up_to: '2001-01-01T00:00:00+03:00',
    });
    expect(early.json()).toEqual({ status: 'success', unread: 1 });
    const late = await call('POST', '/api/MarkNotificationsRead.php', user, {
      up_to: '2199-12-31T23:59:59.999Z',
    });
    expect(late.json()).toEqual({ status: 'success', unread: 0 });
  });
});

describe('UpdateUser dateOfBirth', () => {
  it('refuses a birth date outside the range, keeping the one stored', async () => {
    const user = newUserId();
    expect(
      (await call('POST', '/api/UpdateUser.php', user, { dateOfBirth: '1990-05-17' })).statusCode,
    ).toBe(200);
    for (const bad of ['0000-01-01', '1899-12-31', '2200-01-01', '+275760-09-13']) {
      const answer = await call('POST', '/api/UpdateUser.php', user, { dateOfBirth: bad });
      expect(answer.statusCode, `${bad}: ${answer.body}`).toBe(400);
      expect(answer.json()).toMatchObject({ code: 'bad_request' });
    }
    const profile = await call('GET', '/api/GetUser.php', user);
    expect(profile.json()).toMatchObject({ birthdate: '1990-05-17' });
  });
});

describe("the admin's payout dates", () => {
  it('refuses dates outside the range in the payouts query', async () => {
    for (const query of ['from=0000-01-01', 'to=0000-01-01', 'to=2200-01-01', 'from=1899-12-31']) {
      const answer = await call('GET', `/api/AdminPayouts.php?${query}`, ADMIN);
      expect(answer.statusCode, `${query}: ${answer.body}`).toBe(400);
      expect(answer.json()).toMatchObject({
        code: 'bad_request',
        message: expect.stringMatching(/must be a date from 1900-01-01 to 2199-12-31$/),
      });
    }
    expect(
      (await call('GET', '/api/AdminPayouts.php?from=2000-01-01&to=2199-12-31', ADMIN)).statusCode,
    ).toBe(200);
  });
});
