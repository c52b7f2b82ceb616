/** Profile fields and reviews follow the same text rules as messages: nothing invisible, no bidi controls. */
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

function call(userId: number, url: string, payload: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { authorization: t.initData(userId) },
    payload,
  });
}

describe('profile texts', () => {
  it('stores a name without bidi controls or line breaks, and an invisible description as empty', async () => {
    const userId = newUserId();
    const answer = await call(userId, '/api/UpdateUser.php', {
      name: '\u200BAnn\u202E\nLee\u3164',
      description: '\uFEFF\u2800\u200D',
    });
    expect(answer.statusCode).toBe(200);
    const { user } = CALLS.UpdateUser.answer.parse(answer.json());
    expect(user.name).toBe('Ann Lee');
    expect(user.description ?? '').toBe('');
  });

  it('refuses a name longer than 64 characters and accepts 64 emoji', async () => {
    const userId = newUserId();
    expect((await call(userId, '/api/UpdateUser.php', { name: '🧑🏽‍🚀'.repeat(64) })).statusCode).toBe(
      200,
    );
    const refused = await call(userId, '/api/UpdateUser.php', { name: 'é'.repeat(65) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('name: name must be at most 64 characters');
  });
});

describe('review texts', () => {
  it('stores a review of only zero-width characters as a rating without text', async () => {
    const userId = newUserId();
    const advisorId = (await t.services.advisors.list())[0]!.id;
    expect(
      (await call(userId, '/api/CreateMessage.php', { manager_id: advisorId, message: 'hi' }))
        .statusCode,
    ).toBe(200);
    const answer = await call(userId, '/api/CreateReview.php', {
      manager_id: advisorId,
      rating: 4,
      text: '\u200B\u2060\u3164',
    });
    expect(answer.statusCode).toBe(200);
    expect(CALLS.CreateReview.answer.parse(answer.json()).review.text).toBe('');
    const [row] = await t.db.sql<{ text: string }[]>`
      SELECT text FROM reviews WHERE user_id = ${userId}`;
    expect(row!.text).toBe('');
  });
});
