/**
 * Spending limits and the satisfaction credit in the browser (demo mode), in Russian: a daily
 * limit typed in Settings the Russian way stops paid messages with the app's own message and
 * charges nothing; then a 1-star rating offers back what the last messages cost, and one tap
 * puts it on the balance.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { formatMoney, formatMoneyNumber } from '@seer/contract';
import { startSeerServer } from './seer-server.mjs';
import { launchBrowser, newVisitor, screenshot, skipReason } from './browser';
import { capture, expectHealthy, go, heading, openApp, tr } from './app';

/** Intl writes Russian amounts with no-break spaces; compare them as plain spaces. */
const plain = (text: string | null) => (text ?? '').replace(/[\s\u00a0\u202f]+/g, ' ').trim();

/** Calls the API as the page's demo user (the init data the app keeps). */
async function api<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => {
    const initData = localStorage.getItem('seer.initData') ?? '';
    const response = await fetch(url, { headers: { authorization: initData } });
    return (await response.json()) as unknown;
  }, path) as Promise<T>;
}

interface UserAnswer {
  balance_cents: number;
  free_messages: number;
}

/** The refused send is an expected 403 with the spending-limit code. */
const LIMIT_REFUSED = [/HTTP 403 POST .*CreateMessage/];

describe.skipIf(skipReason())('spending limits and the satisfaction credit', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('in Russian: a daily limit stops paid messages with its message; a 1-star rating gives the money back', async () => {
    const app = await openApp(browser, 'ru', 'light', '/balance');
    const { page } = app;

    // $50 with the demo's test payment.
    await page.getByTestId('balance-value').waitFor();
    await page.getByLabel(tr('ru', 'balance.amount')).fill('50');
    await page.getByRole('button', { name: new RegExp(tr('ru', 'balance.test.title')) }).click();
    const modal = page.getByRole('dialog');
    await modal.getByText(tr('ru', 'modals.success.title')).waitFor();
    await modal.getByRole('button', { name: tr('ru', 'common.close') }).click();
    await modal.waitFor({ state: 'detached' });

    const { manager } = await api<{ manager: { price_cents: number } }>(
      page,
      '/api/GetManager.php?id=5',
    );
    const price = manager.price_cents;
    expect(price * 3).toBeLessThanOrEqual(5000);

    // Settings: a daily limit for exactly two paid messages, typed with a decimal comma.
    const daily = page.getByLabel(tr('ru', 'spending.label.daily'));
    await go(app, '/settings/limits', daily);
    await daily.fill(formatMoneyNumber(price * 2, 'ru'));
    await page.getByRole('button', { name: tr('ru', 'spending.save') }).click();
    await page.getByText(tr('ru', 'spending.saved')).waitFor();
    const spentLine = tr('ru', 'spending.spent.daily', {
      spent: formatMoney(0, 'ru'),
      limit: formatMoney(price * 2, 'ru'),
    });
    await expect
      .poll(async () => plain(await page.locator('.spending-facts').first().innerText()))
      .toBe(plain(spentLine));
    await page
      .getByRole('heading', { name: tr('ru', 'spending.title'), level: 1 })
      .scrollIntoViewIfNeeded();
    await capture(app, 'settings-spending-limit');

    // The chat: three free messages (not counted), two paid ones, then the limit.
    const input = page.getByRole('textbox', { name: tr('ru', 'chat.placeholder') });
    await go(app, '/chat/5', input);
    for (const text of ['Первый', 'Второй', 'Третий', 'Четвёртый, платный', 'Пятый, платный']) {
      await input.fill(text);
      await input.press('Enter');
      await page.locator('[data-sender=user]', { hasText: text }).waitFor();
    }
    await input.fill('Шестой, сверх лимита');
    await input.press('Enter');
    await modal.getByText(tr('ru', 'modals.spendingLimit.title')).waitFor();
    await modal.getByText(tr('ru', 'modals.spendingLimit.message')).waitFor();
    await capture(app, 'chat-spending-limit', LIMIT_REFUSED);
    expect(await page.locator('[data-sender=user]', { hasText: 'Шестой' }).count()).toBe(0);
    const limited = await api<UserAnswer>(page, '/api/GetUser.php');
    expect(limited.balance_cents).toBe(5000 - price * 2);
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });

    // A 1-star rating offers back the two paid messages; one tap credits them.
    await page.getByRole('button', { name: tr('ru', 'chat.menu') }).click();
    await page.getByRole('menuitem', { name: tr('ru', 'chat.rate') }).click();
    await modal.getByRole('radio', { name: tr('ru', 'common.starsValue', { count: 1 }) }).click();
    await modal.getByRole('button', { name: tr('ru', 'modals.review.action') }).click();
    const credit = Math.min(price * 2, 1000);
    const amount = formatMoney(credit, 'ru');
    await modal.getByText(tr('ru', 'modals.credit.title')).waitFor();
    expect(plain(await modal.locator('p.muted').first().innerText())).toBe(
      plain(tr('ru', 'modals.credit.message', { amount, count: 2 })),
    );
    await capture(app, 'chat-satisfaction-offer', LIMIT_REFUSED);
    await modal
      .getByRole('button', { name: plain(tr('ru', 'modals.credit.action', { amount })) })
      .click();
    await page.getByText(plain(tr('ru', 'chat.creditReceived', { amount }))).waitFor();
    await modal.waitFor({ state: 'detached' });
    const credited = await api<UserAnswer>(page, '/api/GetUser.php');
    expect(credited.balance_cents).toBe(5000 - price * 2 + credit);

    // The receipt is among the notifications, in Russian.
    await go(app, '/notifications', heading(page, tr('ru', 'notifications.title')));
    await page.getByText(tr('ru', 'notifications.reason.satisfaction_credit')).waitFor();
    await capture(app, 'notifications-satisfaction-credit', LIMIT_REFUSED);
    await app.context.close();
  });
});

