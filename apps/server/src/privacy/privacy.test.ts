/**
 * Your data: the export and the transcript reach the user's Telegram chat as documents (the fake
 * Bot API takes them as multipart uploads); deleting an account leaves no trace of the person in
 * any table (found from the schema, so a table added later is checked too), keeps balance =
 * ledger, and its confirm token cannot be reused, stale, expired, someone else's or raced.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes, randomUUID } from 'node:crypto';
import { CALLS } from '@seer/contract';
import { startTestApp, TEST_BOT_TOKEN, type TestApp } from '../test/harness.js';
import { aTopUp, aUser, anAdvisor, linkAdvisor } from '../test/builders.js';
import { signInitData } from '../auth/init-data.js';
import { pngImage } from '../images/image-fixtures.js';
import type { UploadedFile } from '../test/fakes/bot-api.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Telegram ids above 2^32, as real ones are: no serial id, amount or count in a test can equal one. */
let nextBigId = 7_000_000_000 + Math.floor(Math.random() * 1_000_000) * 1000;
const aPersonId = () => nextBigId++;

function call(userId: number, name: string, payload: object, user: object = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/api/${name}`,
    headers: {
      authorization: signInitData(TEST_BOT_TOKEN, { id: userId, first_name: 'Quokka', ...user }),
    },
    payload,
  });
}

function get(userId: number, name: string, query: Record<string, string | number>) {
  return t.app.inject({
    method: 'GET',
    url: `/api/${name}`,
    headers: { authorization: t.initData(userId) },
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
  });
}

async function upload(userId: number): Promise<string> {
  const boundary = `----seer${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    pngImage(40, 30),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/UploadImage.php',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: t.initData(userId),
    },
    payload,
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as { image: { id: string } }).image.id;
}

/**
 * A person with something in every corner of Seer, each text carrying `marker`: profile and birth
 * data, money, a paid dialog with an image, the advisor's reply and private note about them, a
 * review, a favourite, spending limits, consent to show birth data, an invite code.
 */
async function aFullLife(
  marker: string,
  advisor: { id: number; telegramId: number },
  options: { safetyAndDisputes?: boolean } = {},
) {
  const person = aPersonId();
  const profile = await call(
    person,
    'UpdateUser.php',
    {
      name: `${marker} Zelda`,
      email: `${marker}@example.com`,
      description: `About ${marker}`,
      dateOfBirth: '1990-04-12',
      timeOfBirth: '06:30',
      birthPlace: 'UTC+03:00',
    },
    { username: `${marker}_user`, last_name: `${marker}son` },
  );
  expect(profile.statusCode).toBe(200);
  await aTopUp(t, person, 2000, { reason: 'stars' });
  expect((await call(person, 'SetSpendingLimits.php', { daily: '50' })).statusCode).toBe(200);
  expect((await call(person, 'AddFavourite.php', { manager_id: advisor.id })).statusCode).toBe(200);
  expect((await call(person, 'SetBirthDataSharing.php', { allowed: true })).statusCode).toBe(200);
  expect((await call(person, 'GetInvite.php', {})).statusCode).toBeLessThan(500);
  const sent = await call(person, 'CreateMessage.php', {
    manager_id: advisor.id,
    message: `My secret: ${marker} dreams`,
    // A send the app may retry: its key is kept with the user's id (migration 037).
    client_id: randomUUID(),
  });
  expect(sent.statusCode).toBe(200);
  const imageId = await upload(person);
  const image = await call(person, 'CreateMessage.php', {
    manager_id: advisor.id,
    message: `${marker} photo`,
    image_id: imageId,
  });
  expect(image.statusCode).toBe(200);
  const reply = await call(advisor.telegramId, 'ManagerSendMessage.php', {
    telegram_user_id: person,
    message: `Dear ${marker}, the cards say yes`,
  });
  expect(reply.statusCode).toBe(200);
  const note = await call(advisor.telegramId, 'ManagerSaveClientNote.php', {
    telegram_user_id: person,
    text: `${marker} likes short answers`,
  });
  expect(note.statusCode).toBe(200);
  const review = await call(person, 'CreateReview.php', {
    manager_id: advisor.id,
    rating: 2,
    text: `${marker} review`,
  });
  expect(review.statusCode).toBe(200);
  if (options.safetyAndDisputes) {
    // Paid messages (past the free ones), a case about one, a report of a reply, a block.
    for (let i = 0; i < 4; i++)
      expect(
        (
          await call(person, 'CreateMessage.php', {
            manager_id: advisor.id,
            message: `more ${marker}`,
          })
        ).statusCode,
      ).toBe(200);
    const [paid] = await t.db.sql<{ id: number }[]>`
      SELECT m.id FROM messages m JOIN dialogs d ON d.id = m.dialog_id
      WHERE d.user_id = ${person} AND m.paid_with = 'balance' ORDER BY m.id LIMIT 1`;
    const dispute = await call(person, 'OpenDispute.php', {
      manager_id: advisor.id,
      message_ids: [paid!.id],
      text: `${marker} complaint`,
    });
    expect(dispute.statusCode).toBe(200);
    const replyId = (reply.json() as { message?: { id: number } }).message?.id;
    const [advisorMessage] = await t.db.sql<{ id: number }[]>`
      SELECT m.id FROM messages m JOIN dialogs d ON d.id = m.dialog_id
      WHERE d.user_id = ${person} AND m.sender = 'manager' ORDER BY m.id LIMIT 1`;
    const report = await call(person, 'ReportMessage.php', {
      message_id: replyId ?? advisorMessage!.id,
      reason: 'other',
      text: `${marker} report`,
    });
    expect(report.statusCode).toBe(200);
    expect((await call(person, 'BlockAdvisor.php', { manager_id: advisor.id })).statusCode).toBe(
      200,
    );
  }
  return person;
}

