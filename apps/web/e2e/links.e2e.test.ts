/**
 * Deep links, sharing and referrals in Chromium, on a server whose TELEGRAM_APP_URL names the
 * Mini App: a start parameter advisor_<id> opens that profile, a malformed one (or an advisor that
 * does not exist) opens home; the invite card in Settings in Russian and English; Share on the
 * profile outside Telegram opens Telegram's share link to the advisor's Mini App link.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startSeerServer } from './seer-server.mjs';
import {
  launchBrowser,
  newVisitor,
  screenshot,
  skipReason,
  unexpectedErrors,
  type AppPage,
  type Lang,
} from './browser';
import { tr } from './app';
import { telegramStandIn } from './telegram-stand-in';

const APP_URL = 'https://t.me/seer_test_bot/app';
const ADMIN_ID = 7_300_000_000 + Math.floor(Math.random() * 1_000_000);

describe.skipIf(skipReason())('deep links, sharing and referrals', () => {
  let browser: Browser;
  let server: Awaited<ReturnType<typeof startSeerServer>>;
  let advisor: { id: number; name: string };

  beforeAll(async () => {
    server = await startSeerServer({
      env: { TELEGRAM_APP_URL: APP_URL, ADMIN_TELEGRAM_IDS: String(ADMIN_ID) },
    });
    browser = await launchBrowser();
    const session = await demoSession();
    const list = (await (
      await fetch(`${server.url}/api/GetAllManagers.php?lang=en`, {
        headers: { authorization: session },
      })
    ).json()) as { data: { managers: Array<{ id: number; name: string }> } };
    advisor = list.data.managers[1]!;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function demoSession(telegramUserId?: number): Promise<string> {
    const response = await fetch(`${server.url}/api/demo/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(telegramUserId ? { telegram_user_id: telegramUserId } : {}),
    });
    return ((await response.json()) as { init_data: string }).init_data;
  }

  /** The app as Telegram opens it from a t.me/<bot>/<app>?startapp=<param> link. */
  async function openFromLink(lang: Lang, startParam: string): Promise<AppPage> {
    const app = await newVisitor(browser, lang, 'light');
    await app.page.addInitScript(telegramStandIn, {
      initData: await demoSession(),
      languageCode: lang,
    });
    await app.page.addInitScript((param) => {
      const webApp = (window as unknown as { Telegram: { WebApp: { initDataUnsafe: object } } })
        .Telegram.WebApp;
      webApp.initDataUnsafe = { ...webApp.initDataUnsafe, start_param: param };
    }, startParam);
    await app.page.goto(`${server.url}/`);
    await afterSplash(app);
    return app;
  }

  async function afterSplash(app: AppPage): Promise<void> {
    await app.page.waitForFunction(
      () =>
        !document.getElementById('boot-splash') && !document.querySelector('[data-testid=splash]'),
      undefined,
      { timeout: 15_000 },
    );
  }

  it('startapp=advisor_<id> opens that advisor’s profile', async () => {
    const app = await openFromLink('en', `advisor_${advisor.id}`);
    await app.page.waitForURL(`**/operator/${advisor.id}`);
    await app.page.getByRole('heading', { name: advisor.name, exact: true }).waitFor();
    await screenshot(app, 'links-deep-link-profile');
    expect(unexpectedErrors(app)).toEqual([]);
    await app.context.close();
  });

  it('a malformed parameter or an advisor that does not exist opens home, not an error', async () => {
    for (const param of ['advisor_abc', 'bogus', 'advisor_999999']) {
      const app = await openFromLink('ru', param);
      // Home's bottom-bar entry is current, and no "not found" or error screen shows.
      await app.page.waitForLoadState('networkidle').catch(() => {});
      await app.page.waitForTimeout(300);
      expect(new URL(app.page.url()).pathname).toBe('/');
      const body = await app.page.locator('#root').innerText();
      expect(body).not.toContain(tr('ru', 'common.notFoundTitle'));
      expect(body).not.toContain(tr('ru', 'common.screenError'));
      // The existence check of advisor_999999 is the one refused call, and expected.
      expect(unexpectedErrors(app, [/HTTP 404 GET .*GetManager\.php/])).toEqual([]);
      await app.context.close();
    }
  });

  for (const lang of ['en', 'ru'] as const) {
    it(`shows the invite card in Settings (${lang})`, async () => {
      const app = await newVisitor(browser, lang, lang === 'en' ? 'light' : 'dark');
      await app.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
        origin: server.url,
      });
      await app.page.goto(`${server.url}/settings/invites`);
      await afterSplash(app);
      const card = app.page.getByRole('region', { name: tr(lang, 'links.inviteTitle') });
      await card.waitFor();
      await card.getByText(tr(lang, 'links.inviteReward', { count: 3 })).waitFor();
      const link = await card.getByTestId('invite-link').innerText();
      expect(link).toMatch(/^https:\/\/t\.me\/seer_test_bot\/app\?startapp=ref_[a-z0-9]{8}$/);
      await card.getByText(tr(lang, 'links.joinedCount', { count: 0 })).waitFor();
      await card.getByText(tr(lang, 'links.earnedCount', { count: 0 })).waitFor();
      await card.scrollIntoViewIfNeeded();
      await screenshot(app, 'links-invite-card');

      await card.getByRole('button', { name: tr(lang, 'links.copy') }).click();
      await app.page.getByText(tr(lang, 'links.copied')).waitFor();
      expect(await app.page.evaluate(() => navigator.clipboard.readText())).toBe(link);

      // At 360 px nothing overflows.
      await app.page.setViewportSize({ width: 360, height: 740 });
      const overflow = await app.page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await card.scrollIntoViewIfNeeded();
      await screenshot(app, 'links-invite-card-360');
      expect(unexpectedErrors(app)).toEqual([]);
      await app.context.close();
    });
  }

  it('Share on the profile, outside Telegram, opens the t.me share link', async () => {
    const app = await newVisitor(browser, 'en', 'light');
    // Record what the app opens instead of leaving for t.me (the test machine is offline).
    await app.page.addInitScript(() => {
      window.open = ((url: string) => {
        (window as unknown as { __opened: string[] }).__opened ??= [];
        (window as unknown as { __opened: string[] }).__opened.push(url);
        return null;
      }) as typeof window.open;
    });
    await app.page.goto(`${server.url}/operator/${advisor.id}`);
    await afterSplash(app);
    await app.page.getByRole('heading', { name: advisor.name, exact: true }).waitFor();
    await screenshot(app, 'links-profile-share');
    await app.page.getByRole('button', { name: tr('en', 'links.share') }).click();
    await app.page.waitForFunction(() => (window as unknown as { __opened?: string[] }).__opened);
    const [opened] = await app.page.evaluate(
      () => (window as unknown as { __opened: string[] }).__opened,
    );
    const url = new URL(opened!);
    expect(`${url.origin}${url.pathname}`).toBe('https://t.me/share/url');
    expect(url.searchParams.get('url')).toBe(`${APP_URL}?startapp=advisor_${advisor.id}`);
    expect(url.searchParams.get('text')).toBe(tr('en', 'links.shareText', { name: advisor.name }));
    expect(unexpectedErrors(app)).toEqual([]);
    await app.context.close();
  });

  for (const lang of ['en', 'ru'] as const) {
    it(`shows admins the Referrals tab (${lang})`, async () => {
      const app = await newVisitor(browser, lang, 'light');
      const session = await demoSession(ADMIN_ID);
      await app.context.addInitScript(
        (initData) => localStorage.setItem('seer.initData', initData),
        session,
      );
      await app.page.goto(`${server.url}/admin/referrals`);
      await afterSplash(app);
      const tab = app.page.getByRole('link', { name: tr(lang, 'admin.section.referrals') });
      expect(await tab.getAttribute('aria-current')).toBe('page');
      const section = app.page.getByRole('region', { name: tr(lang, 'admin.section.referrals') });
      await section.getByText(tr(lang, 'links.admin.none')).waitFor();
      await section.getByLabel(tr(lang, 'links.admin.reason')).waitFor();
      await screenshot(app, 'links-admin-referrals');
      expect(unexpectedErrors(app)).toEqual([]);
      await app.context.close();
    });
  }
});
