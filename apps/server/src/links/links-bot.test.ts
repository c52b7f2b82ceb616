/**
 * The bot's and the app's deep-link parts through the fake Bot API: /start advisor_<id>,
 * chat_<id> and ref_<code>; the inline mode's advisor cards in the user's language; the share
 * call's prepared message (savePreparedInlineMessage) and its link fallback.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS } from '@seer/contract';
import { signInitData } from '../auth/init-data.js';
import { FakeBotApi, type RecordedCall } from '../test/fakes/bot-api.js';
import { newUserId, startTestApp, TEST_BOT_TOKEN, type TestApp } from '../test/harness.js';

const PUBLIC_URL = 'https://seer.example';
const APP_URL = 'https://t.me/seer_test_bot/app';

let bot: FakeBotApi;
let t: TestApp;
let advisor: { id: number; name: string };
beforeAll(async () => {
  bot = await FakeBotApi.start(TEST_BOT_TOKEN);
  t = await startTestApp({
    env: { BOT_API_URL: bot.url, PUBLIC_URL, TELEGRAM_APP_URL: APP_URL },
  });
  t.services.bot!.start();
  const [first] = await t.services.advisors.list('en');
  advisor = { id: first!.id, name: first!.name };
});
afterAll(async () => {
  await t?.close();
  await bot?.close();
});

async function answerTo(user: number, language: string, text: string): Promise<RecordedCall> {
  await bot.sendText({ id: user, language_code: language }, text);
  const answer = await bot.waitFor(
    () => bot.acceptedCallsOf('sendMessage').find((c) => c.params.chat_id === user),
    10_000,
  );
  if (!answer) throw new Error(`no answer to ${text} within 10 s`);
  return answer;
}

const buttonOf = (call: RecordedCall) =>
  (call.params.reply_markup as { inline_keyboard: Array<Array<Record<string, unknown>>> })
    .inline_keyboard[0]![0]!;

describe('/start with a payload', () => {
  it('advisor_<id> opens the Mini App at that profile', async () => {
    const answer = await answerTo(newUserId(), 'en', `/start advisor_${advisor.id}`);
    expect(buttonOf(answer)).toEqual({
      text: `Open ${advisor.name}’s profile`,
      web_app: { url: `${PUBLIC_URL}/operator/${advisor.id}` },
    });
  });

  it('chat_<id> opens the chat, in Russian for a Russian user', async () => {
    const answer = await answerTo(newUserId(), 'ru', `/start chat_${advisor.id}`);
    expect(buttonOf(answer)).toEqual({
      text: `Чат: ${advisor.name}`,
      web_app: { url: `${PUBLIC_URL}/chat/${advisor.id}` },
    });
  });

  it('an unknown advisor or a malformed payload gets the plain welcome', async () => {
    for (const payload of ['advisor_99999', 'advisor_x', 'hello']) {
      const answer = await answerTo(newUserId(), 'en', `/start ${payload}`);
      expect(buttonOf(answer)).toEqual({ text: 'Open Seer', web_app: { url: PUBLIC_URL } });
    }
  });

  it('ref_<code> records a new user as invited and opens home; an existing user is not', async () => {
    const inviter = newUserId();
    await t.app.inject({
      method: 'GET',
      url: '/api/GetUser.php',
      headers: { authorization: t.initData(inviter) },
    });
    const { code } = await t.services.referrals.invite(inviter);

    const invitee = newUserId();
    const answer = await answerTo(invitee, 'en', `/start ref_${code}`);
    expect(String(answer.params.text)).toContain('A friend invited you to Seer');
    expect(buttonOf(answer)).toEqual({ text: 'Open Seer', web_app: { url: PUBLIC_URL } });
    // The bot created the user with the usual free messages.
    const [row] = await t.db.sql<{ free_messages: number }[]>`
      SELECT free_messages FROM users WHERE telegram_id = ${invitee}`;
    expect(row!.free_messages).toBe(3);

    const existing = newUserId();
    await t.app.inject({
      method: 'GET',
      url: '/api/GetUser.php',
      headers: { authorization: t.initData(existing) },
    });
    const second = await answerTo(existing, 'en', `/start ref_${code}`);
    expect(String(second.params.text)).not.toContain('invited');
    expect((await t.services.referrals.invite(inviter)).joined).toBe(1);
  });
});

describe('inline mode', () => {
  async function inlineAnswer(language: string, query: string) {
    const id = await bot.sendInlineQuery({ id: newUserId(), language_code: language }, query);
    const answer = await bot.waitFor(
      () => bot.callsOf('answerInlineQuery').find((c) => c.params.inline_query_id === id),
      10_000,
    );
    if (!answer) throw new Error('no answerInlineQuery within 10 s');
    expect(answer.status).toBe(200);
    return answer.params as {
      results: Array<{
        id: string;
        title: string;
        description: string;
        thumbnail_url: string;
        input_message_content: { message_text: string };
        reply_markup: { inline_keyboard: Array<Array<{ text: string; url: string }>> };
      }>;
      is_personal: boolean;
    };
  }

  it('an empty query lists the top advisors as cards with a button to the profile', async () => {
    const answer = await inlineAnswer('en', '');
    expect(answer.results.length).toBeGreaterThan(1);
    expect(answer.is_personal).toBe(true);
    const card = answer.results[0]!;
    expect(card.thumbnail_url).toMatch(
      /^https:\/\/seer\.example\/api\/advisors\/\d+\/thumbnail\.jpg$/,
    );
    expect(card.description).toMatch(/per message/);
    const id = Number(card.id.replace('advisor_', ''));
    expect(card.reply_markup.inline_keyboard[0]![0]).toEqual({
      text: 'Open profile',
      url: `${APP_URL}?startapp=advisor_${id}`,
    });
  });

  it('finds advisors by name and by speciality, in Russian for a Russian user', async () => {
    const byName = await inlineAnswer('en', advisor.name.slice(0, 4).toLowerCase());
    expect(byName.results.map((r) => r.title)).toContain(advisor.name);
    const advisors = await t.services.advisors.list('ru');
    const career = advisors.filter((a) => a.category_id === 4);
    expect(career.length).toBeGreaterThan(0);
    const bySpeciality = await inlineAnswer('ru', 'карьер');
    expect(bySpeciality.results).toHaveLength(career.length);
    for (const result of bySpeciality.results) {
      expect(result.input_message_content.message_text).toContain('— Карьера');
      expect(result.description).toContain('за сообщение');
      expect(result.reply_markup.inline_keyboard[0]![0]!.text).toBe('Открыть профиль');
    }
    expect((await inlineAnswer('en', 'no such advisor at all')).results).toEqual([]);
  });
});

describe('ShareAdvisor.php', () => {
  it('prepares the card with savePreparedInlineMessage and gives the profile link', async () => {
    const user = newUserId();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/ShareAdvisor.php',
      headers: { authorization: t.initData(user) },
      payload: { manager_id: advisor.id, lang: 'en' },
    });
    expect(response.statusCode).toBe(200);
    const answer = CALLS.ShareAdvisor.answer.parse(response.json());
    expect(answer.link).toBe(`${APP_URL}?startapp=advisor_${advisor.id}`);
    const prepared = bot.preparedMessages.get(answer.prepared_message_id!);
    expect(prepared?.userId).toBe(user);
    expect(prepared?.result).toMatchObject({
      type: 'article',
      title: advisor.name,
      reply_markup: { inline_keyboard: [[{ text: 'Open profile', url: answer.link }]] },
    });
  });

  it('answers with the link alone when Telegram will not prepare one, and 404 for an unknown advisor', async () => {
    const user = newUserId();
    bot.unknownUsers.add(user);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/ShareAdvisor.php',
      headers: { authorization: t.initData(user) },
      payload: { manager_id: advisor.id },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      prepared_message_id: null,
      link: `${APP_URL}?startapp=advisor_${advisor.id}`,
    });
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/ShareAdvisor.php',
      headers: { authorization: t.initData(user) },
      payload: { manager_id: 99999 },
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('a referral paid through a real Stars payment', () => {
  it('pays both sides once however often Telegram repeats successful_payment, with receipts', async () => {
    const inviter = newUserId();
    // A Russian speaker who let the bot write to them, as their sign-in says.
    await t.app.inject({
      method: 'GET',
      url: '/api/GetUser.php',
      headers: {
        authorization: t.initData(inviter, { language_code: 'ru', allows_write_to_pm: true }),
      },
    });
    const { code } = await t.services.referrals.invite(inviter);
    const invitee = newUserId();
    const inviteeAuth = signInitData(
      TEST_BOT_TOKEN,
      { id: invitee, first_name: 'Friend', language_code: 'en' },
      { extra: { start_param: `ref_${code}` } },
    );
    const invoice = await t.app.inject({
      method: 'POST',
      url: '/api/CreateStarsInvoice.php',
      headers: { authorization: inviteeAuth },
      payload: { amount: '5.00' },
    });
    expect(invoice.statusCode).toBe(200);
    const link = CALLS.CreateStarsInvoice.answer.parse(invoice.json()).invoice_link;
    const paid = await bot.payInvoice(link, invitee);
    expect(paid.ok).toBe(true);
    const payload = bot.invoices.get(link)!.payload;
    await Promise.all(
      [1, 2, 3].map(() =>
        bot.pushSuccessfulPayment(invitee, { chargeId: paid.chargeId!, payload, amount: 250 }),
      ),
    );
    const bonusesOf = (id: number) => t.db.sql<{ free_messages_delta: number }[]>`
      SELECT free_messages_delta FROM ledger WHERE user_id = ${id} AND reason = 'referral_bonus'`;
    const deadline = Date.now() + 10_000;
    while ((await bonusesOf(inviter)).length === 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    while (bot.pendingUpdates.length > 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await bonusesOf(inviter)).toEqual([{ free_messages_delta: 3 }]);
    expect(await bonusesOf(invitee)).toEqual([{ free_messages_delta: 3 }]);
    const [stars] = await t.db.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM ledger WHERE user_id = ${invitee} AND reason = 'stars'`;
    expect(stars!.n).toBe(1);
    // The inviter's receipt, in their language, written with the bonus.
    const receipts = await t.db.sql<{ text: string }[]>`
      SELECT text FROM bot_outbox WHERE chat_id = ${inviter}`;
    expect(receipts.map((r) => r.text)).toEqual([
      'Спасибо за приглашение друга: начислено 3 бесплатных сообщения.\nБесплатных сообщений: 6',
    ]);
  });
});
