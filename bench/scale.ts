/**
 * npm run bench:scale — 1, 2 and 3 server instances on one PostgreSQL with Redis (events and rate
 * limits across instances), as docs/scaling.md plans them. For each count: users' CreateMessage
 * calls are spread over the instances and the advisors' inbox sockets too, so most messages
 * cross instances through Redis. Prints, per count:
 *  - send-to-delivery p50/p99 at a steady offered 1,000 paid messages/s (HTTP send until the
 *    advisor's socket has the new_message frame), and how many arrived;
 *  - the most paid messages/s with 8 clients per instance (closed loop) and its p99, against
 *    pgbench's ceiling measured at the start of the same run on the same database (bench:api's
 *    six statements, the better of 8 and 16 clients);
 *  - the CPU each process used (each server, PostgreSQL's backends of this database, Redis, and
 *    this client), per paid message.
 * The embedded PostgreSQL by default, DATABASE_URL's server when set; the servers in production
 * mode. Requests go through the light client (bench/light-client.ts): keep-alive connections,
 * each user's request head built once.
 * Uses REDIS_URL when set, else starts its own redis-server on a free port (and stops it).
 * BENCH_SECONDS (default 8) sets each measured run's length.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import WebSocket from 'ws';
import { signInitData } from '../apps/server/src/auth/init-data.js';
import { spawnServer, type ServerProcess } from '../apps/server/src/test/server-process.js';
import { seedDemoData } from '../apps/server/src/demo/index.js';
import {
  BENCH_BOT_TOKEN,
  benchDatabase,
  cpuMs,
  databaseCpuMs,
  fmt,
  freePort,
  loadAverage,
  pgbenchCeiling,
  percentiles,
  productionEnv,
} from './lib.js';
import { LightPool, closedLoop, requestHead } from './light-client.js';

const USERS = 1000;
const ADVISORS = 8;
const RATE = 1000;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CLIENTS_PER_INSTANCE = 8;
const COUNTS = [1, 2, 3];
const FIRST_USER = 3_000_000;
const FIRST_ADVISOR_USER = 8_000_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function startRedis(): Promise<{
  url: string;
  child: ChildProcess | null;
  stop(): Promise<void>;
}> {
  if (process.env.REDIS_URL)
    return { url: process.env.REDIS_URL, child: null, stop: async () => {} };
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const url = `redis://127.0.0.1:${port}`;
  const { Redis } = await import('ioredis');
  const deadline = Date.now() + 10_000;
  for (;;) {
    const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0 });
    client.on('error', () => {});
    const ok = await client
      .connect()
      .then(() => client.ping())
      .then(() => true)
      .catch(() => false);
    client.disconnect();
    if (ok) break;
    if (Date.now() > deadline) throw new Error('redis-server did not start (is it installed?)');
    await sleep(100);
  }
  return {
    url,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

function openSocket(url: string, onFrame: (data: Buffer) => void): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
    ws.on('message', (data) => onFrame(data as Buffer));
  });
}

function exchange(ws: WebSocket, frame: unknown, type: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${type} frame`)), 15_000);
    const onMessage = (data: Buffer) => {
      const parsed = JSON.parse(data.toString()) as { type: string; message?: string };
      if (parsed.type === 'error' || parsed.type === type) {
        clearTimeout(timer);
        ws.off('message', onMessage);
        if (parsed.type === 'error') reject(new Error(parsed.message));
        else resolve();
      }
    };
    ws.on('message', onMessage);
    ws.send(JSON.stringify(frame));
  });
}

interface Row {
  instances: number;
  sent: number;
  delivered: number;
  failed: number;
  p50: number;
  p99: number;
  ackP99: number;
  maxPerSecond: number;
  maxP99: number;
  maxErrors: number;
  /** CPU per paid message over both runs (ms), by process. */
  cpu: { label: string; ms: number }[];
  messages: number;
  seconds: number;
}

