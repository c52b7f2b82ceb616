/**
 * Answering from Telegram against the fake Bot API: an advisor's reply to the bot's new-message
 * notice reaches the user as a workspace reply does (the dialog, the socket frame), once even when
 * Telegram delivers the update again; whoever may not answer, or a reply that breaks the
 * workspace's rules, gets the bot's reason and nothing is written.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Message } from '@seer/contract';
import type { Update } from '../bot/bot-api.js';
import { FakeBotApi, type RecordedCall } from '../test/fakes/bot-api.js';
import { TEST_BOT_TOKEN } from '../test/harness.js';
import { startLiveApp, type LiveApp } from '../test/socket-test-kit.js';
import { anAdvisor, aUser, linkAdvisor } from '../test/builders.js';
import { AdvisorsRepository } from '../advisors/advisors.repository.js';
import { newUserId } from '../test/ids.js';

const PUBLIC_URL = 'https://seer.example';

let fake: FakeBotApi;
let t: LiveApp;

beforeAll(async () => {
  fake = await FakeBotApi.start(TEST_BOT_TOKEN);
  t = await startLiveApp({
    env: { BOT_API_URL: fake.url, PUBLIC_URL },
    // Every user message is announced, so a dialog can have an older notice.
    notifications: { minIntervalSeconds: 0 },
    // Each advisor account may send two replies (the rate-limit test sends a third).
    rateLimits: { send: { calls: 2, perSeconds: 600, counted: 'instance', what: 'messages' } },
  });
  t.services.bot!.start();
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

interface SentMessage {
  message_id: number;
  text: string;
}

const sentTo = (chatId: number): RecordedCall[] =>
  fake.acceptedCallsOf('sendMessage').filter((c) => c.params.chat_id === chatId);

/** An advisor linked to a Telegram account that lets the bot write, and a user with money. */
async function anAdvisorAndUser(options: { languageCode?: string } = {}) {
  const advisorAccount = await aUser(t, {
    allowsWriteToPm: true,
    languageCode: options.languageCode ?? 'en',
  });
  const advisorId = await anAdvisor(t, { linkedTelegramId: advisorAccount });
  const userId = await aUser(t, { balanceCents: 10_000 });
  return { advisorId, advisorAccount, userId };
}

/** The user writes; answers the new-message notice the advisor's account got for it. */
async function userWrites(
  advisorId: number,
  advisorAccount: number,
  userId: number,
): Promise<SentMessage> {
  const before = sentTo(advisorAccount).length;
  const sent = await t.call('POST', '/api/CreateMessage.php', userId, {
    manager_id: advisorId,
    message: 'Will he call?',
  });
  expect(sent.status).toBe(200);
  const notice = await fake.waitFor(() => sentTo(advisorAccount)[before], 10_000);
  if (!notice) throw new Error('no new-message notice within 10 s');
  const noticeMessage = notice.result as SentMessage;
  // Telegram has the notice a moment before the server records which message it became; a person
  // cannot answer within that moment, but a test under load could.
  await vi.waitFor(
    async () => {
      const [row] = await t.db.sql<{ id: number }[]>`
        SELECT id FROM bot_outbox WHERE chat_id = ${advisorAccount}
          AND telegram_message_id = ${noticeMessage.message_id}`;
      expect(row, 'the notice recorded as sent').toBeDefined();
    },
    { timeout: 10_000, interval: 20 },
  );
  return noticeMessage;
}

/** The bot's answer to one Telegram message (it replies to that message). */
async function answerTo(update: Update): Promise<RecordedCall> {
  const { chat, message_id } = update.message!;
  const answer = await fake.waitFor(
    () =>
      sentTo(chat.id).find(
        (c) => (c.params.reply_parameters as { message_id?: number })?.message_id === message_id,
      ),
    10_000,
  );
  if (!answer) throw new Error('the bot did not answer the reply within 10 s');
  return answer;
}

