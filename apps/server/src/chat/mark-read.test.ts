/**
 * MarkRead with `up_to_id`: only the messages the reader saw are marked read, so a mark sent late
 * (the app sends a waiting one when the chat closes) leaves a later reply unread and counted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS } from '@seer/contract';
import { newUserId } from '../test/harness.js';
import { startLiveApp, type LiveApp } from '../test/socket-test-kit.js';
import { anAdvisor } from '../test/builders.js';

let t: LiveApp;
let advisorId: number;
beforeAll(async () => {
  t = await startLiveApp({ seed: false });
  advisorId = await anAdvisor(t, { name: 'Read Advisor', categoryId: 1, priceCents: 100 });
});
afterAll(async () => {
  await t?.close();
});

async function reply(userId: number, text: string): Promise<number> {
  const advisor = (await t.services.advisors.find(advisorId))!;
  return (await t.services.chat.sendAdvisorMessage(advisor, userId, text)).id;
}

async function unreadOf(userId: number): Promise<number> {
  const answer = await t.call('GET', '/api/GetAllChats.php', userId);
  const chats = CALLS.GetAllChats.answer.parse(answer.body).chats;
  return chats.find((chat) => chat.manager_id === advisorId)!.unread;
}

describe('MarkRead up to a message', () => {
  it('marks only what was seen and counts the rest; without up_to_id marks everything', async () => {
    const userId = newUserId();
    expect(
      (
        await t.call('POST', '/api/CreateMessage.php', userId, {
          manager_id: advisorId,
          message: 'Hi',
        })
      ).status,
    ).toBe(200);
    const seen = await reply(userId, 'First answer');
    await reply(userId, 'Second answer, after the user left');
    expect(await unreadOf(userId)).toBe(2);

    const marked = await t.call('POST', '/api/MarkRead.php', userId, {
      manager_id: advisorId,
      up_to_id: seen,
    });
    expect(marked.status).toBe(200);
    expect(await unreadOf(userId)).toBe(1);
    const [first, second] = await t.db.sql<{ read: boolean }[]>`
      SELECT read_at IS NOT NULL AS read FROM messages
      WHERE sender = 'manager' AND dialog_id = (SELECT id FROM dialogs WHERE user_id = ${userId})
      ORDER BY id`;
    expect([first!.read, second!.read]).toEqual([true, false]);

    expect(
      (await t.call('POST', '/api/MarkRead.php', userId, { manager_id: advisorId })).status,
    ).toBe(200);
    expect(await unreadOf(userId)).toBe(0);
  });

  it('refuses an up_to_id that is not a message id', async () => {
    const userId = newUserId();
    for (const upTo of [0, -1, 'x', 1.5]) {
      const answer = await t.call('POST', '/api/MarkRead.php', userId, {
        manager_id: advisorId,
        up_to_id: upTo,
      });
      expect(answer.status).toBe(400);
    }
  });
});
