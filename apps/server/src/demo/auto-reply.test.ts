/** Demo advisors answer by themselves, through the same path as a person's reply. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Advisor } from '@seer/contract';
import { newUserId } from '../test/harness.js';
import { startLiveApp, type LiveApp } from '../test/socket-test-kit.js';
import { linkAdvisor } from '../test/builders.js';
import { composeDemoReply, DEMO_CARDS, demoReplyOpenings, firstSentence } from './auto-reply.js';

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

describe('demo answers', () => {
  it('vary, stay within the reply limit, and never quote the question back', () => {
    const answers = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const text = composeDemoReply({
        locale: 'en',
        question: 'Will I get the new job?',
        kind: 'text',
        categoryId: 4,
        advisorName: 'Victor',
      });
      expect(text.length).toBeLessThanOrEqual(1000);
      expect(text).not.toContain('Will I get the new job');
      expect(text.charAt(0)).toMatch(/[A-Z]/);
      answers.add(text);
    }
    expect(answers.size).toBeGreaterThan(10);
  });

  it('open with a sentence of their own: no two reply lines share their first sentence', () => {
    for (const [locale, cards] of [
      ['en', ['the Lovers', 'Temperance', 'the Wheel of Fortune']],
      ['ru', ['Влюблённые', 'Умеренность', 'Колесо Фортуны']],
    ] as const) {
      for (const card of cards) {
        const openings = demoReplyOpenings(locale, card).map(firstSentence);
        expect(openings.length).toBeGreaterThan(20);
        expect(new Set(openings).size).toBe(openings.length);
        // Card names stay capitalised, also at the start of a reply.
        for (const line of demoReplyOpenings(locale, card))
          expect(line.charAt(0)).toMatch(/[A-ZА-ЯЁ]/);
      }
    }
    // Every composed reply opens with one of those lines (no shared greeting before them).
    const openings = new Set(
      DEMO_CARDS.en.flatMap((card) => demoReplyOpenings('en', card).map(firstSentence)),
    );
    for (let i = 0; i < 300; i++) {
      const text = composeDemoReply({
        locale: 'en',
        question: i % 2 ? 'Will he come back?' : 'What do my cards say?',
        kind: i % 3 === 0 ? 'tarot' : 'text',
        categoryId: 1 + (i % 12),
        advisorName: 'A',
        random: (() => {
          let n = i;
          return () => (n = (n * 9301 + 49297) % 233280) / 233280;
        })(),
      });
      expect(openings.has(firstSentence(text))).toBe(true);
    }
  });

  it('answer tarot and dream requests about the cards and the dream', () => {
    const tarot = composeDemoReply({
      locale: 'en',
      question: 'x',
      kind: 'tarot',
      categoryId: 3,
      advisorName: 'C',
      random: () => 0.99,
    });
    expect(tarot).toMatch(/spread|reading|cards/i);
    const dream = composeDemoReply({
      locale: 'ru',
      question: 'Мне снилась вода',
      kind: 'dream',
      categoryId: 3,
      advisorName: 'C',
      random: () => 0.99,
    });
    expect(dream).toMatch(/сон/i);
  });
});
