/**
 * The trial in the catalogue and on every price path (decision 046): an advisor on trial is
 * listed only to their share of users (always the same users, and anyone who already has a
 * dialog with them), to everyone once staff end the trial; no admin path sets their price above
 * the cap.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.js';
import { aDialog, anAdvisor, linkAdvisor } from '../test/builders.js';
import { seesTrialAdvisor } from './trial.js';

const ADMIN_ID = 777_200_001;
const SHARE = 20;
let t: TestApp;
let trialId: number;
let regularId: number;
let trialAdvisorAccount: number;

beforeAll(async () => {
  t = await startTestApp({
    seed: false,
    env: {
      ADMIN_TELEGRAM_IDS: String(ADMIN_ID),
      TRIAL_SHARE_PERCENT: String(SHARE),
      TRIAL_PRICE_CAP_CENTS: '199',
    },
  });
  regularId = await anAdvisor(t, { categoryId: 3, priceCents: 300 });
  trialId = await anAdvisor(t, { categoryId: 3, priceCents: 150 });
  // The advisor's own account is one outside their share: they still see themselves.
  let account = 8_200_000_000;
  while (seesTrialAdvisor(account, trialId, SHARE)) account += 1;
  trialAdvisorAccount = await linkAdvisor(t, trialId, account);
  await onTrial(trialId, true);
});
afterAll(async () => {
  await t?.close();
});

async function onTrial(advisorId: number, value: boolean): Promise<void> {
  await t.db.sql.begin((tx) => t.services.trials.setOnTrial(tx, advisorId, value));
  t.services.advisors.invalidate();
}

interface Listed {
  id: number;
}

async function get(
  userId: number,
  call: string,
  query = '',
): Promise<{ status: number; body: unknown }> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/${call}${query}`,
    headers: { authorization: t.initData(userId) },
  });
  return { status: response.statusCode, body: response.json() };
}

/** The advisor ids this user's catalogue lists. */
async function catalogueOf(userId: number): Promise<number[]> {
  const { status, body } = await get(userId, 'GetAllManagers.php');
  expect(status).toBe(200);
  return (body as { data: { managers: Listed[] } }).data.managers.map((advisor) => advisor.id);
}

const USERS = Array.from({ length: 300 }, (_, i) => 8_100_000_000 + i * 7919);

describe('an advisor on trial in the catalogue', () => {
  it('is listed to about the share of users, the same users each time; the others are listed to all', async () => {
    const seeing = async () => {
      const seen: number[] = [];
      for (const user of USERS) {
        const ids = await catalogueOf(user);
        expect(ids).toContain(regularId);
        if (ids.includes(trialId)) seen.push(user);
      }
      return seen;
    };
    const first = await seeing();
    // 20% of 300 is 60; three standard deviations either side.
    expect(first.length).toBeGreaterThan(40);
    expect(first.length).toBeLessThan(80);
    expect(first).toEqual(USERS.filter((user) => seesTrialAdvisor(user, trialId, SHARE)));
    // Stable per user across cache periods.
    t.services.advisors.invalidate();
    expect(await seeing()).toEqual(first);
  });

  it('is left out of the category list too, but a direct link still opens the profile', async () => {
    const outside = USERS.find((user) => !seesTrialAdvisor(user, trialId, SHARE))!;
    const inside = USERS.find((user) => seesTrialAdvisor(user, trialId, SHARE))!;
    const category = async (user: number) =>
      ((await get(user, 'GetManagersByCategory.php', '?category_id=3')).body as Listed[]).map(
        (advisor) => advisor.id,
      );
    expect(await category(outside)).toEqual([regularId]);
    expect(await category(inside)).toEqual([regularId, trialId]);
    const profile = await get(outside, 'GetManager.php', `?id=${trialId}`);
    expect(profile.status).toBe(200);
    expect((profile.body as { manager: Listed }).manager.id).toBe(trialId);
  });

  it('stays listed to a user outside the share who has a dialog with them, and to the advisor', async () => {
    const outside = USERS.filter((user) => !seesTrialAdvisor(user, trialId, SHARE));
    const client = outside[1]!;
    expect(await catalogueOf(client)).not.toContain(trialId);
    await aDialog(t, {
      advisorId: trialId,
      userId: client,
      messages: [{ from: 'user', secondsAgo: 5 }],
    });
    t.services.advisors.invalidate();
    expect(await catalogueOf(client)).toContain(trialId);
    // Another user outside the share still does not see them.
    expect(await catalogueOf(outside[2]!)).not.toContain(trialId);
    expect(await catalogueOf(trialAdvisorAccount)).toContain(trialId);
  });

  it('is listed to every user once the trial ends', async () => {
    await onTrial(trialId, false);
    for (const user of USERS.slice(0, 60)) expect(await catalogueOf(user)).toContain(trialId);
    await onTrial(trialId, true);
  });
});

