/**
 * Becoming an advisor in Chromium, on one real server: an applicant opens "Become an advisor"
 * from Settings, fills the form in English and sends it; an admin moves the application through
 * the screening steps and approves it in the admin section; the new advisor, on trial, opens the
 * workspace. A Russian speaker gets the form and Seer's question in Russian from /article.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { SAMPLE_QUESTIONS, sampleQuestionIndex } from '@seer/contract';
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

/** A 1×1 PNG, for the applicant's photo. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function demoSession(
  base: string,
  options: { telegramUserId?: number; languageCode?: string } = {},
): Promise<{ initData: string; telegramUserId: number }> {
  const response = await fetch(`${base}/api/demo/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      ...(options.telegramUserId ? { telegram_user_id: options.telegramUserId } : {}),
      ...(options.languageCode ? { language_code: options.languageCode } : {}),
    }),
  });
  const answer = (await response.json()) as { init_data: string; telegram_user_id: number };
  return { initData: answer.init_data, telegramUserId: answer.telegram_user_id };
}

/** Waits for the splash to go and the page's spinners to settle. */
async function ready(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      !document.getElementById('boot-splash') && !document.querySelector('[data-testid=splash]'),
    undefined,
    { timeout: 15_000 },
  );
  await page.waitForFunction(() => !document.querySelector('.spinner'), undefined, {
    timeout: 15_000,
  });
}

/** A visitor signed in as this session. */
async function visitor(
  browser: Browser,
  lang: Lang,
  session: { initData: string },
): Promise<AppPage> {
  const app = await newVisitor(browser, lang, 'light');
  await app.context.addInitScript(
    (initData) => localStorage.setItem('seer.initData', initData),
    session.initData,
  );
  return app;
}

const READING = {
  en: 'The cards show a crossroads: the Two of Wands speaks of a plan that is bigger than the room you are in, and the Four of Cups of someone who is comfortable where they are. Talk before you decide; the move works when both of you choose it.',
  ru: 'Карты показывают перекрёсток: Двойка Жезлов говорит о плане, который больше комнаты, в которой вы сейчас, а Четвёрка Кубков — о человеке, которому хорошо там, где он есть. Поговорите до того, как решать: переезд получится, когда его выберете вы оба.',
};

/** Fills the whole form in `lang`, answering in that language only. */
async function fillForm(page: Page, lang: Lang, name: string): Promise<void> {
  await page.getByLabel(tr(lang, 'apply.name')).fill(name);
  await page.getByLabel(tr(lang, 'apply.experience')).fill('7');
  await page.locator('#apply-photo').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: TINY_PNG,
  });
  await page.getByRole('button', { name: tr(lang, 'apply.changePhoto') }).waitFor();
  await page.getByLabel(tr(lang, 'categories.love-life-advice')).check();
  await page.getByLabel(tr(lang, 'categories.career-advice')).check();
  await page.getByLabel(tr(lang, `apply.language.${lang}`), { exact: true }).check();
  await page
    .getByLabel(tr(lang, 'apply.about', { language: tr(lang, `apply.language.${lang}`) }))
    .fill(lang === 'en' ? 'Tarot reader for seven years.' : 'Таролог, семь лет практики.');
  await page.getByPlaceholder(tr(lang, 'apply.sampleReading')).fill(READING[lang]);
}

