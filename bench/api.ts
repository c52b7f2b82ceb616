/**
 * npm run bench:api — the paid send and the catalogue through HTTP, against the pgbench ceiling
 * measured in the same run on the same PostgreSQL (docs/decisions/031-where-the-time-goes.md):
 *  1. pgbench: the paid send's six statements as one transaction per message, with 8 and with 16
 *     clients; the better of the two is the database's ceiling;
 *  2. the same send through the service in this process (no HTTP), group commit on;
 *  3. paid CreateMessage through HTTP with verified init data, group commit on (the server as
 *     `npm start` runs it), then the same with group commit off (PAID_SEND_BATCH=1): before and
 *     after in one run, with the CPU of the server, of PostgreSQL and of this client per message
 *     and what the database's backends waited on. The client (bench/light-client.ts) keeps 8
 *     connections alive, each sending its next message when the last is answered (a closed
 *     loop, as pgbench's clients), with requests built before the run; every user has called
 *     once before the measured run, as a Mini App does when it opens. Group commit on is measured
 *     again with 16 connections, as pgbench is: with 8 the loop waits on each answer's round
 *     trip with CPU to spare (decision 058). Under each run, where the server's own counters say
 *     a send's time went: waiting for its batch, in the database, and in HTTP and the handler
 *     (GET /metrics before and after; decision 060);
 *  4. GetAllManagers (with Accept-Encoding gzip, as every browser sends it, and without) and
 *     /api/health requests per second (the light client, 32 connections), with the server's
 *     CPU per request.
 * BENCH_PROFILE=1 also writes a V8 CPU profile of the server under the paid send to
 * bench/out/api-server.cpuprofile and prints where its time went (bench/profile-summary.ts), and
 * lists the statements the database ran per paid message (pg_stat_statements, loaded into the
 * embedded PostgreSQL for the run).
 * BENCH_SECONDS (default 10) sets each run's length.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BENCH_BOT_TOKEN,
  benchDatabase,
  cpuMs,
  databaseCpuMs,
  describeSplit,
  fmt,
  load,
  loadAverage,
  loadResult,
  paidSendSplit,
  pgbenchCeiling,
  productionEnv,
  resetStatements,
  statementReport,
  sampleWaitEvents,
  scrapeMetrics,
  startServer,
  type LoadResult,
  type PaidSendSplit,
} from './lib.js';
import { buildRequest, closedLoop, requestHead, type Answer } from './light-client.js';
import { summarizeProfile } from './profile-summary.js';
import { seedDemoData } from '../apps/server/src/demo/index.js';
import { signInitData } from '../apps/server/src/auth/init-data.js';
import { loadConfig } from '../apps/server/src/config.js';
import { loadServices } from '../apps/server/src/kernel/loader.js';
import { MODULES } from '../apps/server/src/modules.js';
import { EventBus } from '../apps/server/src/realtime/event-bus.js';

const BOT_TOKEN = BENCH_BOT_TOKEN;
const USERS = 1000;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CLIENTS = 8;
/** A second closed loop with twice the clients: enough sends at once to keep both cores busy. */
const MORE_CLIENTS = 16;
const PROFILE = process.env.BENCH_PROFILE === '1';
const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.join(here, 'out');

const loadBefore = loadAverage();
const db = await benchDatabase({ statements: PROFILE });
const databaseName = new URL(db.url).pathname.slice(1);
console.log(
  `bench:api — ${db.kind}, ${USERS} funded users, ${CLIENTS} clients, ${SECONDS} s per run, load average ${loadBefore}`,
);
await seedDemoData(db.sql);
const advisors = await db.sql<
  { id: number; price_cents: number }[]
>`SELECT id, price_cents FROM advisors WHERE is_active ORDER BY id`;
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

// 1. The ceiling: pgbench, the same six statements, one transaction per message.
const pgbenchAt = (clients: number, perStatement: boolean) =>
  pgbenchCeiling({
    url: db.url,
    clients,
    seconds: SECONDS,
    firstUser,
    users: USERS,
    advisorIds: advisors.map((advisor) => advisor.id),
    priceCents: 100,
    perStatement,
  });
const pgbench8 = await pgbenchAt(CLIENTS, PROFILE);
const pgbench16 = await pgbenchAt(MORE_CLIENTS, false);
const ceiling =
  pgbench8 && pgbench16 ? (pgbench16.tps > pgbench8.tps ? pgbench16 : pgbench8) : pgbench8;