/** The advisor's messages in the dialog, as the user's app reads them. */
async function advisorMessages(advisorId: number, userId: number): Promise<Message[]> {
  const history = await t.call<{ messages: Message[] }>(
    'GET',
    `/api/GetAllMessages.php?manager_id=${advisorId}`,
    userId,
  );
  expect(history.status).toBe(200);
  return history.body.messages.filter((m) => m.sender === 'manager');
}

describe('a reply to the new-message notice', () => {
  it('reaches the user like a workspace reply: the dialog, the socket frame, and the bot confirms', async () => {
    const { advisorId, advisorAccount, userId } = await anAdvisorAndUser();
    const socket = await t.connect(userId);
    socket.send({ type: 'user_connect', user_id: userId });
    await socket.next('connected');
    const notice = await userWrites(advisorId, advisorAccount, userId);
    expect(notice.text).toContain('Reply to this message to answer');

    const reply = await fake.sendReply({ id: advisorAccount }, notice, {
      text: '  He will, on Friday.  ',
    });

    const frame = await socket.next('new_message', (f) => f.data.sender === 'manager', 10_000);
    expect(frame.data).toMatchObject({
      message: 'He will, on Friday.',
      manager_id: advisorId,
      telegram_user_id: userId,
    });
    expect((await answerTo(reply)).params.text).toBe(`Sent to User${userId}.`);
    const messages = await advisorMessages(advisorId, userId);
    expect(messages.map((m) => m.message_text)).toEqual(['He will, on Friday.']);
    expect(messages[0]!.id).toBe(frame.data.id);
  });

  it('works on an older notice of the same dialog', async () => {
    const { advisorId, advisorAccount, userId } = await anAdvisorAndUser();
    const older = await userWrites(advisorId, advisorAccount, userId);
    await userWrites(advisorId, advisorAccount, userId);

    const reply = await fake.sendReply({ id: advisorAccount }, older, { text: 'Both: yes.' });
    expect((await answerTo(reply)).params.text).toMatch(/^Sent to /);
    expect((await advisorMessages(advisorId, userId)).map((m) => m.message_text)).toEqual([
      'Both: yes.',
    ]);
  });

  it('delivered twice by Telegram writes one message', async () => {
    const { advisorId, advisorAccount, userId } = await anAdvisorAndUser();
    const notice = await userWrites(advisorId, advisorAccount, userId);
    const reply = await fake.sendReply({ id: advisorAccount }, notice, { text: 'Once.' });
    await answerTo(reply);

    // Telegram delivers an update again when it did not see it confirmed (here: at once, twice).
    await Promise.all([t.services.bot!.handleUpdate(reply), t.services.bot!.handleUpdate(reply)]);
    expect((await advisorMessages(advisorId, userId)).map((m) => m.message_text)).toEqual([
      'Once.',
    ]);
  });
});

