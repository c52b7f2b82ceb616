/**
 * The payment history (decision 056) against a real server whose deposit watcher reads a fake
 * toncenter indexer: a newcomer's /payments shows the designed empty state; its Top up leads to
 * /balance, where TON is sent with the quote's memo; once the watcher credits it, /payments lists
 * the top-up today, and its receipt says the TON paid and links the transaction on the explorer.
 * In English and Russian, light and dark, at 390 px and 360 px; Settings leads there as "Payments".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { FakeToncenter, TON } from '../../server/src/test/fakes/toncenter';
import { startSeerServer } from './seer-server.mjs';
import { launchBrowser, newVisitor, skipReason, type Lang, type Theme } from './browser';
import { capture, go, heading, settle, tr } from './app';

// TON Connect asks the internet for its wallet list on /balance; this machine has no internet.
const OFFLINE_NOISE = [/config\.ton\.org|tonapi|wallets|bridge|Failed to fetch|ERR_|net::/i];

/** Intl writes Russian amounts with no-break spaces; compare them as plain spaces. */
const plain = (text: string | null) => (text ?? '').replace(/[\s\u00a0\u202f]+/g, ' ').trim();

describe.skipIf(skipReason())('payment history', () => {
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

  const looks: [Lang, Theme][] = [
    ['en', 'light'],
    ['ru', 'dark'],
    ['en', 'dark'],
    ['ru', 'light'],
  ];
  it.each(looks)('%s %s: a TON top-up shows on /payments with its receipt', async (lang, theme) => {
    const app = await newVisitor(browser, lang, theme);
    const { page } = app;
    const t = (key: string) => tr(lang, key);

    await page.goto(`${server.url}/payments`);
    await heading(page, t('payments.title')).waitFor({ timeout: 15_000 });
    const empty = page.getByTestId('payments-empty');
    await empty.waitFor();
    await settle(page);
    await empty.getByRole('heading', { name: t('payments.emptyTitle') }).waitFor();
    await capture(app, 'payments-empty', OFFLINE_NOISE);

    // Top up from the empty state: the balance screen, a TON quote, the transfer with its memo.
    await empty.getByRole('link', { name: t('payments.topUp') }).click();
    await heading(page, t('balance.title')).waitFor();
    await page.getByLabel(t('balance.amount')).fill('3');
    await page.getByRole('button', { name: t('balance.topUp'), exact: true }).click();
    // The quote's own memo replaces the Telegram id once the quote is in.
    const quoteMemo = page.getByTestId('ton-memo').filter({ hasText: /SEER-/ });
    await quoteMemo.waitFor();
    const memo = plain(await quoteMemo.textContent());
    expect(memo).toMatch(/^SEER-[0-9A-Z]{8}$/);
    const transfer = indexer.addIncoming({ nanotons: TON, comment: memo });
    const success = page.getByRole('dialog');
    await success.getByText(t('modals.success.title')).waitFor({ timeout: 15_000 });
    await success
      .getByRole('button', { name: t('common.close') })
      .first()
      .click();
    await success.waitFor({ state: 'detached' });

    // The history: today's TON top-up of $3.00 for 1 TON.
    await go(app, '/payments', page.getByTestId('payment-row'));
    const row = page.getByTestId('payment-row').first();
    expect(plain(await row.textContent())).toMatch(
      new RegExp(
        `^${t('payments.kind.ton_deposit')}${lang === 'ru' ? '\\+3,00 \\$' : '\\+\\$3\\.00'}\\d{2}:\\d{2}$`,
      ),
    );
    await page.getByRole('heading', { name: tr(lang, 'chat.today') }).waitFor();
    expect(plain(await page.getByTestId('balance-value').textContent())).toBe(
      lang === 'ru' ? '3,00 $' : '$3.00',
    );
    await capture(app, 'payments-history', OFFLINE_NOISE);

    // Its receipt: the TON paid, the status, and the transaction on the explorer.
    const toggle = row.getByRole('button', { expanded: false });
    await toggle.click();
    const receipt = row.getByTestId('payment-receipt');
    await receipt.waitFor();
    const receiptText = plain(await receipt.textContent());
    expect(receiptText).toContain(`${t('payments.receipt.paid')}1 TON`);
    expect(receiptText).toContain(t('payments.status.completed'));
    const hex = Buffer.from(transfer.hash, 'base64').toString('hex');
    expect(receiptText).toContain(hex);
    const explorer = receipt.getByRole('link', { name: t('payments.receipt.openExplorer') });
    expect(await explorer.getAttribute('href')).toBe(`https://tonviewer.com/transaction/${hex}`);
    await page.waitForTimeout(300); // the chevron's turn
    await capture(app, 'payments-receipt', OFFLINE_NOISE);

    // The same on a 360 px phone: nothing wider than the screen, the receipt readable.
    await page.setViewportSize({ width: 360, height: 640 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await capture(app, 'payments-receipt-360', OFFLINE_NOISE);
    await receipt.scrollIntoViewIfNeeded();
    await capture(app, 'payments-receipt-360-scrolled', OFFLINE_NOISE);

    // Settings names the screen as it now is.
    await go(app, '/settings', page.locator('a[href="/payments"]'));
    expect(plain(await page.locator('a[href="/payments"]').textContent())).toBe(
      t('settings.payments'),
    );
    await app.context.close();
  });
});
