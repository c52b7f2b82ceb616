/**
 * The app's notifications (v2): every noticed ledger row (whatever its reason) written with the
 * row, advisors' replies folded per dialog while unread, unread marks, mark-read, the dialog read
 * in the chat, and the live `notification` frame with the unread count.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS, type FeedNotification } from '@seer/contract';
import { newUserId } from '../test/harness.js';
import { startLiveApp, type LiveApp } from '../test/socket-test-kit.js';
import { anAdvisor } from '../test/builders.js';
import { LEDGER_REASONS, type LedgerReason } from '../money/money.service.js';

let t: LiveApp;
let advisorId: number;
beforeAll(async () => {
  t = await startLiveApp({ seed: false });
  advisorId = await anAdvisor(t, { name: 'Feed Advisor', priceCents: 100 });
});
afterAll(async () => {
  await t?.close();
});

async function feed(userId: number) {
  const answer = await t.call('GET', '/api/GetNotifications.php?v=2', userId);
  expect(answer.status).toBe(200);
  return CALLS.GetNotifications.answer.parse(answer.body) as {
    notifications: FeedNotification[];
    unread: number;
  };
}

/** A user who has written to the advisor once (so the advisor may reply). */
async function userInDialog(): Promise<number> {
  const userId = newUserId();
  const sent = await t.call('POST', '/api/CreateMessage.php', userId, {
    manager_id: advisorId,
    message: 'Hello',
  });
  expect(sent.status).toBe(200);
  return userId;
}

async function advisorReplies(userId: number, text = 'The cards say yes') {
  const advisor = (await t.services.advisors.find(advisorId))!;
  await t.services.chat.sendAdvisorMessage(advisor, userId, text);
}

const eventually = async <T>(probe: () => Promise<T | undefined>, timeoutMs = 5000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('not within time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe('money notifications', () => {
  it('are written for every noticed reason, a reason the app does not know included, and not for message charges', async () => {
    const userId = await userInDialog();
    await t.services.money.change({
      userId,
      reason: LEDGER_REASONS.adminCredit,
      amountCents: 250,
    });
    // A reason added later by another feature (the observer is generic over reasons).
    await t.services.money.change({
      userId,
      reason: 'referral_bonus' as LedgerReason,
      freeMessagesDelta: 2,
    });
    const { notifications, unread } = await feed(userId);
    expect(unread).toBe(2);
    expect(notifications.map((n) => [n.kind, n.reason, n.amount_cents, n.free_messages])).toEqual([
      ['money', 'referral_bonus', 0, 2],
      ['money', 'admin_credit', 250, 0],
    ]);
    expect(notifications[1]).toMatchObject({ unread: true, link: '/balance', manager_id: null });
  });

  it('arrive live, with the unread count, right after the commit', async () => {
    const userId = await userInDialog();
    const socket = await t.connect(userId);
    socket.send({ type: 'user_connect', user_id: userId });
    await socket.next('connected');
    await t.services.money.change({ userId, reason: LEDGER_REASONS.testPayment, amountCents: 700 });
    const frame = await socket.next('notification');
    expect(frame.data).toMatchObject({
      unread: 1,
      removed: [],
      notification: { kind: 'money', reason: 'test_payment', amount_cents: 700, unread: true },
    });
    expect(frame.data.notification).toEqual((await feed(userId)).notifications[0]);
  });

  it('are not written when the credit rolls back', async () => {
    const userId = await userInDialog();
    await expect(
      t.services.money.transaction(async (money) => {
        await money.apply({ userId, reason: LEDGER_REASONS.adminCredit, amountCents: 100 });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await feed(userId)).notifications).toEqual([]);
  });
});

describe('reply notifications', () => {
  it('one per dialog while unread, bumped by each reply, live with the unread count; read on opening', async () => {
    const userId = await userInDialog();
    const socket = await t.connect(userId);
    socket.send({ type: 'user_connect', user_id: userId });
    await socket.next('connected');

    await advisorReplies(userId, 'one');
    const first = await socket.next('notification', (f) => f.data.notification?.kind === 'reply');
    expect(first.data.unread).toBe(1);
    expect(first.data.notification).toMatchObject({
      kind: 'reply',
      count: 1,
      manager_id: advisorId,
      advisor_name: 'Feed Advisor',
      link: `/chat/${advisorId}`,
      unread: true,
    });
    await advisorReplies(userId, 'two');
    const second = await socket.next('notification', (f) => f.data.notification?.kind === 'reply');
    expect(second.data.unread).toBe(1);
    expect(second.data.notification).toMatchObject({ id: first.data.notification!.id, count: 2 });

    const before = await feed(userId);
    expect(before.notifications.filter((n) => n.kind === 'reply')).toHaveLength(1);
    const read = await t.call('POST', '/api/MarkNotificationsRead.php', userId, {
      up_to: before.notifications[0]!.created_at,
    });
    expect(read.body).toEqual({ status: 'success', unread: 0 });
    expect(
      (await socket.next('notification', (f) => f.data.notification === null)).data.unread,
    ).toBe(0);
    const after = await feed(userId);
    expect(after.unread).toBe(0);
    expect(after.notifications.every((n) => !n.unread)).toBe(true);

    // A reply after that is a new notification, unread.
    await advisorReplies(userId, 'three');
    const third = await socket.next('notification', (f) => f.data.notification?.kind === 'reply');
    expect(third.data.notification!.id).not.toBe(first.data.notification!.id);
    expect(third.data.unread).toBe(1);
  });

  it('a reply bumped after the time the app showed stays unread', async () => {
    const userId = await userInDialog();
    await advisorReplies(userId, 'one');
    const shown = await eventually(async () => {
      const list = await feed(userId);
      return list.notifications.find((n) => n.kind === 'reply');
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    await advisorReplies(userId, 'two');
    await eventually(async () =>
      (await feed(userId)).notifications.find((n) => n.kind === 'reply' && n.count === 2),
    );
    await t.call('POST', '/api/MarkNotificationsRead.php', userId, { up_to: shown.created_at });
    expect((await feed(userId)).unread).toBe(1);
  });

  it('goes when the user reads the dialog in the chat, live', async () => {
    const userId = await userInDialog();
    const socket = await t.connect(userId);
    socket.send({ type: 'user_connect', user_id: userId });
    await socket.next('connected');
    await advisorReplies(userId);
    const written = await socket.next('notification', (f) => f.data.notification !== null);
    await t.services.money.change({
      userId,
      reason: LEDGER_REASONS.adminCredit,
      amountCents: 100,
    });
    expect(
      (await t.call('POST', '/api/MarkRead.php', userId, { manager_id: advisorId })).status,
    ).toBe(200);
    const gone = await socket.next('notification', (f) => f.data.removed.length > 0);
    expect(gone.data).toEqual({
      unread: 1,
      notification: null,
      removed: [written.data.notification!.id],
    });
    expect((await feed(userId)).notifications.map((n) => n.kind)).toEqual(['money']);
  });

  it('refuses a malformed up_to', async () => {
    const userId = newUserId();
    const answer = await t.call('POST', '/api/MarkNotificationsRead.php', userId, {
      up_to: 'yesterday',
    });
    expect(answer.status).toBe(400);
  });
});