async function main(): Promise<void> {
  const loadBefore = loadAverage();
  const db = await benchDatabase();
  const redis = await startRedis();
  const databaseName = new URL(db.url).pathname.slice(1);
  console.log(
    `bench:scale — ${db.kind}, Redis ${redis.child ? 'started for this run' : 'REDIS_URL'}; ${USERS} funded users, ${ADVISORS} advisors; ${os.cpus().length} CPUs, load average ${loadBefore}`,
  );
  const rows: Row[] = [];
  let servers: ServerProcess[] = [];
  const sockets: WebSocket[] = [];
  try {
    // The catalogue seeded by the benchmark (production servers seed nothing); advisors linked to people.
    await seedDemoData(db.sql);
    const advisors = await db.sql<
      { id: number }[]
    >`SELECT id FROM advisors WHERE is_active ORDER BY id LIMIT ${ADVISORS}`;
    for (const [i, advisor] of advisors.entries())
      await db.sql`UPDATE advisors SET telegram_id = ${FIRST_ADVISOR_USER + i} WHERE id = ${advisor.id}`;
    await db.sql`
      INSERT INTO users (telegram_id, first_name, language_code, balance_cents, free_messages)
      SELECT ${FIRST_USER} + g, 'Bench', 'en', 100000000, 0 FROM generate_series(0, ${USERS - 1}) g`;
    await db.sql`
      INSERT INTO ledger (user_id, amount_cents, reason)
      SELECT telegram_id, balance_cents, 'bench_credit' FROM users
      WHERE telegram_id BETWEEN ${FIRST_USER} AND ${FIRST_USER + USERS - 1}`;
    const initData = (id: number) =>
      signInitData(BENCH_BOT_TOKEN, { id, first_name: `Bench${id}`, language_code: 'en' });
    const userAuth = Array.from({ length: USERS }, (_, i) => initData(FIRST_USER + i));

    // The database's own ceiling in this run: pgbench, the paid send's six statements as one
    // transaction per message (as bench:api), on the same data, before any server starts.
    const active = (
      await db.sql<{ id: number }[]>`SELECT id FROM advisors WHERE is_active ORDER BY id`
    ).map((row) => row.id);
    const pgbenchAt = (clients: number) =>
      pgbenchCeiling({
        url: db.url,
        clients,
        seconds: SECONDS,
        firstUser: FIRST_USER,
        users: USERS,
        advisorIds: active,
        priceCents: 100,
      });
    const pgbench = [await pgbenchAt(8), await pgbenchAt(16)];
    const ceiling = Math.max(...pgbench.map((run) => run?.tps ?? 0)) || null;
    console.log(
      `pgbench (6 statements, 1 transaction per message), 8 / 16 clients: ${pgbench.map((run) => (run ? fmt(run.tps, 0) : '?')).join(' / ')} TPS`,
    );

    let seq = 0;
    for (const count of COUNTS) {
      servers = [];
      for (let i = 0; i < count; i++)
        servers.push(await spawnServer({ env: serverEnv(db.url, redis.url) }));
      await sleep(1000); // presence and user-socket hellos between instances
      const sentAt = new Map<number, number>();
      let latencies: number[] = [];
      let delivered = 0;
      const onAdvisorFrame = (data: Buffer) => {
        const at = performance.now();
        if (data[9] !== 0x6e) return; // {"type":"n...
        const frame = JSON.parse(data.toString()) as {
          type: string;
          data: { message: string; sender: string };
        };
        if (frame.type !== 'new_message' || frame.data.sender !== 'user') return;
        const t0 = sentAt.get(Number(frame.data.message));
        if (t0 === undefined) return;
        sentAt.delete(Number(frame.data.message));
        latencies.push(at - t0);
        delivered++;
      };
      // Advisor i's inbox on instance i % count.
      for (const [i, advisor] of advisors.entries()) {
        const server = servers[i % count]!;
        const id = FIRST_ADVISOR_USER + i;
        const ws = await openSocket(
          `${server.base.replace('http', 'ws')}/ws?initData=${encodeURIComponent(initData(id))}`,
          onAdvisorFrame,
        );
        sockets.push(ws);
        await exchange(
          ws,
          {
            type: 'manager_connect',
            user_id: id,
            data: { manager_id: advisor.id, role: 'manager' },
          },
          'connected',
        );
      }
      // Message n: user n % USERS on instance (n % USERS) % count, to advisor (n % USERS + 1) % ADVISORS
      // (so with 2 or 3 instances most messages cross to another instance). Each user's request
      // head is built once; each message has a client id of its own, as the app sends it.
      const heads = Array.from({ length: USERS }, (_, u) =>
        requestHead(servers[u % count]!.base, {
          method: 'POST',
          path: '/api/CreateMessage.php',
          headers: { authorization: userAuth[u]!, 'content-type': 'application/json' },
        }),
      );
      const requestFor = (n: number) =>
        heads[n % USERS]!.withBody(
          `{"manager_id":${advisors[((n % USERS) + 1) % ADVISORS]!.id},"message":"${n}","client_id":"${randomUUID()}"}`,
        );
      const pools = servers.map((server) => new LightPool(server.base));
      const sendOne = (n: number) =>
        new Promise<number>((resolve) =>
          pools[(n % USERS) % count]!.send(requestFor(n), (answer) => resolve(answer?.status ?? 0)),
        );
      const run = async (seconds: number) => {
        latencies = [];
        delivered = 0;
        sentAt.clear();
        const acks: number[] = [];
        let sent = 0;
        let failed = 0;
        const pending = new Set<Promise<void>>();
        const begin = performance.now();
        while (performance.now() - begin < seconds * 1000) {
          const due = Math.floor(((performance.now() - begin) / 1000) * RATE);
          while (sent < due) {
            const n = seq++;
            sent++;
            const t0 = performance.now();
            sentAt.set(n, t0);
            const p = sendOne(n)
              .then((status) => {
                acks.push(performance.now() - t0);
                if (status !== 200) {
                  failed++;
                  sentAt.delete(n);
                }
              })
              .finally(() => pending.delete(p));
            pending.add(p);
          }
          await sleep(2);
        }
        await Promise.race([Promise.all(pending), sleep(30_000)]);
        const until = performance.now() + 2000;
        while (sentAt.size > 0 && performance.now() < until) await sleep(10);
        return {
          sent,
          failed,
          delivered,
          ...percentiles(latencies),
          ackP99: percentiles(acks).p99,
        };
      };
      await run(2); // warm-up
      const cpu0 = await Promise.all(servers.map((s) => cpuMs(s.child.pid!)));
      const db0 = await databaseCpuMs(databaseName);
      const redis0 = redis.child ? await cpuMs(redis.child.pid!) : 0;
      const client0 = await cpuMs(process.pid);
      const started = performance.now();
      const steady = await run(SECONDS);
      // The most it takes: 8 clients per instance, each sending as soon as the last answered.
      const loops = await Promise.all(
        servers.map((server, instance) =>
          closedLoop({
            base: server.base,
            connections: CLIENTS_PER_INSTANCE,
            seconds: SECONDS,
            // This instance's users only: user u is served by instance u % count.
            requests: () => {
              let n = seq++;
              while ((n % USERS) % count !== instance) n = seq++;
              return requestFor(n);
            },
            ok: (answer) => answer.status === 200,
          }),
        ),
      );
      const mostLatencies = loops.flatMap((loop) => loop.latencies);
      const mostSeconds = (performance.now() - Math.min(...loops.map((l) => l.startedAt))) / 1000;
      const most = {
        count: mostLatencies.length,
        perSecond: mostLatencies.length / mostSeconds,
        p99: percentiles(mostLatencies).p99,
        errors: loops.reduce((sum, loop) => sum + loop.errors, 0),
      };
      const seconds = (performance.now() - started) / 1000;
      const messages = steady.sent + most.count;
      const cpu = [
        ...(await Promise.all(
          servers.map(async (s, i) => ({
            label: `server ${i + 1}`,
            ms: ((await cpuMs(s.child.pid!)) - cpu0[i]!) / messages,
          })),
        )),
        { label: 'PostgreSQL', ms: ((await databaseCpuMs(databaseName)) - db0) / messages },
        ...(redis.child
          ? [{ label: 'Redis', ms: ((await cpuMs(redis.child.pid!)) - redis0) / messages }]
          : []),
        { label: 'this client', ms: ((await cpuMs(process.pid)) - client0) / messages },
      ];
      for (const pool of pools) pool.close();
      rows.push({
        instances: count,
        ...steady,
        maxPerSecond: most.perSecond,
        maxP99: most.p99,
        maxErrors: most.errors,
        cpu,
        messages,
        seconds,
      });
      const row = rows.at(-1)!;
      console.log(
        `${count} instance${count > 1 ? 's' : ' '}: at ${RATE}/s ${row.delivered}/${row.sent} delivered (${row.failed} failed), ` +
          `delivery p50 ${fmt(row.p50)} ms p99 ${fmt(row.p99)} ms, answer p99 ${fmt(row.ackP99)} ms; ` +
          `most ${fmt(row.maxPerSecond, 0)} paid messages/s with ${CLIENTS_PER_INSTANCE * count} clients (p99 ${fmt(row.maxP99)} ms, errors ${row.maxErrors}${ceiling ? `; ${fmt(row.maxPerSecond / ceiling, 2)} of the pgbench ceiling` : ''}); ` +
          `CPU per paid message over ${row.messages} messages: ${row.cpu.map((c) => `${c.label} ${fmt(c.ms, 3)} ms`).join(', ')}`,
      );
      for (const ws of sockets.splice(0)) ws.terminate();
      await Promise.all(servers.map((s) => s.kill('SIGTERM')));
    }
    const [ledger] = await db.sql<{ ok: boolean }[]>`
      SELECT bool_and(u.balance_cents = l.sum) AS ok FROM users u
      JOIN (SELECT user_id, sum(amount_cents) AS sum FROM ledger GROUP BY user_id) l ON l.user_id = u.telegram_id`;
    console.log(`every balance equals its ledger: ${ledger?.ok ? 'yes' : 'NO'}`);
    console.log(
      `load average ${loadBefore} before, ${loadAverage()} after; on ${os.cpus().length} CPUs every instance shares the same cores with PostgreSQL and Redis, so more instances add coordination, not capacity — see docs/scaling.md`,
    );
  } catch (error) {
    for (const server of servers) console.error(server.output().slice(-4000));
    throw error;
  } finally {
    for (const ws of sockets) ws.terminate();
    await Promise.all(servers.map((s) => s.kill('SIGTERM')));
    await redis.stop();
    await db.close();
  }
}

function serverEnv(databaseUrl: string, redisUrl: string): Record<string, string> {
  return { ...productionEnv(databaseUrl), REDIS_URL: redisUrl };
}

main().catch((error: unknown) => {
  console.error('bench:scale failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
