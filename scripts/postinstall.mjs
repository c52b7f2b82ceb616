// After install: patches the database driver, builds the Mini App and compiles the server once,
// so `npm start` starts at once.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { patchPostgres } from './patch-postgres.mjs';

// Without it, losing the database crashes the server (docs/decisions/014): an install that cannot
// apply it fails.
patchPostgres();

if (process.env.SEER_SKIP_WEB_BUILD !== '1' && existsSync('node_modules/.bin/vite')) {
  const result = spawnSync('npm', ['run', 'build', '--workspace', '@seer/web'], {
    stdio: 'inherit',
  });
  if (result.status !== 0) console.warn('The Mini App did not build; `npm start` will try again.');
}
if (existsSync('node_modules/esbuild')) {
  const { buildServer } = await import('./build-server.mjs');
  await buildServer().catch((error) => {
    console.warn(`The server did not compile (${error.message}); \`npm start\` will try again.`);
  });
}
