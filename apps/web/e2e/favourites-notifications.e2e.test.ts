/**
 * Favourites and notifications, in English and Russian: a heart on an advisor's card puts them in
 * home's "Your favourites" row and in the list's Favourites filter; a demo advisor's reply, while
 * the user is elsewhere, becomes a notification and a live count on the bottom bar's
 * Notifications entry; opening the screen shows it (marked new) and clears the count.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  launchBrowser,
  navigate,
  skipReason,
  type AppPage,
  type Lang,
  type Theme,
} from './browser';
import { capture, go, heading, openApp, settle, tr } from './app';

const bellBadge = (app: AppPage) => app.page.getByTestId('notifications-unread');

async function walk(browser: Browser, lang: Lang, theme: Theme, replyFrom: number) {
  const app = await openApp(browser, lang, theme, '/operators/1');
  const { page } = app;

  // Heart the first advisor of the list: pressed at once, and it stays after the call.
  const heart = page.locator('.advisor-list .favourite-button').first();
  await heart.waitFor();
  const label = (await heart.getAttribute('aria-label'))!;
  const name = label.slice(label.indexOf(':') + 1).trim();
  const advisorId = Number((await heart.getAttribute('data-testid'))!.replace('favourite-', ''));
  expect(label).toBe(tr(lang, 'favourites.toggle', { name }));
  await expect(heart.getAttribute('aria-pressed')).resolves.toBe('false');
  await heart.click();
  await expect(heart.getAttribute('aria-pressed')).resolves.toBe('true');
  await settle(page);
  await capture(app, 'advisors-hearted');

  // The list's Favourites filter shows only them.
  await page.getByRole('button', { name: tr(lang, 'favourites.filter'), exact: true }).click();
  await page.waitForURL(/favourites=1/);
  await expect(page.locator('.advisor-list > li').count()).resolves.toBe(1);
  await expect(page.locator('.advisor-list').innerText()).resolves.toContain(name);
  await capture(app, 'advisors-favourites-filter');

  // Home's row, with the heart pressed there too.
  await go(app, '/', heading(page, tr(lang, 'favourites.homeTitle')));
  const row = page.getByRole('list', { name: tr(lang, 'favourites.homeTitle') });
  await expect(row.getByRole('listitem').count()).resolves.toBe(1);
  await expect(row.innerText()).resolves.toContain(name);
  await expect(row.getByRole('button', { name: label }).getAttribute('aria-pressed')).resolves.toBe(
    'true',
  );
  await capture(app, 'home-favourites');

  // A question, and straight back home: the demo advisor's reply arrives there.
  const input = page.getByRole('textbox', { name: tr(lang, 'chat.placeholder') });
  await go(app, `/chat/${replyFrom}`, input);
  const advisorName = (await page.locator('#chat-title').innerText()).trim();
  await input.fill(lang === 'ru' ? 'Что меня ждёт на этой неделе?' : 'What does this week hold?');
  await input.press('Enter');
  await navigate(page, '/');
  await bellBadge(app).waitFor({ timeout: 15_000 });
  await expect(bellBadge(app).innerText()).resolves.toContain('1');
  await expect(bellBadge(app).innerText()).resolves.toContain(
    tr(lang, 'nav.notificationsUnread', { count: 1 }),
  );
  await capture(app, 'home-notifications-badge');

  // Opening the screen shows the reply, marked new, and the count goes.
  await page.getByRole('link', { name: tr(lang, 'nav.notifications') }).click();
  await heading(page, tr(lang, 'notifications.title')).waitFor();
  const first = page.locator('.notification-list > li').first();
  await expect(first.innerText()).resolves.toContain(tr(lang, 'notifications.new'));
  await expect(first.innerText()).resolves.toContain(
    tr(lang, 'notifications.replies', { name: advisorName, count: 1 }),
  );
  await expect(first.locator('a').getAttribute('href')).resolves.toBe(`/chat/${replyFrom}`);
  await bellBadge(app).waitFor({ state: 'detached' });
  await capture(app, 'notifications-reply');
  if (lang === 'ru') {
    // The narrowest phone the app supports.
    await page.setViewportSize({ width: 360, height: 780 });
    await capture(app, 'notifications-reply-360');
    await page.setViewportSize({ width: 390, height: 844 });
  }

  // Settings → Alerts: the favourite alerts, off until turned on.
  await go(
    app,
    '/settings/alerts',
    page.getByRole('switch', { name: tr(lang, 'favourites.alerts') }),
  );
  const alerts = page.getByRole('switch', { name: tr(lang, 'favourites.alerts') });
  await expect(alerts.getAttribute('aria-checked')).resolves.toBe('false');
  await alerts.scrollIntoViewIfNeeded();
  await alerts.click();
  await expect(alerts.getAttribute('aria-checked')).resolves.toBe('true');
  await page.getByText(tr(lang, 'favourites.alertsOn')).waitFor();
  await capture(app, 'settings-favourite-alerts');

  // Un-heart on the profile: home's row goes.
  await go(app, `/operator/${advisorId}`, page.getByRole('button', { name: label }));
  await settle(page);
  await capture(app, 'advisor-profile-hearted');
  await page.getByRole('button', { name: label }).click();
  await expect(
    page.getByRole('button', { name: label }).getAttribute('aria-pressed'),
  ).resolves.toBe('false');
  await settle(page);
  await go(app, '/', heading(page, tr(lang, 'home.tarotTitle')));
  await expect(heading(page, tr(lang, 'favourites.homeTitle')).count()).resolves.toBe(0);
  await app.context.close();
}

describe.skipIf(skipReason())('favourites and notifications', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('in English: heart, favourites row and filter, a reply as a live notification', async () => {
    await walk(browser, 'en', 'light', 10);
  });

  it('in Russian: the same, in the dark theme', async () => {
    await walk(browser, 'ru', 'dark', 11);
  });
});
