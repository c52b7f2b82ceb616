/** GET /metrics: Prometheus text with Seer's series, counting real sends and credits; guarded by a token. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, newUserId, startTestApp, type TestApp } from '../test/harness.js';
import { NoticeOutboxRepository } from '../bot/notice-outbox.repository.js';
import { LEDGER_REASONS } from '../money/money.service.js';
import { Metrics } from './metrics.js';

const TOKEN = 'metrics-token-for-tests-0123456789';
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { METRICS_TOKEN: TOKEN } });
});
afterAll(async () => {
  await t?.close();
});

async function scrape(app: TestApp, authorization = `Bearer ${TOKEN}`) {
  return app.app.inject({ method: 'GET', url: '/metrics', headers: { authorization } });
}

/** The value of one series line, e.g. `seer_messages_sent_total{paid="false"}`; 0 when absent. */
function valueOf(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('GET /metrics', () => {
  it('answers Prometheus text with every series an operator watches', async () => {
    const response = await scrape(t);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    for (const name of [
      'seer_http_request_duration_seconds',
      'seer_messages_sent_total',
      'seer_balance_changes_total',
      'seer_balance_change_cents_total',
      'seer_open_sockets',
      'seer_deposit_watcher_polls_total',
      'seer_deposit_watcher_lag_seconds',
      'seer_deposit_watcher_last_success_timestamp_seconds',
      'seer_bot_notices_total',
      'seer_bot_outbox_due',
      'seer_bot_outbox_oldest_due_seconds',
      'seer_database_up',
      'seer_paid_send_batches_total',
      'seer_paid_send_batched_sends_total',
      'seer_paid_send_queue_seconds_total',
      'seer_paid_send_database_seconds_total',
      'process_resident_memory_bytes',
    ]) {
      expect(response.body).toContain(`# TYPE ${name} `);
    }
    expect(valueOf(response.body, 'seer_open_sockets')).toBe(0);
    expect(valueOf(response.body, 'seer_database_up')).toBe(1);
  });

  it("reads the database's availability and the bot outbox's backlog at each scrape", async () => {
    let away = false;
    let up = true;
    const metrics = new Metrics({
      openSockets: () => 0,
      databaseUp: async () => up,
      outboxBacklog: async () => {
        if (away) throw new Error('connection refused');
        return { due: 3, oldestDueSeconds: 42.5 };
      },
    });
    let text = (await metrics.render()).body;
    expect(valueOf(text, 'seer_database_up')).toBe(1);
    expect(valueOf(text, 'seer_bot_outbox_due')).toBe(3);
    expect(valueOf(text, 'seer_bot_outbox_oldest_due_seconds')).toBe(42.5);
    // The database away: the scrape still answers, says so, and the backlog is unknown (NaN).
    up = false;
    away = true;
    await new Promise((resolve) => setTimeout(resolve, 150)); // past the read shared by one scrape
    text = (await metrics.render()).body;
    expect(valueOf(text, 'seer_database_up')).toBe(0);
    expect(valueOf(text, 'seer_bot_outbox_due')).toBeNaN();
    expect(valueOf(text, 'seer_bot_outbox_oldest_due_seconds')).toBeNaN();
  });

  it('counts the notices due in the outbox, and how long the oldest has waited', async () => {
    const db = await createTestDatabase();
    try {
      const outbox = new NoticeOutboxRepository(db.sql);
      expect(await outbox.backlog()).toEqual({ due: 0, oldestDueSeconds: 0 });
      await outbox.insert({ chatId: 1, text: 'one', replyMarkup: null });
      await outbox.insert({ chatId: 2, text: 'two', replyMarkup: null });
      const backlog = await outbox.backlog();
      expect(backlog.due).toBe(2);
      expect(backlog.oldestDueSeconds).toBeGreaterThanOrEqual(0);
      expect(backlog.oldestDueSeconds).toBeLessThan(60);
    } finally {
      await db.close();
    }
  });

  it('counts sends, credits by reason and HTTP latency by route pattern', async () => {
    const userId = newUserId();
    const advisor = (await t.services.advisors.list())[0]!;
    const before = (await scrape(t)).body;
    const send = await t.app.inject({
      method: 'POST',
      url: '/api/CreateMessage.php',
      headers: { authorization: t.initData(userId) },
      payload: { manager_id: advisor.id, message: 'hello' },
    });
    expect(send.statusCode).toBe(200);
    await t.services.money.change({
      userId,
      reason: LEDGER_REASONS.adminCredit,
      amountCents: 1250,
    });
    const after = (await scrape(t)).body;
    const free = 'seer_messages_sent_total{paid="false"}';
    expect(valueOf(after, free) - valueOf(before, free)).toBe(1);
    const credits = 'seer_balance_change_cents_total{reason="admin_credit",direction="credit"}';
    expect(valueOf(after, credits) - valueOf(before, credits)).toBe(1250);
    expect(after).toMatch(
      /seer_http_request_duration_seconds_count\{method="POST",route="\/api\/CreateMessage\.php",status="2xx"\} [1-9]/,
    );
  });

  it('asks for the token when one is set', async () => {
    expect((await scrape(t, '')).statusCode).toBe(401);
    expect((await scrape(t, 'Bearer wrong-token-wrong-token-00')).statusCode).toBe(401);
  });

  it('is open without a token outside production and absent in production', async () => {
    const open = await startTestApp({ seed: false });
    const production = await startTestApp({
      seed: false,
      env: { NODE_ENV: 'production', PUBLIC_URL: 'https://seer.example' },
    });
    try {
      expect((await open.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
      const hidden = await production.app.inject({ method: 'GET', url: '/metrics' });
      expect(hidden.statusCode).toBe(404);
    } finally {
      await open.close();
      await production.close();
    }
  });
});

describe('the deposit watcher and bot notice series', () => {
  it('measures the lag since the last successful poll and counts notices by result', async () => {
    let now = 1_000_000;
    const metrics = new Metrics({ openSockets: () => 7, now: () => now });
    metrics.depositPoll('ok');
    now += 45_000;
    metrics.depositPoll('failed');
    metrics.botNotice('sent');
    metrics.botNotice('blocked');
    const { body } = await metrics.render();
    expect(valueOf(body, 'seer_deposit_watcher_lag_seconds')).toBe(45);
    expect(valueOf(body, 'seer_deposit_watcher_last_success_timestamp_seconds')).toBe(1000);
    expect(valueOf(body, 'seer_deposit_watcher_polls_total{result="failed"}')).toBe(1);
    expect(valueOf(body, 'seer_bot_notices_total{result="blocked"}')).toBe(1);
    expect(valueOf(body, 'seer_open_sockets')).toBe(7);
  });
});

describe('the paid sends series', () => {
  it("reads the group commit's totals at each scrape, as counters that only go up", async () => {
    const metrics = new Metrics({ openSockets: () => 0 });
    const totals = { batches: 2, sends: 5, queueSeconds: 0.5, databaseSeconds: 1.25 };
    metrics.watchPaidSends(() => totals);
    let { body } = await metrics.render();
    expect(valueOf(body, 'seer_paid_send_batches_total')).toBe(2);
    expect(valueOf(body, 'seer_paid_send_batched_sends_total')).toBe(5);
    expect(valueOf(body, 'seer_paid_send_queue_seconds_total')).toBe(0.5);
    expect(valueOf(body, 'seer_paid_send_database_seconds_total')).toBe(1.25);
    Object.assign(totals, { batches: 3, sends: 9, queueSeconds: 0.75, databaseSeconds: 2 });
    ({ body } = await metrics.render());
    expect(valueOf(body, 'seer_paid_send_batches_total')).toBe(3);
    expect(valueOf(body, 'seer_paid_send_batched_sends_total')).toBe(9);
    expect(valueOf(body, 'seer_paid_send_queue_seconds_total')).toBe(0.75);
    expect(valueOf(body, 'seer_paid_send_database_seconds_total')).toBe(2);
  });
});
