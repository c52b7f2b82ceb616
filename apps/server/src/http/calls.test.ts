/** Every call, at both of its paths (/api/X.php and /X.php), answers in the contract's shape. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS } from '@seer/contract';
import { newUserId, startTestApp, type TestApp } from '../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function call(method: string, url: string, auth: string | null, payload?: unknown) {
  const response = await t.app.inject({
    method: method as 'GET',
    url,
    headers: auth === null ? {} : { authorization: auth },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

describe.each(['/api/', '/'])('calls under %s', (prefix) => {
  it('answer every user call in the contract shape', async () => {
    const auth = t.initData(newUserId());
    const advisors = await call('GET', `${prefix}GetAllManagers.php`, auth);
    expect(advisors.status).toBe(200);
    const parsed = CALLS.GetAllManagers.answer.parse(advisors.body);
    expect(parsed.data.managers.length).toBeGreaterThanOrEqual(36);
    const advisor = parsed.data.managers.find((a) => a.category_id === 3)!;

    const byCategory = await call('GET', `${prefix}GetManagersByCategory.php?category_id=3`, auth);
    expect(
      CALLS.GetManagersByCategory.answer.parse(byCategory.body).every((a) => a.category_id === 3),
    ).toBe(true);

    const one = await call('GET', `${prefix}GetManager.php?id=${advisor.id}`, auth);
    expect(CALLS.GetManager.answer.parse(one.body).manager.name).toBe(advisor.name);

    const user = CALLS.GetUser.answer.parse((await call('GET', `${prefix}GetUser.php`, auth)).body);
    expect(user.data.free_minutes).toBe(3);

    const sent = await call('POST', `${prefix}CreateMessage.php`, auth, {
      manager_id: advisor.id,
      message_text: '  Hi there  ',
    });
    expect(sent.status).toBe(200);
    const created = CALLS.CreateMessage.answer.parse(sent.body);
    expect(created.data.message.message_text).toBe('Hi there');
    expect(created.data.payment_info.new_free_messages).toBe(2);

    const chats = CALLS.GetAllChats.answer.parse(
      (await call('GET', `${prefix}GetAllChats.php`, auth)).body,
    );
    expect(chats.chats).toHaveLength(1);
    expect(chats.chats[0]!.last_message).toBe('Hi there');

    const history = CALLS.GetAllMessages.answer.parse(
      (await call('GET', `${prefix}GetAllMessages.php?manager_id=${advisor.id}`, auth)).body,
    );
    expect(history.messages.map((m) => m.message_text)).toEqual(['Hi there']);

    for (const method of ['POST', 'PUT']) {
      const updated = await call(method, `${prefix}UpdateUser.php`, auth, {
        name: 'Ann',
        dateOfBirth: '1990-03-25',
        timeOfBirth: '07:30',
      });
      expect(updated.status).toBe(200);
      const answer = CALLS.UpdateUser.answer.parse(updated.body);
      expect(answer.user.horoscope).toBe('aries');
    }

    const review = await call('POST', `${prefix}CreateReview.php`, auth, {
      manager_id: advisor.id,
      rating: 5,
      text: 'Great',
    });
    expect(CALLS.CreateReview.answer.parse(review.body).manager.reviews).toBe(advisor.reviews + 1);
    // A second review by the same user replaces the first.
    const again = await call('POST', `${prefix}CreateReview.php`, auth, {
      manager_id: advisor.id,
      rating: 1,
    });
    expect(CALLS.CreateReview.answer.parse(again.body).manager.reviews).toBe(advisor.reviews + 1);

    expect(
      (await call('POST', `${prefix}MarkRead.php`, auth, { manager_id: advisor.id })).status,
    ).toBe(200);
    expect(
      (await call('POST', `${prefix}DeleteChat.php`, auth, { manager_id: advisor.id })).status,
    ).toBe(200);
    const afterDelete = CALLS.GetAllChats.answer.parse(
      (await call('GET', `${prefix}GetAllChats.php`, auth)).body,
    );
    expect(afterDelete.chats).toHaveLength(0);
    const emptied = CALLS.GetAllMessages.answer.parse(
      (await call('GET', `${prefix}GetAllMessages.php?manager_id=${advisor.id}`, auth)).body,
    );
    expect(emptied.messages).toHaveLength(0);
  });
});

describe('bad input', () => {
  it('answers 4xx JSON errors that name the problem, and changes nothing', async () => {
    const userId = newUserId();
    const auth = t.initData(userId);
    const cases: Array<[string, string, unknown, number, RegExp]> = [
      ['POST', '/api/CreateMessage.php', { manager_id: 1, message: '' }, 400, /message/],
      ['POST', '/api/CreateMessage.php', { manager_id: 1, message: 'x'.repeat(51) }, 400, /50/],
      ['POST', '/api/CreateMessage.php', { manager_id: 'abc', message: 'hi' }, 400, /manager_id/],
      ['POST', '/api/CreateMessage.php', { manager_id: 99999, message: 'hi' }, 404, /not found/i],
      [
        'POST',
        '/api/CreateMessage.php',
        { manager_id: 1, message: 'hi', request_type: 'tarot' },
        400,
        /category/i,
      ],
      ['GET', '/api/GetManager.php?id=-1', undefined, 400, /id/],
      ['GET', '/api/GetManagersByCategory.php?category_id=13', undefined, 400, /category_id/],
      ['GET', '/api/GetAllMessages.php', undefined, 400, /manager_id/],
      ['POST', '/api/UpdateUser.php', { dateOfBirth: 'yesterday' }, 400, /dateOfBirth/],
      ['POST', '/api/UpdateUser.php', { dateOfBirth: '2999-01-01' }, 400, /dateOfBirth/],
      ['POST', '/api/UpdateUser.php', { email: 'not-an-email' }, 400, /email/],
      ['POST', '/api/CreateReview.php', { manager_id: 1, rating: 6 }, 400, /rating/],
      ['POST', '/api/CreateReview.php', { manager_id: 1, rating: 5 }, 403, /message/],
      ['GET', '/api/ManagerGetChats.php', undefined, 403, /advisor/i],
    ];
    for (const [method, url, payload, status, pattern] of cases) {
      const result = await call(method, url, auth, payload);
      expect({ url, status: result.status }).toEqual({ url, status });
      expect(result.body.status).toBe('error');
      expect(String(result.body.message)).toMatch(pattern);
    }
    const user = CALLS.GetUser.answer.parse((await call('GET', '/api/GetUser.php', auth)).body);
    expect(user.free_messages).toBe(3);
    expect(user.birthdate).toBeNull();
  });

  it('refuses calls without valid init data with 401', async () => {
    expect((await call('GET', '/api/GetUser.php', null)).status).toBe(401);
    expect((await call('GET', '/GetAllManagers.php', 'query_id=1&hash=00')).status).toBe(401);
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/CreateMessage.php',
      headers: { authorization: t.initData(newUserId()), 'content-type': 'application/json' },
      payload: '{bad',
    });
    expect(malformed.statusCode).toBe(400);
  });
});
