/**
 * The advisor's own profile over HTTP: only their own, validated, hours as users see them in their
 * time zone, and price changes an admin approves — charged from the next message, never mid-send.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { ADVISOR_PRICE_LIMITS, CALLS } from '@seer/contract';
import { newUserId, startTestApp, type TestApp } from '../test/harness.js';
import { anAdvisor, linkAdvisor } from '../test/builders.js';

const ADMIN_ID = 777_000_045;
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ seed: false, env: { ADMIN_TELEGRAM_IDS: String(ADMIN_ID) } });
});
afterAll(async () => {
  await t?.close();
});

async function anAdvisorAccount(priceCents = 100) {
  const advisorId = await anAdvisor(t, { priceCents });
  const telegramId = await linkAdvisor(t, advisorId);
  return { advisorId, telegramId };
}

const get = (userId: number, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: t.initData(userId) } });

const profileBody = {
  category_id: 2,
  languages: ['en', 'ru'],
  text_language: 'en',
  texts: {
    en: { description: 'Tarot and love', additional_info: 'Ten years of readings' },
    ru: { description: 'Таро и любовь', additional_info: 'Десять лет раскладов' },
  },
  time_zone: 'Europe/Moscow',
  hours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
    weekday,
    start_minute: 20 * 60,
    end_minute: 23 * 60,
  })),
  away_messages: { en: 'Back tonight at eight', ru: 'Вернусь вечером в восемь' },
};

describe("the advisor's own profile", () => {
  it('is saved by the advisor and read back; users see the texts in their language', async () => {
    const advisor = await anAdvisorAccount();
    const saved = await t.post(advisor.telegramId, 'ManagerSaveOwnProfile.php', profileBody);
    expect(saved.statusCode).toBe(200);
    const profile = CALLS.ManagerSaveOwnProfile.answer.parse(saved.json()).profile;
    expect(profile).toMatchObject({
      id: advisor.advisorId,
      category_id: 2,
      time_zone: 'Europe/Moscow',
      texts: profileBody.texts,
      away_messages: profileBody.away_messages,
      pending_price: null,
    });
    expect(profile.hours).toHaveLength(7);

    const read = await get(advisor.telegramId, '/api/ManagerGetOwnProfile.php');
    expect(read.json().profile).toEqual(profile);

    const asUser = await get(newUserId(), `/api/GetManager.php?id=${advisor.advisorId}&lang=ru`);
    expect(asUser.json().manager).toMatchObject({
      description: 'Таро и любовь',
      category_id: 2,
    });
  });

  it('is refused (403) to a user who is no advisor, and an advisor changes only their own', async () => {
    const user = newUserId();
    for (const call of ['ManagerSaveOwnProfile.php', 'ManagerRequestPrice.php'])
      expect((await t.post(user, call, profileBody)).statusCode).toBe(403);
    expect((await get(user, '/api/ManagerGetOwnProfile.php')).statusCode).toBe(403);

    const first = await anAdvisorAccount();
    const second = await anAdvisorAccount();
    expect(
      (await t.post(second.telegramId, 'ManagerSaveOwnProfile.php', profileBody)).statusCode,
    ).toBe(200);
    // The body names no advisor: an id smuggled in is refused, and the other profile is untouched.
    expect(
      (
        await t.post(second.telegramId, 'ManagerSaveOwnProfile.php', {
          ...profileBody,
          manager_id: first.advisorId,
        })
      ).statusCode,
    ).toBe(400);
    const firstProfile = (await get(first.telegramId, '/api/ManagerGetOwnProfile.php')).json()
      .profile;
    expect(firstProfile).toMatchObject({ category_id: 1, hours: [], away_messages: {} });
  });

  it('refuses bad input with a 400 naming the problem', async () => {
    const advisor = await anAdvisorAccount();
    const cases: [object, RegExp][] = [
      [{ time_zone: 'Mars/Olympus' }, /time_zone/],
      [
        {
          hours: [
            { weekday: 1, start_minute: 600, end_minute: 720 },
            { weekday: 1, start_minute: 700, end_minute: 800 },
          ],
        },
        /overlap/,
      ],
      [{ hours: [{ weekday: 1, start_minute: 900, end_minute: 600 }] }, /end_minute/],
      [{ hours: [{ weekday: 9, start_minute: 0, end_minute: 60 }] }, /weekday/],
      [{ hours: [{ weekday: 1, start_minute: 0, end_minute: 1500 }] }, /end_minute/],
      [{ away_messages: { en: 'x'.repeat(501) } }, /away message/],
      [{ texts: { en: { description: 'x'.repeat(2001), additional_info: '' } } }, /description/],
      [{ languages: ['English'] }, /languages/],
      [{ languages: [] }, /languages/],
    ];
    for (const [change, message] of cases) {
      const response = await t.post(advisor.telegramId, 'ManagerSaveOwnProfile.php', {
        ...profileBody,
        ...change,
      });
      expect({ change, status: response.statusCode }).toEqual({ change, status: 400 });
      expect(response.json().message).toMatch(message);
    }
    for (const price_cents of [
      ADVISOR_PRICE_LIMITS.minCents - 1,
      ADVISOR_PRICE_LIMITS.maxCents + 1,
    ])
      expect(
        (await t.post(advisor.telegramId, 'ManagerRequestPrice.php', { price_cents })).json(),
      ).toMatchObject({
        status: 'error',
        message: expect.stringMatching(/price_cents must be from/),
      });
  });

  it("takes a photo only from the advisor's own upload", async () => {
    const advisor = await anAdvisorAccount();
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#808' } })
      .png()
      .toBuffer();
    const someoneElses = await t.services.images.upload(newUserId(), png);
    const refused = await t.post(advisor.telegramId, 'ManagerSaveOwnProfile.php', {
      ...profileBody,
      avatar_image_id: someoneElses.id,
    });
    expect(refused.statusCode).toBe(400);
    const own = await t.services.images.upload(advisor.telegramId, png);
    const saved = await t.post(advisor.telegramId, 'ManagerSaveOwnProfile.php', {
      ...profileBody,
      avatar_image_id: own.id,
    });
    expect(saved.json().profile.avatar).toBe(own.url);
  });
});

describe('hours as users see them', () => {
  it("are converted into the user's time zone, with the away message in the user's language", async () => {
    const advisor = await anAdvisorAccount();
    await t.post(advisor.telegramId, 'ManagerSaveOwnProfile.php', profileBody);
    const inBerlin = await get(
      newUserId(),
      `/api/GetAdvisorHours.php?manager_id=${advisor.advisorId}&time_zone=Asia/Tokyo&lang=ru`,
    );
    expect(inBerlin.statusCode).toBe(200);
    const answer = CALLS.GetAdvisorHours.answer.parse(inBerlin.json());
    // Moscow 20:00–23:00 (UTC+3) is 02:00–05:00 in Tokyo (UTC+9): no DST on either side.
    expect(answer.usually).toEqual({ start: '02:00', end: '05:00' });
    expect(answer.days).toHaveLength(7);
    expect(answer.away_message).toBe('Вернусь вечером в восемь');

    const bad = await get(
      newUserId(),
      `/api/GetAdvisorHours.php?manager_id=${advisor.advisorId}&time_zone=Nowhere/Land`,
    );
    expect(bad.statusCode).toBe(400);
  });
});

describe('hours across a DST change', () => {
  it("follow the advisor's own clock: New York's 09:00 is an hour earlier in UTC from the day DST starts", async () => {
    const advisor = await anAdvisorAccount();
    await t.post(advisor.telegramId, 'ManagerSaveOwnProfile.php', {
      ...profileBody,
      time_zone: 'America/New_York',
      hours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
        weekday,
        start_minute: 9 * 60,
        end_minute: 17 * 60,
      })),
    });
    // DST starts in New York on Sunday 2026-03-08 at 02:00 (UTC−5 → UTC−4).
    const seen = await t.services.advisorProfiles.forViewer(
      advisor.advisorId,
      'UTC',
      'en',
      new Date('2026-03-06T12:00:00Z'),
    );
    expect(seen.days.map((day) => `${day.date} ${day.start}-${day.end}`)).toEqual([
      '2026-03-06 14:00-22:00',
      '2026-03-07 14:00-22:00',
      '2026-03-08 13:00-21:00',
      '2026-03-09 13:00-21:00',
      '2026-03-10 13:00-21:00',
      '2026-03-11 13:00-21:00',
      '2026-03-12 13:00-21:00',
    ]);
    expect(seen.usually).toBeNull();
  });
});

async function balanceAndLedger(userId: number) {
  const [row] = await t.db.sql<{ balance: number; ledger: number }[]>`
    SELECT u.balance_cents::int AS balance,
      (SELECT COALESCE(sum(amount_cents), 0)::int FROM ledger WHERE user_id = u.telegram_id) AS ledger
    FROM users u WHERE u.telegram_id = ${userId}`;
  return row!;
}

async function chargedPrices(userId: number, advisorId: number): Promise<number[]> {
  const rows = await t.db.sql<{ price_cents: number }[]>`
    SELECT m.price_cents::int AS price_cents FROM messages m JOIN dialogs d ON d.id = m.dialog_id
    WHERE d.user_id = ${userId} AND d.advisor_id = ${advisorId} AND m.sender = 'user' ORDER BY m.id`;
  return rows.map((row) => row.price_cents);
}

const send = (userId: number, advisorId: number, message: string) =>
  t.post(userId, 'CreateMessage.php', { manager_id: advisorId, message });

describe('a price change', () => {
  it('is a request an admin approves, audited; the next message is charged the new price', async () => {
    const advisor = await anAdvisorAccount(100);
    const userId = await t.userWithBalance(10_000);
    expect((await send(userId, advisor.advisorId, 'before')).statusCode).toBe(200);

    const first = await t.post(advisor.telegramId, 'ManagerRequestPrice.php', { price_cents: 300 });
    expect(first.statusCode).toBe(200);
    // A second request replaces the first: one pending request per advisor.
    const requested = await t.post(advisor.telegramId, 'ManagerRequestPrice.php', {
      price_cents: 250,
    });
    const request = requested.json().request;
    expect(request).toMatchObject({ price_cents: 250 });
    const own = (await get(advisor.telegramId, '/api/ManagerGetOwnProfile.php')).json().profile;
    expect(own).toMatchObject({ price_cents: 100, pending_price: { id: request.id } });

    // Not yet approved: still the old price.
    expect((await send(userId, advisor.advisorId, 'pending')).statusCode).toBe(200);

    const pending = (await get(ADMIN_ID, '/api/AdminPriceRequests.php')).json().requests;
    expect(
      pending.filter((r: { manager_id: number }) => r.manager_id === advisor.advisorId),
    ).toEqual([
      expect.objectContaining({ id: request.id, current_price_cents: 100, price_cents: 250 }),
    ]);
    // Users and advisors may not decide.
    expect(
      (
        await t.post(advisor.telegramId, 'AdminDecidePriceRequest.php', {
          id: request.id,
          approve: true,
        })
      ).statusCode,
    ).toBe(403);

    const approved = await t.post(ADMIN_ID, 'AdminDecidePriceRequest.php', {
      id: request.id,
      approve: true,
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().request).toMatchObject({ status: 'approved', price_cents: 250 });
    const again = await t.post(ADMIN_ID, 'AdminDecidePriceRequest.php', {
      id: request.id,
      approve: false,
    });
    expect(again.statusCode).toBe(409);

    const [audit] = await t.db.sql<{ actor: number; details: Record<string, unknown> }[]>`
      SELECT actor_telegram_id::bigint AS actor, details FROM admin_audit
      WHERE action = 'approve-price' AND details ->> 'requestId' = ${String(request.id)}`;
    expect(audit).toMatchObject({
      details: { advisorId: advisor.advisorId, fromCents: 100, toCents: 250 },
    });
    expect(Number(audit!.actor)).toBe(ADMIN_ID);

    expect((await send(userId, advisor.advisorId, 'after')).statusCode).toBe(200);
    expect(await chargedPrices(userId, advisor.advisorId)).toEqual([100, 100, 250]);
    expect(
      (await get(userId, `/api/GetManager.php?id=${advisor.advisorId}`)).json().manager,
    ).toMatchObject({ price_cents: 250 });
    const money = await balanceAndLedger(userId);
    expect(money.balance).toBe(10_000 - 450);
    expect(money.balance).toBe(money.ledger);
  });

  it('a refused request leaves the price', async () => {
    const advisor = await anAdvisorAccount(100);
    const request = (
      await t.post(advisor.telegramId, 'ManagerRequestPrice.php', { price_cents: 900 })
    ).json().request;
    const refused = await t.post(ADMIN_ID, 'AdminDecidePriceRequest.php', {
      id: request.id,
      approve: false,
    });
    expect(refused.json().request).toMatchObject({ status: 'refused' });
    const own = (await get(advisor.telegramId, '/api/ManagerGetOwnProfile.php')).json().profile;
    expect(own).toMatchObject({ price_cents: 100, pending_price: null });
  });

  it('does not reach a send already under way: it is charged the price it read', async () => {
    const advisor = await anAdvisorAccount(100);
    const userId = await t.userWithBalance(10_000);
    const request = (
      await t.post(advisor.telegramId, 'ManagerRequestPrice.php', { price_cents: 400 })
    ).json().request;

    // Hold the user's wallet row: the send reads the price, then waits for the wallet lock
    // (FOR UPDATE). KEY SHARE lets the request's earlier update of the user's Telegram details by.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = t.db.sql.begin(async (tx) => {
      await tx`SELECT 1 FROM users WHERE telegram_id = ${userId} FOR KEY SHARE`;
      locked();
      await released;
    });
    await isLocked;
    const inFlight = send(userId, advisor.advisorId, 'in flight');
    await waitFor(async () => {
      const [row] = await t.db.sql<{ n: number }[]>`
        SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE wait_event_type = 'Lock' AND query ILIKE '%seer_send_user_message%'`;
      return row!.n > 0;
    });

    const approved = await t.post(ADMIN_ID, 'AdminDecidePriceRequest.php', {
      id: request.id,
      approve: true,
    });
    expect(approved.statusCode).toBe(200);
    release();
    await holder;
    expect((await inFlight).statusCode).toBe(200);
    expect((await send(userId, advisor.advisorId, 'next')).statusCode).toBe(200);

    expect(await chargedPrices(userId, advisor.advisorId)).toEqual([100, 400]);
    const money = await balanceAndLedger(userId);
    expect(money.balance).toBe(10_000 - 500);
    expect(money.balance).toBe(money.ledger);
  });

  it('racing sends are each charged one price or the other, and balance = ledger', async () => {
    const advisor = await anAdvisorAccount(100);
    const users = await Promise.all([1, 2, 3, 4].map(() => t.userWithBalance(100_000)));
    const request = (
      await t.post(advisor.telegramId, 'ManagerRequestPrice.php', { price_cents: 700 })
    ).json().request;
    const sends = users.flatMap((userId) =>
      [1, 2, 3, 4, 5].map((i) => send(userId, advisor.advisorId, `race ${i}`)),
    );
    const approval = t.post(ADMIN_ID, 'AdminDecidePriceRequest.php', {
      id: request.id,
      approve: true,
    });
    const answers = await Promise.all([...sends, approval]);
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    for (const userId of users) {
      const prices = await chargedPrices(userId, advisor.advisorId);
      expect(prices).toHaveLength(5);
      for (const price of prices) expect([100, 700]).toContain(price);
      const money = await balanceAndLedger(userId);
      expect(money.balance).toBe(100_000 - prices.reduce((a, b) => a + b, 0));
      expect(money.balance).toBe(money.ledger);
    }
    // Each message's ledger row is its price: no send mixed the two.
    const [ledgerMismatch] = await t.db.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM messages m JOIN dialogs d ON d.id = m.dialog_id
      LEFT JOIN ledger l ON l.message_id = m.id
      WHERE d.advisor_id = ${advisor.advisorId} AND m.sender = 'user'
        AND COALESCE(-l.amount_cents, 0) <> m.price_cents`;
    expect(ledgerMismatch!.n).toBe(0);
    // Once the approval has answered, every send is charged the new price.
    await send(users[0]!, advisor.advisorId, 'after the race');
    expect((await chargedPrices(users[0]!, advisor.advisorId)).at(-1)).toBe(700);
    // The advisor earns exactly what each message was charged.
    const [earnings] = await t.db.sql<{ mismatched: number }[]>`
      SELECT count(*)::int AS mismatched FROM messages m
      JOIN dialogs d ON d.id = m.dialog_id
      LEFT JOIN advisor_earnings e ON e.message_id = m.id
      WHERE d.advisor_id = ${advisor.advisorId} AND m.sender = 'user'
        AND COALESCE(e.amount_cents, 0) <> m.price_cents`;
    expect(earnings!.mismatched).toBe(0);
  });
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
