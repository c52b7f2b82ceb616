/**
 * A NUL in a query string is refused with a 400 before the call runs, as in a body: PostgreSQL
 * cannot store or compare text holding it, and the search that used to pass it on failed with a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUserId, startTestApp, type TestApp } from '../test/harness.js';

const ADMIN = 777_000_444;
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { ADMIN_TELEGRAM_IDS: String(ADMIN) } });
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, userId: number) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: t.initData(userId) } });

describe('a NUL in a query string', () => {
  it('is refused with a 400 in every place of a value', async () => {
    for (const q of ['%00', 'a%00b', 'ab%00']) {
      const answer = await get(`/api/AdminListUsers.php?q=${q}`, ADMIN);
      expect(answer.statusCode, `${q}: ${answer.body}`).toBe(400);
      expect(answer.json()).toEqual({
        status: 'error',
        code: 'bad_request',
        message: 'Text must not contain NUL characters',
      });
    }
    // The same search without it works.
    expect((await get('/api/AdminListUsers.php?q=ab', ADMIN)).statusCode).toBe(200);
  });

  it('is refused on calls of users too, repeated keys included', async () => {
    const user = newUserId();
    for (const url of [
      '/api/GetAllManagers.php?language=%00',
      '/api/GetHoroscope.php?tz=Europe%2FMoscow%00',
      '/GetNotifications.php?v=2&v=%00',
    ]) {
      const answer = await get(url, user);
      expect(answer.statusCode, `${url}: ${answer.body}`).toBe(400);
      expect(answer.json()).toMatchObject({ message: 'Text must not contain NUL characters' });
    }
  });
});
