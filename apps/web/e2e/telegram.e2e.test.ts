/**
 * Inside Telegram: a stand-in for window.Telegram.WebApp (the object Telegram's script provides,
 * recording every call) carries init data the server accepts. The app must call ready/expand, show
 * the BackButton instead of its own arrow on inner pages, stop vertical swipes while chatting, use
 * Telegram's colours, and keep the chat input above the keyboard when the stable viewport shrinks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseUrl, launchBrowser, navigate, newVisitor, screenshot, skipReason } from './browser';
import { expectHealthy, tr } from './app';
import { telegramStandIn } from './telegram-stand-in';

describe.skipIf(skipReason())('inside Telegram', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('starts like a Mini App, uses the BackButton and keeps the chat input above the keyboard', async () => {
    // Init data the server accepts: outside production it signs demo sessions with its own key.
    const session = (await (
      await fetch(`${baseUrl()}/api/demo/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      })
    ).json()) as { init_data: string };
    const app = await newVisitor(browser, 'ru', 'light');
    const { page } = app;
    await page.addInitScript(telegramStandIn, { initData: session.init_data });
    const calls = () =>
      page.evaluate(
        () => (window as unknown as { __telegramTest: { calls: string[] } }).__telegramTest.calls,
      );

    await page.goto('/');
    await page.waitForFunction(
      () =>
        !document.getElementById('boot-splash') && !document.querySelector('[data-testid=splash]'),
      undefined,
      { timeout: 10_000 },
    );
    expect(await calls()).toEqual(expect.arrayContaining(['ready', 'expand']));
    // Telegram's dark scheme and its colours, without a stored choice: the page (and Telegram's
    // background behind it) is the theme's secondary background, as Telegram's own lists are.
    await expect(page.evaluate(() => document.documentElement.dataset.theme)).resolves.toBe('dark');
    expect(await calls()).toContain('setBackgroundColor:#232e3c');

    await navigate(page, '/chat/1');
    const input = page.getByRole('textbox', { name: tr('en', 'chat.placeholder') });
    await input.waitFor();
    expect(await calls()).toEqual(
      expect.arrayContaining(['BackButton.show', 'disableVerticalSwipes']),
    );
    // Telegram draws the back arrow, so the page does not.
    await expect(page.getByRole('button', { name: tr('en', 'common.back') }).count()).resolves.toBe(
      0,
    );
    await screenshot(app, 'telegram-chat');

    // The keyboard takes the lower 330 px: the input must stay fully visible above it.
    await input.focus();
    await page.evaluate(() =>
      (
        window as unknown as { __telegramTest: { setStableHeight(h: number): void } }
      ).__telegramTest.setStableHeight(514),
    );
    await expect
      .poll(async () => (await input.boundingBox())!.y + (await input.boundingBox())!.height)
      .toBeLessThanOrEqual(514);
    await screenshot(app, 'telegram-chat-keyboard');

    // Leaving the chat gives the swipes back; Telegram's back button returns to where we came from.
    await page.evaluate(() =>
      (
        window as unknown as { __telegramTest: { setStableHeight(h: number): void } }
      ).__telegramTest.setStableHeight(844),
    );
    await page.evaluate(() =>
      (window as unknown as { __telegramTest: { pressBack(): void } }).__telegramTest.pressBack(),
    );
    await page.waitForURL((url) => url.pathname === '/');
    expect(await calls()).toEqual(
      expect.arrayContaining(['enableVerticalSwipes', 'BackButton.hide']),
    );
    await expectHealthy(app, 'telegram home');
    await app.context.close();
  });

  it('says "please reopen" when Telegram\'s init data is no longer accepted, instead of failing call after call', async () => {
    // Init data the server refuses, as after a day with the app left open: its signature is off.
    const session = (await (
      await fetch(`${baseUrl()}/api/demo/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      })
    ).json()) as { init_data: string };
    const stale = session.init_data.replace(/hash=[0-9a-f]/, (match) =>
      match.endsWith('0') ? `${match.slice(0, -1)}1` : `${match.slice(0, -1)}0`,
    );
    const app = await newVisitor(browser, 'en', 'dark');
    await app.page.addInitScript(telegramStandIn, { initData: stale });
    await app.page.goto('/');
    const dialog = app.page.getByRole('alertdialog', {
      name: tr('en', 'common.sessionEnded.title'),
    });
    await dialog.waitFor({ timeout: 10_000 });
    await expect(
      dialog.getByRole('button', { name: tr('en', 'common.sessionEnded.close') }).count(),
    ).resolves.toBe(1);
    await screenshot(app, 'telegram-session-ended');
    await app.context.close();
  });
});
