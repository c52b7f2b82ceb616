/** Applying as an advisor over HTTP: one open application, stages, approval into a trial, refusal told by the bot. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { APPLICATION_LIMITS, SAMPLE_QUESTIONS, sampleQuestionIndex } from '@seer/contract';
import { startTestApp, type TestApp } from '../test/harness.js';
import { newUserId } from '../test/ids.js';
import { pngImage } from '../images/image-fixtures.js';

const ADMIN_ID = 777_100_001;
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    seed: false,
    env: { ADMIN_TELEGRAM_IDS: String(ADMIN_ID), TRIAL_PRICE_CAP_CENTS: '199' },
  });
});
afterAll(async () => {
  await t?.close();
});

type Language = 'en' | 'ru';

/** A Telegram user who lets the bot write, speaking `language`; returns their auth header. */
function applicant(language: Language = 'en') {
  const telegramId = newUserId();
  const authorization = t.initData(telegramId, {
    language_code: language,
    allows_write_to_pm: true,
  });
  const call = (method: 'GET' | 'POST', name: string, payload?: object) =>
    t.app.inject({ method, url: `/api/${name}`, headers: { authorization }, payload });
  return { telegramId, authorization, call };
}

const asAdmin = (name: string, payload: object) => t.post(ADMIN_ID, name, payload);

function form(photo: string, changes: Record<string, unknown> = {}) {
  return {
    name: 'Anna Stars',
    category_ids: [1, 2],
    languages: ['en'],
    experience: 7,
    photo_image_id: photo,
    about: { en: 'Tarot reader for seven years, gentle and direct.' },
    sample_reading: 'The cards show a crossroads. '.repeat(10),
    ...changes,
  };
}

/** An applicant with a photo they uploaded, and their submitted application's id. */
async function anApplication(language: Language = 'en') {
  const person = applicant(language);
  const allowed = await person.call('POST', 'SetWriteAccess.php', { allowed: true });
  expect(allowed.statusCode).toBe(200);
  const photo = await photoOf(person.telegramId, person.authorization);
  const submitted = await person.call('POST', 'SubmitApplication.php', form(photo));
  expect(submitted.statusCode, submitted.body).toBe(200);
  return { ...person, photo, id: submitted.json().application.id as number };
}

/**
 * A photo uploaded by this Telegram user. A person's own init data is used: other init data signed
 * a second later would be newer and set their profile (and so their language) from it.
 */
async function photoOf(
  telegramId: number,
  authorization = t.initData(telegramId),
): Promise<string> {
  const boundary = '----seer-apply';
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/UploadImage.php',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization,
    },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      pngImage(64, 64),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().image.id;
}

async function moveTo(id: number, ...stages: string[]) {
  for (const stage of stages) {
    const moved = await asAdmin('AdminMoveApplication.php', { id, stage });
    expect(moved.statusCode, moved.body).toBe(200);
  }
}

const botMessagesTo = (chatId: number) =>
  t.botApi!.callsOf('sendMessage').filter((c) => c.params.chat_id === chatId);

