/** A flood of sends from one user is refused with 429 and a clear message; other users are unaffected. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUserId, startTestApp, type TestApp } from '../test/harness.js';
import { SEND_LIMIT } from './send-limit.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('send rate limit', () => {
  it('refuses sends beyond the burst with 429, and not those of another user', async () => {
    const flooder = newUserId();
    const send = (userId: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/CreateMessage.php',
        headers: { authorization: t.initData(userId) },
        payload: { manager_id: 1, message: 'spam' },
      });
    const answers = await Promise.all(
      Array.from({ length: SEND_LIMIT.burst + 40 }, () => send(flooder)),
    );
    const limited = answers.filter((a) => a.statusCode === 429);
    expect(limited.length).toBeGreaterThanOrEqual(20);
    expect(limited[0]!.json()).toMatchObject({
      status: 'error',
      code: 'too_many_requests',
      message: expect.stringMatching(/Too many messages: at most 10 a second/),
    });
    // The rest were answered on their merits: 3 free messages, then no funds.
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(3);
    expect(answers.every((a) => [200, 402, 429].includes(a.statusCode))).toBe(true);
    expect((await send(newUserId())).statusCode).toBe(200);
  });
});
