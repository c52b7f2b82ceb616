/** Presence: an advisor is online while an advisor socket is open (with a grace period) and not away. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Advisor } from '@seer/contract';
import { newUserId } from '../test/harness.js';
import { startLiveApp, type LiveApp } from '../test/socket-test-kit.js';
import { linkAdvisor } from '../test/builders.js';

let t: LiveApp;
let advisors: Advisor[];
beforeAll(async () => {
  t = await startLiveApp({ presenceOptions: { graceMs: 1500 } });
  advisors = (
    await t.call<{ data: { managers: Advisor[] } }>('GET', '/api/GetAllManagers.php', newUserId())
  ).body.data.managers;
});
afterAll(async () => {
  await t?.close();
});

async function isOnline(advisorId: number): Promise<boolean> {
  const one = await t.call<{ manager: Advisor }>(
    'GET',
    `/api/GetManager.php?id=${advisorId}`,
    newUserId(),
  );
  const all = await t.call<{ data: { managers: Advisor[] } }>(
    'GET',
    '/api/GetAllManagers.php',
    newUserId(),
  );
  const listed = all.body.data.managers.find((a) => a.id === advisorId)!.isOnline;
  // Every answer that carries isOnline must agree.
  expect(listed).toBe(one.body.manager.isOnline);
  return one.body.manager.isOnline;
}

describe('presence', () => {
  it('follows the advisor socket, survives a quick reconnect, and honours "away"', async () => {
    const advisor = advisors.find((a) => a.category_id === 4)!;
    const advisorTelegramId = await linkAdvisor(t, advisor.id);
    expect(await isOnline(advisor.id)).toBe(false);

    const userId = newUserId();
    const watcher = await t.connect(userId);
    watcher.send({ type: 'subscribe_dialog', telegram_user_id: userId, manager_id: advisor.id });
    await watcher.next('subscribed');
    expect((await watcher.next('presence')).data).toEqual({
      manager_id: advisor.id,
      isOnline: false,
    });

    const first = await t.connect(advisorTelegramId);
    first.send({
      type: 'manager_connect',
      user_id: advisorTelegramId,
      data: { manager_id: advisor.id, role: 'manager' },
    });
    await first.next('connected');
    expect((await watcher.next('presence')).data).toEqual({
      manager_id: advisor.id,
      isOnline: true,
    });
    expect(await isOnline(advisor.id)).toBe(true);

    // A second device, then the first one drops and comes back within the grace period: no flicker.
    const second = await t.connect(advisorTelegramId);
    second.send({ type: 'manager_connect', user_id: advisorTelegramId });
    await second.next('connected');
    first.close();
    second.close();
    const droppedAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const again = await t.connect(advisorTelegramId);
    again.send({ type: 'manager_connect', user_id: advisorTelegramId });
    await again.next('connected');
    expect(Date.now() - droppedAt, 'reconnected within the grace period').toBeLessThan(1500);
    await new Promise((resolve) => setTimeout(resolve, 1600 - (Date.now() - droppedAt)));
    await watcher.roundTrip();
    expect(watcher.all('presence').map((f) => f.data.isOnline)).toEqual([false, true]);
    expect(await isOnline(advisor.id)).toBe(true);

    // Away while connected: offline for everyone.
    const away = await t.call('POST', '/api/ManagerSetStatus.php', advisorTelegramId, {
      online: false,
    });
    expect(away.status).toBe(200);
    expect((await watcher.next('presence')).data.isOnline).toBe(false);
    expect(await isOnline(advisor.id)).toBe(false);
    await t.call('POST', '/api/ManagerSetStatus.php', advisorTelegramId, { online: true });
    expect((await watcher.next('presence')).data.isOnline).toBe(true);

    // The last socket closes: offline once the grace period is over.
    const closedAt = Date.now();
    again.close();
    expect((await watcher.next('presence')).data.isOnline).toBe(false);
    expect(Date.now() - closedAt).toBeGreaterThanOrEqual(1400);
    expect(await isOnline(advisor.id)).toBe(false);
    watcher.close();
  });

  it('counts only manager_connect sockets, not the same person using the app as a user', async () => {
    const advisor = advisors.find((a) => a.category_id === 5)!;
    // The admin command links from another process: the builder skips the lists' one-second cache.
    const telegramId = await linkAdvisor(t, advisor.id);
    const socket = await t.connect(telegramId);
    socket.send({ type: 'user_connect', user_id: telegramId });
    await socket.next('connected');
    expect(await isOnline(advisor.id)).toBe(false);
    socket.close();
  });
});
