/**
 * The money moment and the designed states (decision 055), in Chromium:
 * - opened the way Telegram opens a Mini App (launch parameters in the URL's hash, Telegram's own
 *   telegram-web-app.js, a stand-in for the host's TelegramWebviewProxy.postEvent recording the
 *   methods called): one message before the free ones run out a card says what the next cost; out
 *   of them, "Add Balance" is Telegram's MainButton; a send with a draft opens the top-up sheet
 *   over the chat with amounts sized to this advisor (10 and 25 messages) and only the methods
 *   that work here; after the test payment the user is in the same chat with the draft and
 *   "Send now" as the MainButton, which sends it, charged once;
 * - a send whose answer is lost stays as 'Not sent · tap to retry'; the retry is the same message,
 *   charged once; a picture opens in the app's own viewer;
 * - with the server stopped the chat's header says 'Offline · reconnecting…'.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  baseUrl,
  launchBrowser,
  newVisitor,
  screenshot,
  skipReason,
  type AppPage,
} from './browser';
import { expectHealthy, openApp, reload, settle, tr } from './app';
import { demoSession, pngPicture } from './live';
import { startSeerServer } from './seer-server.mjs';
import { hostSends, lastSetup, openInTelegram } from './telegram-stand-in';

const ADVISOR = 5;

async function callApi<T>(authorization: string, path: string, url = baseUrl()): Promise<T> {
  const response = await fetch(`${url}${path}`, { headers: { authorization } });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

/** Dollars the way the app writes them in `lang`. */
const money = (lang: 'en' | 'ru', cents: number) =>
  new Intl.NumberFormat(lang === 'ru' ? 'ru-RU' : 'en-US', {
    style: 'currency',
    currency: 'USD',
    currencyDisplay: 'narrowSymbol',
  }).format(cents / 100);

const input = (app: AppPage) =>
  app.page.getByRole('textbox', { name: tr(app.lang, 'chat.placeholder') });

async function send(app: AppPage, text: string) {
  await input(app).fill(text);
  await input(app).press('Enter');
  await app.page.locator('[data-sender=user]:not([data-state])', { hasText: text }).waitFor();
}

const VARIANTS = [
  { lang: 'en', theme: 'light', width: 390 },
  { lang: 'ru', theme: 'dark', width: 360 },
] as const;