describe.skipIf(skipReason())('becoming an advisor', () => {
  let browser: Browser;
  let server: Awaited<ReturnType<typeof startSeerServer>>;
  const adminTelegramId = 7_300_000_000 + Math.floor(Math.random() * 1_000_000);

  beforeAll(async () => {
    server = await startSeerServer({ env: { ADMIN_TELEGRAM_IDS: String(adminTelegramId) } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('an applicant applies in English, an admin approves at the interview, the new advisor opens the workspace', async () => {
    const session = await demoSession(server.url, { languageCode: 'en' });
    const applicant = await visitor(browser, 'en', session);
    const p = applicant.page;
    await p.goto(`${server.url}/settings`);
    await ready(p);
    await p.getByRole('link', { name: new RegExp(tr('en', 'apply.entry')) }).click();
    await p.waitForURL('**/apply');
    await p.getByRole('heading', { name: tr('en', 'apply.title') }).waitFor();
    expect(await p.getByTestId('apply-question').textContent()).toBe(
      SAMPLE_QUESTIONS.en[sampleQuestionIndex(session.telegramUserId)],
    );
    // An incomplete form is refused in place.
    await p.getByRole('button', { name: tr('en', 'apply.submit') }).click();
    await p.getByText(tr('en', 'apply.errors.name')).waitFor();
    await fillForm(p, 'en', 'Anna Stars');
    await screenshot(applicant, 'apply-form-en');
    await p.getByRole('button', { name: tr('en', 'apply.submit') }).click();
    await p.getByRole('heading', { name: tr('en', 'apply.status.submitted') }).waitFor();
    await screenshot(applicant, 'apply-status-submitted');

    // The admin: the applications section, three steps forward, a message, then approval.
    const staff = await visitor(
      browser,
      'en',
      await demoSession(server.url, { telegramUserId: adminTelegramId, languageCode: 'en' }),
    );
    const a = staff.page;
    await a.goto(`${server.url}/admin/applications`);
    await ready(a);
    const card = a.locator('.admin-application', { hasText: 'Anna Stars' });
    await card.waitFor();
    for (const stage of ['practical_test', 'work_history', 'interview']) {
      await card
        .getByRole('button', {
          name: tr('en', 'apply.admin.moveTo', { stage: tr('en', `apply.stage.${stage}`) }),
        })
        .click();
      await a
        .locator(`.admin-application[data-stage=${stage}]`, { hasText: 'Anna Stars' })
        .waitFor();
    }
    await card.getByLabel(tr('en', 'apply.admin.note')).fill('When can we talk?');
    await card.getByRole('button', { name: tr('en', 'apply.admin.addNote') }).click();
    await card.getByText('When can we talk?').waitFor();
    // Above the trial's price cap: refused with the server's reason.
    await card.getByLabel(tr('en', 'apply.admin.price')).fill('25');
    await card.getByRole('button', { name: tr('en', 'apply.admin.approve') }).click();
    await a.getByText(/on trial charges at most/).waitFor();
    await card.getByLabel(tr('en', 'apply.admin.price')).fill('1.50');
    await card.getByRole('button', { name: tr('en', 'apply.admin.approve') }).click();
    await a.locator('.admin-application[data-stage=trial]', { hasText: 'Anna Stars' }).waitFor();
    await screenshot(staff, 'admin-application-approved');

    // The applicant sees the approval, and the workspace opens for them.
    await p.reload();
    await ready(p);
    await p.getByText('When can we talk?').waitFor();
    await p.getByRole('heading', { name: tr('en', 'apply.status.trial') }).waitFor();
    await p.getByRole('link', { name: tr('en', 'apply.openWorkspace') }).click();
    await p.getByRole('heading', { name: tr('en', 'workspace.title') }).waitFor();
    await p.getByRole('switch', { name: tr('en', 'workspace.online') }).waitFor();
    await screenshot(applicant, 'apply-new-advisor-workspace');

    expect(unexpectedErrors(applicant)).toEqual([]);
    // The refused over-cap approval is the one 400 the admin's page saw.
    expect(unexpectedErrors(staff).filter((e) => !/AdminApproveApplication/.test(e))).toEqual([]);
    await applicant.context.close();
    await staff.context.close();
  });

  it('a Russian speaker gets the form and the question in Russian from /article', async () => {
    const session = await demoSession(server.url, { languageCode: 'ru' });
    const applicant = await visitor(browser, 'ru', session);
    const p = applicant.page;
    await p.goto(`${server.url}/article`);
    await ready(p);
    await p.getByRole('link', { name: tr('ru', 'apply.entry') }).click();
    await p.getByRole('heading', { name: tr('ru', 'apply.title') }).waitFor();
    expect(await p.getByTestId('apply-question').textContent()).toBe(
      SAMPLE_QUESTIONS.ru[sampleQuestionIndex(session.telegramUserId)],
    );
    await fillForm(p, 'ru', 'Мария');
    await screenshot(applicant, 'apply-form-ru');
    // The form fits a 360 px screen: nothing wider than the viewport.
    await p.setViewportSize({ width: 360, height: 800 });
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await p.getByRole('button', { name: tr('ru', 'apply.submit') }).click();
    await p.getByRole('heading', { name: tr('ru', 'apply.status.submitted') }).waitFor();
    expect(unexpectedErrors(applicant)).toEqual([]);
    await applicant.context.close();
  });
});
