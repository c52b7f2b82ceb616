/**
 * Your data in Chromium, in English and in Russian (decision 050): in a chat, search its text and
 * send its transcript; in Settings, download my data, then delete the account in two steps with
 * the balance shown first. This server runs without a bot, so the files are saved by the browser
 * (inside Telegram the bot sends them to the user's chat; the server tests prove that path).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, skipReason, type AppPage, type Lang } from './browser';
import { capture, go, heading, openApp, settle, tr } from './app';

function callAs<T>(page: Page, path: string, body?: object): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ([url, payload]) => {
      const response = await fetch(url as string, {
        method: payload ? 'POST' : 'GET',
        headers: {
          authorization: localStorage.getItem('seer.initData') ?? '',
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
        ...(payload ? { body: JSON.stringify(payload) } : {}),
      });
      return { status: response.status, body: await response.json() };
    },
    [path, body ?? null] as const,
  ) as Promise<{ status: number; body: T }>;
}

/** After the deletion the app's own calls are refused: the session and the init data are revoked. */
const AFTER_DELETION = [/HTTP 401 /, /WebSocket/i];

async function walk(browser: Browser, lang: Lang) {
  const app: AppPage = await openApp(browser, lang, 'light', '/chat/1');
  const { page } = app;
  const words = lang === 'en' ? 'Will the moon bring news?' : 'Принесёт ли луна вести?';
  const needle = lang === 'en' ? 'MOON' : 'ЛУНА';
  const input = page.getByRole('textbox', { name: tr(lang, 'chat.placeholder') });
  await input.waitFor();
  await input.fill(words);
  await input.press('Enter');
  await page.locator('[data-sender=user]', { hasText: words }).waitFor();

  // Search in chat: the server's answer, the match marked.
  await page.getByRole('button', { name: tr(lang, 'chat.menu') }).click();
  await page.getByRole('menuitem', { name: tr(lang, 'privacy.search.menu') }).click();
  await page.getByRole('searchbox', { name: tr(lang, 'privacy.search.label') }).fill(needle);
  const results = page.locator('.chat-search-results li', { hasText: words });
  await results.waitFor();
  const marked = await page.locator('.chat-search-results mark').first().innerText();
  expect(marked.toLowerCase()).toBe(needle.toLowerCase());
  await capture(app, 'chat-search');
  await page.getByRole('button', { name: tr(lang, 'privacy.search.close') }).click();

  // Send transcript: without a bot here, the browser saves the text file.
  await page.getByRole('button', { name: tr(lang, 'chat.menu') }).click();
  const [transcript] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: tr(lang, 'privacy.transcript.menu') }).click(),
  ]);
  expect(transcript.suggestedFilename()).toMatch(/^seer-chat-1-\d{4}-\d{2}-\d{2}\.txt$/);
  const text = readFileSync((await transcript.path())!, 'utf8');
  expect(text).toContain(words);
  expect(text).toContain(lang === 'en' ? '] You:' : '] Вы:');
  await page.getByText(tr(lang, 'privacy.transcript.saved')).waitFor();

  // Download my data: the JSON file with the profile and the chat.
  await callAs(page, '/api/CreateTestPayment.php', { amount: '7' });
  await go(app, '/settings/privacy', heading(page, tr(lang, 'settings.sections.privacy.title')));
  const section = page.locator('section.your-data');
  await section.scrollIntoViewIfNeeded();
  const [data] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: tr(lang, 'privacy.export.button') }).click(),
  ]);
  expect(data.suggestedFilename()).toMatch(/^seer-data-\d{4}-\d{2}-\d{2}\.json$/);
  const file = JSON.parse(readFileSync((await data.path())!, 'utf8')) as {
    profile: { telegram_id: number; balance_cents: number };
    dialogs: Array<{ messages: Array<{ text: string }> }>;
    ledger: Array<{ amount_cents: number }>;
  };
  expect(file.profile.balance_cents).toBe(700);
  expect(file.dialogs.flatMap((d) => d.messages.map((m) => m.text))).toContain(words);
  await page.getByText(tr(lang, 'privacy.export.saved')).waitFor();
  await section.scrollIntoViewIfNeeded();
  await capture(app, 'settings-your-data');

  // Delete account: the first step shows the balance given up and the ways to use it first.
  await section.getByRole('button', { name: tr(lang, 'privacy.delete.button') }).click();
  const dialog = page.getByRole('alertdialog', { name: tr(lang, 'privacy.delete.title') });
  await dialog.waitFor();
  await expect(dialog.getByTestId('delete-balance').innerText()).resolves.toMatch(/7/);
  await dialog.getByText(tr(lang, 'privacy.delete.balanceLost')).waitFor();
  await dialog.getByRole('link', { name: tr(lang, 'privacy.delete.spend') }).waitFor();
  await capture(app, 'delete-account');
  const signedIn = (await page.evaluate(() => localStorage.getItem('seer.initData')))!;
  expect(signedIn).toBeTruthy();
  // Keeping it changes nothing; asking again and confirming deletes.
  await dialog.getByRole('button', { name: tr(lang, 'privacy.delete.cancel') }).click();
  await section.getByRole('button', { name: tr(lang, 'privacy.delete.button') }).click();
  await dialog.getByRole('button', { name: tr(lang, 'privacy.delete.confirm') }).click();
  await heading(page, tr(lang, 'privacy.deleted.title')).waitFor();
  await settle(page);
  await capture(app, 'account-deleted', AFTER_DELETION);
  // The account is gone: the init data this launch signed in with is refused from now on.
  const refused = await page.evaluate(async (initData) => {
    const response = await fetch('/api/GetUser.php', { headers: { authorization: initData } });
    return { status: response.status, body: (await response.json()) as { code: string } };
  }, signedIn);
  expect(refused).toMatchObject({ status: 401, body: { code: 'sign_in_revoked' } });
  await app.context.close();
}

describe.skipIf(skipReason())('your data', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('searches a chat, saves its transcript and my data, and deletes the account (English)', async () => {
    await walk(browser, 'en');
  });

  it('the same in Russian', async () => {
    await walk(browser, 'ru');
  });
});
