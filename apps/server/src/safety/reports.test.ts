/**
 * Reports and staff decisions (decision 048): once per person and thing (also in parallel), only
 * the other party's messages, never oneself; the threshold of distinct reporters holds an advisor
 * out of the catalogue and hides the reported messages until review; each decision is audited;
 * a warning reaches the reported party through the fake Bot API; suspending a user ends their
 * sessions and sockets and refuses every sign-in until lifted; suspending an advisor revokes
 * their workspace.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@seer/contract';
import { TEST_BOT_TOKEN } from '../test/harness.js';
import { startLiveApp, type LiveApp } from '../test/socket-test-kit.js';
import { aDialog, aUser, anAdvisor } from '../test/builders.js';
import { FakeBotApi } from '../test/fakes/bot-api.js';

const ADMIN_ID = 777_048_001;
let t: LiveApp;
let fake: FakeBotApi;

beforeAll(async () => {
  fake = await FakeBotApi.start(TEST_BOT_TOKEN);
  t = await startLiveApp({
    seed: false,
    env: {
      BOT_API_URL: fake.url,
      PUBLIC_URL: 'https://seer.example',
      ADMIN_TELEGRAM_IDS: String(ADMIN_ID),
      REPORT_HIDE_THRESHOLD: '2',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const get = (userId: number, path: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/${path}`,
    headers: { authorization: t.initData(userId) },
  });

async function anAdvisorAccount() {
  const account = await aUser(t, { allowsWriteToPm: true, languageCode: 'ru' });
  const advisorId = await anAdvisor(t, { linkedTelegramId: account });
  return { advisorId, account };
}

/** A dialog of a new user with the advisor: the user's message, then the advisor's. */
async function aConversation(advisorId: number) {
  const userId = await aUser(t, { allowsWriteToPm: true });
  await aDialog(t, {
    advisorId,
    userId,
    messages: [
      { from: 'user', secondsAgo: 30 },
      { from: 'manager', secondsAgo: 20 },
    ],
  });
  const rows = await t.db.sql<{ id: number; sender: string }[]>`
    SELECT m.id::int, m.sender FROM messages m JOIN dialogs d ON d.id = m.dialog_id
    WHERE d.user_id = ${userId} AND d.advisor_id = ${advisorId} ORDER BY m.id`;
  return { userId, userMessage: rows[0]!.id, advisorMessage: rows[1]!.id };
}

const report = (userId: number, messageId: number, reason = 'spam') =>
  t.post(userId, 'ReportMessage.php', { message_id: messageId, reason });
const decide = (reportId: number, action: string, note?: string) =>
  t.post(ADMIN_ID, 'AdminDecideReport.php', {
    report_id: reportId,
    action,
    ...(note ? { note } : {}),
  });
const catalogue = async (userId: number) =>
  (
    (await get(userId, 'GetAllManagers.php')).json() as { data: { managers: { id: number }[] } }
  ).data.managers.map((m) => m.id);
const queue = async () =>
  (await get(ADMIN_ID, 'AdminReports.php')).json().reports as Array<{
    id: number;
    message_id: number | null;
    advisor_held: boolean;
    context: Array<{ id: number; hidden: boolean; reported: boolean }>;
  }>;

describe('reporting', () => {
  it('takes one report per person and message, also when sent in parallel', async () => {
    const { advisorId } = await anAdvisorAccount();
    const { userId, advisorMessage } = await aConversation(advisorId);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => report(userId, advisorMessage)),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const a of answers.filter((a) => a.statusCode !== 200)) {
      expect(a.statusCode).toBe(409);
      expect(a.json().code).toBe(ERROR_CODES.alreadyReported);
    }
    expect((await report(userId, advisorMessage, 'abuse')).statusCode).toBe(409);
    const [row] = await t.db
      .sql`SELECT count(*)::int AS n FROM reports WHERE reporter_id = ${userId}`;
    expect(row!.n).toBe(1);
  });

  it('takes only the other party’s messages of one’s own dialogs; never one’s own advisor', async () => {
    const { advisorId, account } = await anAdvisorAccount();
    const { userId, userMessage, advisorMessage } = await aConversation(advisorId);
    expect((await report(userId, userMessage)).statusCode).toBe(400);
    expect((await report(account, advisorMessage)).statusCode).toBe(400);
    expect((await report(await aUser(t), advisorMessage)).statusCode).toBe(404);
    expect((await report(userId, 9_000_000_000)).statusCode).toBe(404);
    expect(
      (await t.post(userId, 'ReportMessage.php', { message_id: advisorMessage, reason: 'rude' }))
        .statusCode,
    ).toBe(400);
    // The advisor reports the client's message.
    const byAdvisor = await report(account, userMessage, 'off_platform_payment');
    expect(byAdvisor.statusCode).toBe(200);
    // An advisor cannot report itself from the account it is linked to.
    const self = await t.post(account, 'ReportAdvisor.php', {
      manager_id: advisorId,
      reason: 'other',
    });
    expect(self.statusCode).toBe(403);
    expect(self.json().code).toBe(ERROR_CODES.ownAdvisor);
    const first = await t.post(userId, 'ReportAdvisor.php', {
      manager_id: advisorId,
      reason: 'other',
      text: 'Asked for my card',
    });
    expect(first.statusCode).toBe(200);
    expect(
      (await t.post(userId, 'ReportAdvisor.php', { manager_id: advisorId, reason: 'spam' }))
        .statusCode,
    ).toBe(409);
  });
});

