/**
 * The server's Content Security Policy lets the real app do everything it does: its pages, the
 * early language script, the socket, Telegram's script, TON Connect's wallet list, icons and
 * dialog. Any `securitypolicyviolation` fails the test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launchBrowser, newVisitor, skipReason } from './browser';

/** Records every CSP violation of the page (and its reloads) in window.__cspViolations. */
function recordViolations() {
  const seen: string[] = [];
  (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
  document.addEventListener('securitypolicyviolation', (event) => {
    seen.push(
      `${event.violatedDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber} ${event.sample}`,
    );
  });
}

async function afterSplash(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      !document.getElementById('boot-splash') && !document.querySelector('[data-testid=splash]'),
    undefined,
    { timeout: 15_000 },
  );
  await page.waitForLoadState('networkidle').catch(() => {});
}

async function violations(page: Page): Promise<string[]> {
  return page.evaluate(
    () => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [],
  );
}

// A tiny PNG: what a wallet's icon looks like to the browser.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe.skipIf(skipReason())('the content security policy', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('blocks nothing the app loads in a browser: pages, socket, TON Connect', async () => {
    const app = await newVisitor(browser, 'en', 'light');
    const { page, context } = app;
    await context.addInitScript(recordViolations);
    // TON Connect's wallet list and a wallet's icon, as the internet would answer them.
    await context.route('https://config.ton.org/**', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify([
          {
            app_name: 'testwallet',
            name: 'Test Wallet',
            image: 'https://wallet.example/icon.png',
            about_url: 'https://wallet.example',
            universal_url: 'https://wallet.example/ton-connect',
            bridge: [{ type: 'sse', url: 'https://bridge.wallet.example/bridge' }],
            platforms: ['ios', 'android'],
          },
        ]),
      }),
    );
    // The balance screen offers TON Connect only with a deposit wallet; this server has none.
    await context.route('**/GetDepositInfo.php', async (route) => {
      const answer = await route.fetch();
      const info = (await answer.json()) as Record<string, unknown>;
      await route.fulfill({
        response: answer,
        json: {
          ...info,
          ton_enabled: true,
          wallet_address: 'UQCrq6urq6urq6urq6urq6urq6urq6urq6urq6urq6urq5jh',
        },
      });
    });
    let walletIconLoaded = false;
    await context.route('https://wallet.example/**', (route) => {
      walletIconLoaded = true;
      return route.fulfill({ contentType: 'image/png', body: PNG });
    });
    const response = await page.goto('/');
    expect(response?.headers()['content-security-policy']).toContain('frame-ancestors');
    await afterSplash(page);
    for (const path of ['/operators', '/operators/1', '/chat/1', '/settings', '/balance']) {
      await page.goto(path);
      await afterSplash(page);
      expect(await violations(page), path).toEqual([]);
    }
    // The wallet dialog (styles and icons TON Connect injects).
    await page
      .locator('[data-tc-connect-button], #ton-connect-button button, tc-root button')
      .first()
      .click();
    await page.getByText('Test Wallet').first().waitFor({ timeout: 10_000 });
    await page.waitForLoadState('networkidle').catch(() => {});
    expect(walletIconLoaded).toBe(true);
    expect(await violations(page)).toEqual([]);
    await context.close();
  });

  it("blocks nothing inside Telegram: Telegram's script loads", async () => {
    const session = (await (
      await fetch(`${baseUrl()}/api/demo/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      })
    ).json()) as { init_data: string };
    const app = await newVisitor(browser, 'en', 'dark');
    const { page, context } = app;
    await context.addInitScript(recordViolations);
    let scriptRequested = false;
    await context.route('https://telegram.org/js/telegram-web-app.js', (route) => {
      scriptRequested = true;
      return route.fulfill({ contentType: 'text/javascript', body: '/* Telegram stand-in */' });
    });
    await page.goto(`/#tgWebAppData=${encodeURIComponent(session.init_data)}&tgWebAppVersion=8.0`);
    await afterSplash(page);
    expect(scriptRequested).toBe(true);
    expect(await violations(page)).toEqual([]);
    await context.close();
  });
});
