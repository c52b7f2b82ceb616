// `npm start`: builds the Mini App and the server if they are not built from the current
// sources, then runs the compiled server with plain node (no TypeScript loader).
// One SIGINT or SIGTERM to this process stops everything: the build under way, or the server,
// which stops its embedded PostgreSQL; this process exits when the server has (decision 040).
// package.json starts it with `exec`, so the signal npm passes on reaches this process itself.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { buildServer } from './build-server.mjs';

/** The child running now (the web build or the server). */
let child = null;
let stopSignal = null;

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopSignal ??= signal;
    if (child) child.kill(signal);
    else process.exit(1);
  });
}

function run(command, args, env = process.env) {
  return new Promise((resolve) => {
    child = spawn(command, args, { stdio: 'inherit', env });
    child.on('exit', (code, signal) => {
      child = null;
      resolve({ code, signal });
    });
  });
}

if (!existsSync('apps/web/dist/index.html')) {
  if (!existsSync('node_modules/.bin/vite')) {
    console.error(
      'The Mini App is not built (apps/web/dist) and its build tools are not installed: run `npm run build` where the dev dependencies are (docs/operations.md).',
    );
    process.exit(1);
  }
  const build = await run('npm', ['run', 'build', '--workspace', '@seer/web']);
  if (stopSignal || build.code !== 0) process.exit(build.code || 1);
}
const { main } = await buildServer();
if (stopSignal) process.exit(1);
// glibc reads its allocator settings when a process starts: with these, memory that libvips freed
// after decoding an image goes back to the system (docs/operations.md, decision 035).
const serverEnv = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '131072',
  ...process.env,
};
const server = await run(process.execPath, ['--enable-source-maps', main], serverEnv);
process.exit(server.code ?? (server.signal ? 1 : 0));
