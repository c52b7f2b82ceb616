// `npm start`: builds the Mini App and the server if they are not built from the current
// sources, then runs the compiled server with plain node (no TypeScript loader).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { buildServer } from './build-server.mjs';

if (!existsSync('apps/web/dist/index.html')) {
  const build = spawnSync('npm', ['run', 'build', '--workspace', '@seer/web'], {
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const { main } = await buildServer();
const server = spawn(process.execPath, ['--enable-source-maps', main], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
