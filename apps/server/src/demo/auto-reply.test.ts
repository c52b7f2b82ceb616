/** Demo advisors answer by themselves, through the same path as a person's reply. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Advisor } from '@seer/contract';
import { newUserId } from '../test/harness.js';
import { startLiveApp, type LiveApp } from '../test/socket-test-kit.js';
import { linkAdvisor } from '../test/builders.js';
import { sentencesOf } from './demo-readings.js';

let t: LiveApp;
let advisors: Advisor[];
beforeAll(async () => {
  t = await startLiveApp({ env: { DEMO_REPLY_DELAY_MS: '20-40' } });
  advisors = (
    await t.call<{ data: { managers: Advisor[] } }>('GET', '/api/GetAllManagers.php', newUserId())
  ).body.data.managers;
});
afterAll(async () => {
  await t?.close();
});

describe('demo advisors', () => {
  it('read the message and answer it live, with the unread count and read receipt of a real reply', async () => {
    const userId = newUserId();
    const advisor = advisors[0]!;
    const socket = await t.connect(userId, { language_code: 'en' });
    socket.send({ type: 'subscribe_dialog', telegram_user_id: userId, manager_id: advisor.id });
    await socket.next('subscribed');
    const sent = await t.call<{ data: { message: { id: number } } }>(
      'POST',
      '/api/CreateMessage.php',
      userId,
      { manager_id: advisor.id, message: 'Does he love me?' },
    );
    expect(sent.status).toBe(200);

    const read = await socket.next('read');
    expect(read.data).toMatchObject({ reader: 'manager', up_to_id: sent.body.data.message.id });
    const reply = await socket.next('new_message', (f) => f.data.sender === 'manager');
    expect(reply.data.message.length).toBeGreaterThan(20);
    expect(reply.data.message).not.toMatch(/[а-яё]/i);

    const chats = await t.call<{
      chats: { manager_id: number; unread: number; last_message: string }[];
    }>('GET', '/api/GetAllChats.php', userId);
    expect(chats.body.chats[0]).toMatchObject({ manager_id: advisor.id, unread: 1 });
    expect(
      reply.data.message.startsWith(chats.body.chats[0]!.last_message.replace(/\.\.\.$/, '')),
    ).toBe(true);
    socket.close();
  });

  it('answer in the language of the question (Russian from an English Telegram)', async () => {
    const userId = newUserId();
    const advisor = advisors[1]!;
    const socket = await t.connect(userId, { language_code: 'en' });
    socket.send({ type: 'subscribe_dialog', telegram_user_id: userId, manager_id: advisor.id });
    await socket.next('subscribed');
    await t.call(
      'POST',
      '/api/CreateMessage.php',
      userId,
      { manager_id: advisor.id, message: 'Он вернётся?' },
      { language_code: 'en' },
    );
    const reply = await socket.next('new_message', (f) => f.data.sender === 'manager');
    expect(reply.data.message).toMatch(/[а-яё]/i);
    socket.close();
  });

  it('answer several quick messages once', async () => {
    // A delay far longer than two sends take, even on a busy machine, so both land before the answer.
    const slow = await startLiveApp({ env: { DEMO_REPLY_DELAY_MS: '1500-1500' } });
    try {
      const userId = newUserId();
      const advisor = advisors[5]!;
      const socket = await slow.connect(userId, { language_code: 'ru' });
      socket.send({ type: 'subscribe_dialog', telegram_user_id: userId, manager_id: advisor.id });
      await socket.next('subscribed');
      await Promise.all(
        ['Привет', 'Он вернётся?'].map((message) =>
          slow.call(
            'POST',
            '/api/CreateMessage.php',
            userId,
            { manager_id: advisor.id, message },
            { language_code: 'ru' },
          ),
        ),
      );
      await socket.next('new_message', (f) => f.data.sender === 'manager');
      await new Promise((resolve) => setTimeout(resolve, 300));
      await socket.roundTrip();
      expect(socket.all('new_message').filter((f) => f.data.sender === 'manager')).toHaveLength(1);
      socket.close();
    } finally {
      await slow.close();
    }
  });

  it('read the card of a tarot request and never repeat a sentence of the dialog', async () => {
    const userId = newUserId();
    const advisor = advisors.find((a) => a.category_id === 3)!;
    const socket = await t.connect(userId, { language_code: 'en' });
    socket.send({ type: 'subscribe_dialog', telegram_user_id: userId, manager_id: advisor.id });
    await socket.next('subscribed');
    const replies: string[] = [];
    for (const message of [
      'My card: The Chariot (reversed)\nWill I get the promotion?',
      'Should I talk to my boss first?',
      'And when will it happen?',
    ]) {
      await t.call('POST', '/api/CreateMessage.php', userId, {
        manager_id: advisor.id,
        message,
        ...(message.startsWith('My card') ? { request_type: 'tarot' } : {}),
      });
      const reply = await socket.next(
        'new_message',
        (f) => f.data.sender === 'manager' && !replies.includes(f.data.message),
      );
      replies.push(reply.data.message);
    }
    expect(replies[0]).toContain('The Chariot');
    expect(replies[0]).not.toMatch(/The Sun|The Star|Lovers/);
    expect(replies[0]).toMatch(/promotion/);
    const sentences = replies.flatMap(sentencesOf);
    expect(new Set(sentences).size).toBe(sentences.length);
    socket.close();
  });

  it('stay silent once a person is linked to the advisor', async () => {
    const userId = newUserId();
    const advisor = advisors[2]!;
    await linkAdvisor(t, advisor.id);
    const socket = await t.connect(userId);
    socket.send({ type: 'subscribe_dialog', telegram_user_id: userId, manager_id: advisor.id });
    await socket.next('subscribed');
    await t.call('POST', '/api/CreateMessage.php', userId, {
      manager_id: advisor.id,
      message: 'Anyone there?',
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await socket.roundTrip();
    expect(socket.all('new_message').filter((f) => f.data.sender === 'manager')).toHaveLength(0);
    socket.close();
  });
});
