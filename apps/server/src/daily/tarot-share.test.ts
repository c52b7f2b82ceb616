/**
 * ShareTarot through the fake Bot API: a prepared message naming the card in the asked language
 * with a button on the user's invite link (startapp=ref_<code>), reused while Telegram keeps it;
 * the per-user share allowance (429 past it, no Bot API call); bad input 400; the story picture a
 * 1080×1920 JPEG, public, refused for a card not in the deck.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS } from '@seer/contract';
import { FakeBotApi } from '../test/fakes/bot-api.js';
import { newUserId, startTestApp, TEST_BOT_TOKEN, type TestApp } from '../test/harness.js';
import { RATE_LIMITS } from '../rate-limits/rate-limits.js';
import { storySvg } from './tarot-share.js';

const PUBLIC_URL = 'https://seer.example';
const APP_URL = 'https://t.me/seer_test_bot/app';
let fake: FakeBotApi;
let t: TestApp;

beforeAll(async () => {
  fake = await FakeBotApi.start(TEST_BOT_TOKEN);
  t = await startTestApp({
    seed: false,
    env: { BOT_API_URL: fake.url, PUBLIC_URL, TELEGRAM_APP_URL: APP_URL },
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const share = (userId: number, payload: object) => t.post(userId, 'ShareTarot.php', payload);

describe('ShareTarot', () => {
  it('prepares a message with the card and the invite link, and a story picture', async () => {
    const user = newUserId();
    const answer = await share(user, { card: 'star', reversed: false, lang: 'ru' });
    expect(answer.statusCode).toBe(200);
    const body = CALLS.ShareTarot.answer.parse(answer.json());
    const { code } = await t.services.referrals.invite(user);
    expect(body.link).toBe(`${APP_URL}?startapp=ref_${code}`);
    expect(body.story_image_url).toBe(`${PUBLIC_URL}/api/tarot-cards/star/upright/ru/story.jpg`);
    expect(body.prepared_message_id).toEqual(expect.any(String));

    const prepared = fake
      .acceptedCallsOf('savePreparedInlineMessage')
      .filter((c) => c.params.user_id === user);
    expect(prepared).toHaveLength(1);
    const result = prepared[0]!.params.result as {
      input_message_content: { message_text: string };
      reply_markup: { inline_keyboard: Array<Array<{ text: string; url: string }>> };
    };
    expect(result.input_message_content.message_text).toContain('Звезда (прямая)');
    expect(result.reply_markup.inline_keyboard[0]![0]).toEqual({
      text: 'Вытяните свою в Seer',
      url: body.link,
    });

    // The same card again: Telegram still keeps the message, no new call.
    const again = CALLS.ShareTarot.answer.parse(
      (await share(user, { card: 'star', reversed: false, lang: 'ru' })).json(),
    );
    expect(again.prepared_message_id).toBe(body.prepared_message_id);
    expect(
      fake.acceptedCallsOf('savePreparedInlineMessage').filter((c) => c.params.user_id === user),
    ).toHaveLength(1);
  });

  it('refuses bad input with a 400 and no Bot API call', async () => {
    const user = newUserId();
    for (const payload of [
      {},
      { card: 'death', reversed: false },
      { card: 'star', reversed: 'no' },
      { card: 'star', reversed: false, lang: 'de' },
      { card: 'constructor', reversed: false },
    ]) {
      expect((await share(user, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(
      fake.callsOf('savePreparedInlineMessage').filter((c) => c.params.user_id === user),
    ).toHaveLength(0);
  });

  it('is limited per user: past the allowance 429 and no Bot API call', async () => {
    const user = newUserId();
    const cards = ['magician', 'high-priestess', 'empress', 'lovers', 'chariot', 'sun'] as const;
    const answers = await Promise.all(
      Array.from({ length: RATE_LIMITS.share.calls + 4 }, (_, i) =>
        share(user, { card: cards[i % cards.length], reversed: i % 2 === 0, lang: 'en' }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(RATE_LIMITS.share.calls);
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);
    expect(
      fake.callsOf('savePreparedInlineMessage').filter((c) => c.params.user_id === user).length,
    ).toBeLessThanOrEqual(RATE_LIMITS.share.calls);
    // Another user is not affected.
    expect((await share(newUserId(), { card: 'sun', reversed: false })).statusCode).toBe(200);
  });

  it('serves the story picture as a 1080×1920 JPEG without sign-in, and 400 for a card not in the deck', async () => {
    const picture = await t.app.inject({
      method: 'GET',
      url: '/api/tarot-cards/lovers/reversed/en/story.jpg',
    });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/jpeg');
    const { default: sharp } = await import('sharp');
    const meta = await sharp(picture.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1080, 1920]);
    const thumb = await t.app.inject({
      method: 'GET',
      url: '/api/tarot-cards/lovers/reversed/en/thumb.jpg',
    });
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(256);
    for (const bad of [
      '/api/tarot-cards/death/upright/en/story.jpg',
      '/api/tarot-cards/sun/sideways/en/story.jpg',
      '/api/tarot-cards/sun/upright/de/story.jpg',
      '/api/tarot-cards/sun/upright/en/poster.jpg',
    ])
      expect((await t.app.inject({ method: 'GET', url: bad })).statusCode, bad).toBe(400);
  });
});

describe('the story picture', () => {
  it('names the card, which way up it lies and its line, in the asked language', () => {
    const reversed = storySvg({ card: 'lovers', reversed: true }, 'ru');
    expect(reversed).toContain('>Влюблённые<');
    expect(reversed).toContain('>перевёрнутая<');
    expect(reversed).toContain('честный разговор');
    expect(reversed).toContain('rotate(180');
    const upright = storySvg({ card: 'lovers', reversed: false }, 'en');
    expect(upright).toContain('>The Lovers<');
    expect(upright).toContain('>upright<');
    expect(upright).toContain('choose with your heart');
    expect(upright).toContain('Draw yours in Seer');
  });
});