describe('a reply that is not sent', () => {
  it('from an account no longer linked to the advisor is refused, and nothing is written', async () => {
    const { advisorId, advisorAccount, userId } = await anAdvisorAndUser();
    const notice = await userWrites(advisorId, advisorAccount, userId);
    // The admin links the advisor to another account after the notice was sent.
    await linkAdvisor(t, advisorId, newUserId());

    const reply = await fake.sendReply({ id: advisorAccount }, notice, { text: 'Still me.' });
    expect((await answerTo(reply)).params.text).toBe(
      'Not sent: this Telegram account is not linked to the advisor of this dialog.',
    );
    expect(await advisorMessages(advisorId, userId)).toEqual([]);
  });

  it('to the same message number in someone else’s chat is not a notice: nothing written, and only an advisor gets a hint', async () => {
    const { advisorId, advisorAccount, userId } = await anAdvisorAndUser();
    const notice = await userWrites(advisorId, advisorAccount, userId);
    const stranger = await aUser(t, { allowsWriteToPm: true, languageCode: 'en' });

    // Someone who is no advisor replying to the bot is not taught how advisors answer.
    await fake.sendReply({ id: stranger }, notice, { text: 'Let me in.' });
    // The advisor replying to a message of theirs that is no notice gets the hint; the updates
    // are handled in order, so the stranger's has been handled by then.
    const other = await fake.sendReply(
      { id: advisorAccount },
      { message_id: notice.message_id + 100_000, text: 'Welcome!' },
      { text: 'Hello?' },
    );
    expect((await answerTo(other)).params.text).toContain('reply to the bot’s “New paid message”');
    expect(sentTo(stranger)).toEqual([]);
    expect(await advisorMessages(advisorId, userId)).toEqual([]);
  });

  it('of a deactivated advisor is refused', async () => {
    const { advisorId, advisorAccount, userId } = await anAdvisorAndUser();
    const notice = await userWrites(advisorId, advisorAccount, userId);
    await t.db.sql.begin((tx) => new AdvisorsRepository(t.db.sql).setActive(tx, advisorId, false));
    t.services.advisors.invalidate();
    t.services.auth.forgetAdvisorLinks();

    const reply = await fake.sendReply({ id: advisorAccount }, notice, { text: 'Hello?' });
    expect((await answerTo(reply)).params.text).toBe(
      'Not sent: this advisor profile is deactivated.',
    );
    const [row] = await t.db.sql<{ count: number }[]>`
      SELECT count(*)::int AS count FROM messages m JOIN dialogs d ON d.id = m.dialog_id
      WHERE d.advisor_id = ${advisorId} AND m.sender = 'manager'`;
    expect(row!.count).toBe(0);
  });

  it('too long is refused with the limit, in the advisor’s language', async () => {
    const { advisorId, advisorAccount, userId } = await anAdvisorAndUser({ languageCode: 'ru' });
    const notice = await userWrites(advisorId, advisorAccount, userId);
    expect(notice.text).toContain('Ответьте на это сообщение');

    const reply = await fake.sendReply({ id: advisorAccount }, notice, { text: 'я'.repeat(1001) });
    expect((await answerTo(reply)).params.text).toBe(
      'Не отправлено: ответ может быть не длиннее 1000 символов.',
    );
    expect(await advisorMessages(advisorId, userId)).toEqual([]);
  });

  it('a photo is refused with a button to the dialog; only text is answered here', async () => {
    const { advisorId, advisorAccount, userId } = await anAdvisorAndUser();
    const notice = await userWrites(advisorId, advisorAccount, userId);

    const reply = await fake.sendReply({ id: advisorAccount }, notice, { photo: true });
    const answer = await answerTo(reply);
    expect(answer.params.text).toBe(
      'Not sent: photos are sent from Seer. Only text can be answered here.',
    );
    expect(answer.params.reply_markup).toEqual({
      inline_keyboard: [
        [{ text: 'Open chat', web_app: { url: `${PUBLIC_URL}/workspace/chat/${userId}` } }],
      ],
    });
    expect(await advisorMessages(advisorId, userId)).toEqual([]);
  });

  it('over the per-advisor send limit is refused, like the workspace call', async () => {
    const { advisorId, advisorAccount, userId } = await anAdvisorAndUser();
    const notice = await userWrites(advisorId, advisorAccount, userId);
    for (const text of ['one', 'two']) {
      const reply = await fake.sendReply({ id: advisorAccount }, notice, { text });
      expect((await answerTo(reply)).params.text).toMatch(/^Sent to /);
    }
    const third = await fake.sendReply({ id: advisorAccount }, notice, { text: 'three' });
    expect((await answerTo(third)).params.text).toMatch(
      /^Not sent: too many messages\. Try again in \d+ s\.$/,
    );
    expect((await advisorMessages(advisorId, userId)).map((m) => m.message_text)).toEqual([
      'one',
      'two',
    ]);
  });
});
