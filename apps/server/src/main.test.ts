/**
 * The server as an operator runs it (decision 040): a start with a missing production setting
 * stops before it creates anything; one SIGTERM to `node dist/main.js` or to `npm start` stops
 * the server and its embedded PostgreSQL within seconds and frees the port, also when it comes
 * while the database is still starting.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { COMPILED_MAIN, SERVER_ROOT } from './paths.js';
import { ensureCompiledServer, freePort, spawnServer } from './test/server-process.js';

const REPO_ROOT = path.resolve(SERVER_ROOT, '../..');
/** "Within a few seconds": the embedded PostgreSQL's fast shutdown included. */
const STOP_WITHIN_MS = 10_000;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Alive and not a zombie (an orphan's parent may not have reaped it yet). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

/** Every process below `root`, from /proc. */
function descendants(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(name)]);
    } catch {
      // gone meanwhile
    }
  }
  const found: number[] = [];
  const walk = (pid: number) => {
    for (const child of children.get(pid) ?? []) {
      found.push(child);
      walk(child);
    }
  };
  walk(root);
  return found;
}

async function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

async function postmasterPid(dataDir: string): Promise<number> {
  return Number(
    (await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0],
  );
}

/** Milliseconds until every pid is gone and the port is free; fails past STOP_WITHIN_MS. */
async function timeUntilStopped(pids: number[], port: number, since: number): Promise<number> {
  for (;;) {
    const left = pids.filter(alive);
    if (left.length === 0 && (await portIsFree(port))) return Date.now() - since;
    if (Date.now() - since > STOP_WITHIN_MS) {
      const names = left.map((pid) => {
        try {
          return `${pid} ${readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ')}`;
        } catch {
          return String(pid);
        }
      });
      throw new Error(
        `still running ${STOP_WITHIN_MS} ms after the signal: ${names.join('; ') || `port ${port} held`}`,
      );
    }
    await pause(50);
  }
}

async function healthy(base: string): Promise<boolean> {
  try {
    return (await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2_000) })).ok;
  } catch {
    return false;
  }
}

const started: ChildProcess[] = [];
const dataDirs: string[] = [];
async function newDataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'seer-stop-'));
  dataDirs.push(dir);
  return dir;
}

beforeAll(() => {
  ensureCompiledServer();
});
/** Processes a failed case may leave behind (start.mjs, the server, PostgreSQL). */
const watched: number[] = [];
afterEach(async () => {
  // A failed case must not leave a server behind for the next one.
  for (const child of started.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  const left = watched.splice(0).filter(alive);
  for (const pid of left) process.kill(pid, 'SIGTERM');
  for (let waited = 0; waited < 5_000 && left.some(alive); waited += 100) await pause(100);
  for (const pid of left.filter(alive)) process.kill(pid, 'SIGKILL');
});
afterAll(async () => {
  for (const dir of dataDirs) {
    const pidFile = path.join(dir, 'postgres', 'postmaster.pid');
    if (existsSync(pidFile)) {
      const pid = await postmasterPid(dir).catch(() => 0);
      if (pid && alive(pid)) process.kill(pid, 'SIGKILL');
    }
    await rm(dir, { recursive: true, force: true });
  }
});

describe('a start with a missing production setting', () => {
  it('stops before it creates anything, naming the setting', { timeout: 30_000 }, async () => {
    const parent = await newDataDir();
    const dataDir = path.join(parent, 'data');
    const child = spawn(process.execPath, [COMPILED_MAIN], {
      cwd: SERVER_ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        PUBLIC_URL: 'https://seer.example',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    started.push(child);
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code, output).toBe(2);
    expect(output).toMatch(/BOT_TOKEN: required in production/);
    expect(existsSync(dataDir), 'DATA_DIR was created').toBe(false);
  });
});

describe('one SIGTERM stops everything', () => {
  it(
    'node dist/main.js: the server and its embedded PostgreSQL, port freed',
    { timeout: 90_000 },
    async () => {
      const dataDir = await newDataDir();
      const server = await spawnServer({
        env: { DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'warn' },
        startTimeoutMs: 60_000,
      });
      started.push(server.child);
      const postgres = await postmasterPid(dataDir);
      expect(alive(postgres)).toBe(true);
      const signalled = Date.now();
      server.child.kill('SIGTERM');
      const ms = await timeUntilStopped([server.child.pid!, postgres], server.port, signalled);
      expect(await server.exited, server.output()).toEqual({ code: 0, signal: null });
      expect(ms).toBeLessThan(STOP_WITHIN_MS);
    },
  );

  it(
    'npm start: npm, start.mjs, the server and PostgreSQL, port freed',
    { timeout: 120_000 },
    async () => {
      const dataDir = await newDataDir();
      const port = await freePort();
      const npm = spawn('npm', ['start'], {
        cwd: REPO_ROOT,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '/tmp',
          HOST: '127.0.0.1',
          PORT: String(port),
          DATA_DIR: dataDir,
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      started.push(npm);
      let output = '';
      npm.stdout!.on(
        'data',
        (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)),
      );
      npm.stderr!.on(
        'data',
        (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)),
      );
      const deadline = Date.now() + 90_000;
      while (!(await healthy(`http://127.0.0.1:${port}`))) {
        if (npm.exitCode !== null || Date.now() > deadline)
          throw new Error(`npm start did not get ready:\n${output}`);
        await pause(100);
      }
      const postgres = await postmasterPid(dataDir);
      const below = descendants(npm.pid!);
      watched.push(...below);
      // start.mjs, the server and PostgreSQL (its own process group, started by the server).
      expect(below).toContain(postgres);
      expect(below.length, output).toBeGreaterThanOrEqual(3);
      const exited = new Promise((resolve) =>
        npm.once('exit', (code, signal) => resolve({ code, signal })),
      );
      const signalled = Date.now();
      npm.kill('SIGTERM');
      const ms = await timeUntilStopped([npm.pid!, ...below], port, signalled);
      await exited;
      expect(ms, output).toBeLessThan(STOP_WITHIN_MS);
    },
  );

  it('while the embedded PostgreSQL is still starting', { timeout: 90_000 }, async () => {
    const dataDir = await newDataDir();
    const port = await freePort();
    const child = spawn(process.execPath, [COMPILED_MAIN], {
      cwd: SERVER_ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    started.push(child);
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<{ code: number | null }>((resolve) =>
      child.once('exit', (code) => resolve({ code })),
    );
    // The moment the server's PostgreSQL has a pid (after initdb, whose bootstrap run writes
    // its own pid file; postgres.log is opened just before the server's start), before Seer
    // has migrated or listens.
    const deadline = Date.now() + 60_000;
    let postgres = 0;
    while (!postgres) {
      if (existsSync(path.join(dataDir, 'postgres.log')))
        postgres = await postmasterPid(dataDir).catch(() => 0);
      if (child.exitCode !== null || Date.now() > deadline)
        throw new Error(`PostgreSQL did not start:\n${output}`);
      await pause(10);
    }
    watched.push(postgres);
    expect(await healthy(`http://127.0.0.1:${port}`)).toBe(false);
    const signalled = Date.now();
    child.kill('SIGTERM');
    const ms = await timeUntilStopped([child.pid!, postgres], port, signalled);
    expect((await exited).code, output).toBe(0);
    expect(ms).toBeLessThan(STOP_WITHIN_MS);
  });
});