describe('applying', () => {
  it('takes one open application per person, also when two submits arrive at once', async () => {
    const person = applicant();
    const photo = await photoOf(person.telegramId, person.authorization);
    const both = await Promise.all([
      person.call('POST', 'SubmitApplication.php', form(photo)),
      person.call('POST', 'SubmitApplication.php', form(photo)),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const again = await person.call('POST', 'SubmitApplication.php', form(photo));
    expect(again.statusCode).toBe(409);
    const [count] = await t.db.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM advisor_applications WHERE telegram_id = ${person.telegramId}`;
    const n = count!.n;
    expect(n).toBe(1);

    const mine = (await person.call('GET', 'GetMyApplication.php')).json();
    expect(mine).toMatchObject({
      can_apply: false,
      application: { stage: 'submitted', name: 'Anna Stars' },
    });
  });

  it('gives each applicant one question from the list, in their language, and stores it with the reading', async () => {
    const person = applicant('ru');
    const mine = (await person.call('GET', 'GetMyApplication.php')).json();
    const question = SAMPLE_QUESTIONS.ru[sampleQuestionIndex(person.telegramId)];
    expect(mine).toMatchObject({ application: null, can_apply: true, sample_question: question });
    const photo = await photoOf(person.telegramId, person.authorization);
    const submitted = await person.call(
      'POST',
      'SubmitApplication.php',
      form(photo, { languages: ['ru'], about: { ru: 'Таролог, семь лет практики.' } }),
    );
    expect(submitted.json().application.sample_question).toBe(question);
  });

  it('refuses bad input with a 400 that names the problem', async () => {
    const person = applicant();
    const photo = await photoOf(person.telegramId, person.authorization);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ name: '  ' }, /name must not be empty/],
      [{ category_ids: [] }, /category_ids/],
      [{ category_ids: [1, 2, 3, 4] }, /at most 3/],
      [{ languages: ['de'] }, /languages/],
      [{ experience: -1 }, /experience/],
      [{ experience: 'many' }, /experience/],
      [{ about: {} }, /about: write the text in en/],
      [{ about: { en: 'x', ru: 'y' } }, /ru is not one of your languages/],
      [{ sample_reading: 'Too short.' }, /sample_reading must be at least/],
      [{ photo_image_id: 'nope' }, /image id/],
      [{ photo_image_id: '00000000-0000-4000-8000-000000000000' }, /no such image uploaded by you/],
      [{ extra: 1 }, /extra|Unrecognized/i],
    ];
    for (const [change, message] of cases) {
      const response = await person.call('POST', 'SubmitApplication.php', form(photo, change));
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().message).toMatch(message);
    }
    // Someone else's photo is not the applicant's.
    const other = await photoOf(newUserId());
    const borrowed = await person.call('POST', 'SubmitApplication.php', form(other));
    expect(borrowed.statusCode).toBe(400);
  });
});

describe('staff', () => {
  it('move an application only forward, and only staff may (403), each move audited and told', async () => {
    const application = await anApplication();
    const stranger = await application.call('POST', 'AdminMoveApplication.php', {
      id: application.id,
      stage: 'practical_test',
    });
    expect(stranger.statusCode).toBe(403);

    await moveTo(application.id, 'work_history');
    const back = await asAdmin('AdminMoveApplication.php', {
      id: application.id,
      stage: 'practical_test',
    });
    expect(back.statusCode).toBe(409);
    const same = await asAdmin('AdminMoveApplication.php', {
      id: application.id,
      stage: 'work_history',
    });
    expect(same.statusCode).toBe(409);
    const bad = await asAdmin('AdminMoveApplication.php', { id: application.id, stage: 'trial' });
    expect(bad.statusCode).toBe(400);

    const [audit] = await t.db.sql<{ actor_telegram_id: number; details: { to: string } }[]>`
      SELECT actor_telegram_id, details FROM admin_audit
      WHERE action = 'move-application' AND (details->>'applicationId')::bigint = ${application.id}`;
    expect(audit).toMatchObject({ actor_telegram_id: ADMIN_ID, details: { to: 'work_history' } });
    await vi.waitFor(
      () =>
        expect(botMessagesTo(application.telegramId).map((c) => c.params.text)).toContainEqual(
          expect.stringContaining('work history'),
        ),
      // The bot writes one chat about once a second, as Telegram allows: a few notices queue.
      { timeout: 10_000 },
    );
  });

  it('talk with the applicant in a thread; internal notes stay with staff', async () => {
    const application = await anApplication();
    await moveTo(application.id, 'interview');
    expect(
      (await asAdmin('AdminApplicationNote.php', { id: application.id, text: 'When can we call?' }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await asAdmin('AdminApplicationNote.php', {
          id: application.id,
          text: 'Seemed nervous',
          internal: true,
        })
      ).statusCode,
    ).toBe(200);
    const replied = await application.call('POST', 'ReplyToApplication.php', {
      text: 'Tomorrow at 10',
    });
    expect(replied.statusCode).toBe(200);
    const mine = (await application.call('GET', 'GetMyApplication.php')).json().application;
    expect(mine.notes.map((n: { from: string; text: string }) => [n.from, n.text])).toEqual([
      ['staff', 'When can we call?'],
      ['applicant', 'Tomorrow at 10'],
    ]);
    const list = (
      await t.app.inject({
        method: 'GET',
        url: '/api/AdminListApplications.php?stage=interview',
        headers: { authorization: t.initData(ADMIN_ID) },
      })
    ).json().applications;
    const seen = list.find((a: { id: number }) => a.id === application.id);
    expect(seen.notes).toHaveLength(3);
    expect(seen.telegram_user_id).toBe(application.telegramId);
  });

  it('approve at the interview: exactly one advisor, linked to the applicant, on trial, even when approved twice at once', async () => {
    const application = await anApplication();
    const early = await asAdmin('AdminApproveApplication.php', {
      id: application.id,
      price: '1.50',
      category_id: 1,
    });
    expect(early.statusCode).toBe(409);
    await moveTo(application.id, 'practical_test', 'work_history', 'interview');

    const overCap = await asAdmin('AdminApproveApplication.php', {
      id: application.id,
      price: '2.00',
      category_id: 1,
    });
    expect(overCap.statusCode).toBe(400);
    expect(overCap.json().message).toMatch(/on trial charges at most \$1\.99/);
    const otherCategory = await asAdmin('AdminApproveApplication.php', {
      id: application.id,
      price: '1.50',
      category_id: 5,
    });
    expect(otherCategory.statusCode).toBe(400);

    const both = await Promise.all([
      asAdmin('AdminApproveApplication.php', { id: application.id, price: '1.50', category_id: 2 }),
      asAdmin('AdminApproveApplication.php', { id: application.id, price: '1.50', category_id: 2 }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const advisors = await t.db.sql<
      { id: number; on_trial: boolean; price_cents: number; category_id: number }[]
    >`
      SELECT id, on_trial, price_cents, category_id FROM advisors WHERE telegram_id = ${application.telegramId}`;
    expect(advisors).toHaveLength(1);
    // No second advisor from the same form, linked or not.
    const [count] = await t.db.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM advisors WHERE avatar_url LIKE ${'%' + application.photo + '%'}`;
    const n = count!.n;
    expect(n).toBe(1);
    expect(advisors[0]).toMatchObject({ on_trial: true, price_cents: 150, category_id: 2 });
    const approved = both.find((r) => r.statusCode === 200)!.json().application;
    expect(approved).toMatchObject({ stage: 'trial', advisor_id: advisors[0]!.id });

    // The new advisor's workspace answers at once.
    const profile = await application.call('GET', 'ManagerGetProfile.php');
    expect(profile.statusCode).toBe(200);
    expect(profile.json().manager).toMatchObject({ id: advisors[0]!.id, name: 'Anna Stars' });

    // An advisor does not apply again.
    const again = await application.call('POST', 'SubmitApplication.php', form(application.photo));
    expect(again.statusCode).toBe(409);

    // On trial: the catalogue shows the advisor only to the users of its share.
    const advisorId = advisors[0]!.id;
    const users = Array.from({ length: 100 }, (_, i) => 5_000_000 + i);
    const shown = async () => {
      t.services.advisors.invalidate();
      let seeing = 0;
      for (const user of users) {
        const answer = await t.app.inject({
          method: 'GET',
          url: '/api/GetAllManagers.php',
          headers: { authorization: t.initData(user) },
        });
        const ids = answer.json().data.managers.map((advisor: { id: number }) => advisor.id);
        if (ids.includes(advisorId)) seeing += 1;
      }
      return seeing;
    };
    const onTrial = await shown();
    expect(onTrial).toBeGreaterThan(0);
    expect(onTrial).toBeLessThan(users.length / 2);
    const raise = await t.services.trials
      .checkPrice(advisorId, 500, t.db.sql)
      .catch((e: Error) => e);
    expect(raise).toMatchObject({ statusCode: 400 });

    const ended = await asAdmin('AdminEndTrial.php', { id: application.id });
    expect(ended.json().application.stage).toBe('accepted');
    const [after] = await t.db.sql<
      { on_trial: boolean }[]
    >`SELECT on_trial FROM advisors WHERE id = ${advisors[0]!.id}`;
    expect(after!.on_trial).toBe(false);
    expect(await shown()).toBe(users.length);
    await expect(t.services.trials.checkPrice(advisorId, 500, t.db.sql)).resolves.toBeUndefined();
  });

  it('refuse with a reason the bot tells the applicant in their language; a new application waits for the cool-down', async () => {
    const application = await anApplication('ru');
    const refused = await asAdmin('AdminRefuseApplication.php', {
      id: application.id,
      reason: 'Образец гадания слишком общий.',
    });
    expect(refused.statusCode).toBe(200);
    expect(refused.json().application).toMatchObject({
      stage: 'refused',
      refusal_reason: 'Образец гадания слишком общий.',
    });
    await vi.waitFor(
      () =>
        expect(botMessagesTo(application.telegramId).map((c) => c.params.text)).toContainEqual(
          'Ваша заявка на роль эксперта отклонена. Причина:\n\nОбразец гадания слишком общий.',
        ),
      // The bot writes one chat about once a second, as Telegram allows: a few notices queue.
      { timeout: 10_000 },
    );
    const twice = await asAdmin('AdminRefuseApplication.php', { id: application.id, reason: 'x' });
    expect(twice.statusCode).toBe(409);
    const empty = await asAdmin('AdminRefuseApplication.php', { id: application.id, reason: ' ' });
    expect(empty.statusCode).toBe(400);

    const mine = (await application.call('GET', 'GetMyApplication.php')).json();
    expect(mine.can_apply).toBe(false);
    expect(mine.reapply_after).not.toBeNull();
    const tooSoon = await application.call(
      'POST',
      'SubmitApplication.php',
      form(application.photo, { languages: ['ru'], about: { ru: 'Таролог.' } }),
    );
    expect(tooSoon.statusCode).toBe(409);
    expect(tooSoon.json().message).toMatch(/apply again from/);

    await t.db.sql`
      UPDATE advisor_applications SET decided_at = now() - make_interval(days => ${APPLICATION_LIMITS.reapplyAfterDays + 1})
      WHERE id = ${application.id}`;
    const later = await application.call(
      'POST',
      'SubmitApplication.php',
      form(application.photo, { languages: ['ru'], about: { ru: 'Таролог.' } }),
    );
    expect(later.statusCode, later.body).toBe(200);
  });

  it("writes the applicant's notice in the change's transaction: none without the change, always with it", async () => {
    const application = await anApplication();
    const outboxRows = async () =>
      (
        await t.db.sql<{ text: string }[]>`
          SELECT text FROM bot_outbox WHERE chat_id = ${application.telegramId} ORDER BY id`
      ).map((row) => row.text);
    const before = await outboxRows();
    // The transaction fails after the notice was written: neither the move nor the notice stays.
    const notices = t.services.notices!;
    const sendIn = notices.sendIn.bind(notices);
    const failing = vi.spyOn(notices, 'sendIn').mockImplementationOnce(async (...args) => {
      await sendIn(...args);
      throw new Error('crash after the notice was written');
    });
    const crashed = await asAdmin('AdminMoveApplication.php', {
      id: application.id,
      stage: 'practical_test',
    });
    failing.mockRestore();
    expect(crashed.statusCode).toBe(500);
    expect(await outboxRows()).toEqual(before);
    const [row] = await t.db.sql<{ stage: string }[]>`
      SELECT stage FROM advisor_applications WHERE id = ${application.id}`;
    expect(row!.stage).toBe('submitted');

    // Committed: the notice is in the outbox the moment the call answers, not written later.
    const moved = await asAdmin('AdminMoveApplication.php', {
      id: application.id,
      stage: 'practical_test',
    });
    expect(moved.statusCode).toBe(200);
    expect(await outboxRows()).toEqual([
      ...before,
      'Your advisor application moved to the practical test.',
    ]);
    await vi.waitFor(
      () =>
        expect(botMessagesTo(application.telegramId).map((c) => c.params.text)).toContain(
          'Your advisor application moved to the practical test.',
        ),
      // The bot writes one chat about once a second, as Telegram allows: a few notices queue.
      { timeout: 10_000 },
    );
  });

  it('answer 404 for an unknown application', async () => {
    const missing = await asAdmin('AdminRefuseApplication.php', { id: 987654321, reason: 'x' });
    expect(missing.statusCode).toBe(404);
  });
});
