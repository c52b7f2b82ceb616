/**
 * Content a person believes (decision 051), at 390 px in English and Russian, light and dark: the
 * advisor profile shows the rating breakdown and the three most helpful reviews without
 * scrolling; the tarot request counts the whole request out of 1000, and a demo reader's answer
 * names the card drawn; Settings offers the theme as Auto / Light / Dark.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startSeerServer } from './seer-server.mjs';
import { launchBrowser, navigate, skipReason, type Lang, type Theme } from './browser';
import { capture, openApp, settle, tr } from './app';

const PHONE_HEIGHT = 844;

describe.skipIf(skipReason())('content a person believes', () => {
  let browser: Browser;
  let server: Awaited<ReturnType<typeof startSeerServer>>;

  beforeAll(async () => {
    server = await startSeerServer({ env: { DEMO_REPLY_DELAY_MS: '300-600' } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const lang of ['en', 'ru'] as Lang[]) {
    for (const theme of ['light', 'dark'] as Theme[]) {
      it(`profile, tarot and settings (${lang}, ${theme})`, async () => {
        const app = await openApp(browser, lang, theme, `${server.url}/operator/1`);
        const { page } = app;

        // The profile: the breakdown and three helpful reviews on the first screen.
        const summary = page.locator('section[aria-labelledby="rating-summary-title"]');
        await summary.waitFor();
        const bars = summary.locator('li[aria-label]');
        expect(await bars.count()).toBe(5);
        const helpful = page.getByTestId('helpful-reviews').locator('li');
        expect(await helpful.count()).toBe(3);
        await capture(app, 'content-profile');
        // Above the fold: above the sticky 'Message' button, where there is one.
        const action = await page.locator('.sticky-action').boundingBox();
        const lastHelpful = await helpful.nth(2).boundingBox();
        expect(lastHelpful!.y + lastHelpful!.height).toBeLessThanOrEqual(action?.y ?? PHONE_HEIGHT);

        // Tarot: draw, and the counter counts the card line too, out of 1000.
        await navigate(page, '/tarot');
        await page.getByTestId('tarot-card').click();
        const question = page.getByLabel(tr(lang, 'tarot.messageLabel'));
        await question.waitFor();
        await question.fill(lang === 'en' ? 'Will I get the promotion?' : 'Получу ли я повышение?');
        const counter = page.locator('[id$="-message-count"]');
        expect(await counter.textContent()).toMatch(/^\d{2,3}\/1000$/);
        await question.scrollIntoViewIfNeeded();
        await settle(page);
        await capture(app, 'content-tarot');

        // Settings: the theme as Auto / Light / Dark, Auto chosen for a new visitor.
        await navigate(page, '/settings');
        const themeGroup = page.getByRole('group', { name: tr(lang, 'settings.theme') });
        await themeGroup.waitFor();
        expect(await themeGroup.getByRole('button').allTextContents()).toEqual([
          tr(lang, 'settings.themeAuto'),
          tr(lang, 'settings.light'),
          tr(lang, 'settings.dark'),
        ]);
        expect(
          await themeGroup
            .getByRole('button', { name: tr(lang, 'settings.themeAuto') })
            .getAttribute('aria-pressed'),
        ).toBe('true');
        await themeGroup.scrollIntoViewIfNeeded();
        await settle(page);
        await capture(app, 'content-settings');
        await app.context.close();
      });
    }
  }
});
