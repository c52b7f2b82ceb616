/**
 * The advisors' workspace and the admin section in Chromium, two browser contexts on one real
 * server: an advisor linked with `npm run admin -- link-advisor` goes online in the workspace,
 * a user's message arrives live, the advisor answers, the user sees the answer live, and both
 * sides' unread counts are right. Then the advisor, also an admin here, credits the user.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { FakeToncenter, TON } from '../../server/src/test/fakes/toncenter';
import { startSeerServer } from './seer-server.mjs';
import {
  launchBrowser,
  navigate,
  screenshot,
  skipReason,
  unexpectedErrors,
  type AppPage,
} from './browser';
import { formatMoney } from '@seer/contract';
import { tr } from './app';
import {
  aTelegramId,
  aUserWithBalance,
  callAs,
  demoSession,
  linkAdvisor,
  pngPicture,
  ready,
  signedIn,
  signIn,
  type CatalogueAdvisor,
} from './live';

describe.skipIf(skipReason())("advisors' workspace with a user, live", () => {
  let browser: Browser;
  let indexer: FakeToncenter;
  let server: Awaited<ReturnType<typeof startSeerServer>>;
  const advisorTelegramId = aTelegramId(7_100_000_000);
  let advisor: CatalogueAdvisor;
  let advisorApp: AppPage;
  let userApp: AppPage;
  let userSession: { initData: string; telegramUserId: number };
  let userId: number;
  let priceCents: number;

  beforeAll(async () => {
    // No free messages: the user's message is paid from the balance, so the advisor earns it.
    indexer = await FakeToncenter.start();
    server = await startSeerServer({
      env: {
        ADMIN_TELEGRAM_IDS: String(advisorTelegramId),
        FREE_MESSAGES: '0',
        TON_WALLET_ADDRESS: indexer.account,
        TON_API_URL: indexer.url,
        TON_USD_RATE: '3',
        TON_POLL_INTERVAL_MS: '500',
      },
    });
    browser = await launchBrowser();
    // The operator's way: the command line, on the running server's database.
    advisor = await linkAdvisor(server, advisorTelegramId, (m) => m.price_cents <= 1000);
    priceCents = advisor.price_cents;
    // The user signs in once (so they exist) and is given $10 to pay with.
    userSession = await aUserWithBalance(server, 10);
    userId = userSession.telegramUserId;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await indexer?.close();
  });

  it('the user sends, the advisor sees it arrive and replies, the user sees the reply; unread counts follow', async () => {
    // The advisor: a Telegram user with the linked id (its demo session stands in for Telegram's init data).
    advisorApp = await signedIn(
      browser,
      'en',
      await demoSession(server.url, { telegramUserId: advisorTelegramId }),
    );
    const a = advisorApp.page;
    await a.goto(`${server.url}/settings`);
    await ready(a);
    await a.getByRole('link', { name: tr('en', 'workspace.openWorkspace') }).click();
    await a.getByRole('heading', { name: tr('en', 'workspace.title') }).waitFor();
    await a.getByText(tr('en', 'workspace.inboxEmpty')).waitFor();
    await a.getByRole('switch', { name: tr('en', 'workspace.online') }).waitFor();
    await screenshot(advisorApp, 'workspace-inbox-empty');

    // The user: a new visitor; the advisor shows online because the workspace is open.
    userApp = await signedIn(browser, 'en', userSession);
    const u = userApp.page;
    await u.goto(`${server.url}/chat/${advisor.id}`);
    await ready(u);
    await u.getByText(tr('en', 'chat.online'), { exact: true }).first().waitFor();
    await u
      .getByRole('textbox', { name: tr('en', 'chat.placeholder') })
      .fill('Hello from the e2e user');
    await u.getByRole('button', { name: tr('en', 'chat.send'), exact: true }).click();
    await u.getByText('Hello from the e2e user').waitFor();
    // The bubble shows at once, while the send is on its way; the charge follows its answer.
    await expect
      .poll(
        async () => (await callAs<{ balance_cents: number }>(u, '/api/GetUser.php')).balance_cents,
      )
      .toBe(1000 - priceCents);

    // Arrives live in the advisor's inbox, unread.
    const row = a.getByRole('link', { name: /Hello from the e2e user/ });
    await row.waitFor({ timeout: 10_000 });
    expect(await row.getByLabel(tr('en', 'workspace.unread', { count: 1 })).textContent()).toBe(
      '1',
    );
    await screenshot(advisorApp, 'workspace-inbox-unread');

    await row.click();
    await a.waitForURL(`**/workspace/chat/${userId}`);
    await a.getByText('Hello from the e2e user').waitFor();
    await a
      .getByRole('textbox', { name: tr('en', 'workspace.replyLabel') })
      .fill('The cards say: yes, soon.');
    await a.getByRole('button', { name: tr('en', 'workspace.send'), exact: true }).click();
    await a.locator('[data-sender=manager]', { hasText: 'The cards say: yes, soon.' }).waitFor();
    await screenshot(advisorApp, 'workspace-dialog');

    // The user, still in the chat, sees the reply arrive live, and the advisor sees it read.
    await u.getByText('The cards say: yes, soon.').waitFor({ timeout: 10_000 });
    await screenshot(userApp, 'chat-with-advisor-reply');
    await a
      .locator('[data-sender=manager]', { hasText: 'The cards say: yes, soon.' })
      .getByLabel(tr('en', 'workspace.read'))
      .waitFor({ timeout: 10_000 });

    // The client card: the user's name, folded to one line; opened, the private note is saved.
    const clientCard = a.getByTestId('client-card');
    await clientCard.waitFor();
    await clientCard.locator('summary').click();
    await clientCard.getByText(tr('en', 'clientCard.notShared')).waitFor();
    await clientCard
      .getByLabel(tr('en', 'clientCard.note'))
      .fill('Asks about work; likes short answers.');
    await clientCard.getByRole('button', { name: tr('en', 'clientCard.saveNote') }).click();
    await a.getByText(tr('en', 'clientCard.noteSaved')).waitFor();
    const saved = await callAs<{ card: { name: string; note: { text: string } | null } }>(
      a,
      `/api/ManagerGetClientCard.php?telegram_user_id=${userId}`,
    );
    expect(saved.card.note?.text).toBe('Asks about work; likes short answers.');
    await clientCard.locator('summary').getByText(saved.card.name).waitFor();
    await screenshot(advisorApp, 'workspace-client-card');

    // A quick reply written once (in the client's language) goes into the reply box with one tap.
    await a.getByRole('button', { name: tr('en', 'clientCard.manageQuickReplies') }).click();
    await a
      .getByLabel(tr('en', 'clientCard.quickReplyText'), { exact: true })
      .fill('Thank you for trusting me.');
    await a.getByRole('button', { name: tr('en', 'clientCard.addQuickReply') }).click();
    await a.getByLabel(tr('en', 'clientCard.quickReplyTextOf', { number: 1 })).waitFor();
    await a.getByRole('button', { name: tr('en', 'clientCard.doneQuickReplies') }).click();
    await a
      .getByRole('button', {
        name: tr('en', 'clientCard.insertQuickReply', { text: 'Thank you for trusting me.' }),
      })
      .click();
    expect(
      await a.getByRole('textbox', { name: tr('en', 'workspace.replyLabel') }).inputValue(),
    ).toBe('Thank you for trusting me.');
    // One separator for today's messages; each message shows only its time.
    expect(await a.getByRole('separator').allTextContents()).toEqual([tr('en', 'chat.today')]);
    await screenshot(advisorApp, 'workspace-quick-reply');

    // A second reply while the user is away from the chat counts as one unread on the chat list.
    await navigate(u, '/');
    await a
      .getByRole('textbox', { name: tr('en', 'workspace.replyLabel') })
      .fill('Write again any time.');
    await a.getByRole('button', { name: tr('en', 'workspace.send'), exact: true }).click();
    await a.locator('[data-sender=manager]', { hasText: 'Write again any time.' }).waitFor();
    await navigate(u, '/history');
    const dialogRow = u.getByRole('link', { name: new RegExp(advisor.name) });
    await dialogRow
      .getByLabel(tr('en', 'history.unread', { count: 1 }))
      .waitFor({ timeout: 10_000 });
    await screenshot(userApp, 'history-one-unread');
    await dialogRow.click();
    await u.getByText('Write again any time.').waitFor();

    // Both sides read everything: no unread left anywhere, on screen and in the calls.
    await expect
      .poll(
        async () =>
          (
            await callAs<{ chats: Array<{ manager_id: number; unread: number }> }>(
              u,
              '/api/GetAllChats.php',
            )
          ).chats.find((c) => c.manager_id === advisor.id)?.unread,
        { timeout: 5_000 },
      )
      .toBe(0);
    await expect
      .poll(
        async () =>
          (
            await callAs<{ chats: Array<{ telegram_user_id: number; unread: number }> }>(
              a,
              '/api/ManagerGetChats.php',
            )
          ).chats.find((c) => c.telegram_user_id === userId)?.unread,
        { timeout: 5_000 },
      )
      .toBe(0);
    await navigate(a, '/workspace');
    const readRow = a.getByRole('link', { name: /Write again any time\./ });
    await readRow.waitFor();
    expect(await readRow.getByLabel(/Unread/).count()).toBe(0);
    await navigate(u, '/history');
    await u.getByRole('link', { name: new RegExp(advisor.name) }).waitFor();
    expect(
      await u
        .getByRole('link', { name: new RegExp(advisor.name) })
        .getByLabel(/Unread|unread/)
        .count(),
    ).toBe(0);

    // The earning is there.
    await navigate(a, '/workspace?tab=earnings');
    await a.getByText(tr('en', 'workspace.recent')).waitFor();
    await a.getByText(new RegExp(tr('en', 'workspace.paidMessages', { count: 1 }))).waitFor();
    await a
      .getByText(`$${(priceCents / 100).toFixed(2)}`)
      .first()
      .waitFor();
    await screenshot(advisorApp, 'workspace-earnings');

    expect(unexpectedErrors(advisorApp)).toEqual([]);
    expect(unexpectedErrors(userApp)).toEqual([]);
  });

  it('the admin section lists every section and credits the user after a confirmation', async () => {
    const a = advisorApp.page;
    await navigate(a, '/admin');
    await a.getByRole('heading', { name: tr('en', 'admin.title') }).waitFor();
    await a.getByText(tr('en', 'admin.advisors.linkedTo', { id: advisorTelegramId })).waitFor();
    await screenshot(advisorApp, 'admin-advisors');
    for (const section of ['users', 'deposits', 'stars', 'payouts', 'audit'] as const) {
      await a
        .getByRole('link', { name: tr('en', `admin.section.${section}`), exact: true })
        .click();
      await a.waitForFunction(() => !document.querySelector('.spinner'));
      await screenshot(advisorApp, `admin-${section}`);
    }
    await a.getByText('link-advisor').first().waitFor();

    await navigate(a, `/admin/user/${userId}`);
    await a.getByLabel(tr('en', 'admin.credit.amount')).fill('5');
    await a.getByLabel(tr('en', 'admin.credit.reason')).fill('Welcome gift');
    await a.getByRole('button', { name: tr('en', 'admin.credit.submit') }).click();
    await a.getByText(/Credit \$5\.00 to/).waitFor();
    await a.getByRole('button', { name: tr('en', 'admin.confirm') }).click();
    const after = formatMoney(1500 - priceCents, 'en');
    await a.getByText(tr('en', 'admin.credit.done', { balance: after })).waitFor();
    await a
      .locator('.admin-ledger-row', { hasText: 'Welcome gift' })
      .getByText(tr('en', 'admin.reason.admin_credit'))
      .waitFor();
    await screenshot(advisorApp, 'admin-user-credited');
    expect(
      (await callAs<{ balance_cents: number }>(userApp.page, '/api/GetUser.php')).balance_cents,
    ).toBe(1500 - priceCents);
    expect(unexpectedErrors(advisorApp)).toEqual([]);
  });

  it('payouts: the CSV export holds the earning, owed to the advisor until a payout is made', async () => {
    const a = advisorApp.page;
    await navigate(a, '/admin/payouts');
    const price = (priceCents / 100).toFixed(2);
    const card = a.locator('.card', { hasText: `#${advisor.id} ${advisor.name}` });
    await card.waitFor();
    const [download] = await Promise.all([
      a.waitForEvent('download'),
      a.getByRole('button', { name: tr('en', 'admin.payouts.csv') }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^seer-payouts-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.split('\n')[0]).toBe(
      'manager_id,name,paid_messages,earned_usd,paid_out_usd,owed_now_usd',
    );
    expect(csv).toContain(`${advisor.id},${advisor.name},1,${price},0.00,${price}`);
    // Nothing is marked paid by hand: only a payout sent on chain lowers what is owed.
    const earnings = await callAs<{ earnings: { unpaid_cents: number; total_cents: number } }>(
      a,
      '/api/ManagerGetEarnings.php',
    );
    expect(earnings.earnings).toMatchObject({ unpaid_cents: priceCents, total_cents: priceCents });
    expect(unexpectedErrors(advisorApp)).toEqual([]);
  });

  it('deposits: a TON transfer with an unknown memo waits for an admin, who credits it to the user once', async () => {
    const a = advisorApp.page;
    const before = (await callAs<{ balance_cents: number }>(userApp.page, '/api/GetUser.php'))
      .balance_cents;
    indexer.addIncoming({ nanotons: 2n * TON, comment: 'for my friend' });
    const card = a.locator('.card', { hasText: 'for my friend' });
    // The watcher polls every 500 ms; the list shows what it had found when it loaded.
    await expect
      .poll(
        async () => {
          await navigate(a, '/admin/users');
          await navigate(a, '/admin/deposits');
          await a.waitForFunction(() => !document.querySelector('.spinner'));
          return card.count();
        },
        { timeout: 15_000 },
      )
      .toBe(1);
    await card.getByText('$6.00 · 2 TON').waitFor();
    await card.getByLabel(tr('en', 'admin.deposits.assignTo')).fill(String(userId));
    await card.getByRole('button', { name: tr('en', 'admin.deposits.assign') }).click();
    await card
      .getByText(tr('en', 'admin.deposits.confirmAssign', { amount: '$6.00', id: userId }))
      .waitFor();
    await card.getByRole('button', { name: tr('en', 'admin.confirm') }).click();
    await a
      .getByText(tr('en', 'admin.deposits.assigned', { amount: '$6.00', id: userId }))
      .waitFor();
    await card.waitFor({ state: 'detached' });
    await screenshot(advisorApp, 'admin-deposit-assigned');
    expect(
      (await callAs<{ balance_cents: number }>(userApp.page, '/api/GetUser.php')).balance_cents,
    ).toBe(before + 600);
    expect(unexpectedErrors(advisorApp)).toEqual([]);
  });

  it('an admin creates an advisor with an avatar, links a Telegram id and deactivates them', async () => {
    const a = advisorApp.page;
    await navigate(a, '/admin/advisors');
    await a.getByRole('button', { name: tr('en', 'admin.advisors.create') }).click();
    await a.getByLabel(tr('en', 'admin.advisors.name')).fill('Nova Tarot');
    await a.getByLabel(tr('en', 'admin.advisors.category')).selectOption('3');
    await a.getByLabel(tr('en', 'admin.advisors.price')).fill('abc');
    await a.getByRole('button', { name: tr('en', 'admin.save') }).click();
    await a.getByText(tr('en', 'admin.advisors.priceInvalid')).waitFor();
    await a.getByLabel(tr('en', 'admin.advisors.price')).fill('3.49');
    await a
      .locator('#advisor-avatar')
      .setInputFiles({ name: 'nova.png', mimeType: 'image/png', buffer: pngPicture() });
    await a.locator('.advisor-photo img[src*="/api/images/"]').waitFor();
    await a.getByRole('button', { name: tr('en', 'admin.save') }).click();
    const card = a.locator('.admin-advisor', { hasText: 'Nova Tarot' });
    await card.waitFor();
    await card.getByText(tr('en', 'admin.advisors.notLinked')).waitFor();
    const newTelegramId = advisorTelegramId + 1;
    await card.getByLabel(tr('en', 'admin.advisors.telegramId')).fill(String(newTelegramId));
    await card.getByRole('button', { name: tr('en', 'admin.advisors.link'), exact: true }).click();
    await card.getByText(tr('en', 'admin.advisors.linkedTo', { id: newTelegramId })).waitFor();
    await card.getByRole('button', { name: tr('en', 'admin.advisors.deactivate') }).click();
    await card.getByRole('button', { name: tr('en', 'admin.confirm') }).click();
    await card.getByText(tr('en', 'admin.advisors.inactiveBadge')).waitFor();
    await screenshot(advisorApp, 'admin-advisor-created');
    const listed = await callAs<{
      advisors: Array<{
        name: string;
        price_cents: number;
        telegram_id: number | null;
        is_active: boolean;
        avatar: string;
        category_id: number;
      }>;
    }>(a, '/api/AdminListAdvisors.php');
    expect(listed.advisors.find((x) => x.name === 'Nova Tarot')).toMatchObject({
      price_cents: 349,
      category_id: 3,
      telegram_id: newTelegramId,
      is_active: false,
      avatar: expect.stringMatching(/^\/api\/images\//),
    });
    const audit = await callAs<{ entries: Array<{ action: string; actor_telegram_id: number }> }>(
      a,
      '/api/AdminAudit.php',
    );
    expect(
      audit.entries.filter((e) => e.actor_telegram_id === advisorTelegramId).map((e) => e.action),
    ).toEqual(expect.arrayContaining(['create-advisor', 'link-advisor', 'edit-advisor', 'credit']));
    expect(unexpectedErrors(advisorApp)).toEqual([]);
  });

  it("the advisor sets weekly hours and an away message; a user sees the hours in the user's own time zone", async () => {
    const a = advisorApp.page;
    await navigate(a, '/workspace');
    await a.getByRole('link', { name: tr('en', 'ownProfile.open') }).click();
    await a.getByRole('heading', { name: tr('en', 'ownProfile.title') }).waitFor();
    await a.getByLabel(tr('en', 'ownProfile.timeZone')).selectOption('Europe/Moscow');
    // Monday 20:00–23:00 in Moscow (UTC+3, no DST).
    const monday = 'Mon';
    await a
      .getByRole('button', { name: tr('en', 'ownProfile.addRangeTo', { day: monday }) })
      .click();
    // Times are chosen on the 24-hour clock: an hour and a minute list (decision 051).
    for (const [key, hour] of [
      ['ownProfile.from', '20'],
      ['ownProfile.until', '23'],
    ] as const) {
      const label = tr('en', key, { day: monday });
      await a.getByLabel(tr('en', 'common.hour', { label }), { exact: true }).selectOption(hour);
      await a.getByLabel(tr('en', 'common.minute', { label }), { exact: true }).selectOption('00');
    }
    await a.getByLabel(tr('en', 'ownProfile.awayIn.en')).fill('Back on Monday evening');
    await a.getByLabel(tr('en', 'ownProfile.awayIn.ru')).fill('Вернусь в понедельник вечером');
    await a.getByRole('button', { name: tr('en', 'ownProfile.save') }).click();
    await a.getByText(tr('en', 'ownProfile.saved')).waitFor();
    // On a 360 px phone nothing runs off the side.
    await a.setViewportSize({ width: 360, height: 800 });
    expect(await a.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(advisorApp, 'workspace-own-profile');
    await a.setViewportSize({ width: 390, height: 844 });
    // Away: users get the away message.
    await navigate(a, '/workspace');
    await a.getByRole('switch', { name: tr('en', 'workspace.online') }).click();
    await a.getByRole('switch', { name: tr('en', 'workspace.away'), checked: false }).waitFor();

    // Two users in other time zones: Tokyo (UTC+9) and New York (UTC−5 in winter, UTC−4 in summer).
    const viewers = [
      { lang: 'en' as const, timezoneId: 'Asia/Tokyo', hours: { from: '02:00', until: '05:00' } },
      {
        lang: 'ru' as const,
        timezoneId: 'America/New_York',
        // Moscow 20:00 is 17:00 UTC: 12:00 in New York in winter, 13:00 in summer.
        hours: (() => {
          const offset = new Intl.DateTimeFormat('en-US', {
            timeZone: 'America/New_York',
            timeZoneName: 'shortOffset',
          })
            .formatToParts(new Date())
            .find((part) => part.type === 'timeZoneName')!.value;
          return offset === 'GMT-4'
            ? { from: '13:00', until: '16:00' }
            : { from: '12:00', until: '15:00' };
        })(),
      },
    ];
    for (const viewer of viewers) {
      const context = await browser.newContext({
        viewport: { width: 360, height: 800 },
        isMobile: true,
        hasTouch: true,
        locale: viewer.lang === 'ru' ? 'ru-RU' : 'en-US',
        timezoneId: viewer.timezoneId,
      });
      await signIn(context, (await demoSession(server.url)).initData);
      const page = await context.newPage();
      await page.goto(`${server.url}/operator/${advisor.id}`);
      await ready(page);
      await page
        .getByText(tr(viewer.lang, 'advisorHours.usually', viewer.hours), { exact: true })
        .waitFor();
      await page
        .getByText(
          viewer.lang === 'ru' ? 'Вернусь в понедельник вечером' : 'Back on Monday evening',
        )
        .waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        360,
      );
      await page.screenshot({
        path: `${import.meta.dirname}/screenshots/${viewer.lang}-light-advisor-hours.png`,
      });
      await context.close();
    }

    // Back online for what follows.
    await a.getByRole('switch', { name: tr('en', 'workspace.away') }).click();
    await a.getByRole('switch', { name: tr('en', 'workspace.online'), checked: true }).waitFor();
    expect(unexpectedErrors(advisorApp)).toEqual([]);
  });

  it('someone who is neither an advisor nor an admin is told politely', async () => {
    const u = userApp.page;
    await navigate(u, '/workspace');
    await u.getByText(tr('en', 'workspace.notAvailable')).waitFor();
    await navigate(u, '/admin');
    await u.getByText(tr('en', 'admin.notAvailable')).waitFor();
    await navigate(u, '/settings');
    await u.getByRole('heading', { name: tr('en', 'settings.title') }).waitFor();
    expect(await u.getByRole('link', { name: tr('en', 'workspace.openWorkspace') }).count()).toBe(
      0,
    );
    expect(await u.getByRole('link', { name: tr('en', 'admin.openAdmin') }).count()).toBe(0);
    expect(unexpectedErrors(userApp)).toEqual([]);
    await userApp.context.close();
    await advisorApp.context.close();
  });
});