// 2. The same service call in this process, no HTTP.
// The modules as the server builds them (without its HTTP server and socket), by the same loader.
const events = new EventBus();
const { chat } = await loadServices(MODULES, {
  config: loadConfig({ BOT_TOKEN, DATABASE_URL: db.url, LOG_LEVEL: 'warn' }),
  db,
  events,
});
const direct = await load(CLIENTS, SECONDS, async (worker, i) => {
  const user = firstUser + ((worker * 7919 + i * CLIENTS) % USERS);
  const advisor = advisors[(worker + i) % advisors.length]!;
  await chat.sendUserMessage(user, {
    advisorId: advisor.id,
    text: `direct ${i}`,
    requestType: null,
    imageId: null,
    clientId: randomUUID(),
  });
  return true;
});

interface PaidRun {
  result: LoadResult;
  /** Transactions committed in the database per paid message (sends, NOTIFYs, anything else). */
  commitsPerMessage: number;
  serverCpuPerMessage: number;
  databaseCpuPerMessage: number;
  /** This process: the light client and the wait-event sampler. */
  clientCpuPerMessage: number;
  waits: { samples: number; top: [string, number][] };
  /** With BENCH_PROFILE=1: the statements the database ran, per paid message. */
  statements: string | null;
  /** Where the server's own counters say each send's time went. */
  split: PaidSendSplit | null;
}

const PAID = Buffer.from('"paid_with":"balance"');

/**
 * Paid sends: `clients` keep-alive connections, each sending its next request when the previous
 * answer has arrived (a closed loop, as pgbench's clients), users in turn. `everyUserOnce` sends
 * one message per user instead, as each Mini App's first call.
 */
async function paidSends(
  url: string,
  label: string,
  seconds: number,
  clients: number,
  everyUserOnce = false,
): Promise<LoadResult> {
  // As the app sends them: each message with a client id of its own (a retry would reuse it).
  const heads = Array.from({ length: USERS }, (_, u) =>
    requestHead(url, {
      method: 'POST',
      path: '/api/CreateMessage.php',
      headers: { authorization: initData[u]!, 'content-type': 'application/json' },
    }),
  );
  const requests = (i: number) =>
    heads[(i * 7) % USERS]!.withBody(
      `{"manager_id":${advisors[i % advisors.length]!.id},"message":"${label} ${i}","client_id":"${randomUUID()}"}`,
    );
  const ok = (answer: Answer) => answer.status === 200 && answer.body.includes(PAID);
  const run = await closedLoop({
    base: url,
    connections: clients,
    seconds: everyUserOnce ? 60 : seconds,
    ...(everyUserOnce ? { count: USERS } : {}),
    requests,
    ok,
  });
  return loadResult(run.latencies, run.errors, run.startedAt);
}

async function paidRun(
  server: { url: string; child: { pid?: number } },
  label: string,
  clients = CLIENTS,
): Promise<PaidRun> {
  const pid = server.child.pid!;
  // Every user's first call (the server records the user), a short warm-up (JIT, pools), then the measured run.
  await paidSends(server.url, `${label} first`, 0, clients, true);
  await paidSends(server.url, `${label} warm-up`, 2, clients);
  const commits = async () => {
    const [row] = await db.sql<{ n: number }[]>`
      SELECT xact_commit::bigint AS n FROM pg_stat_database WHERE datname = ${databaseName}`;
    return row!.n;
  };
  const [server0, database0, client0] = [
    await cpuMs(pid),
    await databaseCpuMs(databaseName),
    await cpuMs(process.pid),
  ];
  const commits0 = await commits();
  if (PROFILE) await resetStatements(db.sql);
  const metrics0 = await scrapeMetrics(server.url);
  const waits = sampleWaitEvents(db.sql, databaseName);
  const result = await paidSends(server.url, label, SECONDS, clients);
  const clientCpu = (await cpuMs(process.pid)) - client0;
  const split = paidSendSplit(metrics0, await scrapeMetrics(server.url));
  const waited = await waits.stop();
  // The statistics reach pg_stat_database within a second; the sampler's own queries are not counted.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const committed = (await commits()) - commits0 - waited.samples - 1;
  return {
    commitsPerMessage: committed / result.count,
    result,
    serverCpuPerMessage: ((await cpuMs(pid)) - server0) / result.count,
    databaseCpuPerMessage: ((await databaseCpuMs(databaseName)) - database0) / result.count,
    clientCpuPerMessage: clientCpu / result.count,
    waits: waited,
    statements: PROFILE ? await statementReport(db.sql, databaseName, result.count) : null,
    split,
  };
}

const serverEnv = productionEnv(db.url);

