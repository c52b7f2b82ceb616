/** Shared pieces of the benchmark scripts: a database, a server child process, a load loop, percentiles. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { connect, type Sql } from '../apps/server/src/db/database.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded-postgres.js';
import { ensureCompiledServer } from '../apps/server/src/test/server-process.js';

export interface BenchDatabase {
  url: string;
  sql: Sql;
  kind: string;
  close(): Promise<void>;
}

/**
 * A fresh database: on DATABASE_URL's server when set, else on a new embedded PostgreSQL.
 * With `statements`, the embedded server loads pg_stat_statements and the database has the
 * extension (see `statementReport`); on DATABASE_URL it is used only if that server loads it.
 */
export async function benchDatabase(
  options: { statements?: boolean } = {},
): Promise<BenchDatabase> {
  let adminUrl = process.env.DATABASE_URL;
  let stopEmbedded: (() => Promise<void>) | undefined;
  let dir: string | undefined;
  if (!adminUrl) {
    dir = await mkdtemp(path.join(os.tmpdir(), 'seer-bench-'));
    const server = await startEmbeddedPostgres(dir, {
      settings: options.statements ? { shared_preload_libraries: 'pg_stat_statements' } : {},
    });
    adminUrl = server.adminUrl;
    stopEmbedded = server.stop;
  }
  const name = `seer_bench_${randomBytes(4).toString('hex')}`;
  const admin = connect(adminUrl, 1);
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const sql = connect(url.toString(), 10);
  await migrate(sql);
  if (options.statements)
    await sql`CREATE EXTENSION IF NOT EXISTS pg_stat_statements`.catch((error: unknown) =>
      console.log(`pg_stat_statements not available: ${(error as Error).message}`),
    );
  return {
    url: url.toString(),
    sql,
    kind: stopEmbedded ? 'embedded PostgreSQL 18' : 'DATABASE_URL',
    async close() {
      await sql.end({ timeout: 5 });
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      await admin.end();
      await stopEmbedded?.();
      if (dir) await rm(dir, { recursive: true, force: true });
    },
  };
}

/** The bot token every benchmark signs its users' init data with (nothing is sent to Telegram). */
export const BENCH_BOT_TOKEN = '123456789:BENCH-token-for-seer-benchmarks_abcd';
/** The benchmarks read the server's own counters (GET /metrics) with this token. */
export const BENCH_METRICS_TOKEN = 'bench-metrics-token-for-seer-benchmarks';

/**
 * A server's environment as an operator runs it: production mode with a bot token, so no demo
 * advisors, demo replies or demo sign-in (the benchmark seeds its own data). The bot's calls go
 * to the discard port on this machine and fail at once instead of reaching for Telegram. It logs
 * at the default level, a line per request, as a server in production does (decision 062).
 */
export function productionEnv(databaseUrl: string): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    BOT_TOKEN: BENCH_BOT_TOKEN,
    BOT_API_URL: 'http://127.0.0.1:9',
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://seer.example.com',
    FREE_MESSAGES: '0',
    METRICS_TOKEN: BENCH_METRICS_TOKEN,
  };
}

