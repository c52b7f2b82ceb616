// Starts the real Seer server (compiled, as `npm start` runs it) for end-to-end tests and
// bench/web.mjs: a free port, a fresh embedded PostgreSQL in a temporary DATA_DIR, demo data,
// quick demo replies, serving the built Mini App from apps/web/dist. Plain JS so that the bench
// (run by plain node) and the tests share it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer } from '../../../scripts/build-server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = path.resolve(here, '../../..');
export const WEB_DIR = path.join(REPO_ROOT, 'apps/web');
const DIST_INDEX = path.join(WEB_DIR, 'dist/index.html');

export const CHROMIUM_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
/** Flags for Debian's Chromium in a container: no sandbox (root), no GPU, nothing phoning home. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-quic',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
];

/** Why the browser tests cannot run here, or null when Chromium is installed. */
export function chromiumMissingReason() {
  return existsSync(CHROMIUM_PATH)
    ? null
    : `Chromium not found at ${CHROMIUM_PATH} (apt-get install -y chromium, or set CHROME_PATH)`;
}

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const name of readdirSync(target)) {
    if (name === 'node_modules' || name.endsWith('.test.ts') || name.endsWith('.test.tsx'))
      continue;
    newest = Math.max(newest, newestMtime(path.join(target, name)));
  }
  return newest;
}

/** True when apps/web/dist is missing or older than anything it is built from. */
function webBuildIsStale() {
  if (!existsSync(DIST_INDEX)) return true;
  const built = statSync(DIST_INDEX).mtimeMs;
  const sources = [
    path.join(WEB_DIR, 'src'),
    path.join(WEB_DIR, 'public'),
    path.join(WEB_DIR, 'index.html'),
    path.join(WEB_DIR, 'vite.config.ts'),
    path.join(REPO_ROOT, 'packages/contract/src'),
  ];
  return sources.some((source) => newestMtime(source) > built);
}

/** Builds the Mini App with Vite; throws with Vite's output when the build fails. */
export function buildWeb({ quiet = true } = {}) {
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', quiet ? 'warn' : 'info'], {
    cwd: WEB_DIR,
    encoding: 'utf8',
    stdio: quiet ? 'pipe' : 'inherit',
  });
  if (result.status !== 0) {
    throw new Error(
      `vite build failed (exit ${result.status}):\n${result.stdout ?? ''}${result.stderr ?? ''}`,
    );
  }
}

export function ensureWebBuilt() {
  if (!webBuildIsStale()) return false;
  buildWeb();
  return true;
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Starts a server and resolves once /api/health answers.
 * @param {{ port?: number, env?: Record<string, string>, readyTimeoutMs?: number }} [options]
 */
export async function startSeerServer(options = {}) {
  if (options.port !== undefined) return startOn(options.port, options);
  // A port found free can be taken before the server listens on it (the server starts its
  // database first, and any outgoing connection may use the port meanwhile): then it starts again
  // on another one.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOn(await freePort(), options);
    } catch (error) {
      if (attempt === 3 || !(error instanceof PortTakenError)) throw error;
    }
  }
}

class PortTakenError extends Error {}

async function startOn(port, options) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'seer-e2e-'));
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    DEMO_REPLY_DELAY_MS: '200-400',
    LOG_LEVEL: 'warn',
    ...options.env,
  };
  // A fresh embedded database every run, and demo sign-in (which a bot token would turn off).
  for (const name of [
    'DATABASE_URL',
    'REDIS_URL',
    'BOT_TOKEN',
    'BOT_WEBHOOK_SECRET',
    'PUBLIC_URL',
    'VITEST',
    'VITEST_POOL_ID',
    'VITEST_WORKER_ID',
  ]) {
    if (!options.env || !(name in options.env)) delete env[name];
  }
  const { main } = await buildServer({ quiet: true });
  const child = spawn(process.execPath, ['--enable-source-maps', main], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let hasExited = false;
  void exited.then(() => {
    hasExited = true;
  });

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.readyTimeoutMs ?? 90_000);
  for (;;) {
    if (hasExited) {
      rmSync(dataDir, { recursive: true, force: true });
      const message = `Seer server exited before it was ready:\n${output}`;
      throw output.includes('EADDRINUSE') ? new PortTakenError(message) : new Error(message);
    }
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`Seer server was not ready within the time limit:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return {
    url,
    port,
    dataDir,
    output: () => output,
    /** SIGTERM (the server stops its embedded PostgreSQL), SIGKILL after 20 s, then removes the data. */
    async stop() {
      if (!hasExited) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