// 3a. Group commit off (before), in its own server.
const before = await startServer({ ...serverEnv, PAID_SEND_BATCH: '1' });
let unbatched: PaidRun;
try {
  unbatched = await paidRun(before, 'unbatched');
} finally {
  await before.stop();
}

// 3b. As `npm start` runs it (group commit on). With BENCH_PROFILE=1 this server is profiled
// and serves only the paid send; the reads get a server of their own.
const profileDir = path.join(out, 'profile-tmp');
if (PROFILE) await mkdir(profileDir, { recursive: true });
let server = await startServer(
  serverEnv,
  PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
);
let batched: PaidRun;
let batchedMore: PaidRun;
interface ReadRun {
  perSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  kbEach: number;
  serverCpuPerRequest: number;
  clientCpuPerRequest: number;
}
let managers: ReadRun;
let managersPlain: ReadRun;
let health: ReadRun;
try {
  batched = await paidRun(server, 'paid');
  if (PROFILE) {
    await server.stop();
    server = await startServer(serverEnv);
  }
  batchedMore = await paidRun(server, 'paid16', MORE_CLIENTS);
  // With the server's CPU per request: the client shares the two cores, so the rate alone
  // understates what the server would serve on a core of its own.
  const read = async (route: string, headers: Record<string, string> = {}): Promise<ReadRun> => {
    const request = buildRequest(server.url, {
      path: route,
      headers: { authorization: initData[0]!, ...headers },
    });
    await closedLoop({
      base: server.url,
      connections: 32,
      seconds: 1,
      requests: [request],
      ok: () => true,
    });
    const [server0, client0] = [await cpuMs(server.child.pid!), await cpuMs(process.pid)];
    const run = await closedLoop({
      base: server.url,
      connections: 32,
      seconds: SECONDS,
      requests: [request],
      ok: (answer) => answer.status >= 200 && answer.status < 300,
    });
    const result = loadResult(run.latencies, run.errors, run.startedAt);
    return {
      perSecond: result.perSecond,
      p50: result.p50,
      p99: result.p99,
      non2xx: run.errors,
      kbEach: run.bytes / result.count / 1024,
      serverCpuPerRequest: ((await cpuMs(server.child.pid!)) - server0) / result.count,
      clientCpuPerRequest: ((await cpuMs(process.pid)) - client0) / result.count,
    };
  };
  // As the Mini App asks for it: every browser accepts gzip.
  managers = await read('/api/GetAllManagers.php', { 'accept-encoding': 'gzip, deflate, br' });
  managersPlain = await read('/api/GetAllManagers.php');
  health = await read('/api/health');
} finally {
  await server.stop();
}

const [ledger] = await db.sql<{ ok: boolean }[]>`
  SELECT bool_and(u.balance_cents = l.sum) AS ok FROM users u
  JOIN (SELECT user_id, sum(amount_cents) AS sum FROM ledger GROUP BY user_id) l ON l.user_id = u.telegram_id`;
await db.close();

const waitsLine = (run: PaidRun) =>
  run.waits.top.map(([wait, n]) => `${wait} ${fmt(n / run.waits.samples, 2)}`).join(', ');
const line = (label: string, run: PaidRun) =>
  `${label}${fmt(run.result.perSecond, 0)} paid messages/s   p50 ${fmt(run.result.p50, 2)} ms   p99 ${fmt(run.result.p99, 2)} ms   errors ${run.result.errors}\n` +
  `      CPU per message: server ${fmt(run.serverCpuPerMessage, 3)} ms, PostgreSQL ${fmt(run.databaseCpuPerMessage, 3)} ms, client ${fmt(run.clientCpuPerMessage, 3)} ms; commits per message ${fmt(run.commitsPerMessage, 2)}; ` +
  `active backends on average by wait: ${waitsLine(run)}` +
  (run.split ? `\n      ${splitLine(run.split, run.result)}` : '');
/** The server's account of a paid send's time, beside what this client measured. */
const splitLine = (split: PaidSendSplit, result: LoadResult) =>
  `where the time went (the server's /metrics, average per send; this client waited ${fmt(result.mean, 2)} ms): ${describeSplit(split)}`;

