/**
 * A TON deposit made on a fake toncenter indexer shows up on the open balance screen without a
 * reload: the real server's watcher credits it, the socket brings the balance and the success modal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { FakeToncenter, TON } from '../../server/src/test/fakes/toncenter';
import { startSeerServer } from './seer-server.mjs';
import { launchBrowser, newVisitor, screenshot, skipReason, unexpectedErrors } from './browser';

// TON Connect asks the internet for its wallet list; this machine has no internet.
const OFFLINE_NOISE = [/config\.ton\.org|tonapi|wallets|bridge|Failed to fetch|ERR_|net::/i];

describe.skipIf(skipReason())('balance screen', () => {
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
        TON_POLL_INTERVAL_MS: '1000',
      },
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await indexer?.close();
  });

  it('shows a deposit credited by the watcher at once, with the success modal', async () => {
    const app = await newVisitor(browser, 'en', 'light');
    const { page } = app;
    await page.goto(`${server.url}/balance`);
    const balance = page.getByTestId('balance-value');
    await balance.waitFor();
    expect(await balance.textContent()).toBe('$0.00');
    expect(await page.getByLabel('Amount').inputValue()).toBe('1,250.00');
    await page.getByText('Min: $0.01').waitFor();
    await screenshot(app, 'balance');
    await page.getByRole('button', { name: /Deposit Crypto/ }).click();
    await page.getByRole('dialog').getByTestId('ton-memo').waitFor();
    await screenshot(app, 'balance-deposit-crypto');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).last().click();

    // No wallet connected: Top up shows the TON instructions with a quote's memo (decision 037).
    await page.getByLabel('Amount').fill('3');
    await page.getByRole('button', { name: 'Top up' }).click();
    await page.getByText(/^Send 1 TON to get \$3\.00\. This price holds/).waitFor();
    const memo = (await page.getByTestId('ton-memo').textContent())!.trim();
    expect(memo).toMatch(/^SEER-[0-9A-Z]{8}$/);
    await screenshot(app, 'balance-ton-instructions');

    indexer.addIncoming({ nanotons: TON, comment: memo });
    await page
      .getByText('Your balance has been successfully topped up!')
      .waitFor({ timeout: 10_000 });
    expect(await balance.textContent()).toBe('$3.00');
    await screenshot(app, 'balance-deposit-credited');
    expect(unexpectedErrors(app, OFFLINE_NOISE)).toEqual([]);
    await app.context.close();
  });

  it('without a bot, shows the card buttons disabled with the reason, never a failed payment', async () => {
    const app = await newVisitor(browser, 'ru', 'dark');
    await app.page.goto(`${server.url}/balance`);
    await app.page.getByRole('heading', { name: 'Баланс' }).waitFor();
    await app.page
      .getByText('Оплата картой работает внутри Telegram: откройте Seer из его бота.')
      .waitFor();
    for (const brand of ['Google Pay', 'Apple Pay', 'Mastercard'])
      expect(await app.page.getByRole('button', { name: brand }).isDisabled()).toBe(true);
    expect(await app.page.getByText('Не удалось пополнить баланс.').count()).toBe(0);
    await screenshot(app, 'balance-stars-off');
    expect(unexpectedErrors(app, OFFLINE_NOISE)).toEqual([]);
    await app.context.close();
  });
});