describe('the threshold and staff review', () => {
  it('holds an advisor reported by two distinct users and hides the reported messages until reviewed', async () => {
    const { advisorId, account } = await anAdvisorAccount();
    const a = await aConversation(advisorId);
    const b = await aConversation(advisorId);
    const bystander = await aUser(t);
    // The advisor's reported message is the last of each dialog, so the chat lists show its text.
    for (const c of [a, b]) {
      await t.db
        .sql`UPDATE messages SET text = 'Pay me on my own card' WHERE id = ${c.advisorMessage}`;
      await t.db.sql`UPDATE dialogs SET last_message_text = 'Pay me on my own card'
        WHERE user_id = ${c.userId} AND advisor_id = ${advisorId}`;
    }
    const preview = async (userId: number) =>
      (
        (await get(userId, 'GetAllChats.php')).json().chats as {
          manager_id: number;
          last_message: string;
        }[]
      ).find((chat) => chat.manager_id === advisorId)?.last_message;
    const advisorsPreview = async (userId: number) =>
      (
        (await get(account, 'ManagerGetChats.php')).json().chats as {
          telegram_user_id: number;
          last_message: string;
        }[]
      ).find((chat) => chat.telegram_user_id === userId)?.last_message;
    expect(await preview(a.userId)).toBe('Pay me on my own card');
    expect((await report(a.userId, a.advisorMessage)).statusCode).toBe(200);
    // One reporter, however often: not held.
    expect(await catalogue(bystander)).toContain(advisorId);
    expect((await report(b.userId, b.advisorMessage, 'abuse')).statusCode).toBe(200);

    expect(await catalogue(bystander)).not.toContain(advisorId);
    const history = (await get(a.userId, `GetAllMessages.php?manager_id=${advisorId}`)).json()
      .messages;
    expect(history.map((m: { id: number }) => m.id)).toEqual([a.userMessage]);
    const workspace = (
      await get(account, `ManagerGetMessages.php?telegram_user_id=${b.userId}`)
    ).json().messages;
    expect(workspace.map((m: { id: number }) => m.id)).toEqual([b.userMessage]);
    // Nor do the chat lists show a hidden message's text: the latest visible one stands in.
    expect(await preview(a.userId)).toBe('hello');
    expect(await advisorsPreview(b.userId)).toBe('hello');

    // Staff see the messages in context, hidden ones marked.
    const open = (await queue()).filter(
      (r) => r.message_id === a.advisorMessage || r.message_id === b.advisorMessage,
    );
    expect(open).toHaveLength(2);
    expect(open[0]!.advisor_held).toBe(true);
    expect(open[0]!.context.find((m) => m.reported)).toMatchObject({ hidden: true });

    // Dismissing one review releases the hold (one open reporter left) and brings that message back.
    const dismissed = await decide(
      open.find((r) => r.message_id === a.advisorMessage)!.id,
      'dismiss',
      'Nothing wrong',
    );
    expect(dismissed.json()).toEqual({ status: 'success', closed: 1 });
    expect(await catalogue(bystander)).toContain(advisorId);
    expect(
      (await get(a.userId, `GetAllMessages.php?manager_id=${advisorId}`)).json().messages,
    ).toHaveLength(2);
    expect(await preview(a.userId)).toBe('Pay me on my own card');
    // The other reported message stays hidden until its own report is reviewed: staff hide it for good.
    const hidden = await decide(open.find((r) => r.message_id === b.advisorMessage)!.id, 'hide');
    expect(hidden.statusCode).toBe(200);
    expect(
      (await get(b.userId, `GetAllMessages.php?manager_id=${advisorId}`)).json().messages,
    ).toHaveLength(1);
    expect(await preview(b.userId)).toBe('hello');
    // Decided once: a second decision is refused and changes nothing.
    const again = await decide(open[0]!.id, 'warn');
    expect(again.statusCode).toBe(409);

    const audit = await t.db.sql<{ action: string }[]>`
      SELECT action FROM admin_audit WHERE details->>'advisorId' = ${String(advisorId)} ORDER BY id`;
    expect(audit.map((r) => r.action)).toEqual(['report-dismiss', 'report-hide']);
  });

  it('warns the reported advisor in their language through the bot', async () => {
    const { advisorId, account } = await anAdvisorAccount();
    const { userId, advisorMessage } = await aConversation(advisorId);
    const reportId = (await report(userId, advisorMessage, 'off_platform_payment')).json()
      .report_id;
    expect((await decide(reportId, 'warn', 'Payments go through Seer only.')).statusCode).toBe(200);
    const warning = await fake.waitFor(
      () => fake.acceptedCallsOf('sendMessage').find((c) => c.params.chat_id === account),
      10_000,
    );
    expect(String(warning?.params.text)).toMatch(/^Команда Seer рассмотрела жалобу.*в обход Seer/s);
    expect(String(warning?.params.text)).toContain('Payments go through Seer only.');
  });
});