/** The 2.5 s splash covers the screen at first. */
async function splashGone(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      !document.getElementById('boot-splash') && !document.querySelector('[data-testid=splash]'),
    undefined,
    { timeout: 10_000 },
  );
}

async function demoSession(base: string, telegramUserId?: number) {
  const response = await fetch(`${base}/api/demo/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(telegramUserId ? { telegram_user_id: telegramUserId } : {}),
  });
  const answer = (await response.json()) as { init_data: string; telegram_user_id: number };
  return { initData: answer.init_data, telegramUserId: answer.telegram_user_id };
}

describe.skipIf(skipReason())(
  'a waiting raise on a small phone, and the admin list of credits',
  () => {
    let browser: Browser;
    let server: Awaited<ReturnType<typeof startSeerServer>>;
    const adminId = 7_300_000_000 + Math.floor(Math.random() * 1_000_000);

    beforeAll(async () => {
      server = await startSeerServer({ env: { ADMIN_TELEGRAM_IDS: String(adminId) } });
      browser = await launchBrowser();
    });
    afterAll(async () => {
      await browser?.close();
      await server?.stop();
    });

    it('shows a raise waiting 24 hours in Settings (360 px, dark) and every credit to admins', async () => {
      const user = await demoSession(server.url);
      const call = async (name: string, body?: unknown) =>
        (await (
          await fetch(`${server.url}/api/${name}`, {
            method: body === undefined ? 'GET' : 'POST',
            headers: { authorization: user.initData, 'content-type': 'application/json' },
            ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          })
        ).json()) as Record<string, unknown>;
      await call('CreateTestPayment.php', { amount: '30' });
      await call('SetSpendingLimits.php', { daily: '5', monthly: '100' });
      const raised = (await call('SetSpendingLimits.php', { daily: '20' })) as {
        daily: { limit_cents: number; pending: { limit_cents: number } };
      };
      expect(raised.daily).toMatchObject({ limit_cents: 500, pending: { limit_cents: 2000 } });
      for (let i = 0; i < 4; i++)
        await call('CreateMessage.php', { manager_id: 5, message: `q${i}` });
      const review = (await call('CreateReview.php', { manager_id: 5, rating: 2, text: '' })) as {
        satisfaction_offer: { id: number; amount_cents: number };
      };
      expect(review.satisfaction_offer.amount_cents).toBeGreaterThan(0);
      await call('ClaimSatisfactionCredit.php', { offer_id: review.satisfaction_offer.id });

      const app = await newVisitor(browser, 'en', 'dark');
      await app.page.setViewportSize({ width: 360, height: 740 });
      await app.context.addInitScript(
        (initData) => localStorage.setItem('seer.initData', initData),
        user.initData,
      );
      await app.page.goto(`${server.url}/settings/limits`);
      const pending = app.page
        .getByRole('status')
        .filter({ hasText: /^Will rise to \$20\.00 on / });
      await pending.waitFor();
      await splashGone(app.page);
      await pending.scrollIntoViewIfNeeded();
      await expectHealthy(app, 'settings with a waiting raise');
      await screenshot(app, 'settings-spending-pending-360');
      await app.context.close();

      for (const lang of ['en', 'ru'] as const) {
        const admin = await newVisitor(browser, lang, lang === 'en' ? 'light' : 'dark');
        const session = await demoSession(server.url, adminId);
        await admin.context.addInitScript(
          (initData) => localStorage.setItem('seer.initData', initData),
          session.initData,
        );
        await admin.page.goto(`${server.url}/admin/credits`);
        const section = admin.page.getByRole('region', { name: tr(lang, 'admin.section.credits') });
        await section.getByRole('listitem').first().waitFor();
        await section.getByText(new RegExp(`#${user.telegramUserId}`)).waitFor();
        await splashGone(admin.page);
        await expectHealthy(admin, `admin credits ${lang}`);
        await screenshot(admin, 'admin-credits');
        await admin.context.close();
      }
    });
  },
);
