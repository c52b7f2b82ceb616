/**
 * Tarot, dream and horoscope against the real server: the drawn card cannot be redrawn (not even
 * after a reload), the request forms show their validation texts and keep what was typed,
 * a request reaches the chosen advisor's chat 1.5 s after the success banner, and the horoscope
 * tabs follow the `day` query.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, skipReason } from './browser';
import { capture, heading, openApp, reload, settle, tr } from './app';

describe.skipIf(skipReason())('self-service screens', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('tarot: one card that stays drawn, form validation, request sent to the reader’s chat', async () => {
    const app = await openApp(browser, 'en', 'light', '/tarot');
    const { page } = app;
    const card = page.getByTestId('tarot-card');
    await card.click();
    // The heading holds the card's name and, in a badge, its orientation.
    const cardName = () =>
      page.locator('#tarot-card-name').evaluate((element) => element.firstChild?.textContent ?? '');
    const name = await cardName();
    expect(name).not.toBe('');
    await expect(card.isDisabled()).resolves.toBe(true);
    for (const aspect of ['love', 'career', 'finances', 'advice']) {
      await page.getByRole('heading', { name: tr('en', `tarot.${aspect}`), exact: true }).waitFor();
    }
    // The face is drawn the way the reading says: a reversed card upside down.
    const badge = await page.locator('#tarot-card-name .badge').textContent();
    const art = card.getByTestId('tarot-face-art');
    const reversed = badge === tr('en', 'tarot.reversed');
    await expect(art.getAttribute('data-reversed')).resolves.toBe(String(reversed));
    await expect(art.getAttribute('transform')).resolves.toBe(
      reversed ? 'rotate(180 60 100)' : null,
    );

    // Coming back later the same day shows the same card, still not drawable.
    await reload(page);
    await page.locator('#tarot-card-name').waitFor();
    await expect(cardName()).resolves.toBe(name);
    await expect(card.isDisabled()).resolves.toBe(true);
    await settle(page);

    // Both validation texts, then the typed text survives the failed submit.
    const submit = page.getByRole('button', { name: tr('en', 'request.submit') });
    await submit.click();
    await page.getByText(tr('en', 'tarot.messageRequired')).waitFor();
    await page.getByText(tr('en', 'tarot.advisorRequired')).waitFor();
    const question = page.getByRole('textbox', { name: tr('en', 'tarot.messageLabel') });
    await question.fill('Will my new job bring me joy?');
    await submit.click();
    await expect(question.inputValue()).resolves.toBe('Will my new job bring me joy?');
    await expect(page.getByText(tr('en', 'tarot.messageRequired')).count()).resolves.toBe(0);
    await page.getByText(tr('en', 'tarot.advisorRequired')).waitFor();
    // The counter counts what the reader gets: the card's line before the question, then the question.
    const cardLine = tr('en', 'tarot.requestContext', { card: name, orientation: badge ?? '' });
    await expect(page.getByText(/^\d+\/\d+$/).innerText()).resolves.toBe(
      `${[...cardLine].length + 1 + 29}/1000`,
    );
    await capture(app, 'tarot-form-errors');

    const reader = page.getByRole('radio').first();
    await reader.check();
    const advisorId = await reader.getAttribute('value');
    await submit.click();
    await page.getByText(tr('en', 'request.success')).waitFor();
    await capture(app, 'tarot-sent');
    const sentAt = Date.now();
    await page.waitForURL(`**/chat/${advisorId}`, { timeout: 5_000 });
    expect(Date.now() - sentAt).toBeGreaterThan(1_000);
    const request = page.locator('[data-sender=user]', {
      hasText: 'Will my new job bring me joy?',
    });
    await request.waitFor();
    await expect(request.innerText()).resolves.toContain(name);
    await capture(app, 'tarot-request-in-chat');
    await app.context.close();
  });

  it('dream: validation texts in Russian, then the request reaches the interpreter', async () => {
    const app = await openApp(browser, 'ru', 'dark', '/dream');
    const { page } = app;
    await heading(page, tr('ru', 'dream.title')).waitFor();
    await page.getByRole('radio').first().waitFor();
    const submit = page.getByRole('button', { name: tr('ru', 'request.submit') });
    await submit.click();
    await page.getByText(tr('ru', 'dream.messageRequired')).waitFor();
    await page.getByText(tr('ru', 'dream.advisorRequired')).waitFor();
    await capture(app, 'dream-form-errors');

    const dream = page.getByRole('textbox', { name: tr('ru', 'dream.messageLabel') });
    await dream.fill('Мне приснилось, что я летаю над морем.');
    await expect(page.getByText(tr('ru', 'dream.messageRequired')).count()).resolves.toBe(0);
    await dream.fill('Я'.repeat(1200));
    await expect(dream.inputValue()).resolves.toHaveLength(1000);
    await dream.fill('Мне приснилось, что я летаю над морем.');
    const interpreter = page.getByRole('radio').last();
    await interpreter.check();
    const advisorId = await interpreter.getAttribute('value');
    await submit.click();
    await page.getByText(tr('ru', 'request.success')).waitFor();
    await page.waitForURL(`**/chat/${advisorId}`, { timeout: 5_000 });
    await page.locator('[data-sender=user]', { hasText: 'летаю над морем' }).waitFor();
    await page.getByText(tr('ru', 'chat.dreamRequest')).waitFor();
    await capture(app, 'dream-request-in-chat');
    await app.context.close();
  });

  it('horoscope: the day query picks the tab, tabs change the text and the query', async () => {
    const app = await openApp(browser, 'en', 'dark', '/horoscope?day=tomorrow');
    const { page } = app;
    const tomorrow = page.getByRole('tab', { name: tr('en', 'horoscope.tomorrow') });
    const today = page.getByRole('tab', { name: tr('en', 'horoscope.today') });
    await page.getByRole('heading', { name: tr('en', 'horoscope.love') }).waitFor();
    await expect(tomorrow.getAttribute('aria-selected')).resolves.toBe('true');
    // Aries while the birth date is unknown.
    await page.getByRole('heading', { name: 'Aries' }).waitFor();
    const tomorrowText = await page.getByRole('tabpanel').innerText();

    await today.click();
    await page.waitForURL('**/horoscope?day=today');
    await expect(today.getAttribute('aria-selected')).resolves.toBe('true');
    const todayText = await page.getByRole('tabpanel').innerText();
    expect(todayText).not.toBe(tomorrowText);
    await capture(app, 'horoscope-today');

    // With a birth date the user's own sign shows (15 August → Leo).
    await page.evaluate(async () => {
      const initData = localStorage.getItem('seer.initData') ?? '';
      await fetch('/api/UpdateUser.php', {
        method: 'POST',
        headers: { authorization: initData, 'content-type': 'application/json' },
        body: JSON.stringify({ dateOfBirth: '1990-08-15' }),
      });
    });
    await reload(page);
    await page.getByRole('heading', { name: 'Leo' }).waitFor();
    await capture(app, 'horoscope-leo');
    await app.context.close();
  });
});