describe('suspension', () => {
  it('of a user ends their sessions and sockets at once and refuses every sign-in until lifted', async () => {
    const { advisorId, account } = await anAdvisorAccount();
    const { userId, userMessage } = await aConversation(advisorId);
    const session = await t.app.inject({
      method: 'POST',
      url: '/api/session',
      headers: { authorization: t.initData(userId) },
    });
    expect(session.statusCode).toBe(200);
    const token = session.json().token as string;
    const socket = await t.connect(userId);
    const reportId = (await report(account, userMessage, 'abuse')).json().report_id;

    expect((await decide(reportId, 'suspend_user', 'Threats')).statusCode).toBe(200);
    expect((await socket.closed).code).toBe(4401);
    const call = await t.app.inject({
      method: 'GET',
      url: '/api/GetUser.php',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(call.statusCode).toBe(401);
    // Init data Telegram signs after the suspension is refused too (unlike end-sessions).
    await new Promise((r) => setTimeout(r, 1100));
    const fresh = await get(userId, 'GetUser.php');
    expect(fresh.statusCode).toBe(403);
    expect(fresh.json().code).toBe(ERROR_CODES.accountSuspended);
    const restart = await t.app.inject({
      method: 'POST',
      url: '/api/session',
      headers: { authorization: t.initData(userId) },
    });
    expect(restart.statusCode).toBe(403);

    const lifted = await t.post(ADMIN_ID, 'AdminLiftSuspension.php', { telegram_user_id: userId });
    expect(lifted.json()).toEqual({ status: 'success', lifted: true });
    await new Promise((r) => setTimeout(r, 1100));
    expect((await get(userId, 'GetUser.php')).statusCode).toBe(200);
    const audit = await t.db.sql<{ action: string }[]>`
      SELECT action FROM admin_audit WHERE details->>'userId' = ${String(userId)} OR details->>'telegramId' = ${String(userId)} ORDER BY id`;
    expect(audit.map((r) => r.action)).toEqual(['report-suspend-user', 'lift-suspension']);
  });

  it('of an advisor takes them out of the catalogue and closes their workspace sockets', async () => {
    const { advisorId, account } = await anAdvisorAccount();
    const { userId } = await aConversation(advisorId);
    const socket = await t.connect(account);
    socket.send({ type: 'manager_connect', user_id: account });
    expect((await socket.next('connected')).manager_id).toBe(advisorId);
    const reportId = (
      await t.post(userId, 'ReportAdvisor.php', { manager_id: advisorId, reason: 'abuse' })
    ).json().report_id;
    expect((await decide(reportId, 'suspend_advisor')).statusCode).toBe(200);
    expect((await socket.closed).code).toBe(4403);
    expect(await catalogue(await aUser(t))).not.toContain(advisorId);
    expect((await get(account, 'ManagerGetChats.php')).statusCode).toBe(403);
  });
});
