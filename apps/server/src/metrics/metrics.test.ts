/** GET /metrics: Prometheus text with Seer's series, counting real sends and credits; guarded by a token. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUserId, startTestApp, type TestApp } from '../test/harness.js';
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
      'process_resident_memory_bytes',
    ]) {
      expect(response.body).toContain(`# TYPE ${name} `);
    }
    expect(valueOf(response.body, 'seer_open_sockets')).toBe(0);
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
