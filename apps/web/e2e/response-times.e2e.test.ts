/**
 * "Know when you will be answered": a user writes three times to an offline demo advisor, each
 * question answered within seconds; the next refresh (every second here) gives the advisor a
 * median, seen as "usually answers in under a minute" on the category card, and in the offline
 * advisor's chat with what happens to the answer — in English and in Russian.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startSeerServer } from './seer-server.mjs';
import { launchBrowser, navigate, newVisitor, skipReason } from './browser';
import { capture, settle, tr } from './app';
import { telegramStandIn } from './telegram-stand-in';

const OFFLINE_ADVISOR = { id: 2, name: 'Aurora Vale', category: 1 };

async function demoSession(base: string) {
  const response = await fetch(`${base}/api/demo/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  return ((await response.json()) as { init_data: string }).init_data;
}

async function medianOf(base: string, initData: string, id: number): Promise<number | null> {
  const response = await fetch(`${base}/api/GetManager.php?id=${id}`, {
    headers: { authorization: initData },
  });
  return ((await response.json()) as { manager: { median_response_seconds: number | null } })
    .manager.median_response_seconds;
}

async function openAt(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForFunction(
    () =>
      !document.getElementById('boot-splash') && !document.querySelector('[data-testid=splash]'),
    undefined,
    { timeout: 10_000 },
  );
  await settle(page);
}

describe.skipIf(skipReason())('response times', () => {
  let browser: Browser;
  let server: Awaited<ReturnType<typeof startSeerServer>>;

  beforeAll(async () => {
    server = await startSeerServer({ env: { RESPONSE_TIMES_REFRESH_SECONDS: '1' } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the usual answer time on the card and in an offline advisor’s chat', async () => {
    const app = await newVisitor(browser, 'en', 'light');
    const { page } = app;
    await openAt(page, `${server.url}/chat/${OFFLINE_ADVISOR.id}`);
    const wait = page.getByTestId('offline-wait');
    // Nobody has written to this advisor yet: offline, no figure, and outside Telegram no bot promise.
    await expect(wait.innerText()).resolves.toBe(
      `${tr('en', 'responseTimes.offline', { name: OFFLINE_ADVISOR.name })} ${tr('en', 'responseTimes.answerHere')}`,
    );

    // Three questions, each answered by the demo advisor within a second.
    const input = page.getByRole('textbox', { name: tr('en', 'chat.placeholder') });
    const questions = ['Will he call me?', 'What about next month?', 'And my career?'];
    for (const [index, question] of questions.entries()) {
      await input.fill(question);
      await input.press('Enter');
      await expect
        .poll(() => page.locator('[data-sender=manager]').count(), { timeout: 15_000 })
        .toBe(index + 1);
    }

    // The next refresh (every second in this test) gives the advisor a figure.
    const initData = await demoSession(server.url);
    await expect
      .poll(() => medianOf(server.url, initData, OFFLINE_ADVISOR.id), { timeout: 15_000 })
      .not.toBeNull();
    const median = (await medianOf(server.url, initData, OFFLINE_ADVISOR.id))!;
    expect(median).toBeGreaterThanOrEqual(0);
    expect(median).toBeLessThan(10);

    const line = tr('en', 'responseTimes.usually', {
      wait: tr('en', 'responseTimes.wait.underMinute'),
    });
    await navigate(page, `/operators/${OFFLINE_ADVISOR.category}`);
    const card = page.locator(`a[href="/operator/${OFFLINE_ADVISOR.id}"]`);
    await card.getByTestId('response-time').waitFor();
    await expect(card.getByTestId('response-time').innerText()).resolves.toBe(line);
    await card.scrollIntoViewIfNeeded();
    await capture(app, 'response-time-card');

    // The chat opened earlier is kept in memory; a new launch loads the advisor afresh.
    await openAt(page, `${server.url}/chat/${OFFLINE_ADVISOR.id}`);
    await expect(page.getByTestId('offline-wait').innerText()).resolves.toBe(
      `${tr('en', 'responseTimes.offlineWait', {
        name: OFFLINE_ADVISOR.name,
        wait: tr('en', 'responseTimes.wait.underMinute'),
      })} ${tr('en', 'responseTimes.answerHere')}`,
    );
    await capture(app, 'response-time-chat');
    await app.context.close();
  });

  it('says it in Russian on the profile and in the chat, at 360 px too', async () => {
    const app = await newVisitor(browser, 'ru', 'dark');
    const { page } = app;
    const wait = tr('ru', 'responseTimes.wait.underMinute');
    await openAt(page, `${server.url}/operator/${OFFLINE_ADVISOR.id}`);
    await expect(page.getByTestId('response-time').innerText()).resolves.toBe(
      tr('ru', 'responseTimes.usually', { wait }),
    );
    await capture(app, 'response-time-profile');

    await page.setViewportSize({ width: 360, height: 740 });
    await navigate(page, `/chat/${OFFLINE_ADVISOR.id}`);
    await page.getByTestId('offline-wait').waitFor();
    await expect(page.getByTestId('offline-wait').innerText()).resolves.toBe(
      `${tr('ru', 'responseTimes.offlineWait', { name: OFFLINE_ADVISOR.name, wait })} ${tr('ru', 'responseTimes.answerHere')}`,
    );
    await capture(app, 'response-time-chat-360');
    await app.context.close();
  });

  it('inside Telegram offers to let the bot write, then promises its message', async () => {
    const initData = await demoSession(server.url);
    const app = await newVisitor(browser, 'en', 'light');
    const { page } = app;
    await page.addInitScript(telegramStandIn, { initData });
    // Telegram's write-access question, answered "Allow".
    await page.addInitScript(() => {
      const webApp = (window as unknown as { Telegram: { WebApp: Record<string, unknown> } })
        .Telegram.WebApp;
      webApp.requestWriteAccess = (callback: (allowed: boolean) => void) => callback(true);
    });
    await openAt(page, `${server.url}/chat/${OFFLINE_ADVISOR.id}`);
    const wait = page.getByTestId('offline-wait');
    await wait.getByText(tr('en', 'responseTimes.botCanTell')).waitFor();
    await expect(wait.innerText()).resolves.toContain(
      tr('en', 'responseTimes.offlineWait', {
        name: OFFLINE_ADVISOR.name,
        wait: tr('en', 'responseTimes.wait.underMinute'),
      }),
    );
    await capture(app, 'response-time-chat-telegram-offer');

    await wait.getByRole('button', { name: tr('en', 'responseTimes.allow') }).click();
    await wait.getByText(tr('en', 'responseTimes.botWillTell')).waitFor();
    await expect(wait.getByRole('button').count()).resolves.toBe(0);
    const profile = await fetch(`${server.url}/api/GetUser.php`, {
      headers: { authorization: initData },
    });
    expect(((await profile.json()) as { allows_write_to_pm: boolean }).allows_write_to_pm).toBe(
      true,
    );
    await capture(app, 'response-time-chat-telegram-allowed');
    await app.context.close();
  });
});
