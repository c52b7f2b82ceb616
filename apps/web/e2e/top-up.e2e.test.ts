/**
 * Topping up as a newcomer in a plain browser (demo mode), in Russian: `12,50` is $12.50, the
 * test payment credits it (checked through the API too), and the chat goes on past the free
 * messages. Inside Telegram with a bot, Stars come first and a card brand's modal says it pays
 * in Stars before the invoice opens. Then the balance screen and the TON instructions at 390 px
 * and 360×640, in both languages and themes, with the TON modal's actions on screen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { FakeToncenter } from '../../server/src/test/fakes/toncenter';
import { FakeBotApi } from '../../server/src/test/fakes/bot-api';
import { signInitData } from '../../server/src/auth/init-data';
import { startSeerServer } from './seer-server.mjs';
import {
  launchBrowser,
  newVisitor,
  screenshot,
  skipReason,
  type Lang,
  type Theme,
} from './browser';
import { capture, expectHealthy, go, openApp, tr } from './app';

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

/** The 2.5 s splash covers the screen at first. */
async function splashGone(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      !document.getElementById('boot-splash') && !document.querySelector('[data-testid=splash]'),
    undefined,
    { timeout: 10_000 },
  );
}

interface UserAnswer {
  balance_cents: number;
  free_messages: number;
}

describe.skipIf(skipReason())('top-up in demo mode', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('in Russian, 12,50 paid with the test method credits $12.50, and the chat goes past the free messages', async () => {
    const app = await openApp(browser, 'ru', 'light', '/balance');
    const { page } = app;
    const balance = page.getByTestId('balance-value');
    await balance.waitFor();
    expect(plain(await balance.textContent())).toBe('0,00 $');
    expect(plain(await page.getByLabel(tr('ru', 'balance.amount')).inputValue())).toBe('1 250,00');
    // No bot here: the card brands say why they are off instead of failing later.
    await page.getByText(tr('ru', 'balance.cardsOutsideTelegram')).waitFor();
    await expect(
      page.getByRole('button', { name: 'Google Pay', exact: true }).isDisabled(),
    ).resolves.toBe(true);
    await capture(app, 'balance-demo');

    await page.getByLabel(tr('ru', 'balance.amount')).fill('12,50');
    await page.getByRole('button', { name: new RegExp(tr('ru', 'balance.test.title')) }).click();
    const success = page.getByRole('dialog');
    await success.getByText(tr('ru', 'modals.success.title')).waitFor();
    await capture(app, 'balance-test-payment-success');
    expect(plain(await balance.textContent())).toBe('12,50 $');
    const user = await api<UserAnswer>(page, '/api/GetUser.php');
    expect(user.balance_cents).toBe(1250);

    await success.getByRole('button', { name: tr('ru', 'common.close') }).click();
    await success.waitFor({ state: 'detached' });
    expect(plain(await balance.textContent())).toBe('12,50 $');

    // The chat: three free messages, then paid ones from the balance.
    const advisor = await api<{ manager: { price_cents: number } }>(
      page,
      '/api/GetManager.php?id=5',
    );
    const price = advisor.manager.price_cents;
    expect(price).toBeGreaterThan(0);
    expect(price).toBeLessThanOrEqual(1250);
    const input = page.getByRole('textbox', { name: tr('ru', 'chat.placeholder') });
    await go(app, '/chat/5', input);
    const questions = ['Первый вопрос', 'Второй вопрос', 'Третий вопрос', 'Четвёртый, платный'];
    for (const text of questions) {
      await input.fill(text);
      await input.press('Enter');
      await page.locator('[data-sender=user]', { hasText: text }).waitFor();
    }
    await expect(input.isDisabled()).resolves.toBe(false);
    expect(await page.getByRole('link', { name: tr('ru', 'chat.addBalance') }).count()).toBe(0);
    const after = await api<UserAnswer>(page, '/api/GetUser.php');
    expect(after).toMatchObject({ free_messages: 0, balance_cents: 1250 - price });
    await capture(app, 'chat-after-top-up');
    await app.context.close();
  });
});