describe("the trial's price cap on every price path", () => {
  const admin = (call: string, payload: object) => t.post(ADMIN_ID, call, payload);
  const priceOf = async (advisorId: number) =>
    (
      await t.db.sql<{ price_cents: number }[]>`
      SELECT price_cents FROM advisors WHERE id = ${advisorId}`
    )[0]!.price_cents;

  /** A pending request as one written before the trial (or before the cap was lowered). */
  async function pendingRequest(advisorId: number, priceCents: number): Promise<number> {
    await t.db.sql`
      UPDATE price_change_requests SET status = 'replaced', decided_at = now()
      WHERE advisor_id = ${advisorId} AND status = 'pending'`;
    const [row] = await t.db.sql<{ id: number }[]>`
      INSERT INTO price_change_requests (advisor_id, price_cents) VALUES (${advisorId}, ${priceCents})
      RETURNING id`;
    return row!.id;
  }

  it('the advisor on trial cannot ask for more than the cap', async () => {
    const own = await get(trialAdvisorAccount, 'ManagerGetOwnProfile.php');
    expect(own.body).toMatchObject({ profile: { trial_price_cap_cents: 199 } });
    const over = await t.post(trialAdvisorAccount, 'ManagerRequestPrice.php', { price_cents: 250 });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toMatch(/on trial charges at most \$1\.99/);
    const within = await t.post(trialAdvisorAccount, 'ManagerRequestPrice.php', {
      price_cents: 199,
    });
    expect(within.statusCode, within.body).toBe(200);
  });

  it('an admin cannot approve a request above the cap: 400, the request stays pending, the price unchanged', async () => {
    const id = await pendingRequest(trialId, 500);
    const approve = await admin('AdminDecidePriceRequest.php', { id, approve: true });
    expect(approve.statusCode).toBe(400);
    expect(approve.json().message).toMatch(/on trial charges at most \$1\.99/);
    expect(await priceOf(trialId)).toBe(150);
    const [request] = await t.db.sql<{ status: string }[]>`
      SELECT status FROM price_change_requests WHERE id = ${id}`;
    expect(request!.status).toBe('pending');
    const [audit] = await t.db.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM admin_audit WHERE action = 'approve-price'`;
    expect(audit!.n).toBe(0);
    // Refusing it is fine.
    const refuse = await admin('AdminDecidePriceRequest.php', { id, approve: false });
    expect(refuse.statusCode).toBe(200);
    // Within the cap it is approved.
    const fine = await pendingRequest(trialId, 199);
    expect(
      (await admin('AdminDecidePriceRequest.php', { id: fine, approve: true })).statusCode,
    ).toBe(200);
    expect(await priceOf(trialId)).toBe(199);
  });

  it('AdminSaveAdvisor cannot set a price above the cap for an advisor on trial; after the trial it can', async () => {
    const save = (advisorId: number, price: string) =>
      admin('AdminSaveAdvisor.php', {
        id: advisorId,
        name: 'Trial Advisor',
        category_id: 3,
        price,
        is_active: true,
      });
    const over = await save(trialId, '2.50');
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toMatch(/on trial charges at most \$1\.99/);
    expect(await priceOf(trialId)).toBe(199);
    const [name] = await t.db.sql<
      { name: string }[]
    >`SELECT name FROM advisors WHERE id = ${trialId}`;
    expect(name!.name).not.toBe('Trial Advisor');
    expect((await save(trialId, '1.50')).statusCode).toBe(200);
    // An advisor not on trial has no cap.
    expect((await save(regularId, '5.00')).statusCode).toBe(200);

    await onTrial(trialId, false);
    expect((await save(trialId, '5.00')).statusCode).toBe(200);
    const later = await pendingRequest(trialId, 700);
    expect(
      (await admin('AdminDecidePriceRequest.php', { id: later, approve: true })).statusCode,
    ).toBe(200);
    expect(await priceOf(trialId)).toBe(700);
  });
});
