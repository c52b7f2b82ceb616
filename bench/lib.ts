/** Shared pieces of the benchmark scripts: a database, a server child process, a load loop, percentiles. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
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

/** A fresh database: on DATABASE_URL's server when set, else on a new embedded PostgreSQL. */
export async function benchDatabase(): Promise<BenchDatabase> {
  let adminUrl = process.env.DATABASE_URL;
  let stopEmbedded: (() => Promise<void>) | undefined;
  let dir: string | undefined;
  if (!adminUrl) {
    dir = await mkdtemp(path.join(os.tmpdir(), 'seer-bench-'));
    const server = await startEmbeddedPostgres(dir);
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

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address() as net.AddressInfo;
      server.close(() => resolve(address.port));
    });
  });
}

/** Starts the compiled server (as `npm start` runs it) as a child process and waits for /api/health. */
export async function startServer(
  env: Record<string, string>,
  nodeArgs: string[] = [],
): Promise<{ url: string; child: ChildProcess; stop(): Promise<void> }> {
  const port = await freePort();
  const main = ensureCompiledServer();
  const child = spawn(process.execPath, [...nodeArgs, '--enable-source-maps', main], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
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
  const elapsed = (performance.now() - started) / 1000;
  return {
    count: latencies.length,
    errors,
    perSecond: latencies.length / elapsed,
    ...percentiles(latencies),
  };
}

export function percentiles(values: number[]): { p50: number; p99: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { p50: at(0.5), p99: at(0.99) };
}

export const fmt = (n: number, digits = 1) => n.toFixed(digits);
