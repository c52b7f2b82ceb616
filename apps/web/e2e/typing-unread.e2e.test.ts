/**
 * A reply the user can see coming: a demo advisor's "… is typing" (a socket frame) before the
 * message, then an unread badge on the Chats tab when the reply arrives on another screen, the
 * count on the list row, and both cleared once the chat is opened. Also the chat input's paste
 * that had to be cut, said before anything is sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, navigate, skipReason, type AppPage } from './browser';
import { capture, go, heading, openApp, tr } from './app';

const input = (app: AppPage) =>
  app.page.getByRole('textbox', { name: tr(app.lang, 'chat.placeholder') });
const tabBadge = (app: AppPage) => app.page.getByTestId('chats-unread');

describe.skipIf(skipReason())('typing and unread', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the demo advisor typing, then the reply; a reply elsewhere shows on the Chats tab', async () => {
    const app = await openApp(browser, 'en', 'light', '/chat/7');
    const { page } = app;
    await input(app).waitFor();
    // Typing lasts only the demo pause: record whether it appeared at all.
    await page.evaluate(() => {
      const seen = window as unknown as { sawTyping: boolean };
      seen.sawTyping = false;
      new MutationObserver(() => {
        if (document.querySelector('[data-testid=typing]')) seen.sawTyping = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
    await input(app).fill('Will I get the new job?');
    await input(app).press('Enter');
    await page.locator('[data-sender=manager]').first().waitFor({ timeout: 15_000 });
    await expect(
      page.evaluate(() => (window as unknown as { sawTyping: boolean }).sawTyping),
    ).resolves.toBe(true);
    // The message ends the typing.
    await expect(page.getByTestId('typing').count()).resolves.toBe(0);

    // A question to another advisor, and straight back home: the reply arrives there.
    await go(app, '/chat/8', input(app));
    await input(app).fill('What does the Moon card mean for me?');
    await input(app).press('Enter');
    await navigate(page, '/');
    await tabBadge(app).waitFor({ timeout: 15_000 });
    await expect(tabBadge(app).innerText()).resolves.toContain('1');
    await capture(app, 'home-unread-badge');

    // The list row says the same; opening the chat clears both.
    await page.getByRole('link', { name: tr('en', 'nav.chats') }).click();
    await heading(page, tr('en', 'history.title')).waitFor();
    const row = page.locator('a[href="/chat/8"]');
    await expect(row.locator('.badge-count').innerText()).resolves.toBe('1');
    await capture(app, 'history-unread');
    await row.click();
    await page.locator('[data-sender=manager]').first().waitFor();
    await tabBadge(app).waitFor({ state: 'detached' });
    await app.context.close();
  });

  it('says so when a pasted text was cut at 50 characters, and sends nothing by itself', async () => {
    const app = await openApp(browser, 'ru', 'dark', '/chat/9');
    const { page } = app;
    await input(app).waitFor();
    const long = 'Скажите, пожалуйста, ждёт ли меня переезд в другой город в этом году?';
    await input(app).focus();
    await page.evaluate((text) => {
      const field = document.activeElement as HTMLInputElement;
      const data = new DataTransfer();
      data.setData('text/plain', text);
      field.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
    }, long);
    await page.keyboard.insertText(long);
    await expect(input(app).inputValue()).resolves.toBe(long.slice(0, 50));
    await page.getByText(tr('ru', 'chat.pasteCut', { max: 50 })).waitFor();
    await expect(page.locator('#chat-counter').innerText()).resolves.toBe('50/50');
    await expect(page.locator('[data-sender=user]').count()).resolves.toBe(0);
    await capture(app, 'chat-paste-cut');
    await app.context.close();
  });
});
