// CI's proof of the production install (docs/operations.md, decision 040): a copy of the
// repository without node_modules or builds is built by scripts/build-production.sh (build once,
// then `npm prune --omit=dev`); the compiled server then starts from it the way the Dockerfile and
// the systemd unit start it, as production, and must serve the app and the API with no build tool
// installed and no demo data; one SIGTERM stops it and its embedded PostgreSQL.
// Usage: node scripts/check-production-install.mjs   (about 2 minutes; fails past 15)
import { spawn, spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BOT_TOKEN = '123456789:PRODUCTION-install-check_abcdefghij';
const work = mkdtempSync(path.join(os.tmpdir(), 'seer-production-'));
const copy = path.join(work, 'seer');
const dataDir = path.join(work, 'data');
let server = null;
let postgresPid = 0;

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const say = (line) => console.log(`check-production-install: ${line}`);
function fail(message) {
  throw new Error(message);
}
function alive(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}
function portIsFree(port) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}
/** Init data signed the way Telegram signs it (core.telegram.org/bots/webapps). */
function initData(userId) {
  const params = new URLSearchParams({
    auth_date: String(Math.floor(Date.now() / 1000)),
    query_id: `AAH${userId.toString(36)}`,
    user: JSON.stringify({ id: userId, first_name: 'Operator' }),
  });
  const check = [...params.entries()]
    .map(([key, value]) => `${key}=${value}`)
    .sort()
    .join('\n');
  const secret = createHmac('sha256', 'WebAppData').update(BOT_TOKEN).digest();
  params.set('hash', createHmac('sha256', secret).update(check).digest('hex'));
  return params.toString();
}

async function main() {
  say(`copying the repository to ${copy}`);
  mkdirSync(copy);
  const excluded = [
    'node_modules',
    '.git',
    'dist',
    './data',
    'coverage',
    'bench/out',
    'apps/web/e2e/screenshots',
  ];
  const tar = spawnSync(
    'sh',
    [
      '-c',
      `tar -C "$1" ${excluded.map((dir) => `--exclude=${dir}`).join(' ')} -cf - . | tar -C "$2" -xf -`,
      'sh',
      ROOT,
      copy,
    ],
    { stdio: 'inherit' },
  );
  if (tar.status !== 0) fail('could not copy the repository');

  say('scripts/build-production.sh');
  const started = Date.now();
  const build = spawnSync('scripts/build-production.sh', [], {
    cwd: copy,
    stdio: 'inherit',
    timeout: 15 * 60_000,
    env: { ...process.env, CI: 'true' },
  });
  if (build.status !== 0)
    fail(`scripts/build-production.sh failed (${build.status ?? build.signal})`);
  say(`built and pruned in ${Math.round((Date.now() - started) / 1000)} s`);
  for (const tool of [
    'esbuild',
    'vite',
    'tsx',
    'typescript',
    'vitest',
    '.bin/esbuild',
    '.bin/tsc',
  ]) {
    if (existsSync(path.join(copy, 'node_modules', tool)))
      fail(`node_modules/${tool} is installed`);
  }

  const port = await freePort();
  const botApiPort = await freePort(); // nothing listens: the bot's polling fails and retries
  server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
    cwd: copy,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME ?? '/tmp',
      NODE_ENV: 'production',
      BOT_TOKEN,
      BOT_API_URL: `http://127.0.0.1:${botApiPort}`,
      PUBLIC_URL: 'https://seer.example.com',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout.on('data', (chunk) => (output = (output + chunk).slice(-50_000)));
  server.stderr.on('data', (chunk) => (output = (output + chunk).slice(-50_000)));
  const exited = new Promise((resolve) =>
    server.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (server.exitCode !== null) fail(`the server exited:\n${output}`);
    if (Date.now() > deadline) fail(`the server was not ready within 90 s:\n${output}`);
    const health = await fetch(`${base}/api/health`).catch(() => null);
    if (health?.ok) break;
    await pause(200);
  }
  postgresPid = Number(
    readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0],
  );
  // Health answers once the server listens; the ready line follows when the workers have started.
  const readyBy = Date.now() + 10_000;
  while (!/"msg":"Seer is ready at https:\/\/seer\.example\.com"/.test(output)) {
    if (Date.now() > readyBy) fail(`"Seer is ready" naming PUBLIC_URL not printed:\n${output}`);
    await pause(100);
  }

  const page = await fetch(`${base}/`);
  const html = await page.text();
  if (page.status !== 200 || !html.includes('<script')) fail(`GET / answered ${page.status}`);
  const metrics = await fetch(`${base}/metrics`);
  if (metrics.status !== 404)
    fail(`GET /metrics answered ${metrics.status} in production without METRICS_TOKEN`);
  const advisors = await fetch(`${base}/api/GetAllManagers.php`, {
    headers: { authorization: initData(7_000_123) },
  });
  const body = await advisors.json();
  if (advisors.status !== 200)
    fail(`GetAllManagers answered ${advisors.status}: ${JSON.stringify(body)}`);
  if (body.data.managers.length !== 0)
    fail(`production has ${body.data.managers.length} advisors (demo data?)`);
  const demo = await fetch(`${base}/api/demo/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  if (demo.status !== 404) fail(`demo sign-in answered ${demo.status} in production`);
  say(
    'serves the app and the API as production: no demo advisors, no demo sign-in, /metrics closed',
  );

  const signalled = Date.now();
  server.kill('SIGTERM');
  while (alive(server.pid) || alive(postgresPid) || !(await portIsFree(port))) {
    if (Date.now() - signalled > 10_000) fail(`still running 10 s after SIGTERM:\n${output}`);
    await pause(50);
  }
  const { code } = await exited;
  if (code !== 0) fail(`exited with ${code} after SIGTERM:\n${output}`);
  say(`one SIGTERM stopped the server and PostgreSQL in ${Date.now() - signalled} ms`);
}

try {
  await main();
  say('passed');
} catch (error) {
  console.error(`check-production-install: FAILED: ${error.message}`);
  process.exitCode = 1;
} finally {
  if (server && server.exitCode === null) server.kill('SIGKILL');
  if (postgresPid && alive(postgresPid)) process.kill(postgresPid, 'SIGKILL');
  rmSync(work, { recursive: true, force: true });
}