/** Every column that could hold a person: bigint ids, texts, JSON and arrays — found in the schema. */
async function tracesOf(person: number, marker: string) {
  const columns = await t.db.sql<{ table_name: string; column_name: string; data_type: string }[]>`
    SELECT c.table_name, c.column_name, c.data_type FROM information_schema.columns c
    JOIN information_schema.tables tb ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name
    WHERE c.table_schema = current_schema() AND tb.table_type = 'BASE TABLE'
      AND c.data_type IN ('bigint', 'numeric', 'text', 'character varying', 'jsonb', 'json', 'ARRAY')`;
  expect(columns.length).toBeGreaterThan(100);
  const found: string[] = [];
  for (const { table_name: table, column_name: column, data_type: type } of columns) {
    const where =
      type === 'bigint' || type === 'numeric'
        ? t.db.sql`${t.db.sql(column)} = ${person}`
        : t.db
            .sql`(${t.db.sql(column)}::text ILIKE ${`%${marker}%`} OR ${t.db.sql(column)}::text ~ ${`(^|[^0-9])${person}([^0-9]|$)`})`;
    const [row] = await t.db.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM ${t.db.sql(table)} WHERE ${where}`;
    if (row!.n > 0) found.push(`${table}.${column}`);
  }
  return found;
}

/** Users whose balance differs from the sum of their ledger. */
async function balanceOffLedger() {
  return t.db.sql`
    SELECT u.telegram_id, u.balance_cents, COALESCE(l.sum, 0)::bigint AS ledger
    FROM users u LEFT JOIN (SELECT user_id, sum(amount_cents) AS sum FROM ledger GROUP BY user_id) l
      ON l.user_id = u.telegram_id
    WHERE u.balance_cents <> COALESCE(l.sum, 0)`;
}

async function askDeletion(person: number) {
  const answer = await call(person, 'DeleteAccount.php', {});
  expect(answer.statusCode).toBe(200);
  const body = CALLS.DeleteAccount.answer.parse(answer.json());
  if (body.step !== 'confirm') throw new Error('expected the confirm step');
  return body;
}

let advisorNumber = 0;
async function aLinkedAdvisor() {
  const id = await anAdvisor(t, { name: `Advisor Privacy ${++advisorNumber}`, priceCents: 100 });
  const telegramId = await linkAdvisor(t, id, aPersonId());
  return { id, telegramId };
}

describe('DeleteAccount.php', () => {
  it('leaves no trace of the person in any table, keeps payment records on a tombstone and balance = ledger', async () => {
    const advisor = await aLinkedAdvisor();
    const person = await aFullLife('quokkaone', advisor, { safetyAndDisputes: true });
    const other = await aFullLife('wombatwo', advisor);
    const [wallet] = await t.db.sql<{ balance_cents: number; ledger_rows: number }[]>`
      SELECT balance_cents, (SELECT count(*)::int FROM ledger WHERE user_id = ${person}) AS ledger_rows
      FROM users WHERE telegram_id = ${person}`;
    const [rating] = await t.db.sql<{ review_count: number }[]>`
      SELECT review_count FROM advisors WHERE id = ${advisor.id}`;
    expect(await tracesOf(person, 'quokkaone')).not.toEqual([]);

    const oldInitData = signInitData(TEST_BOT_TOKEN, { id: person, first_name: 'Quokka' });
    const asked = await askDeletion(person);
    expect(asked).toMatchObject({
      balance_cents: wallet!.balance_cents,
      free_messages: expect.any(Number),
      refundable_stars_payments: 0,
    });
    const deleted = await call(person, 'DeleteAccount.php', { confirm_token: asked.confirm_token });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ status: 'success', step: 'deleted' });

    // Only the sign-in revocation keeps the id (it refuses the old init data, decision 034), and
    // the per-user call counters, which hold an id and a time and expire within their hour.
    expect(await tracesOf(person, 'quokkaone')).toEqual([
      'rate_limits.key',
      'sign_in_revocations.telegram_id',
    ]);
    expect(await balanceOffLedger()).toEqual([]);
    const [tombstone] = await t.db.sql<
      { telegram_id: number; balance_cents: number; username: string | null; ledger_rows: number }[]
    >`
      SELECT u.telegram_id, u.balance_cents, u.username,
             (SELECT count(*)::int FROM ledger l WHERE l.user_id = u.telegram_id) AS ledger_rows
      FROM users u JOIN dialogs d ON d.user_id = u.telegram_id
      WHERE u.erased_at IS NOT NULL AND d.advisor_id = ${advisor.id}`;
    expect(tombstone!.telegram_id).toBeLessThan(0);
    expect(tombstone!.balance_cents).toBe(wallet!.balance_cents);
    expect(tombstone!.ledger_rows).toBe(wallet!.ledger_rows);
    const [after] = await t.db.sql<{ review_count: number }[]>`
      SELECT review_count FROM advisors WHERE id = ${advisor.id}`;
    expect(after!.review_count).toBe(rating!.review_count - 1);

    // The other client is untouched; the advisor's list no longer shows the deleted one.
    expect(await tracesOf(other, 'wombatwo')).toContain('messages.text');
    const chats = await get(advisor.telegramId, 'ManagerGetChats.php', {});
    const listed = (chats.json() as { chats: Array<{ telegram_user_id: number }> }).chats.map(
      (c) => c.telegram_user_id,
    );
    expect(listed).toContain(other);
    expect(listed).not.toContain(tombstone!.telegram_id);

    // Init data signed before the deletion is refused; a call with it changes nothing.
    const before = await t.app.inject({
      method: 'POST',
      url: '/api/DeleteAccount.php',
      headers: { authorization: oldInitData },
      payload: { confirm_token: asked.confirm_token },
    });
    expect(before.statusCode).toBe(401);
    expect(before.json()).toMatchObject({ code: 'sign_in_revoked' });
  });

  it('lets the person come back as a new account, without the welcome free messages again', async () => {
    const person = aPersonId();
    expect((await get(person, 'GetUser.php', {})).statusCode).toBe(200);
    const asked = await askDeletion(person);
    expect(
      (await call(person, 'DeleteAccount.php', { confirm_token: asked.confirm_token })).statusCode,
    ).toBe(200);
    const later = Math.floor(Date.now() / 1000) + 2;
    const back = await t.app.inject({
      method: 'GET',
      url: '/api/GetUser.php',
      headers: {
        authorization: signInitData(
          TEST_BOT_TOKEN,
          { id: person, first_name: 'Back' },
          { authDate: later },
        ),
      },
    });
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ balance_cents: 0, free_messages: 0, first_name: 'Back' });
  });

  it("refuses a stale, replaced, expired or another user's token, and changes nothing", async () => {
    const person = await aUser(t, { balanceCents: 500 });
    const stranger = await aUser(t);
    const first = await askDeletion(person);
    const second = await askDeletion(person);
    const strangers = await askDeletion(stranger);
    const refused = async (token: string, reason: RegExp) => {
      const answer = await call(person, 'DeleteAccount.php', { confirm_token: token });
      expect(answer.statusCode).toBe(409);
      expect((answer.json() as { message: string }).message).toMatch(reason);
    };
    await refused(first.confirm_token, /not the latest/);
    await refused(strangers.confirm_token, /not the latest/);
    // The balance changed after the person was shown it.
    await aTopUp(t, person, 100);
    await refused(second.confirm_token, /balance changed/);
    const third = await askDeletion(person);
    expect(third.balance_cents).toBe(600);
    await t.db.sql`UPDATE account_deletion_requests SET expires_at = now() - interval '1 second'
      WHERE telegram_id = ${person}`;
    await refused(third.confirm_token, /expired/);
    const bad = await call(person, 'DeleteAccount.php', { confirm_token: 'short' });
    expect(bad.statusCode).toBe(400);
    expect((await get(person, 'GetUser.php', {})).statusCode).toBe(200);
    // The stranger's own token still works for the stranger.
    const theirs = await call(stranger, 'DeleteAccount.php', {
      confirm_token: strangers.confirm_token,
    });
    expect(theirs.statusCode).toBe(200);
  });

  it('deletes once when confirmed in parallel, and a paid send racing it keeps balance = ledger', async () => {
    const advisor = await aLinkedAdvisor();
    const person = await aUser(t, { balanceCents: 1000 });
    expect(
      (await call(person, 'CreateMessage.php', { manager_id: advisor.id, message: 'first' }))
        .statusCode,
    ).toBe(200);
    const asked = await askDeletion(person);
    const tombstones = async () =>
      (
        await t.db.sql<{ n: number }[]>`
          SELECT count(*)::int AS n FROM users WHERE erased_at IS NOT NULL`
      )[0]!.n;
    const tombstonesBefore = await tombstones();
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () =>
        call(person, 'DeleteAccount.php', { confirm_token: asked.confirm_token }),
      ),
      call(person, 'CreateMessage.php', { manager_id: advisor.id, message: 'racing' }),
    ]);
    const deletions = answers.slice(0, 4).map((a) => a.statusCode);
    expect(deletions.filter((s) => s === 200)).toHaveLength(1);
    for (const status of deletions) expect([200, 401, 409]).toContain(status);
    expect(answers[4]!.statusCode).toBeLessThan(500);
    expect(await tombstones()).toBe(tombstonesBefore + 1);
    expect(await balanceOffLedger()).toEqual([]);
    expect(await t.db.sql`SELECT 1 FROM users WHERE telegram_id = ${person}`).toHaveLength(0);
  });

  it("refuses an advisor's linked account with a clear message while it is linked", async () => {
    const advisor = await aLinkedAdvisor();
    const answer = await call(advisor.telegramId, 'DeleteAccount.php', {});
    expect(answer.statusCode).toBe(409);
    expect((answer.json() as { message: string }).message).toMatch(/linked to the advisor/);
    expect(
      await t.db
        .sql`SELECT 1 FROM account_deletion_requests WHERE telegram_id = ${advisor.telegramId}`,
    ).toHaveLength(0);
  });

  it('ends the sessions of the deleted account', async () => {
    const person = await aUser(t);
    const session = await t.app.inject({
      method: 'POST',
      url: '/api/session',
      headers: { authorization: t.initData(person) },
      payload: {},
    });
    expect(session.statusCode).toBe(200);
    const token = (session.json() as { token: string }).token;
    const asked = await askDeletion(person);
    const deleted = await t.app.inject({
      method: 'POST',
      url: '/api/DeleteAccount.php',
      headers: { authorization: `Bearer ${token}` },
      payload: { confirm_token: asked.confirm_token },
    });
    expect(deleted.statusCode).toBe(200);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/GetUser.php',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(after.statusCode).toBe(401);
  });
});

describe('ExportMyData.php', () => {
  it('sends one JSON document with the profile, ledger, dialogs, reviews and notifications to the user', async () => {
    const advisor = await aLinkedAdvisor();
    const person = await aFullLife('numbatthree', advisor);
    await aFullLife('bilbyfour', advisor);
    const before = t.botApi!.callsOf('sendDocument').length;
    const answer = await call(person, 'ExportMyData.php', {}, { language_code: 'ru' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ status: 'success', delivered: 'chat', file: null });
    const sent = t.botApi!.callsOf('sendDocument').slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.status).toBe(200);
    expect(sent[0]!.params.chat_id).toBe(person);
    expect(String(sent[0]!.params.caption)).toMatch(/Ваши данные/);
    const file = sent[0]!.params.document as UploadedFile;
    expect(file.filename).toMatch(/^seer-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(file.bytes.toString('utf8')) as {
      profile: unknown;
      ledger: unknown[];
      dialogs: Array<{ messages: Array<{ text: string }> }>;
      reviews: unknown[];
      notifications: unknown[];
      images: unknown[];
    };
    expect(data.profile).toMatchObject({
      telegram_id: person,
      name: 'numbatthree Zelda',
      birth_date: '1990-04-12',
    });
    expect(data.ledger).toEqual([expect.objectContaining({ amount_cents: 2000, reason: 'stars' })]);
    expect(data.dialogs[0]!.messages.map((m) => m.text)).toEqual(
      expect.arrayContaining([
        'My secret: numbatthree dreams',
        'Dear numbatthree, the cards say yes',
      ]),
    );
    expect(data.reviews[0]).toMatchObject({ text: 'numbatthree review', rating: 2 });
    expect(data.notifications.length).toBeGreaterThan(0);
    expect(data.images).toHaveLength(1);
    expect(file.bytes.toString('utf8')).not.toContain('bilbyfour');
  });

  it('answers the file for the app to save when the user blocked the bot, and 503 when Telegram fails', async () => {
    const person = await aUser(t, { allowsWriteToPm: true });
    t.botApi!.blockedUsers.add(person);
    const blocked = await call(person, 'ExportMyData.php', {});
    expect(blocked.statusCode).toBe(200);
    const body = CALLS.ExportMyData.answer.parse(blocked.json());
    expect(body.delivered).toBe('download');
    expect(JSON.parse(body.file!.text)).toMatchObject({ telegram_user_id: person });
    const [row] = await t.db.sql<{ allows_write_to_pm: boolean }[]>`
      SELECT allows_write_to_pm FROM users WHERE telegram_id = ${person}`;
    expect(row!.allows_write_to_pm).toBe(false);
    t.botApi!.blockedUsers.delete(person);
    t.botApi!.failNext('sendDocument', 400, 'Bad Request: DOCUMENT_INVALID');
    const failed = await call(person, 'ExportMyData.php', {});
    expect(failed.statusCode).toBe(503);
  });

  it('reaches Telegram at most 3 times an hour per user', async () => {
    const person = await aUser(t);
    const before = t.botApi!.callsOf('sendDocument').length;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => call(person, 'ExportMyData.php', {})),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 429, 429]);
    expect(t.botApi!.callsOf('sendDocument').length - before).toBe(3);
  });
});

describe('SendTranscript.php', () => {
  it("sends the chat as a text document in the user's language", async () => {
    const advisor = await aLinkedAdvisor();
    const person = await aFullLife('dingofive', advisor);
    const before = t.botApi!.callsOf('sendDocument').length;
    const answer = await call(
      person,
      'SendTranscript.php',
      { manager_id: advisor.id },
      { language_code: 'ru' },
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ delivered: 'chat' });
    const [sent] = t.botApi!.callsOf('sendDocument').slice(before);
    const file = sent!.params.document as UploadedFile;
    expect(file.filename).toMatch(/\.txt$/);
    const text = file.bytes.toString('utf8');
    expect(text).toContain(`Seer — чат с экспертом Advisor Privacy`);
    expect(text.indexOf('My secret: dingofive dreams')).toBeLessThan(
      text.indexOf('Dear dingofive, the cards say yes'),
    );
    expect(text).toMatch(/\] Вы:\nMy secret: dingofive dreams/);
    expect(text).toContain('[изображение] dingofive photo');
  });

  it('answers 404 without a chat, 400 on a bad advisor id, and limits sends per user', async () => {
    const advisor = await aLinkedAdvisor();
    const person = await aUser(t, { freeMessages: 20 });
    expect((await call(person, 'SendTranscript.php', { manager_id: advisor.id })).statusCode).toBe(
      404,
    );
    expect((await call(person, 'SendTranscript.php', { manager_id: 'x' })).statusCode).toBe(400);
    expect((await call(person, 'SendTranscript.php', {})).statusCode).toBe(400);
    await call(person, 'CreateMessage.php', { manager_id: advisor.id, message: 'hi' });
    const before = t.botApi!.callsOf('sendDocument').length;
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++)
      statuses.push(
        (await call(person, 'SendTranscript.php', { manager_id: advisor.id })).statusCode,
      );
    // The 404 above took one of the 10 an hour; bad input (400) took none.
    expect(statuses.filter((s) => s === 200)).toHaveLength(9);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
    expect(t.botApi!.callsOf('sendDocument').length - before).toBe(9);
  });
});

describe('SearchMessages.php', () => {
  it("finds the caller's own messages by text, any case, newest first, and nothing of other chats", async () => {
    const advisor = await aLinkedAdvisor();
    const person = await aFullLife('echidnasix', advisor);
    const stranger = await aFullLife('echidnaseven', advisor);
    const found = await get(person, 'SearchMessages.php', {
      manager_id: advisor.id,
      query: 'ECHIDNA',
    });
    expect(found.statusCode).toBe(200);
    const { messages } = CALLS.SearchMessages.answer.parse(found.json());
    expect(messages.map((m) => m.message_text)).toEqual([
      'Dear echidnasix, the cards say yes',
      'echidnasix photo',
      'My secret: echidnasix dreams',
    ]);
    const wildcard = await get(person, 'SearchMessages.php', {
      manager_id: advisor.id,
      query: '%',
    });
    expect(CALLS.SearchMessages.answer.parse(wildcard.json()).messages).toEqual([]);
    const none = await get(stranger, 'SearchMessages.php', {
      manager_id: advisor.id,
      query: 'echidnasix',
    });
    expect(CALLS.SearchMessages.answer.parse(none.json()).messages).toEqual([]);
  });

  it('answers 400 on an empty, blank or too long query and a bad advisor id', async () => {
    const person = await aUser(t);
    for (const query of [
      { manager_id: 1, query: '' },
      { manager_id: 1, query: '   ' },
      { manager_id: 1, query: 'x'.repeat(101) },
      { manager_id: 'a', query: 'x' },
      { query: 'x' },
    ])
      expect(
        (await get(person, 'SearchMessages.php', query as Record<string, string>)).statusCode,
      ).toBe(400);
  });
});
