/**
 * The chat screen against the real server: the 50-character input, emoji, a picture message,
 * rating (refused before the first message, accepted after), running out of free messages
 * (disabled input and "Add Balance"), and deleting the chat after a confirmation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, skipReason, type AppPage } from './browser';
import { capture, expectHealthy, go, heading, openApp, settle, tr } from './app';
import { pngPicture } from './live';

/** The rating refused before the first message is an expected 403. */
const RATING_REFUSED = [/HTTP 403 POST .*CreateReview/];

const input = (app: AppPage) =>
  app.page.getByRole('textbox', { name: tr(app.lang, 'chat.placeholder') });

async function send(app: AppPage, text: string) {
  await input(app).fill(text);
  await input(app).press('Enter');
  await app.page.locator('[data-sender=user]', { hasText: text }).waitFor();
}

async function openMenuItem(app: AppPage, key: string) {
  await app.page.getByRole('button', { name: tr(app.lang, 'chat.menu') }).click();
  await app.page.getByRole('menuitem', { name: tr(app.lang, key) }).click();
}

describe.skipIf(skipReason())('chat', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('limits typing to 50 characters, inserts emoji, and sends a picture', async () => {
    const app = await openApp(browser, 'en', 'light', '/chat/4');
    const { page } = app;
    await input(app).waitFor();

    await input(app).pressSequentially('x'.repeat(60), { delay: 0 });
    await expect(input(app).inputValue()).resolves.toHaveLength(50);
    await expect(page.locator('#chat-counter').innerText()).resolves.toBe('50/50');
    await input(app).fill('Hello ');

    await page.getByRole('button', { name: tr('en', 'chat.emoji') }).click();
    await page.getByRole('button', { name: '🔮' }).click();
    await expect(input(app).inputValue()).resolves.toBe('Hello 🔮');
    await capture(app, 'chat-emoji-picker');
    await input(app).press('Enter');
    await page.locator('[data-sender=user]', { hasText: 'Hello 🔮' }).waitFor();

    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'moon.png', mimeType: 'image/png', buffer: pngPicture() });
    const picture = page.locator('[data-sender=user] img');
    await picture.waitFor();
    await expect
      .poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBe(48);
    await page.locator('[data-sender=manager]').first().waitFor({ timeout: 15_000 });
    await capture(app, 'chat-picture');

    // An advisor that does not exist: a clear message and a way to the advisors.
    await go(app, '/chat/99999', heading(page, tr('en', 'common.advisorNotFound.title')));
    await capture(app, 'chat-not-found', [/HTTP 404 GET .*GetAllMessages/]);
    await page.getByRole('link', { name: tr('en', 'common.advisorNotFound.action') }).click();
    await heading(page, tr('en', 'advisors.title')).waitFor();
    await app.context.close();
  });

  it("chimes when the advisor answers, and stays silent when localStorage 'sound' is 'false'", async () => {
    for (const sound of ['on', 'false'] as const) {
      const app = await openApp(browser, 'en', 'light', '/chat/6');
      const { page } = app;
      // Count the notes the chat schedules through WebAudio.
      await page.evaluate((preference) => {
        if (preference === 'false') localStorage.setItem('sound', 'false');
        const counter = window as unknown as { notes: number };
        counter.notes = 0;
        const original = AudioContext.prototype.createOscillator;
        AudioContext.prototype.createOscillator = function (this: AudioContext) {
          counter.notes += 1;
          return original.call(this);
        };
      }, sound);
      await send(app, sound === 'on' ? 'Is it a good time to move?' : 'And to change jobs?');
      await page.locator('[data-sender=manager]').first().waitFor({ timeout: 15_000 });
      const notes = await page.evaluate(() => (window as unknown as { notes: number }).notes);
      if (sound === 'on') expect(notes).toBeGreaterThan(0);
      else expect(notes).toBe(0);
      await app.context.close();
    }
  });

  it('refuses a rating before the first message, then rates, runs out of free messages and deletes the chat', async () => {
    const app = await openApp(browser, 'ru', 'dark', '/chat/5');
    const { page } = app;
    await input(app).waitFor();

    // Rating with no message yet: the server says why, the modal stays open.
    await openMenuItem(app, 'chat.rate');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await expect(
      dialog.getByRole('radio', { checked: true }).getAttribute('aria-label'),
    ).resolves.toBe(tr('ru', 'common.starsValue', { count: 3 }));
    await dialog.getByRole('button', { name: tr('ru', 'modals.review.action') }).click();
    await dialog.getByRole('alert').waitFor();
    await expect(dialog.getByRole('alert').innerText()).resolves.toBe(
      tr('ru', 'chat.rateNeedsMessage'),
    );
    await capture(app, 'chat-rate-refused', RATING_REFUSED);
    await page.keyboard.press('Escape');

    // Three free messages, then a balance of $0 is below the price: "Add Balance"; the draft can
    // still be written (decision 055).
    await send(app, 'Первый вопрос');
    await send(app, 'Второй вопрос');
    await send(app, 'Третий вопрос');
    const addBalance = page.getByRole('button', { name: tr('ru', 'chat.addBalance') });
    await addBalance.waitFor();
    await expect(input(app).isDisabled()).resolves.toBe(false);
    await capture(app, 'chat-no-funds', RATING_REFUSED);

    // Now the rating goes through.
    await openMenuItem(app, 'chat.rate');
    await dialog.getByRole('radio', { name: tr('ru', 'common.starsValue', { count: 5 }) }).click();
    await dialog.getByRole('button', { name: tr('ru', 'modals.review.action') }).click();
    await page.getByText(tr('ru', 'chat.reviewThanks')).waitFor();
    await dialog.waitFor({ state: 'detached' });

    // "Add Balance" opens the top-up over the chat; Escape closes it.
    await addBalance.click();
    const sheet = page.getByTestId('top-up-sheet');
    await sheet.waitFor();
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });

    // Deleting asks first; cancelling keeps the chat, confirming removes it from the list.
    await openMenuItem(app, 'chat.deleteChat');
    const confirm = page.getByRole('alertdialog');
    await confirm.waitFor();
    await capture(app, 'chat-delete-confirm', RATING_REFUSED);
    await confirm.getByRole('button', { name: tr('ru', 'common.cancel') }).click();
    await confirm.waitFor({ state: 'detached' });
    await openMenuItem(app, 'chat.deleteChat');
    await confirm.getByRole('button', { name: tr('ru', 'chat.deleteConfirm') }).click();
    await page.waitForURL('**/history');
    await settle(page);
    await expect(page.locator('a[href="/chat/5"]').count()).resolves.toBe(0);
    await expectHealthy(app, 'history after delete', RATING_REFUSED);
    await app.context.close();
  });
});
