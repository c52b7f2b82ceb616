/**
 * Search and the daily ritual (decision 054), in English and Russian at 390 px: the advisors
 * screen's search field answers as the user types (a name, a topic in the other language, a
 * price) and shows its empty state; a new user's home offers the onboarding once — "Not now"
 * closes it for good, saving a birth date makes the horoscope card's line of the day the user's
 * own; the tarot draw ends in a share card; Settings › Alerts has the morning message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, skipReason, type Lang, type Theme } from './browser';
import { capture, go, heading, openApp, reload, settle, tr } from './app';

async function walk(browser: Browser, lang: Lang, theme: Theme, keep: 'skip' | 'save') {
  const app = await openApp(browser, lang, theme, '/operators');
  const { page } = app;

  // Search: results as you type, name first; a topic in the other language; a price; nothing.
  const field = page.getByTestId('advisor-search');
  await field.waitFor();
  await capture(app, 'advisors-search-idle');
  await field.fill(lang === 'ru' ? 'любовь' : 'love');
  const results = page.locator('.advisor-search-results .advisor-list > li');
  await results.first().waitFor();
  await expect(results.count()).resolves.toBeGreaterThan(0);
  await expect(page.locator('.category-grid').count()).resolves.toBe(0);
  await settle(page);
  await capture(app, 'advisors-search-results');

  await field.fill(lang === 'ru' ? 'до $2' : 'under $2');
  // The list is replaced once the answer comes: every price shown is then at most $2.
  const priceOf = (text: string) => Number(text.replace(/[^\d,.]/g, '').replace(',', '.'));
  await expect
    .poll(
      async () => {
        const prices = await page
          .locator('.advisor-search-results .advisor-card-price')
          .allInnerTexts();
        return prices.length > 0 && prices.every((price) => priceOf(price) <= 2);
      },
      { timeout: 10_000 },
    )
    .toBe(true);

  await field.fill('zzqxw');
  const empty = page.getByTestId('advisor-search-empty');
  await empty.waitFor();
  await expect(empty.innerText()).resolves.toContain(
    tr(lang, 'daily.search.emptyTitle', { query: 'zzqxw' }),
  );
  await settle(page);
  await capture(app, 'advisors-search-empty');
  await page.getByRole('button', { name: tr(lang, 'daily.search.clear') }).click();
  await page.locator('.category-grid').waitFor();

  // Home: the onboarding, once.
  // Below the first screen, its form loads as the user scrolls to it.
  await go(app, '/', page.getByTestId('onboarding-placeholder'));
  await page.getByTestId('onboarding-placeholder').scrollIntoViewIfNeeded();
  await heading(page, tr(lang, 'daily.onboarding.title')).waitFor();
  await settle(page);
  await capture(app, 'home-onboarding');
  const onboarding = page.getByTestId('onboarding');
  if (keep === 'skip') {
    await onboarding.getByRole('button', { name: tr(lang, 'daily.onboarding.skip') }).click();
    await onboarding.waitFor({ state: 'detached' });
  } else {
    await page.getByLabel(tr(lang, 'daily.onboarding.dateLabel')).fill('1990-08-10');
    const time = onboarding.getByTestId('time-input').locator('select');
    await time.nth(0).selectOption('07');
    await time.nth(1).selectOption('30');
    await onboarding.getByRole('button', { name: tr(lang, 'daily.onboarding.save') }).click();
    await onboarding.waitFor({ state: 'detached' });
  }
  const line = page.getByTestId('daily-line');
  await line.waitFor();
  if (keep === 'save')
    await expect(line.innerText()).resolves.toContain(
      tr(lang, 'daily.line.yourSign', { sign: tr(lang, 'zodiac.leo') }),
    );
  await line.scrollIntoViewIfNeeded();
  await settle(page);
  await capture(app, 'home-daily-line');
  // Never offered again, also after the app starts over.
  await reload(page);
  await heading(page, tr(lang, 'home.tarotTitle')).waitFor();
  await settle(page);
  await expect(page.getByTestId('onboarding').count()).resolves.toBe(0);

  // The tarot draw ends in a share card.
  await go(app, '/tarot', page.getByTestId('tarot-card'));
  await page.getByTestId('tarot-card').click();
  const share = page.getByTestId('tarot-share');
  await share.waitFor();
  await share.scrollIntoViewIfNeeded();
  await settle(page);
  await capture(app, 'tarot-share');

  // Settings › Alerts: the morning message.
  await go(app, '/settings/alerts', page.getByTestId('morning-setting'));
  const morning = page.getByRole('switch', { name: tr(lang, 'daily.morning.toggle') });
  await morning.scrollIntoViewIfNeeded();
  await expect(morning.getAttribute('aria-checked')).resolves.toBe('false');
  await morning.click();
  await page.getByText(tr(lang, 'daily.morning.on')).waitFor();
  await expect(morning.getAttribute('aria-checked')).resolves.toBe('true');
  await settle(page);
  await capture(app, 'settings-morning-message');
  await app.context.close();
}

describe.skipIf(skipReason())('search and the daily ritual', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('in English: search, onboarding skipped, share card, morning message', async () => {
    await walk(browser, 'en', 'light', 'skip');
  });

  it('in Russian: the same with a birth date saved, in the dark theme', async () => {
    await walk(browser, 'ru', 'dark', 'save');
  });
});
