/**
 * From "Become an advisor" to answering the first paying user, in Chromium on one real server,
 * once in English and once in Russian: the applicant applies (from Settings, or from /article
 * at 360 px), staff move the application through the screening steps in the admin section and
 * approve it (a price over the trial's cap refused first), the card then shows its outcome; the
 * new advisor opens the workspace. A user in the trial's share of users (another is outside it
 * and does not see the advisor) tops up with the test payment, finds the advisor in the
 * category, sends a paid message; the advisor answers from the workspace and the user sees it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { SAMPLE_QUESTIONS, sampleQuestionIndex } from '@seer/contract';
import { seesTrialAdvisor } from '../../server/src/advisors/trial';
import { startSeerServer } from './seer-server.mjs';
import { launchBrowser, screenshot, skipReason, unexpectedErrors, type Lang } from './browser';
import { tr } from './app';
import { aTelegramId, callAs, demoSession, pngPicture, ready, signedIn } from './live';

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
    buffer: pngPicture(),
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

const SHARE = 20;

const JOURNEYS: Array<{
  lang: Lang;
  name: string;
  entry: '/settings' | '/article';
  overCap: string;
  price: string;
  question: string;
  answer: string;
}> = [
  {
    lang: 'en',
    name: 'Anna Stars',
    entry: '/settings',
    overCap: '25',
    price: '1.50',
    question: 'Will the move to Lisbon work out?',
    answer: 'The cards say yes: go in spring.',
  },
  {
    lang: 'ru',
    name: 'Мария Звёздная',
    entry: '/article',
    overCap: '25',
    price: '1,50',
    question: 'Получится ли переезд в Лиссабон?',
    answer: 'Карты говорят да: езжайте весной.',
  },
];

describe.skipIf(skipReason())('becoming an advisor, up to the first paying user', () => {
  let browser: Browser;
  let server: Awaited<ReturnType<typeof startSeerServer>>;
  const adminTelegramId = aTelegramId(7_300_000_000);

  beforeAll(async () => {
    // No free messages: the first message is paid from the balance.
    server = await startSeerServer({
      env: {
        ADMIN_TELEGRAM_IDS: String(adminTelegramId),
        FREE_MESSAGES: '0',
        TRIAL_SHARE_PERCENT: String(SHARE),
        TRIAL_PRICE_CAP_CENTS: '199',
      },
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const journey of JOURNEYS) {
    const { lang } = journey;
    it(`in ${lang}: applies, is approved by staff, and answers a paying user from the workspace`, async () => {
      // ---- the applicant ----
      const session = await demoSession(server.url, { languageCode: lang });
      const applicant = await signedIn(browser, lang, session);
      const p = applicant.page;
      await p.goto(`${server.url}${journey.entry}`);
      await ready(p);
      await p.getByRole('link', { name: new RegExp(tr(lang, 'apply.entry')) }).click();
      await p.waitForURL('**/apply');
      await p.getByRole('heading', { name: tr(lang, 'apply.title') }).waitFor();
      expect(await p.getByTestId('apply-question').textContent()).toBe(
        SAMPLE_QUESTIONS[lang][sampleQuestionIndex(session.telegramUserId)],
      );
      // An incomplete form is refused in place.
      await p.getByRole('button', { name: tr(lang, 'apply.submit') }).click();
      await p.getByText(tr(lang, 'apply.errors.name')).waitFor();
      await fillForm(p, lang, journey.name);
      await screenshot(applicant, 'apply-form');
      if (journey.entry === '/article') {
        // The form fits a 360 px screen: nothing wider than the viewport.
        await p.setViewportSize({ width: 360, height: 800 });
        expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          360,
        );
        await p.setViewportSize({ width: 390, height: 844 });
      }
      await p.getByRole('button', { name: tr(lang, 'apply.submit') }).click();
      await p.getByRole('heading', { name: tr(lang, 'apply.status.submitted') }).waitFor();
      await screenshot(applicant, 'apply-status-submitted');

      // ---- staff: three steps forward, a message, approval at the interview ----
      const staff = await signedIn(
        browser,
        lang,
        await demoSession(server.url, { telegramUserId: adminTelegramId, languageCode: lang }),
      );
      const a = staff.page;
      await a.goto(`${server.url}/admin/applications`);
      await ready(a);
      const card = a.locator('.admin-application', { hasText: journey.name });
      await card.waitFor();
      for (const stage of ['practical_test', 'work_history', 'interview']) {
        await card
          .getByRole('button', {
            name: tr(lang, 'apply.admin.moveTo', { stage: tr(lang, `apply.stage.${stage}`) }),
          })
          .click();
        await a
          .locator(`.admin-application[data-stage=${stage}]`, { hasText: journey.name })
          .waitFor();
      }
      const note = lang === 'en' ? 'When can we talk?' : 'Когда вам удобно поговорить?';
      await card.getByLabel(tr(lang, 'apply.admin.note')).fill(note);
      await card.getByRole('button', { name: tr(lang, 'apply.admin.addNote') }).click();
      await card.locator('.admin-application-notes').getByText(note).waitFor();
      // Above the trial's price cap: refused with the server's reason.
      await card.getByLabel(tr(lang, 'apply.admin.price')).fill(journey.overCap);
      await card.getByRole('button', { name: tr(lang, 'apply.admin.approve') }).click();
      await a.getByText(/on trial charges at most/).waitFor();
      await card.getByLabel(tr(lang, 'apply.admin.price')).fill(journey.price);
      await card.getByRole('button', { name: tr(lang, 'apply.admin.approve') }).click();
      const approved = a.locator('.admin-application[data-stage=trial]', {
        hasText: journey.name,
      });
      await approved.waitFor();
      // Approved: the outcome in place of the stage controls.
      await approved.locator('.admin-application-outcome').waitFor();
      const moveTo = tr(lang, 'apply.admin.moveTo', { stage: '' }).trim();
      expect(await approved.locator('button', { hasText: moveTo }).count()).toBe(0);
      expect(
        await approved.getByRole('button', { name: tr(lang, 'apply.admin.refuse') }).count(),
      ).toBe(0);
      await approved.scrollIntoViewIfNeeded();
      await screenshot(staff, 'admin-application-approved');

      // ---- the new advisor opens the workspace ----
      await p.reload();
      await ready(p);
      await p.getByText(note).waitFor();
      await p.getByRole('heading', { name: tr(lang, 'apply.status.trial') }).waitFor();
      await p.getByRole('link', { name: tr(lang, 'apply.openWorkspace') }).click();
      await p.getByRole('heading', { name: tr(lang, 'workspace.title') }).waitFor();
      await p.getByRole('switch', { name: tr(lang, 'workspace.online') }).waitFor();
      await screenshot(applicant, 'apply-new-advisor-workspace');
      const own = await callAs<{
        manager: { id: number; category_id: number; price_cents: number };
      }>(p, '/api/ManagerGetProfile.php');
      const advisorId = own.manager.id;
      expect(own.manager.price_cents).toBe(150);

      // ---- users: one outside the trial's share does not see the advisor; one inside does ----
      let id = aTelegramId(8_400_000_000);
      while (seesTrialAdvisor(id, advisorId, SHARE)) id += 1;
      const outsider = await demoSession(server.url, { telegramUserId: id, languageCode: lang });
      const listed = async (initData: string) =>
        (
          (await (
            await fetch(`${server.url}/api/GetAllManagers.php`, {
              headers: { authorization: initData },
            })
          ).json()) as { data: { managers: Array<{ id: number }> } }
        ).data.managers.some((advisor) => advisor.id === advisorId);
      expect(await listed(outsider.initData)).toBe(false);
      id += 1;
      while (!seesTrialAdvisor(id, advisorId, SHARE)) id += 1;
      const payerSession = await demoSession(server.url, {
        telegramUserId: id,
        languageCode: lang,
      });
      expect(await listed(payerSession.initData)).toBe(true);

      // ---- the paying user: tops up with the test payment, finds the advisor, writes ----
      const payer = await signedIn(browser, lang, payerSession);
      const u = payer.page;
      await u.goto(`${server.url}/balance`);
      await ready(u);
      await u.getByLabel(tr(lang, 'balance.amount')).fill('5');
      await u.getByRole('button', { name: new RegExp(tr(lang, 'balance.test.title')) }).click();
      await u.getByRole('dialog').getByText(tr(lang, 'modals.success.title')).waitFor();
      expect((await callAs<{ balance_cents: number }>(u, '/api/GetUser.php')).balance_cents).toBe(
        500,
      );
      await u.goto(`${server.url}/operators/${own.manager.category_id}`);
      await ready(u);
      await u.getByRole('link', { name: new RegExp(journey.name) }).click();
      await u.waitForURL(`**/operator/${advisorId}`);
      await u.getByRole('heading', { name: journey.name }).first().waitFor();
      await screenshot(payer, 'trial-advisor-profile');
      await u.getByRole('link', { name: tr(lang, 'common.message'), exact: true }).click();
      await u.waitForURL(`**/chat/${advisorId}`);
      await ready(u);
      await u.getByRole('textbox', { name: tr(lang, 'chat.placeholder') }).fill(journey.question);
      await u.getByRole('button', { name: tr(lang, 'chat.send'), exact: true }).click();
      await u.getByText(journey.question).waitFor();
      // Paid: the advisor's price, once.
      await expect
        .poll(
          async () =>
            (await callAs<{ balance_cents: number }>(u, '/api/GetUser.php')).balance_cents,
        )
        .toBe(350);

      // ---- the advisor answers from the workspace; the user sees it ----
      const row = p.getByRole('link', { name: new RegExp(journey.question) });
      await row.waitFor({ timeout: 15_000 });
      await row.click();
      await p.getByText(journey.question).waitFor();
      await p.getByRole('textbox', { name: tr(lang, 'workspace.replyLabel') }).fill(journey.answer);
      await p.getByRole('button', { name: tr(lang, 'workspace.send'), exact: true }).click();
      await p.locator('[data-sender=manager]', { hasText: journey.answer }).waitFor();
      await screenshot(applicant, 'new-advisor-answers');
      await u.getByText(journey.answer).waitFor({ timeout: 15_000 });
      await screenshot(payer, 'user-sees-new-advisor-answer');

      expect(unexpectedErrors(applicant)).toEqual([]);
      expect(unexpectedErrors(payer)).toEqual([]);
      // The refused over-cap approval is the one 400 the admin's page saw.
      expect(unexpectedErrors(staff).filter((e) => !/AdminApproveApplication/.test(e))).toEqual([]);
      await applicant.context.close();
      await staff.context.close();
      await payer.context.close();
    }, 300_000);
  }
});
