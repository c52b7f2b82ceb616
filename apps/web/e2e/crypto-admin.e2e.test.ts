/**
 * Crypto top-ups end to end on a real server process with the fake NOWPayments: a user's
 * invoice, IPNs posted over HTTP (a partial payment, a finished one twice, a forged one), the
 * balance credited once, and the admin's "Crypto" section in Chromium showing both payments.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { FakeNowPayments } from '../../server/src/test/fakes/nowpayments';
import { startSeerServer } from './seer-server.mjs';
import {
  launchBrowser,
  newVisitor,
  screenshot,
  skipReason,
  unexpectedErrors,
  type AppPage,
} from './browser';
import { tr } from './app';

const API_KEY = 'e2e-np-key';
const IPN_SECRET = 'e2e-np-ipn-secret';

async function demoSession(base: string, telegramUserId?: number) {
  const response = await fetch(`${base}/api/demo/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(telegramUserId ? { telegram_user_id: telegramUserId } : {}),
  });
  const answer = (await response.json()) as { init_data: string; telegram_user_id: number };
  return { initData: answer.init_data, telegramUserId: answer.telegram_user_id };
}

describe.skipIf(skipReason())('crypto top-ups through NOWPayments, seen by an admin', () => {
  let browser: Browser;
  let np: FakeNowPayments;
  let server: Awaited<ReturnType<typeof startSeerServer>>;
  const adminId = 7_200_000_000 + Math.floor(Math.random() * 1_000_000);

  beforeAll(async () => {
    np = await FakeNowPayments.start({ apiKey: API_KEY, ipnSecret: IPN_SECRET });
    server = await startSeerServer({
      env: {
        ADMIN_TELEGRAM_IDS: String(adminId),
        NOWPAYMENTS_API_KEY: API_KEY,
        NOWPAYMENTS_IPN_SECRET: IPN_SECRET,
        NOWPAYMENTS_API_URL: np.url,
      },
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await np?.close();
  });

  it('credits a finished payment once and shows admins what was paid', async () => {
    const user = await demoSession(server.url);
    const headers = { authorization: user.initData, 'content-type': 'application/json' };
    const info = (await (
      await fetch(`${server.url}/api/GetDepositInfo.php`, { headers })
    ).json()) as { crypto_enabled: boolean };
    expect(info.crypto_enabled).toBe(true);

    const invoiceFor = async (amount: string) => {
      const answer = (await (
        await fetch(`${server.url}/api/CreateCryptoInvoice.php`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ amount }),
        })
      ).json()) as { invoice_url: string };
      return np.invoices.find((i) => i.invoice_url === answer.invoice_url)!;
    };
    const ipnUrl = `${server.url}/api/payments/nowpayments/ipn`;

    const partial = np.startPayment(await invoiceFor('20'), { payCurrency: 'eth' });
    expect(
      (await np.sendIpn(ipnUrl, np.ipn(partial, 'partially_paid', { actually_paid: 0.002 })))
        .status,
    ).toBe(200);
    const paid = np.startPayment(await invoiceFor('12.50'), {
      payCurrency: 'usdttrc20',
      payAmount: 12.61,
    });
    const finished = np.ipn(paid, 'finished');
    expect((await np.sendIpn(ipnUrl, finished, { signature: 'forged' })).status).toBe(403);
    expect((await np.sendIpn(ipnUrl, finished)).body.credited_cents).toBe(1250);
    expect((await np.sendIpn(ipnUrl, finished)).body.credited_cents).toBe(0);
    const profile = (await (await fetch(`${server.url}/api/GetUser.php`, { headers })).json()) as {
      balance_cents: number;
    };
    expect(profile.balance_cents).toBe(1250);

    for (const lang of ['en', 'ru'] as const) {
      const app: AppPage = await newVisitor(browser, lang, 'light');
      const session = await demoSession(server.url, adminId);
      await app.context.addInitScript(
        (initData) => localStorage.setItem('seer.initData', initData),
        session.initData,
      );
      await app.page.goto(`${server.url}/admin/crypto`);
      const section = app.page.getByRole('region', { name: tr(lang, 'admin.section.crypto') });
      await section
        .getByText(tr(lang, 'admin.crypto.status.partially_paid'), { exact: true })
        .waitFor();
      await section.getByText(tr(lang, 'admin.crypto.status.finished'), { exact: true }).waitFor();
      await section
        .getByText(
          tr(lang, 'admin.crypto.paid', { paid: lang === 'ru' ? '0,002 ETH' : '0.002 ETH' }),
        )
        .first()
        .waitFor();
      await section.getByText(tr(lang, 'admin.crypto.notCredited')).first().waitFor();
      // The 2.5 s splash covers the page until it goes.
      await app.page.waitForFunction(
        () =>
          !document.getElementById('boot-splash') &&
          !document.querySelector('[data-testid=splash]'),
        undefined,
        { timeout: 15_000 },
      );
      await screenshot(app, 'admin-crypto');
      await section.getByLabel(tr(lang, 'admin.crypto.onlyPartial')).check();
      await app.page.waitForFunction(
        () => document.querySelectorAll('section li.card').length === 1,
      );
      expect(unexpectedErrors(app)).toEqual([]);
      await app.context.close();
    }
  });
});