/** The server's own series (GET /metrics): each series with its labels, to its value. */
export async function scrapeMetrics(url: string): Promise<Map<string, number>> {
  const response = await fetch(`${url}/metrics`, {
    headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` },
  });
  if (!response.ok) throw new Error(`GET /metrics answered ${response.status}`);
  const series = new Map<string, number>();
  for (const line of (await response.text()).split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const space = line.lastIndexOf(' ');
    series.set(line.slice(0, space), Number(line.slice(space + 1)));
  }
  return series;
}

/** Where the server says its paid sends' time went between two scrapes, per send, in ms. */
export interface PaidSendSplit {
  /** From the request's arrival to its answer written (CreateMessage, 2xx). */
  answerMs: number;
  /** Waiting for its batch to leave for the database. */
  queueMs: number;
  /** The database's call that carried it, until it answered. */
  databaseMs: number;
  sendsPerBatch: number;
}

/** The split in words, as the benchmarks print it. */
export function describeSplit(split: PaidSendSplit): string {
  const rest = split.answerMs - split.queueMs - split.databaseMs;
  return (
    `answered in ${fmt(split.answerMs, 2)} ms at the server: ${fmt(split.queueMs, 2)} waiting for its batch, ` +
    `${fmt(split.databaseMs, 2)} in the database (${fmt(split.sendsPerBatch, 1)} sends per batch), ${fmt(rest, 2)} in HTTP and the handler`
  );
}

export function paidSendSplit(
  before: Map<string, number>,
  after: Map<string, number>,
): PaidSendSplit | null {
  const grew = (pick: (series: string) => boolean) => {
    let sum = 0;
    for (const [series, value] of after) if (pick(series)) sum += value - (before.get(series) ?? 0);
    return sum;
  };
  const answers = (part: 'sum' | 'count') =>
    grew(
      (series) =>
        series.startsWith(`seer_http_request_duration_seconds_${part}{`) &&
        series.includes('CreateMessage') &&
        series.includes('status="2xx"'),
    );
  const named = (name: string) => grew((series) => series === name);
  const sends = named('seer_paid_send_batched_sends_total');
  const answered = answers('count');
  if (sends === 0 || answered === 0) return null;
  return {
    answerMs: (answers('sum') / answered) * 1000,
    queueMs: (named('seer_paid_send_queue_seconds_total') / sends) * 1000,
    databaseMs: (named('seer_paid_send_database_seconds_total') / sends) * 1000,
    sendsPerBatch: sends / named('seer_paid_send_batches_total'),
  };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address() as net.AddressInfo;
      server.close(() => resolve(address.port));
    });
  });
}

/**
 * Starts the compiled server (as `npm start` runs it) as a child process and waits for /api/health.
 * Its log lines are read as a log collector would read them; only warnings and errors are shown.
 */
export async function startServer(
  env: Record<string, string>,
  nodeArgs: string[] = [],
): Promise<{ url: string; child: ChildProcess; stop(): Promise<void> }> {
  const port = await freePort();
  const main = ensureCompiledServer();
  const child = spawn(process.execPath, [...nodeArgs, '--enable-source-maps', main], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  showWarnings(child.stdout!);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Passes on a server's log lines from warnings up (pino's levels 40, 50 and 60) to stderr. */
function showWarnings(stdout: Readable): void {
  let partial = '';
  stdout.setEncoding('utf8');
  stdout.on('data', (chunk: string) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop()!;
    for (const line of lines) if (/"level":[456]0/.test(line)) process.stderr.write(`${line}\n`);
  });
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

export function request(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: options.method ?? 'GET', headers: options.headers, agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
        );
      },
    );
    req.on('error', reject);
    if (options.body) req.end(options.body);
    else req.end();
  });
}

export interface LoadResult {
  count: number;
  errors: number;
  perSecond: number;
  /** The average latency, ms. */
  mean: number;
  p50: number;
  p99: number;
}

/** Runs `concurrency` loops of `task` for `seconds`; latencies in ms. */
export async function load(
  concurrency: number,
  seconds: number,
  task: (worker: number, i: number) => Promise<boolean>,
): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      for (let i = 0; performance.now() < end; i++) {
        const t0 = performance.now();
        const ok = await task(worker, i).catch(() => false);
        latencies.push(performance.now() - t0);
        if (!ok) errors++;
      }
    }),
  );
  return loadResult(latencies, errors, started);
}

/** A load run's figures from its latencies (ms), its failures and when it started (performance.now()). */
export function loadResult(latencies: number[], errors: number, startedAt: number): LoadResult {
  const elapsed = (performance.now() - startedAt) / 1000;
  return {
    count: latencies.length,
    errors,
    perSecond: latencies.length / elapsed,
    mean: latencies.reduce((sum, ms) => sum + ms, 0) / (latencies.length || 1),
    ...percentiles(latencies),
  };
}

export function percentiles(values: number[]): { p50: number; p99: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { p50: at(0.5), p99: at(0.99) };
}

export const fmt = (n: number, digits = 1) => n.toFixed(digits);

/** The load average now, as printed by every benchmark. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/**
 * The database's own ceiling for a paid message: pgbench running the paid send's six
 * statements (wallet lock, dialog upsert, message, debit, ledger row, advisor's earning) as one
 * transaction per message, prepared, with synchronous commit, on the same PostgreSQL and data.
 * Null (with the reason printed) when pgbench is not installed.
 */
export async function pgbenchCeiling(options: {
  url: string;
  clients: number;
  seconds: number;
  firstUser: number;
  users: number;
  /** The advisors' ids, in order: pgbench draws from their range when it has no gaps, else takes the first. */
  advisorIds: readonly number[];
  priceCents: number;
  /** Also report each statement's average latency (pgbench -r). */
  perStatement?: boolean;
}): Promise<{ tps: number; p99: number | null; statements: string | null } | null> {
  const ids = options.advisorIds;
  const lastAdvisor = ids.at(-1)! - ids[0]! + 1 === ids.length ? ids.at(-1)! : ids[0]!;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'seer-pgbench-'));
  const script = path.join(dir, 'paid-send.sql');
  const { writeFile, readdir, readFile } = await import('node:fs/promises');
  await writeFile(
    script,
    [
      `\\set u random(${options.firstUser}, ${options.firstUser + options.users - 1})`,
      `\\set a random(${ids[0]!}, ${lastAdvisor})`,
      'BEGIN;',
      'SELECT balance_cents, free_messages FROM users WHERE telegram_id = :u FOR UPDATE;',
      `INSERT INTO dialogs AS d (user_id, advisor_id, last_message_at, last_message_text, advisor_unread) VALUES (:u, :a, now(), 'pgbench', 1) ON CONFLICT (user_id, advisor_id) DO UPDATE SET last_message_at = now(), last_message_text = EXCLUDED.last_message_text, advisor_unread = d.advisor_unread + 1, user_hidden = false RETURNING d.id AS dialog_id \\gset`,
      `INSERT INTO messages (dialog_id, sender, kind, text, price_cents, paid_with) VALUES (:dialog_id, 'user', 'text', 'pgbench', ${options.priceCents}, 'balance') RETURNING id AS message_id \\gset`,
      `UPDATE users SET balance_cents = balance_cents - ${options.priceCents} WHERE telegram_id = :u;`,
      `INSERT INTO ledger (user_id, amount_cents, reason, message_id) VALUES (:u, -${options.priceCents}, 'message', :message_id);`,
      `INSERT INTO advisor_earnings (advisor_id, message_id, amount_cents) VALUES (:a, :message_id, ${options.priceCents});`,
      'END;',
      '',
    ].join('\n'),
  );
  try {
    const args = [
      '-n',
      '-M',
      'prepared',
      '-c',
      String(options.clients),
      '-j',
      String(Math.min(options.clients, os.cpus().length)),
      '-T',
      String(options.seconds),
      '-f',
      script,
      ...(options.perStatement ? ['-r'] : []),
      '-l',
      '--log-prefix',
      path.join(dir, 'log'),
      options.url,
    ];
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn('pgbench', args, { stdio: ['ignore', 'pipe', 'pipe'] });
      let text = '';
      child.stdout.on('data', (c: Buffer) => (text += c.toString()));
      child.stderr.on('data', (c: Buffer) => (text += c.toString()));
      child.on('error', reject);
      child.on('exit', (code) =>
        code === 0 ? resolve(text) : reject(new Error(`pgbench exited ${code}: ${text}`)),
      );
    });
    const tps = Number(/tps = ([\d.]+)/.exec(output)?.[1] ?? NaN);
    // Per-transaction log lines: client, count, latency in µs, ...
    const latencies: number[] = [];
    for (const file of await readdir(dir)) {
      if (!file.startsWith('log')) continue;
      for (const line of (await readFile(path.join(dir, file), 'utf8')).split('\n')) {
        const micros = Number(line.split(' ')[2]);
        if (Number.isFinite(micros)) latencies.push(micros / 1000);
      }
    }
    const statements = /statement latencies[^\n]*\n([\s\S]*)$/.exec(output)?.[1]?.trimEnd() ?? null;
    return { tps, p99: latencies.length ? percentiles(latencies).p99 : null, statements };
  } catch (error) {
    console.log(`pgbench ceiling not measured: ${error instanceof Error ? error.message : error}`);
    return null;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** CPU time (user + system) of a process, in ms (Linux /proc). */
export async function cpuMs(pid: number): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * (1000 / 100);
}

/** CPU time of the PostgreSQL backends serving one database (their command line names it). */
export async function databaseCpuMs(databaseName: string): Promise<number> {
  const { readFile, readdir } = await import('node:fs/promises');
  let total = 0;
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const command = await readFile(`/proc/${entry}/cmdline`, 'utf8');
      if (command.startsWith('postgres:') && command.includes(` ${databaseName} `))
        total += await cpuMs(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

/**
 * Samples what the database's active backends wait on, every `everyMs` until stopped: the
 * wait-event half of the profile (no extension needed). Counts per "type:event" (or "CPU").
 */
export function sampleWaitEvents(sql: Sql, databaseName: string, everyMs = 10) {
  const counts = new Map<string, number>();
  let samples = 0;
  let running = true;
  const done = (async () => {
    while (running) {
      const rows = await sql<{ wait: string }[]>`
        SELECT COALESCE(wait_event_type || ':' || wait_event, 'CPU') AS wait
        FROM pg_stat_activity
        WHERE datname = ${databaseName} AND state = 'active' AND pid <> pg_backend_pid()`.catch(
        () => [],
      );
      samples++;
      for (const { wait } of rows) counts.set(wait, (counts.get(wait) ?? 0) + 1);
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return {
    async stop(): Promise<{ samples: number; top: [string, number][] }> {
      running = false;
      await done;
      return { samples, top: [...counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, 8) };
    },
  };
}

/** Forgets what pg_stat_statements counted so far (no-op without the extension). */
export async function resetStatements(sql: Sql): Promise<void> {
  await sql`SELECT pg_stat_statements_reset()`.catch(() => {});
}

/**
 * The statements this database ran since the last reset, most calls first, per `per` units of
 * work (e.g. paid messages): how many times each ran and its mean time. Null without the extension.
 */
export async function statementReport(
  sql: Sql,
  databaseName: string,
  per: number,
  top = 12,
): Promise<string | null> {
  const rows = await sql<{ calls: number; mean: number; query: string }[]>`
    SELECT s.calls::float8 AS calls, s.mean_exec_time AS mean, s.query
    FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid
    WHERE d.datname = ${databaseName} AND s.query NOT ILIKE '%pg_stat%'
    ORDER BY s.calls DESC LIMIT ${top}`.catch(() => null);
  if (!rows) return null;
  return rows
    .map(
      (r) =>
        `  ${fmt(r.calls / per, 3).padStart(7)} per message  ${fmt(r.mean, 3).padStart(7)} ms  ${r.query.replace(/\s+/g, ' ').slice(0, 110)}`,
    )
    .join('\n');
}
