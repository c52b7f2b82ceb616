/**
 * The horoscope computed from the sky, in Chromium against the real server: the user sets a birth
 * date, time and place on the profile form, and the horoscope screen shows "Your Sun in …, Moon in …"
 * with the day's transits, in English and in Russian, at 390 and 360 px.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot, skipReason, type Lang } from './browser';
import { capture, go, heading, openApp, reload, tr } from './app';

/** Unlocks a profile field with its pen button, types the value and confirms it with Enter. */
async function editField(page: Page, lang: Lang, labelKey: string, value: string) {
  const label = tr(lang, `profileSettings.${labelKey}`);
  await page
    .getByRole('button', { name: tr(lang, 'profileSettings.editField', { field: label }) })
    .click();
  const input = page.getByLabel(label, { exact: true });
  await input.fill(value);
  await input.press('Enter');
}

/** The birth time is an hour and a minute list (the app's 24-hour TimeInput), confirmed with Enter. */
async function editTime(page: Page, lang: Lang, hour: string, minute: string) {
  const label = tr(lang, 'profileSettings.timeOfBirth');
  await page
    .getByRole('button', { name: tr(lang, 'profileSettings.editField', { field: label }) })
    .click();
  await page.getByLabel(tr(lang, 'common.hour', { label }), { exact: true }).selectOption(hour);
  const minutes = page.getByLabel(tr(lang, 'common.minute', { label }), { exact: true });
  await minutes.selectOption(minute);
  await minutes.press('Enter');
}

async function setBirthData(page: Page, lang: Lang, place: string) {
  await heading(page, tr(lang, 'profileSettings.title')).waitFor();
  await editField(page, lang, 'dateOfBirth', '1990-08-05');
  await editTime(page, lang, '14', '30');
  await page.getByLabel(tr(lang, 'birthPlace.label')).selectOption(place);
  await page.getByRole('button', { name: tr(lang, 'profileSettings.update') }).click();
  const saved = page.getByText(tr(lang, 'profileSettings.success'));
  await saved.waitFor();
  // The toast goes before the screenshots that follow.
  await saved.waitFor({ state: 'hidden', timeout: 10_000 });
}

describe.skipIf(skipReason())('horoscope from the sky', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('English: birth date, time and Moscow in the profile give Sun in Leo, Moon in Capricorn', async () => {
    const app = await openApp(browser, 'en', 'light', '/profile-settings');
    const { page } = app;
    await setBirthData(page, 'en', 'moscow');
    await capture(app, 'horoscope-profile-saved');

    // The place is kept: the form shows Moscow when opened again.
    await go(app, '/profile-settings', (p) => heading(p, tr('en', 'profileSettings.title')));
    await expect(page.getByLabel(tr('en', 'birthPlace.label')).inputValue()).resolves.toBe(
      'moscow',
    );
    await capture(app, 'horoscope-profile-place');

    await go(app, '/horoscope', (p) => heading(p, /^Your Sun in/));
    // 5 August 1990, 14:30 in Moscow (summer time) is 10:30 UTC: Sun 12° Leo, Moon 29° Capricorn.
    await heading(page, 'Your Sun in Leo, Moon in Capricorn').waitFor();
    await page.getByText(/^Today the Moon is in /).waitFor();
    await expect(
      page.getByRole('tab', { name: tr('en', 'horoscope.today') }).getAttribute('aria-selected'),
    ).resolves.toBe('true');
    await page.getByRole('link', { name: tr('en', 'horoscope.toAdvisors') }).waitFor();
    await capture(app, 'horoscope-sky-today');

    await page.getByRole('tab', { name: tr('en', 'horoscope.tomorrow') }).click();
    await page.waitForURL('**/horoscope?day=tomorrow');
    await page.getByText(/^Tomorrow the Moon is in /).waitFor();
    await heading(page, 'Your Sun in Leo, Moon in Capricorn').waitFor();
    await capture(app, 'horoscope-sky-tomorrow');
    await page
      .getByRole('link', { name: tr('en', 'horoscope.toAdvisors') })
      .scrollIntoViewIfNeeded();
    await capture(app, 'horoscope-sky-tomorrow-end');
    await app.context.close();
  });

  it('Russian: the same birth data with a UTC offset read in Russian, at 360 px too', async () => {
    const app = await openApp(browser, 'ru', 'dark', '/profile-settings');
    const { page } = app;
    await setBirthData(page, 'ru', 'UTC+04:00');
    await go(app, '/horoscope', (p) => heading(p, /^Ваше Солнце/));
    await heading(page, 'Ваше Солнце во Льве, Луна в Козероге').waitFor();
    await page.getByText(/^Сегодня Луна (в|во) /).waitFor();
    await capture(app, 'horoscope-sky-today');
    await page.setViewportSize({ width: 360, height: 780 });
    await capture(app, 'horoscope-sky-today-360');

    // Without the time, the Moon is the range of signs it crossed that day, with a note.
    await page.evaluate(async () => {
      const initData = localStorage.getItem('seer.initData') ?? '';
      await fetch('/api/UpdateUser.php', {
        method: 'POST',
        headers: { authorization: initData, 'content-type': 'application/json' },
        body: JSON.stringify({
          dateOfBirth: '1999-12-31',
          timeOfBirth: null,
          birthPlace: 'london',
        }),
      });
    });
    await reload(page);
    await heading(page, 'Ваше Солнце в Козероге, Луна в Весах или в Скорпионе').waitFor({
      timeout: 15_000,
    });
    await page.getByRole('link', { name: tr('ru', 'horoscope.completeBirthData') }).waitFor();
    await screenshot(app, 'horoscope-sky-moon-range-360');
    await app.context.close();
  });
});