describe.skipIf(skipReason())('balance screens on small phones', () => {
  let browser: Browser;
  let indexer: FakeToncenter;
  let server: Awaited<ReturnType<typeof startSeerServer>>;

  beforeAll(async () => {
    indexer = await FakeToncenter.start();
    server = await startSeerServer({
      env: {
        TON_WALLET_ADDRESS: indexer.account,
        TON_API_URL: indexer.url,
        TON_USD_RATE: '3',
      },
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await indexer?.close();
  });

  const looks: [Lang, Theme][] = [
    ['en', 'light'],
    ['en', 'dark'],
    ['ru', 'light'],
    ['ru', 'dark'],
  ];
  it.each(looks)(
    '%s %s: /balance and the TON modal fit 390 px and 360×640',
    async (lang, theme) => {
      const app = await newVisitor(browser, lang, theme);
      const { page } = app;
      await page.goto(`${server.url}/balance`);
      await page.getByTestId('balance-value').waitFor();
      await page.getByTestId('pay-test').waitFor();
      await splashGone(page);
      // Screenshots of the wallet widget need its fonts; nothing else waits for the network here.
      await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {});
      await page.getByLabel(tr(lang, 'balance.amount')).fill('25');
      await screenshot(app, 'balance-390');

      for (const size of [
        { width: 390, height: 844, name: '390' },
        { width: 360, height: 640, name: '360x640' },
      ]) {
        await page.setViewportSize({ width: size.width, height: size.height });
        await page.evaluate(() => window.scrollTo(0, 0));
        await screenshot(app, `balance-${size.name}`);
        await page
          .getByRole('button', { name: new RegExp(tr(lang, 'balance.depositCrypto')) })
          .click();
        const modal = page.getByRole('dialog');
        await modal.getByTestId('ton-memo').waitFor();
        // A quote for the typed amount: the TON, the dollars and until when the price holds.
        expect(plain(await modal.getByText(/TON (to get|и получите)/).textContent())).toMatch(
          lang === 'ru'
            ? /^Отправьте 8,3333 TON и получите 25,00 \$\. Цена действует для переводов до \d{2}:\d{2}\.$/
            : /^Send 8\.3333 TON to get \$25\.00\. This price holds for transfers made until \d{2}:\d{2}\s[AP]M\.$/,
        );
        await screenshot(app, `balance-ton-modal-${size.name}`);

        // The whole modal is on screen, and so is its action without scrolling.
        const box = (await modal.boundingBox())!;
        expect(box.y).toBeGreaterThanOrEqual(0);
        expect(box.y + box.height).toBeLessThanOrEqual(size.height);
        const close = modal
          .locator('.modal-actions')
          .getByRole('button', { name: tr(lang, 'modals.tonWallet.action') });
        for (const action of [close, modal.getByLabel(tr(lang, 'common.close'))]) {
          const actionBox = (await action.boundingBox())!;
          expect(actionBox.y).toBeGreaterThanOrEqual(box.y);
          expect(actionBox.y + actionBox.height).toBeLessThanOrEqual(box.y + box.height);
        }
        // The copy buttons are reachable by scrolling the modal's body.
        const copyMemo = modal.getByRole('button', { name: tr(lang, 'balance.ton.copyMemo') });
        await copyMemo.scrollIntoViewIfNeeded();
        const copyBox = (await copyMemo.boundingBox())!;
        expect(copyBox.y).toBeGreaterThanOrEqual(box.y);
        expect(copyBox.y + copyBox.height).toBeLessThanOrEqual(box.y + box.height);
        await copyMemo.click();
        await page.getByText(tr(lang, 'common.copied')).first().waitFor();
        await close.click();
        await modal.waitFor({ state: 'detached' });
      }
      await expectHealthy(app, `balance ${lang} ${theme}`, [
        /config\.ton\.org|tonapi|wallets|bridge|Failed to fetch|ERR_|net::/i,
      ]);
      await app.context.close();
    },
  );
});

/** A minimal window.Telegram.WebApp whose openInvoice waits for the test to say how it ended. */
function telegramWithInvoices(initData: string) {
  type Handler = (...args: unknown[]) => void;
  let pending: ((status: string) => void) | null = null;
  const test = { invoices: [] as string[], links: [] as string[] };
  const noop = () => {};
  const app = {
    initData,
    initDataUnsafe: { user: JSON.parse(new URLSearchParams(initData).get('user') ?? '{}') },
    version: '8.0',
    platform: 'android',
    colorScheme: 'light',
    themeParams: {},
    viewportHeight: 844,
    viewportStableHeight: 844,
    isVersionAtLeast: (version: string) => Number(version) <= 8,
    ready: noop,
    expand: noop,
    openTelegramLink: noop,
    openLink: (url: string) => test.links.push(url),
    openInvoice: (url: string, callback: (status: string) => void) => {
      test.invoices.push(url);
      pending = callback;
    },
    onEvent: noop as (event: string, handler: Handler) => void,
    offEvent: noop as (event: string, handler: Handler) => void,
    BackButton: { show: noop, hide: noop, onClick: noop, offClick: noop },
  };
  Object.assign(window, {
    Telegram: { WebApp: app },
    __telegramTest: Object.assign(test, {
      finishInvoice: (status: string) => {
        pending?.(status);
        pending = null;
      },
    }),
  });
}

describe.skipIf(skipReason())('inside Telegram with a bot', () => {
  const TOKEN = '987654321:E2E-token-for-stars_abcdefghijklmn';
  let browser: Browser;
  let bot: FakeBotApi;
  let server: Awaited<ReturnType<typeof startSeerServer>>;

  beforeAll(async () => {
    bot = await FakeBotApi.start(TOKEN);
    server = await startSeerServer({
      env: { BOT_TOKEN: TOKEN, BOT_API_URL: bot.url, STARS_PER_USD: '50' },
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await bot?.close();
  });

  it('offers Telegram Stars first; Google Pay says it pays in Stars, then the paid invoice credits the balance', async () => {
    const userId = 5_550_001;
    const initData = signInitData(TOKEN, { id: userId, first_name: 'Ada', language_code: 'en' });
    const app = await newVisitor(browser, 'en', 'light');
    const { page } = app;
    await page.addInitScript(telegramWithInvoices, initData);
    await page.goto(`${server.url}/balance`);
    const stars = page.getByTestId('pay-stars');
    await stars.waitFor();
    await splashGone(page);
    expect(await stars.innerText()).toContain('1 Star = $0.02');
    // No test payment with real Telegram users, and the card brands are on.
    expect(await page.getByTestId('pay-test').count()).toBe(0);
    await expect(
      page.getByRole('button', { name: 'Google Pay', exact: true }).isDisabled(),
    ).resolves.toBe(false);
    await screenshot(app, 'balance-telegram-stars');

    await page.getByLabel('Amount').fill('25');
    await page.getByRole('button', { name: 'Google Pay', exact: true }).click();
    const modal = page.getByRole('dialog');
    await modal.getByRole('heading', { name: 'Google Pay through Telegram Stars' }).waitFor();
    await modal
      .getByText('You pay 1,250 Stars and $25.00 is added to your Seer balance.', {
        exact: false,
      })
      .waitFor();
    await screenshot(app, 'balance-brand-modal');
    await modal.getByRole('button', { name: 'Continue to payment' }).click();

    const invoices = () =>
      page.evaluate(
        () =>
          (window as unknown as { __telegramTest: { invoices: string[] } }).__telegramTest.invoices,
      );
    await expect.poll(invoices).toHaveLength(1);
    const [link] = await invoices();
    expect(bot.invoices.get(link!)).toMatchObject({ currency: 'XTR', amount: 1250 });
    const paid = await bot.payInvoice(link!, userId);
    expect(paid).toMatchObject({ ok: true });
    await page.evaluate(() =>
      (
        window as unknown as { __telegramTest: { finishInvoice(s: string): void } }
      ).__telegramTest.finishInvoice('paid'),
    );
    await page.getByText('Your balance has been successfully topped up!').waitFor();
    await expect
      .poll(async () => page.getByTestId('balance-value').textContent(), { timeout: 10_000 })
      .toBe('$25.00');
    await expectHealthy(app, 'balance in Telegram', [
      /config\.ton\.org|tonapi|wallets|bridge|Failed to fetch|ERR_|net::/i,
    ]);
    await app.context.close();
  });
});
