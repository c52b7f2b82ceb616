/**
 * npm run bench:api — paid CreateMessage through HTTP with verified init data (8 clients, many users, 10 s),
 * the same transaction straight through the driver (the ceiling), and GetAllManagers requests per second.
 */
import os from 'node:os';
import autocannon from 'autocannon';
import { benchDatabase, fmt, load, request, startServer } from './lib.js';
import { seedDemoData } from '../apps/server/src/demo/seed.js';
import { signInitData } from '../apps/server/src/auth/init-data.js';
import { AdvisorsService } from '../apps/server/src/advisors/advisors.service.js';
import { ChatService } from '../apps/server/src/chat/chat.service.js';
import { ChatRepository } from '../apps/server/src/chat/chat.repository.js';
import { AdvisorsRepository } from '../apps/server/src/advisors/advisors.repository.js';
import { MoneyService } from '../apps/server/src/money/money.service.js';
import { MoneyRepository } from '../apps/server/src/money/money.repository.js';
import { EventBus } from '../apps/server/src/realtime/event-bus.js';
import { NoConnections } from '../apps/server/src/realtime/presence.js';

const BOT_TOKEN = '123456789:BENCH-token-for-seer-benchmarks_abcd';
const USERS = 2000;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CLIENTS = 8;

const db = await benchDatabase();
console.log(
  `bench:api — ${db.kind}, ${USERS} users, ${CLIENTS} clients, ${SECONDS} s per run, load average ${os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}`,
);
await seedDemoData(db.sql);
const advisors = await db.sql<
  { id: number; price_cents: number }[]
>`SELECT id, price_cents FROM advisors ORDER BY id`;
const firstUser = 500_000_000;
await db.sql`
  INSERT INTO users (telegram_id, first_name, balance_cents, free_messages)
  SELECT g, 'Bench', 100000000, 0 FROM generate_series(${firstUser}::bigint, ${firstUser + USERS - 1}::bigint) g`;
await db.sql`
  INSERT INTO ledger (user_id, amount_cents, reason)
  SELECT g, 100000000, 'bench_credit' FROM generate_series(${firstUser}::bigint, ${firstUser + USERS - 1}::bigint) g`;
const initData = Array.from({ length: USERS }, (_, i) =>
  signInitData(BOT_TOKEN, { id: firstUser + i, first_name: 'Bench' }),
);

// The ceiling: the same service call and transaction, no HTTP.
const events = new EventBus();
const advisorsService = new AdvisorsService(
  new AdvisorsRepository(db.sql),
  new NoConnections(),
  events,
);
const money = new MoneyService(db.sql, new MoneyRepository(db.sql), events);
const chat = new ChatService(db.sql, new ChatRepository(db.sql), advisorsService, money, events);
const direct = await load(CLIENTS, SECONDS, async (worker, i) => {
  const user = firstUser + ((worker * 7919 + i * CLIENTS) % USERS);
  const advisor = advisors[(worker + i) % advisors.length]!;
  await chat.sendUserMessage(user, {
    advisorId: advisor.id,
    text: `direct ${i}`,
    requestType: null,
    imageId: null,
  });
  return true;
});

const server = await startServer({
  DATABASE_URL: db.url,
  BOT_TOKEN,
  // The bot's polling stays on this machine: nothing listens on the discard port, so its calls
  // fail at once (and say so in the log) instead of reaching for api.telegram.org.
  BOT_API_URL: 'http://127.0.0.1:9',
  NODE_ENV: 'production',
  FREE_MESSAGES: '0',
});
try {
  const paid = await load(CLIENTS, SECONDS, async (worker, i) => {
    const index = (worker * 7919 + i * CLIENTS + 1) % USERS;
    const advisor = advisors[(worker + i) % advisors.length]!;
    const response = await request(`${server.url}/api/CreateMessage.php`, {
      method: 'POST',
      headers: { authorization: initData[index]!, 'content-type': 'application/json' },
      body: JSON.stringify({ manager_id: advisor.id, message: `paid ${i}` }),
    });
    return response.status === 200 && response.body.includes('"paid_with":"balance"');
  });

  // Reads are driven by autocannon (a Node loop tops out near the server's own rate here).
  const read = async (path: string) =>
    autocannon({
      url: `${server.url}${path}`,
      connections: 50,
      duration: SECONDS,
      headers: { authorization: initData[0]! },
    });
  const managers = await read('/api/GetAllManagers.php');
  const health = await read('/api/health');

  const [ledger] = await db.sql<{ ok: boolean }[]>`
    SELECT bool_and(u.balance_cents = l.sum) AS ok FROM users u
    JOIN (SELECT user_id, sum(amount_cents) AS sum FROM ledger GROUP BY user_id) l ON l.user_id = u.telegram_id`;

  console.log('');
  console.log(
    `direct (driver, no HTTP)    ${fmt(direct.perSecond, 0)} paid messages/s   p50 ${fmt(direct.p50, 2)} ms   p99 ${fmt(direct.p99, 2)} ms`,
  );
  console.log(
    `HTTP CreateMessage (paid)   ${fmt(paid.perSecond, 0)} paid messages/s   p50 ${fmt(paid.p50, 2)} ms   p99 ${fmt(paid.p99, 2)} ms   errors ${paid.errors}`,
  );
  console.log(
    `HTTP / ceiling              ${fmt((paid.perSecond / direct.perSecond) * 100, 0)} %   (target ≥ 60 %, p99 ≤ 15 ms)`,
  );
  console.log(
    `HTTP GetAllManagers         ${fmt(managers.requests.average, 0)} requests/s   p50 ${managers.latency.p50} ms   p99 ${managers.latency.p99} ms   non-2xx ${managers.non2xx}   (target ≥ 20000/s; ${(managers.throughput.average / managers.requests.average / 1024).toFixed(1)} KB each)`,
  );
  console.log(
    `HTTP /api/health (calibration: the smallest route on this machine)   ${fmt(health.requests.average, 0)} requests/s`,
  );
  console.log(`every balance equals its ledger: ${ledger?.ok ? 'yes' : 'NO'}`);
} finally {
  await server.stop();
  await db.close();
}
