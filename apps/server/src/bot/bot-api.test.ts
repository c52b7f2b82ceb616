/** The Bot API client's in-place retries: bounded, so a caller waiting on Telegram gets an answer. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from 'grammy';
import { FakeBotApi } from '../test/fakes/bot-api.js';
import { TEST_BOT_TOKEN } from '../test/harness.js';
import { createApi } from './bot-api.js';
import { sendLimit } from './send-limit.js';

let fake: FakeBotApi;
beforeAll(async () => {
  fake = await FakeBotApi.start(TEST_BOT_TOKEN);
});
afterAll(async () => {
  await fake?.close();
});

const api = (apiRoot: string) =>
  createApi({ token: TEST_BOT_TOKEN, apiRoot, sendLimit: sendLimit(), retryInPlace: true });

describe('calls retried in place', () => {
  it('get through after a dropped connection', async () => {
    fake.dropNext('getMe');
    await expect(api(fake.url).getMe()).resolves.toMatchObject({ is_bot: true });
  });

  it('fail within seconds, not retry for ever, when the Bot API cannot be reached', async () => {
    const started = Date.now();
    // Port 9 (discard) refuses connections here: every attempt is a network error.
    const failure = await api('http://127.0.0.1:9')
      .getMe()
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpError);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
