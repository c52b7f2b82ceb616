/**
 * Reports and blocks in Chromium (decision 048), two browser contexts on one real server: a user
 * (English) reports an advisor's message and blocks the advisor, finds them in Settings and
 * unblocks; the advisor (Russian, also staff here) reports the user's message and blocks the
 * user, who is told kindly at once; staff hide the reported message from the Reports queue.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startSeerServer } from './seer-server.mjs';
import {
  launchBrowser,
  navigate,
  screenshot,
  skipReason,
  unexpectedErrors,
  type AppPage,
} from './browser';
import { tr } from './app';
import { aTelegramId, callAs, demoSession, linkAdvisor, ready, signedIn } from './live';

/** Toasts fade after a few seconds; screenshots wait so the screen under them shows. */
async function toastsGone(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('.toast'), undefined, {
    timeout: 15_000,
  });
}

async function noOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Refusals the test provokes on purpose: a second report (409), sends into a block (403). */
const PROVOKED = [
  /HTTP 409 POST .*ReportMessage/,
  /HTTP 403 POST .*(CreateMessage|ManagerSendMessage)/,
];

describe.skipIf(skipReason())('reports and blocks, live', () => {
  let browser: Browser;
  let server: Awaited<ReturnType<typeof startSeerServer>>;
  const advisorTelegramId = aTelegramId(7_200_000_000);
  let advisor: { id: number; name: string };
  let userApp: AppPage;
  let advisorApp: AppPage;
  let userId: number;

  beforeAll(async () => {
    server = await startSeerServer({ env: { ADMIN_TELEGRAM_IDS: String(advisorTelegramId) } });
    browser = await launchBrowser();
    // The catalogue's second advisor.
    advisor = await linkAdvisor(server, advisorTelegramId, (_, index) => index === 1);

    const userSession = await demoSession(server.url);
    userId = userSession.telegramUserId;
    userApp = await signedIn(browser, 'en', userSession);
    advisorApp = await signedIn(
      browser,
      'ru',
      await demoSession(server.url, { telegramUserId: advisorTelegramId }),
      'dark',
    );
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a user reports a message and blocks the advisor, then unblocks from Settings (en)', async () => {
    const u = userApp.page;
    await u.goto(`${server.url}/chat/${advisor.id}`);
    await ready(u);
    await u.getByRole('textbox', { name: tr('en', 'chat.placeholder') }).fill('Hello there');
    await u.getByRole('button', { name: tr('en', 'chat.send'), exact: true }).click();
    await u.getByText('Hello there').waitFor();

    // The advisor answers from the workspace (Russian).
    const a = advisorApp.page;
    await a.goto(`${server.url}/workspace/chat/${userId}`);
    await ready(a);
    await a.getByText('Hello there').waitFor();
    await a
      .getByRole('textbox', { name: tr('ru', 'workspace.replyLabel') })
      .fill('Pay me on my card 4111, it is cheaper');
    await a.getByRole('button', { name: tr('ru', 'workspace.send'), exact: true }).click();

    // The user taps the advisor's message and reports it.
    const bubble = u.locator('[data-sender=manager]', { hasText: 'Pay me on my card' });
    await bubble.waitFor({ timeout: 10_000 });
    await bubble.click();
    await bubble.getByRole('button', { name: tr('en', 'safety.report.action') }).click();
    const dialog = u.getByRole('dialog', { name: tr('en', 'safety.report.messageTitle') });
    await dialog.getByLabel(tr('en', 'safety.reasons.off_platform_payment')).check();
    await dialog.getByLabel(tr('en', 'safety.report.note')).fill('Asked me to pay by card');
    await screenshot(userApp, 'report-message');
    await noOverflow(u);
    await dialog.getByRole('button', { name: tr('en', 'safety.report.send') }).click();
    await u.getByText(tr('en', 'safety.report.thanks')).waitFor();
    // A second report of the same message is acknowledged, not taken twice.
    await bubble.click();
    await bubble.getByRole('button', { name: tr('en', 'safety.report.action') }).click();
    await dialog.getByLabel(tr('en', 'safety.reasons.spam')).check();
    await dialog.getByRole('button', { name: tr('en', 'safety.report.send') }).click();
    await u.getByText(tr('en', 'safety.report.already')).waitFor();

    // Block from the chat menu, after a confirmation.
    await u.getByRole('button', { name: tr('en', 'chat.menu') }).click();
    await u.getByRole('menuitem', { name: tr('en', 'safety.block.blockAdvisor') }).click();
    await u.getByRole('button', { name: tr('en', 'safety.block.confirm'), exact: true }).click();
    await u.getByText(tr('en', 'safety.block.youBlockedAdvisor')).waitFor();
    await toastsGone(u);
    await screenshot(userApp, 'chat-advisor-blocked');
    const list = await callAs<{ data: { managers: Array<{ id: number }> } }>(
      u,
      '/api/GetAllManagers.php',
    );
    expect(list.data.managers.map((m) => m.id)).not.toContain(advisor.id);

    // The advisor's open workspace hears it at once: the reply box gives way to the notice.
    await a.getByText(tr('ru', 'safety.block.clientBlockedYou')).waitFor({ timeout: 10_000 });
    await toastsGone(a);
    await screenshot(advisorApp, 'workspace-client-blocked-you');

    // Settings → Privacy lists the blocked advisor; unblocking brings the reply box back.
    await navigate(u, '/settings/privacy');
    await u.getByRole('heading', { name: tr('en', 'safety.block.blockedList') }).waitFor();
    await u.getByText(advisor.name).first().scrollIntoViewIfNeeded();
    await toastsGone(u);
    await screenshot(userApp, 'settings-blocked-advisors');
    await noOverflow(u);
    await u.getByRole('button', { name: tr('en', 'safety.block.unblock') }).click();
    await u.getByText(tr('en', 'safety.block.unblockedToast')).waitFor();
    await a
      .getByRole('textbox', { name: tr('ru', 'workspace.replyLabel') })
      .waitFor({ timeout: 10_000 });

    // The profile offers reporting and blocking too.
    await navigate(u, `/operator/${advisor.id}`);
    await u.getByRole('button', { name: tr('en', 'safety.report.reportAdvisor') }).waitFor();
    await u
      .getByRole('button', { name: tr('en', 'safety.block.blockAdvisor') })
      .scrollIntoViewIfNeeded();
    await toastsGone(u);
    await screenshot(userApp, 'profile-safety-actions');
    expect(unexpectedErrors(userApp, PROVOKED)).toEqual([]);
  });

  it('the advisor reports and blocks the client, who is told kindly; staff hide the message (ru)', async () => {
    const a = advisorApp.page;
    const u = userApp.page;
    await navigate(u, `/chat/${advisor.id}`);
    await u.getByRole('textbox', { name: tr('en', 'chat.placeholder') }).fill('You are a fraud!!');
    await u.getByRole('button', { name: tr('en', 'chat.send'), exact: true }).click();

    const bubble = a.locator('[data-sender=user]', { hasText: 'You are a fraud' });
    await bubble.waitFor({ timeout: 10_000 });
    await bubble.click();
    await bubble.getByRole('button', { name: tr('ru', 'safety.report.action') }).click();
    const dialog = a.getByRole('dialog', { name: tr('ru', 'safety.report.messageTitle') });
    await dialog.getByLabel(tr('ru', 'safety.reasons.abuse')).check();
    await screenshot(advisorApp, 'report-client-message');
    await noOverflow(a);
    await dialog.getByRole('button', { name: tr('ru', 'safety.report.send') }).click();
    await a.getByText(tr('ru', 'safety.report.thanks')).waitFor();

    await a.getByRole('button', { name: tr('ru', 'safety.block.blockClient') }).click();
    await a.getByRole('button', { name: tr('ru', 'safety.block.confirm'), exact: true }).click();
    await a.getByText(tr('ru', 'safety.block.youBlockedClient')).waitFor();
    await toastsGone(a);
    await screenshot(advisorApp, 'workspace-client-blocked');

    // The user's open chat shows the kind notice at once; nothing can be sent or charged.
    await u.getByText(tr('en', 'safety.block.advisorBlockedYou')).waitFor({ timeout: 10_000 });
    await toastsGone(u);
    await screenshot(userApp, 'chat-blocked-by-advisor');
    const before = await callAs<{ balance_cents: number; free_messages: number }>(
      u,
      '/api/GetUser.php',
    );
    const refused = await u.evaluate(
      async ([id]) => {
        const response = await fetch('/api/CreateMessage.php', {
          method: 'POST',
          headers: {
            authorization: localStorage.getItem('seer.initData') ?? '',
            'content-type': 'application/json',
          },
          body: JSON.stringify({ manager_id: id, message: 'hello?' }),
        });
        return {
          status: response.status,
          code: ((await response.json()) as { code: string }).code,
        };
      },
      [advisor.id],
    );
    expect(refused).toEqual({ status: 403, code: 'blocked_by_advisor' });
    const after = await callAs<{ balance_cents: number; free_messages: number }>(
      u,
      '/api/GetUser.php',
    );
    expect([after.balance_cents, after.free_messages]).toEqual([
      before.balance_cents,
      before.free_messages,
    ]);

    // Staff (this advisor's account is an admin here) open the queue in Russian.
    await navigate(a, '/admin/reports');
    const report = a.locator('.admin-report', { hasText: 'Asked me to pay by card' });
    await report.waitFor();
    await report.locator('[data-reported=true]', { hasText: 'Pay me on my card' }).waitFor();
    await report.scrollIntoViewIfNeeded();
    await toastsGone(a);
    await screenshot(advisorApp, 'admin-reports');
    await noOverflow(a);
    await report.getByRole('button', { name: tr('ru', 'safety.admin.action.hide') }).click();
    await report.getByRole('button', { name: tr('ru', 'admin.confirm') }).click();
    await a.getByText(tr('ru', 'safety.admin.decided', { count: 1 })).waitFor();

    // The hidden message is gone from the user's history.
    const history = await callAs<{ messages: Array<{ message_text: string }> }>(
      u,
      `/api/GetAllMessages.php?manager_id=${advisor.id}`,
    );
    expect(history.messages.map((m) => m.message_text)).not.toContain(
      'Pay me on my card 4111, it is cheaper',
    );
    expect(unexpectedErrors(advisorApp, PROVOKED)).toEqual([]);
  });
});