console.log('');
for (const [clients, run] of [
  [CLIENTS, pgbench8],
  [MORE_CLIENTS, pgbench16],
] as const) {
  if (!run) continue;
  console.log(
    `pgbench (6 statements, 1 transaction per message, prepared, sync commit), ${clients} clients   ${fmt(run.tps, 0)} TPS   p99 ${run.p99 === null ? '?' : fmt(run.p99, 2)} ms${run === ceiling ? '   (the ceiling)' : ''}`,
  );
}
console.log(
  `direct (service in-process, no HTTP, group commit)   ${fmt(direct.perSecond, 0)} paid messages/s   p50 ${fmt(direct.p50, 2)} ms   p99 ${fmt(direct.p99, 2)} ms`,
);
console.log(line('HTTP CreateMessage, group commit off (PAID_SEND_BATCH=1)   ', unbatched));
console.log(line('HTTP CreateMessage, group commit on (as npm start)          ', batched));
console.log(
  line(`HTTP CreateMessage, group commit on, ${MORE_CLIENTS} clients              `, batchedMore),
);
const ratio = ceiling ? batched.result.perSecond / ceiling.tps : null;
const ratioMore = ceiling ? batchedMore.result.perSecond / ceiling.tps : null;
const ratioBefore = ceiling ? unbatched.result.perSecond / ceiling.tps : null;
const cpuLine = (run: ReadRun) =>
  `CPU per request: server ${fmt(run.serverCpuPerRequest * 1000, 0)} µs (one core of its own: about ${fmt(1000 / run.serverCpuPerRequest, 0)} requests/s), client ${fmt(run.clientCpuPerRequest * 1000, 0)} µs`;
const pass = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
if (ratio !== null && ratioMore !== null && ratioBefore !== null) {
  console.log(
    `HTTP ÷ pgbench ceiling   ${CLIENTS} clients: ${fmt(ratio, 2)} with group commit (${fmt(ratioBefore, 2)} without)   target ≥ 0.80: ${pass(ratio >= 0.8)}\n` +
      `                         ${MORE_CLIENTS} clients: ${fmt(ratioMore, 2)}   target ≥ 0.80: ${pass(ratioMore >= 0.8)}`,
  );
}
console.log(
  `paid send p99   ${CLIENTS} clients: ${fmt(batched.result.p99, 2)} ms, ${MORE_CLIENTS} clients: ${fmt(batchedMore.result.p99, 2)} ms   target ≤ 10 ms: ${pass(batched.result.p99 <= 10)}, ${pass(batchedMore.result.p99 <= 10)}`,
);
console.log(
  `HTTP GetAllManagers   ${fmt(managers.perSecond, 0)} requests/s   p50 ${fmt(managers.p50, 2)} ms   p99 ${fmt(managers.p99, 2)} ms   non-2xx ${managers.non2xx}   (${fmt(managers.kbEach)} KB each with headers)   target ≥ 20000/s: ${pass(managers.perSecond >= 20_000)}\n` +
    `      ${cpuLine(managers)}`,
);
console.log(
  `HTTP GetAllManagers without Accept-Encoding   ${fmt(managersPlain.perSecond, 0)} requests/s   p50 ${fmt(managersPlain.p50, 2)} ms   p99 ${fmt(managersPlain.p99, 2)} ms   non-2xx ${managersPlain.non2xx}   (${fmt(managersPlain.kbEach)} KB each with headers)\n` +
    `      ${cpuLine(managersPlain)}`,
);
console.log(
  `HTTP /api/health (calibration: the smallest route on this machine)   ${fmt(health.perSecond, 0)} requests/s\n` +
    `      ${cpuLine(health)}`,
);
console.log(`every balance equals its ledger: ${ledger?.ok ? 'yes' : 'NO'}`);
console.log(
  `load average ${loadBefore} before, ${loadAverage()} after (2 CPUs: above 2 the figures are shared)`,
);

if (PROFILE && ceiling?.statements) {
  console.log('');
  console.log('pgbench: average latency of each statement (ms), the database side of the profile:');
  console.log(ceiling.statements);
}
for (const [label, run] of [
  ['group commit off', unbatched],
  ['group commit on', batched],
  [`group commit on, ${MORE_CLIENTS} clients`, batchedMore],
] as const) {
  if (!run.statements) continue;
  console.log('');
  console.log(`statements the database ran, ${label} (pg_stat_statements, most calls first):`);
  console.log(run.statements);
}
if (PROFILE) {
  const [file] = (await readdir(profileDir)).filter((f) => f.endsWith('.cpuprofile'));
  if (file) {
    const target = path.join(out, 'api-server.cpuprofile');
    await rename(path.join(profileDir, file), target);
    console.log('');
    console.log(
      `server CPU profile (start, warm-up and the paid send with group commit): ${target}`,
    );
    console.log(await summarizeProfile(target));
  }
  await rm(profileDir, { recursive: true, force: true });
}
