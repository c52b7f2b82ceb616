/**
 * Details of issue 12 in Chromium: the language follows Telegram's on every launch until the user
 * picks one in Settings; a missing advisor says "not found"; at 360 px in Russian no button or
 * tab label wraps onto a second line, sticks out of its box or touches its neighbour.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl, launchBrowser, screenshot, skipReason, type AppPage } from './browser';
import { capture, expectHealthy, go, heading, openApp, settle, tr } from './app';
import { telegramStandIn } from './telegram-stand-in';

/** Init data the server accepts for the same demo user, signed with `languageCode`. */
async function demoInitData(telegramUserId: number, languageCode: string): Promise<string> {
  const response = await fetch(`${baseUrl()}/api/demo/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ telegram_user_id: telegramUserId, language_code: languageCode }),
  });
  return ((await response.json()) as { init_data: string }).init_data;
}

/** One launch of the Mini App inside (a stand-in for) Telegram whose user speaks `languageCode`. */
async function launchInTelegram(
  context: BrowserContext,
  telegramUserId: number,
  languageCode: string,
): Promise<Page> {
  const page = await context.newPage();
  const initData = await demoInitData(telegramUserId, languageCode);
  await page.addInitScript(telegramStandIn, { initData, languageCode });
  await page.goto('/');
  await page.waitForFunction(
    () =>
      !document.getElementById('boot-splash') && !document.querySelector('[data-testid=splash]'),
    undefined,
    { timeout: 10_000 },
  );
  return page;
}

const pageLanguage = (page: Page) => page.evaluate(() => document.documentElement.lang);

/**
 * Labels of buttons, links shown as buttons, tabs and the bottom bar that are wrapped onto a
 * second line, cut by their box, stick out of their card, or are closer than 2 px to the next
 * label in the same row.
 */
function crampedLabels(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const labels = [
      ...document.querySelectorAll<HTMLElement>(
        'button, a.btn, [role=tab], .segmented button, .bottom-bar a span',
      ),
    ].filter((element) => element.offsetParent !== null && element.innerText.trim() !== '');
    /** How many lines the element's text takes: text boxes starting half a line lower or more. */
    const lines = (element: HTMLElement) => {
      const boxes: DOMRect[] = [];
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of range.getClientRects())
          if (rect.width > 0 && rect.height > 0) boxes.push(rect);
      }
      boxes.sort((a, b) => a.top - b.top);
      let count = boxes.length ? 1 : 0;
      let lineTop = boxes[0]?.top ?? 0;
      for (const box of boxes) {
        if (box.top >= lineTop + box.height / 2) {
          count += 1;
          lineTop = box.top;
        }
      }
      return count;
    };
    for (const element of labels) {
      const text = element.innerText.trim().replace(/\s+/g, ' ');
      // Tiles that hold a title and a detail line, and large tap surfaces (the yes/no orb), are
      // meant to hold more than one line.
      if (element.innerText.trim().includes('\n')) continue;
      if (element.getBoundingClientRect().height > 100) continue;
      if (lines(element) > 1) problems.push(`wraps: "${text}"`);
      if (element.scrollWidth > element.clientWidth + 1 && element.clientWidth > 0)
        problems.push(`cut: "${text}"`);
      const card = element.closest('.card')?.getBoundingClientRect();
      const box = element.getBoundingClientRect();
      if (card && (box.right > card.right + 1 || box.left < card.left - 1))
        problems.push(`outside its card: "${text}"`);
    }
    const tabs = [...document.querySelectorAll<HTMLElement>('.bottom-bar a .tab-label')];
    for (let i = 1; i < tabs.length; i += 1) {
      const left = tabs[i - 1]!.getBoundingClientRect();
      const right = tabs[i]!.getBoundingClientRect();
      if (right.left - left.right < 2)
        problems.push(`touching: "${tabs[i - 1]!.innerText}" "${tabs[i]!.innerText}"`);
    }
    return problems;
  });
}

/** Every user screen (with data: advisor 1 exists in the demo data). */
const USER_SCREENS = [
  '/',
  '/history',
  '/operators',
  '/operators/1',
  '/operator/1',
  '/chat/1',
  '/balance',
  '/payments',
  '/notifications',
  '/settings',
  '/profile',
  '/profile-settings',
  '/tarot',
  '/yesno',
  '/dream',
  '/horoscope',
  '/terms',
  '/privacy-policy',
];

describe.skipIf(skipReason())('details', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("follows Telegram's language on every launch until a language is chosen in Settings", async () => {
    // An English browser: only Telegram's language may make the app Russian.
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      locale: 'en-US',
      baseURL: baseUrl(),
    });
    const userId = 1_900_000_000 + Math.floor(Math.random() * 90_000_000);
    try {
      let page = await launchInTelegram(context, userId, 'en');
      expect(await pageLanguage(page)).toBe('en');
      await heading(page, tr('en', 'home.welcomeName', { name: 'Guest' })).waitFor();
      await page.close();

      // Telegram switched to Russian: the next launch is in Russian, the guest greeted as such.
      page = await launchInTelegram(context, userId, 'ru');
      expect(await pageLanguage(page)).toBe('ru');
      await heading(page, tr('ru', 'home.welcomeName', { name: 'Гость' })).waitFor();
      await page
        .getByRole('link', { name: tr('ru', 'nav.settings') })
        .first()
        .click();
      const language = page.getByRole('group', { name: tr('ru', 'settings.language') });
      await expect(
        language
          .getByRole('button', { name: tr('ru', 'settings.languageAuto') })
          .getAttribute('aria-pressed'),
      ).resolves.toBe('true');
      // An explicit choice: English, kept although Telegram stays Russian.
      await language.getByRole('button', { name: 'English' }).click();
      await expect.poll(() => pageLanguage(page)).toBe('en');
      await page.close();

      page = await launchInTelegram(context, userId, 'ru');
      expect(await pageLanguage(page)).toBe('en');
      await page.goto('/settings');
      const group = page.getByRole('group', { name: tr('en', 'settings.language') });
      await group.waitFor();
      // Back to following Telegram: Russian at once, and on the next launch.
      await group.getByRole('button', { name: tr('en', 'settings.languageAuto') }).click();
      await expect.poll(() => pageLanguage(page)).toBe('ru');
      await page.close();
      page = await launchInTelegram(context, userId, 'ru');
      expect(await pageLanguage(page)).toBe('ru');
      await page.close();
    } finally {
      await context.close();
    }
  });

  it('says "not found" for a missing advisor and offers the advisors list', async () => {
    const app = await openApp(browser, 'ru', 'light');
    const { page } = app;
    await go(app, '/operator/99999', heading(page, tr('ru', 'common.advisorNotFound.title')));
    await expect(page.getByText(tr('ru', 'advisors.profileFailed')).count()).resolves.toBe(0);
    await screenshot(app, 'advisor-not-found');
    await page.getByRole('link', { name: tr('ru', 'common.advisorNotFound.action') }).click();
    await heading(page, tr('ru', 'advisors.title')).waitFor();
    await expectHealthy(app, 'advisors after not found', [/HTTP 404 GET .*GetManager/]);
    await app.context.close();
  });

  it('wraps no button or tab label at 360 px in Russian, on any user screen, in both themes', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const app: AppPage = await openApp(browser, 'ru', theme);
      await app.page.setViewportSize({ width: 360, height: 780 });
      const problems: string[] = [];
      for (const path of USER_SCREENS) {
        await go(app, path, app.page.locator('main'));
        await settle(app.page);
        for (const problem of await crampedLabels(app.page)) problems.push(`${path}: ${problem}`);
        if (theme === 'light') await capture(app, `360${path.replaceAll('/', '-') || '-home'}`);
      }
      expect(problems).toEqual([]);
      await app.context.close();
    }
  });
});
