/**
 * The real server as a child process (plain node running the compiled dist/main.js, as
 * `npm start` does), for the crash tests and the benchmarks: killable with SIGKILL.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { COMPILED_MAIN, SERVER_ROOT } from '../paths.js';

const SERVER_DIR = SERVER_ROOT;

/** Compiles the server unless dist/ is already built from the current sources (tens of ms). */
export function ensureCompiledServer(): string {
  const build = spawnSync(
    process.execPath,
    [path.resolve(SERVER_ROOT, '../../scripts/build-server.mjs')],
    { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' },
  );
  if (build.status !== 0) throw new Error(`the server did not compile:\n${build.stderr}`);
  return COMPILED_MAIN;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  port: number;
  /** http://127.0.0.1:port */
  base: string;
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** What the server printed (last 64 KB), for failure messages. */
  output(): string;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export async function spawnServer(options: {
  env: Record<string, string>;
  port?: number;
  /** Raise the open-files limit of the child (the benchmark holds 10,000 sockets). */
  openFiles?: number;
  startTimeoutMs?: number;
  /** Extra node flags (e.g. --cpu-prof). */
  nodeArgs?: string[];
}): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/tmp',
    HOST: '127.0.0.1',
    ...options.env,
    PORT: String(port),
  };
  const main = ensureCompiledServer();
  const node = [process.execPath, ...(options.nodeArgs ?? []), '--enable-source-maps', main];
  // `exec` keeps one process: the pid we signal is the server itself.
  const child = options.openFiles
    ? spawn('/bin/sh', ['-c', `ulimit -n ${options.openFiles} && exec "$@"`, 'sh', ...node], {
        cwd: SERVER_DIR,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      })
    : spawn(node[0]!, node.slice(1), { cwd: SERVER_DIR, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-65_536);
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.startTimeoutMs ?? 30_000);
  let exitedEarly = false;
  void exited.then(() => (exitedEarly = true));
  for (;;) {
    if (exitedEarly) throw new Error(`server exited before it was ready:\n${output}`);
    try {
      const response = await fetch(`${base}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not ready within the time limit:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    port,
    base,
    child,
    exited,
    output: () => output,
    async kill(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      await exited;
    },
  };
}

/** One call to a server process's API as the user the init data names; any status is returned. */
export async function callServer<T>(
  base: string,
  method: 'GET' | 'POST',
  path: string,
  initData: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: initData,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(20_000),
  });
  return { status: response.status, body: (await response.json()) as T };
}
