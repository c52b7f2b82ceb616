/**
 * Advisors paid in TON, in Chromium on a real server and the fake toncenter indexer: an advisor
 * (also an admin here) sees what is owed and payable in the workspace's Earnings tab, requests a
 * payout to a TON address, sees it in the admin's payout queue; the batch is built by the server
 * and its transaction appears on the indexer, the deposit watcher marks it paid and the Earnings
 * tab links the transaction. Screens at 390 px in English and Russian.
 */
import { randomBytes } from 'node:crypto';
import { Address } from '@ton/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { FakeToncenter } from '../../server/src/test/fakes/toncenter';
import { startSeerServer } from './seer-server.mjs';
import { launchBrowser, screenshot, skipReason, unexpectedErrors } from './browser';
import { tr } from './app';
import {
  aTelegramId,
  aUserWithBalance,
  demoSession,
  linkAdvisor,
  ready,
  signedIn,
  type DemoSession,
} from './live';

describe.skipIf(skipReason())('advisors paid in TON', () => {
  let browser: Browser;
  let indexer: FakeToncenter;
  let server: Awaited<ReturnType<typeof startSeerServer>>;
  const advisorTelegramId = aTelegramId(7_200_000_000);
  let advisorSession: DemoSession;
  const wallet = new Address(0, randomBytes(32)).toString({ bounceable: false, urlSafe: true });

  const api = async <T>(path: string, init: string, body?: object): Promise<T> => {
    const response = await fetch(`${server.url}/api/${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { authorization: init, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (response.status !== 200) console.error(server.output().slice(-3000));
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as T;
  };

  beforeAll(async () => {
    indexer = await FakeToncenter.start();
    server = await startSeerServer({
      env: {
        ADMIN_TELEGRAM_IDS: String(advisorTelegramId),
        FREE_MESSAGES: '0',
        TON_WALLET_ADDRESS: indexer.account,
        TON_API_URL: indexer.url,
        TON_USD_RATE: '2.5',
        TON_POLL_INTERVAL_MS: '300',
        PAYOUT_HOLD_DAYS: '0',
        PAYOUT_MINIMUM_CENTS: '100',
      },
    });
    browser = await launchBrowser();
    const advisor = await linkAdvisor(server, advisorTelegramId, (m) => m.price_cents <= 300);
    advisorSession = await demoSession(server.url, { telegramUserId: advisorTelegramId });
    const user = await aUserWithBalance(server, 10);
    for (const text of ['First question', 'Second question', 'Third question'])
      await api('CreateMessage.php', user.initData, { manager_id: advisor.id, message: text });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await indexer?.close();
  });

  it('requests a payout, the admin queue shows it, the watcher marks it paid with its transaction (en, then ru)', async () => {
    const en = await signedIn(browser, 'en', advisorSession);
    const a = en.page;
    await a.goto(`${server.url}/workspace?tab=earnings`);
    await ready(a);
    await a.getByRole('heading', { name: tr('en', 'payouts.title') }).waitFor();
    await a.getByLabel(tr('en', 'payouts.address')).fill('not a wallet');
    await a.getByRole('button', { name: tr('en', 'payouts.all') }).click();
    await a.getByRole('button', { name: tr('en', 'payouts.request') }).click();
    await a.getByText(tr('en', 'payouts.problem.address.shape')).waitFor();
    await a.getByLabel(tr('en', 'payouts.address')).fill(wallet);
    await a.getByRole('button', { name: tr('en', 'payouts.request') }).click();
    await a.getByRole('heading', { name: tr('en', 'payouts.openTitle') }).waitFor();
    await a.getByText(tr('en', 'payouts.status.requested')).first().waitFor();
    await a.getByRole('heading', { name: tr('en', 'payouts.title') }).scrollIntoViewIfNeeded();
    await screenshot(en, 'payouts-requested');

    await a.goto(`${server.url}/admin/payouts`);
    await ready(a);
    await a.getByRole('heading', { name: tr('en', 'payouts.queue.title') }).waitFor();
    const choose = a.getByRole('checkbox').first();
    await choose.check();
    await screenshot(en, 'payouts-admin-queue');

    // The wallet's part: the server builds the batch for the operator's wallet, and its
    // transaction appears on the indexer as TON Connect would have sent it.
    const { statement } = await api<{ statement: { open: { id: number } } }>(
      'ManagerGetPayouts.php',
      advisorSession.initData,
    );
    const batch = await api<{ messages: Array<{ address: string; amount: string }> }>(
      'AdminCreatePayoutBatch.php',
      advisorSession.initData,
      { payout_ids: [statement.open.id], wallet: indexer.account },
    );
    const tx = indexer.addOutgoingTransfers([
      {
        destination: batch.messages[0]!.address,
        nanotons: batch.messages[0]!.amount,
        comment: `payout ${statement.open.id}`,
      },
    ]);
    await expect
      .poll(
        async () =>
          (
            await api<{ statement: { history: Array<{ tx_hash: string | null }> } }>(
              'ManagerGetPayouts.php',
              advisorSession.initData,
            )
          ).statement.history[0]?.tx_hash,
        { timeout: 15_000 },
      )
      .toBe(tx.hash);

    await a.goto(`${server.url}/workspace?tab=earnings`);
    await ready(a);
    const link = a.getByRole('link', { name: tr('en', 'payouts.transaction') });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(
      `https://tonviewer.com/transaction/${Buffer.from(tx.hash, 'base64').toString('hex')}`,
    );
    await a.getByRole('heading', { name: tr('en', 'payouts.history') }).scrollIntoViewIfNeeded();
    await screenshot(en, 'payouts-paid');
    expect(unexpectedErrors(en, [/TON_CONNECT_SDK/])).toEqual([]);

    const ru = await signedIn(browser, 'ru', advisorSession);
    const r = ru.page;
    await r.goto(`${server.url}/workspace?tab=earnings`);
    await ready(r);
    await r.getByRole('heading', { name: tr('ru', 'payouts.title') }).waitFor();
    await screenshot(ru, 'payouts-earnings');
    await r.getByRole('heading', { name: tr('ru', 'payouts.history') }).scrollIntoViewIfNeeded();
    await screenshot(ru, 'payouts-paid');
    await r.goto(`${server.url}/admin/payouts`);
    await ready(r);
    await r.getByRole('heading', { name: tr('ru', 'payouts.queue.title') }).waitFor();
    await screenshot(ru, 'payouts-admin-queue');
    // No page is wider than the phone.
    for (const page of [a, r])
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        390,
      );
    expect(unexpectedErrors(ru, [/TON_CONNECT_SDK/])).toEqual([]);
  });
});
