/**
 * A dispute in Chromium on one real server, once in English and once in Russian (390 px): a user
 * who paid for two messages opens "Something went wrong with this reading" from the chat's menu,
 * chooses the messages and says what went wrong; the case shows in "My cases" (from Settings).
 * Staff refund part of it in the admin section's Disputes; the user then sees the case partly
 * refunded and the refund in the balance.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { formatMoney } from '@seer/contract';
import { startSeerServer } from './seer-server.mjs';
import { launchBrowser, screenshot, skipReason, unexpectedErrors, type Lang } from './browser';
import { tr } from './app';
import { aTelegramId, callAs, demoSession, ready, signedIn } from './live';

const JOURNEYS: Array<{
  lang: Lang;
  questions: [string, string];
  complaint: string;
  refund: string;
  note: string;
}> = [
  {
    lang: 'en',
    questions: ['Will I get the job in Lisbon?', 'And what about my partner?'],
    complaint: 'The advisor answered a different question and then stopped replying.',
    refund: '1.00',
    note: 'The second answer was fine; we refunded the first message.',
  },
  {
    lang: 'ru',
    questions: ['Получу ли я работу в Лиссабоне?', 'А что с моим партнёром?'],
    complaint: 'Эксперт ответил на другой вопрос, а потом перестал отвечать.',
    refund: '1,00',
    note: 'Второй ответ был по делу, возвращаем за первое сообщение.',
  },
];

describe.skipIf(skipReason())('a dispute about a reading', () => {
  let browser: Browser;
  let server: Awaited<ReturnType<typeof startSeerServer>>;
  const adminTelegramId = aTelegramId(7_500_000_000);

  beforeAll(async () => {
    server = await startSeerServer({
      env: { ADMIN_TELEGRAM_IDS: String(adminTelegramId), FREE_MESSAGES: '0' },
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const journey of JOURNEYS) {
    const { lang } = journey;
    it(`in ${lang}: the user opens a case from the chat, staff refund part of it, the user sees it`, async () => {
      // ---- the user: a balance and two paid messages to an advisor ----
      const session = await demoSession(server.url, { languageCode: lang });
      const user = await signedIn(browser, lang, session);
      const u = user.page;
      await u.goto(`${server.url}/settings`);
      await ready(u);
      await callAs(u, '/api/CreateTestPayment.php', { amount: '10' });
      const managers = await callAs<{
        data: { managers: Array<{ id: number; name: string; price_cents: number }> };
      }>(u, '/api/GetAllManagers.php');
      const advisor = managers.data.managers.find((m) => m.price_cents > 0)!;
      for (const question of journey.questions) {
        const sent = await callAs<{ status: string }>(u, '/api/CreateMessage.php', {
          manager_id: advisor.id,
          message: question,
        });
        expect(sent.status).toBe('success');
      }
      const paid = 10_00 - 2 * advisor.price_cents;
      expect((await callAs<{ balance_cents: number }>(u, '/api/GetUser.php')).balance_cents).toBe(
        paid,
      );

      // ---- "Something went wrong with this reading" from the chat's menu ----
      await u.goto(`${server.url}/chat/${advisor.id}`);
      await ready(u);
      await u.getByText(journey.questions[1]).waitFor();
      await u.getByRole('button', { name: tr(lang, 'chat.menu') }).click();
      await u.getByRole('menuitem', { name: tr(lang, 'chat.dispute') }).click();
      await u.waitForURL(`**/disputes/new/${advisor.id}`);
      await u.getByRole('heading', { name: tr(lang, 'disputes.newTitle') }).waitFor();
      await ready(u);
      for (const question of journey.questions)
        await u.getByRole('checkbox', { name: new RegExp(question.replace('?', '\\?')) }).check();
      await u.getByLabel(tr(lang, 'disputes.whatWentWrong')).fill(journey.complaint);
      expect(await u.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await screenshot(user, 'dispute-open');
      const open = tr(lang, 'disputes.openFor', {
        count: 2,
        amount: formatMoney(2 * advisor.price_cents, lang),
      });
      await u.getByRole('button', { name: open }).click();
      await u.waitForURL('**/disputes');
      const card = u.getByTestId('dispute');
      await card.and(u.locator('[data-status=open]')).waitFor();
      await card.getByText(journey.complaint).waitFor();
      await screenshot(user, 'disputes-open');

      // "My cases" is reachable from Settings.
      await u.goto(`${server.url}/settings`);
      await ready(u);
      await u.getByRole('link', { name: tr(lang, 'settings.disputes') }).click();
      await u.waitForURL('**/disputes');
      await u.getByText(tr(lang, 'disputes.status.open')).waitFor();

      // ---- staff refund part of it in the admin section ----
      const staff = await signedIn(
        browser,
        lang,
        await demoSession(server.url, { telegramUserId: adminTelegramId, languageCode: lang }),
      );
      const a = staff.page;
      await a.goto(`${server.url}/admin/disputes`);
      await ready(a);
      const row = a.getByTestId('admin-dispute').filter({ hasText: journey.complaint });
      await row.waitFor();
      await row.scrollIntoViewIfNeeded();
      await screenshot(staff, 'admin-dispute-open');
      await row.getByLabel(tr(lang, 'disputes.admin.note')).fill(journey.note);
      await row.getByLabel(tr(lang, 'disputes.admin.amount')).fill(journey.refund);
      await row.getByRole('button', { name: tr(lang, 'disputes.admin.partial') }).click();
      await row.getByRole('button', { name: tr(lang, 'admin.confirm') }).click();
      await a.getByText(tr(lang, 'disputes.admin.done')).waitFor();
      // Decided: it leaves the open queue; among all cases it shows its outcome.
      await row.waitFor({ state: 'detached' });
      await a.getByLabel(tr(lang, 'disputes.admin.filter')).selectOption('');
      const decided = a
        .getByTestId('admin-dispute')
        .filter({ hasText: journey.complaint })
        .and(a.locator('[data-status=partly_refunded]'));
      await decided.waitFor();
      await decided.getByText(journey.note).waitFor();
      await decided.scrollIntoViewIfNeeded();
      await screenshot(staff, 'admin-dispute-refunded');

      // ---- the user sees the outcome and the refund in the balance ----
      await u.reload();
      await ready(u);
      const refunded = u.getByTestId('dispute').and(u.locator('[data-status=partly_refunded]'));
      await refunded.waitFor();
      await refunded.getByText(journey.note).waitFor();
      expect(await refunded.getByTestId('dispute-outcome').textContent()).toBe(
        tr(lang, 'disputes.refundedOutcome', {
          amount: formatMoney(100, lang),
          claimed: formatMoney(2 * advisor.price_cents, lang),
        }),
      );
      await screenshot(user, 'disputes-refunded');
      await u.goto(`${server.url}/balance`);
      await ready(u);
      expect(await u.getByTestId('balance-value').textContent()).toBe(
        formatMoney(paid + 100, lang),
      );

      expect(unexpectedErrors(user)).toEqual([]);
      expect(unexpectedErrors(staff)).toEqual([]);
      await user.context.close();
      await staff.context.close();
    }, 240_000);
  }
});
