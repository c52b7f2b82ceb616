/**
 * "Know when you will be answered": the median first-response time computed from message
 * histories, its periodic refresh by one instance at a time, and the field in the answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS, RESPONSE_TIMES } from '@seer/contract';
import { newUserId, startTestApp, type TestApp } from '../test/harness.js';
import { aDialog, anAdvisor, aUser } from '../test/builders.js';
import { connect } from '../db/database.js';
import { ResponseTimesRefresher } from './response-times.js';
import { ConfigError, loadConfig } from '../config.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const DAY = 86_400;

const newAdvisor = (name: string) => anAdvisor(t, { name, categoryId: 1, priceCents: 199 });

/** One dialog's messages in this order, each `secondsAgo` before now. */
async function dialog(
  advisorId: number,
  messages: Array<['user' | 'manager', number]>,
): Promise<Dialog> {
  const d = { userId: await aUser(t), advisorId };
  await aDialog(t, {
    ...d,
    messages: messages.map(([from, secondsAgo]) => ({ from, secondsAgo })),
  });
  return d;
}

type Dialog = { userId: number; advisorId: number };

/** One more message in the dialog. */
const say = (d: Dialog, sender: 'user' | 'manager', secondsAgo: number) =>
  aDialog(t, { ...d, messages: [{ from: sender, secondsAgo }] });

async function stored(advisorId: number) {
  const [row] = await t.db.sql<{ median: number | null; periods: number }[]>`
    SELECT median_response_seconds AS median, response_periods AS periods
    FROM advisors WHERE id = ${advisorId}`;
  return row!;
}

describe('median first-response time', () => {
  it('takes the median over answered waiting periods of the last 30 days, across dialogs', async () => {
    const advisor = await newAdvisor('Median');
    // Dialog 1: answered after 60 s; then two user messages answered 300 s after the first;
    // then a question still waiting (left out).
    await dialog(advisor, [
      ['user', 5000],
      ['manager', 4940],
      ['user', 4000],
      ['user', 3900],
      ['manager', 3700],
      ['user', 100],
    ]);
    // Dialog 2: the dialog's first message, answered after 120 s, and a second answer after 600 s
    // (an advisor's extra message in between does not start a period).
    await dialog(advisor, [
      ['user', 9000],
      ['manager', 8880],
      ['manager', 8000],
      ['user', 7000],
      ['manager', 6400],
    ]);
    // Dialog 3: outside the 30 days (a question 31 days ago answered a day later) does not count.
    await dialog(advisor, [
      ['user', 31 * DAY],
      ['manager', 30 * DAY],
    ]);
    await t.services.advisors.refreshResponseTimes();
    // Periods 60, 300, 120, 600 → percentile_cont(0.5) = (120 + 300) / 2.
    expect(await stored(advisor)).toEqual({ median: 210, periods: 4 });
  });

  it('counts a waiting period once it is answered, with its whole wait', async () => {
    const advisor = await newAdvisor('Late');
    const d = await dialog(advisor, [
      ['user', 4000],
      ['manager', 3990],
      ['user', 3000],
      ['manager', 2990],
      ['user', 2000],
    ]);
    await t.services.advisors.refreshResponseTimes();
    // Two answered periods: below the minimum of three, nothing to show yet.
    expect(RESPONSE_TIMES.minPeriods).toBe(3);
    expect(await stored(advisor)).toEqual({ median: null, periods: 2 });
    await say(d, 'manager', 200); // the waiting question is answered after 1800 s
    await t.services.advisors.refreshResponseTimes();
    expect(await stored(advisor)).toEqual({ median: 10, periods: 3 });
  });

  it('has nothing for an advisor without messages, and writes only changed rows', async () => {
    const advisor = await newAdvisor('Silent');
    await t.services.advisors.refreshResponseTimes();
    expect(await stored(advisor)).toEqual({ median: null, periods: 0 });
    expect((await t.services.advisors.refreshResponseTimes()).changed).toBe(0);
  });
});

describe('the periodic refresh', () => {
  it('is done by the one instance holding the lock; another takes over when it stops', async () => {
    const advisor = await newAdvisor('Periodic');
    const d = await dialog(advisor, [
      ['user', 500],
      ['manager', 470],
      ['user', 400],
      ['manager', 370],
      ['user', 300],
      ['manager', 270],
    ]);
    const log = () => {};
    const second = connect(t.db.url, 3);
    const a = new ResponseTimesRefresher({
      sql: t.db.sql,
      advisors: t.services.advisors,
      intervalMs: 60_000,
      log,
    });
    const b = new ResponseTimesRefresher({
      sql: second,
      advisors: t.services.advisors,
      intervalMs: 60_000,
      log,
    });
    try {
      // At start: one of the two recomputes, the other only reads.
      a.start();
      b.start();
      await expect.poll(() => a.refreshes + b.refreshes).toBe(1);
      await Promise.all([a.tick(), b.tick()]);
      expect([a.isLeader, b.isLeader].filter(Boolean)).toHaveLength(1);
      expect(await stored(advisor)).toEqual({ median: 30, periods: 3 });

      // New answers are seen at the next round.
      await say(d, 'user', 200);
      await say(d, 'manager', 100);
      await say(d, 'user', 90);
      await say(d, 'manager', 0);
      const leader = a.isLeader ? a : b;
      const other = leader === a ? b : a;
      await other.tick();
      expect(await stored(advisor)).toEqual({ median: 30, periods: 3 });
      await leader.tick();
      expect(await stored(advisor)).toEqual({ median: 30, periods: 5 });

      // The leader stops: the other takes the lock at its next tick.
      await leader.stop();
      const before = other.refreshes;
      await other.tick();
      expect(other.isLeader).toBe(true);
      expect(other.refreshes).toBe(before + 1);
    } finally {
      await a.stop();
      await b.stop();
      await second.end({ timeout: 1 });
    }
  });
});

describe('RESPONSE_TIMES_REFRESH_SECONDS', () => {
  it('defaults to 10 minutes and takes whole seconds of 1 or more only', () => {
    expect(loadConfig({}).responseTimesRefreshMs).toBe(600_000);
    expect(loadConfig({ RESPONSE_TIMES_REFRESH_SECONDS: '60' }).responseTimesRefreshMs).toBe(
      60_000,
    );
    for (const bad of ['0', '1.5', 'ten'])
      expect(() => loadConfig({ RESPONSE_TIMES_REFRESH_SECONDS: bad }), bad).toThrow(ConfigError);
  });
});

describe('the field in the answers', () => {
  it('comes with every advisor in GetAllManagers and GetManager, null until known', async () => {
    const advisor = await newAdvisor('Answered');
    await dialog(advisor, [
      ['user', 1000],
      ['manager', 700],
      ['user', 600],
      ['manager', 300],
      ['user', 200],
      ['manager', 0],
    ]);
    await t.services.advisors.refreshResponseTimes();
    const headers = { authorization: t.initData(newUserId()) };
    const list = await t.app.inject({ method: 'GET', url: '/api/GetAllManagers.php', headers });
    const managers = CALLS.GetAllManagers.answer.parse(list.json()).data.managers;
    expect(managers.find((m) => m.manager_id === advisor)?.median_response_seconds).toBe(300);
    // Demo advisors nobody has written to yet have no figure.
    expect(managers[0]?.median_response_seconds).toBeNull();
    const one = await t.app.inject({
      method: 'GET',
      url: `/api/GetManager.php?id=${advisor}`,
      headers,
    });
    expect(CALLS.GetManager.answer.parse(one.json()).manager.median_response_seconds).toBe(300);
  });
});