describe.skipIf(skipReason())('the money moment and designed states', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each(VARIANTS)(
    'inside Telegram ($lang, $theme, $width px): the last free message, the sheet sized to the advisor, back to the draft and "Send now"',
    async ({ lang, theme, width }) => {
      const session = await demoSession(baseUrl(), { languageCode: lang });
      const auth = `tma ${session.initData}`;
      const { manager } = await callApi<{ manager: { price_cents: number; name: string } }>(
        auth,
        `/api/GetManager.php?id=${ADVISOR}`,
      );
      const app = await newVisitor(browser, lang, theme);
      const { page } = app;
      await page.setViewportSize({ width, height: 800 });
      await openInTelegram(page, {
        initData: session.initData,
        themeParams:
          theme === 'dark'
            ? { bg_color: '#17212b', text_color: '#f5f5f5', secondary_bg_color: '#232e3c' }
            : { bg_color: '#ffffff', text_color: '#000000', secondary_bg_color: '#efeff4' },
        path: `/chat/${ADVISOR}`,
      });
      await input(app).waitFor({ timeout: 15_000 });
      await settle(page);

      // Three free messages: after the second, the card says what the next ones cost.
      await send(app, lang === 'ru' ? 'Первый вопрос' : 'First question');
      await send(app, lang === 'ru' ? 'Второй вопрос' : 'Second question');
      const card = page.getByTestId('money-moment');
      await card.waitFor();
      await expect(card.innerText()).resolves.toContain(tr(lang, 'chat.lastFree.title'));
      await expect(card.innerText()).resolves.toContain(money(lang, manager.price_cents));
      await screenshot(app, `money-last-free-${width}`);
      await send(app, lang === 'ru' ? 'Третий вопрос' : 'Third question');
      await card.waitFor({ state: 'detached' });

      // Out of free messages and balance: "Add Balance" is Telegram's MainButton.
      await expect
        .poll(() => lastSetup(page, 'web_app_setup_main_button'))
        .toMatchObject({ is_visible: true, is_active: true, text: tr(lang, 'chat.addBalance') });
      await page.getByTestId('out-of-funds').waitFor();
      await screenshot(app, `money-out-of-funds-${width}`);

      // A draft sent now opens the sheet over the chat, the draft kept in the composer.
      const draft = lang === 'ru' ? 'Что будет в мае?' : 'What happens in May?';
      await input(app).fill(draft);
      await input(app).press('Enter');
      const sheet = page.getByRole('dialog', {
        name: tr(lang, 'chat.sheet.title', { name: manager.name }),
      });
      await sheet.waitFor();
      // The MainButton hides under the sheet.
      await expect
        .poll(async () => (await lastSetup(page, 'web_app_setup_main_button'))?.is_visible)
        .toBe(false);
      const amounts = await sheet.locator('label').allInnerTexts();
      expect(amounts).toHaveLength(2);
      expect(amounts[0]).toContain(tr(lang, 'chat.sheet.messages', { count: 10 }));
      expect(amounts[0]).toContain(money(lang, 10 * manager.price_cents));
      expect(amounts[1]).toContain(tr(lang, 'chat.sheet.messages', { count: 25 }));
      expect(amounts[1]).toContain(money(lang, 25 * manager.price_cents));
      // Only what works here: the test payment (no bot token, so no Stars; a phone, so no TON or
      // crypto), and nothing "not set up on this server".
      await sheet.getByTestId('sheet-test').waitFor();
      expect(await sheet.getByRole('button').count()).toBe(2); // close, test payment
      const sheetText = await sheet.innerText();
      expect(sheetText).not.toContain(tr(lang, 'balance.cryptoOff'));
      expect(sheetText).not.toContain(tr(lang, 'balance.cardsOff'));
      await expect(input(app).inputValue()).resolves.toBe(draft);
      await expectHealthy(app, 'top-up sheet');
      await screenshot(app, `money-sheet-${width}`);

      // The second amount, then the test payment: back in the same chat with the draft.
      await sheet.locator('label').nth(1).click();
      await sheet.getByTestId('sheet-test').click();
      await sheet.waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe(`/chat/${ADVISOR}`);
      await expect(input(app).inputValue()).resolves.toBe(draft);
      await page.getByTestId('send-now').waitFor();
      await expect
        .poll(() => lastSetup(page, 'web_app_setup_main_button'))
        .toMatchObject({ is_visible: true, text: tr(lang, 'chat.sendNow') });
      const topUp = 25 * manager.price_cents;
      expect(
        (await callApi<{ balance_cents: number }>(auth, '/api/GetUser.php')).balance_cents,
      ).toBe(topUp);
      await screenshot(app, `money-send-now-${width}`);

      // Telegram's MainButton sends it: charged once, and "Send now" goes.
      await hostSends(page, 'main_button_pressed');
      await page.locator('[data-sender=user]:not([data-state])', { hasText: draft }).waitFor();
      await expect(input(app).inputValue()).resolves.toBe('');
      await expect
        .poll(async () => (await lastSetup(page, 'web_app_setup_main_button'))?.is_visible)
        .toBe(false);
      expect(
        (await callApi<{ balance_cents: number }>(auth, '/api/GetUser.php')).balance_cents,
      ).toBe(topUp - manager.price_cents);
      await expectHealthy(app, 'chat after send now');
      await screenshot(app, `money-sent-${width}`);
      await app.context.close();
    },
  );

  it.each(VARIANTS)(
    'a lost answer ($lang, $theme): "Not sent · tap to retry", the retry charged once; a picture in the viewer',
    async ({ lang, theme, width }) => {
      const app = await openApp(browser, lang, theme, `/chat/${ADVISOR}`);
      const { page } = app;
      await page.setViewportSize({ width, height: 800 });
      await input(app).waitFor();
      const auth = await page.evaluate(() => localStorage.getItem('seer.initData') ?? '');
      expect(auth).not.toBe('');
      // Spend the free messages so the next send is paid from a balance.
      for (const word of ['alpha', 'beta', 'gamma']) await send(app, word);
      await page.evaluate(async (authorization) => {
        await fetch('/api/CreateTestPayment.php', {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/json' },
          body: JSON.stringify({ amount: '20.00' }),
        });
      }, auth);
      await reload(page);
      await input(app).waitFor({ timeout: 15_000 });

      // The server stores and charges the message, but its answer never reaches the app.
      let lost = 0;
      await page.route('**/api/CreateMessage.php', async (route) => {
        if (lost > 0) return route.continue();
        lost += 1;
        await route.fetch();
        await route.abort('connectionreset');
      });
      const text = lang === 'ru' ? 'Ответ потерялся' : 'The answer got lost';
      const before = await callApi<{ balance_cents: number }>(auth, '/api/GetUser.php');
      await input(app).fill(text);
      await input(app).press('Enter');
      const failed = page.locator('[data-state=failed]', { hasText: text });
      await failed.waitFor();
      await expect(failed.innerText()).resolves.toContain(tr(lang, 'chat.notSent'));
      // No red toast for it: the bubble says it.
      expect(await page.locator('.toast-error').count()).toBe(0);
      await screenshot(app, `state-not-sent-${width}`);
      const charged = await callApi<{ balance_cents: number }>(auth, '/api/GetUser.php');
      const price = before.balance_cents - charged.balance_cents;
      expect(price).toBeGreaterThan(0);

      // Tap to retry: the same message, charged once.
      await failed.getByRole('button').click();
      await failed.waitFor({ state: 'detached' });
      await screenshot(app, `state-retried-${width}`);
      await expect
        .poll(() => page.locator('[data-sender=user]:not([data-state])', { hasText: text }).count())
        .toBe(1);
      const after = await callApi<{ balance_cents: number }>(auth, '/api/GetUser.php');
      expect(after.balance_cents).toBe(charged.balance_cents);
      const history = await callApi<{ messages: Array<{ message_text: string }> }>(
        auth,
        `/api/GetAllMessages.php?manager_id=${ADVISOR}`,
      );
      expect(history.messages.filter((m) => m.message_text === text)).toHaveLength(1);
      // After a reload it is one message too.
      await reload(page);
      await input(app).waitFor({ timeout: 15_000 });
      await expect(page.locator('[data-sender=user]', { hasText: text }).count()).resolves.toBe(1);

      // A picture opens in the app's own viewer, not in a new tab; Escape closes it.
      await page.locator('input[type=file]').setInputFiles({
        name: 'moon.png',
        mimeType: 'image/png',
        buffer: pngPicture(),
      });
      const picture = page.locator('[data-sender=user]:not([data-state]) a img').last();
      await picture.waitFor();
      const pages = app.context.pages().length;
      await picture.click();
      const viewer = page.getByTestId('image-viewer');
      await viewer.waitFor();
      expect(app.context.pages().length).toBe(pages);
      await screenshot(app, `state-picture-viewer-${width}`);
      await page.keyboard.press('Escape');
      await viewer.waitFor({ state: 'detached' });
      await expectHealthy(app, 'chat after retry', [/CreateMessage\.php/, /ERR_CONNECTION_RESET/]);
      await app.context.close();
    },
  );

  it('with the server stopped, the header says "Offline · reconnecting…" and a send waits to be retried', async () => {
    const server = await startSeerServer();
    try {
      const apps: AppPage[] = [];
      for (const { lang, theme } of [
        { lang: 'en', theme: 'dark' },
        { lang: 'ru', theme: 'light' },
      ] as const) {
        const app = await newVisitor(browser, lang, theme);
        await app.page.goto(`${server.url}/chat/${ADVISOR}`);
        await input(app).waitFor({ timeout: 20_000 });
        await settle(app.page);
        expect(await app.page.getByTestId('reconnecting').count()).toBe(0);
        apps.push(app);
      }
      await server.stop();
      for (const app of apps) {
        const { page, lang } = app;
        const header = page.getByTestId('reconnecting');
        await header.waitFor({ timeout: 15_000 });
        await expect(header.innerText()).resolves.toBe(tr(lang, 'chat.reconnecting'));
        // The screen keeps what it showed; a send waits as 'Not sent · tap to retry'.
        const text = lang === 'ru' ? 'Сервер недоступен' : 'Server is down';
        await input(app).fill(text);
        await input(app).press('Enter');
        await page.locator('[data-state=failed]', { hasText: text }).waitFor();
        expect(await page.locator('.toast-error').count()).toBe(0);
        await screenshot(app, 'state-offline');
        await app.context.close();
      }
    } finally {
      await server.stop();
    }
  });
});
