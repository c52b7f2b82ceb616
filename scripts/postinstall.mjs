// Builds the Mini App once after install, so `npm start` serves it at once.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (process.env.SEER_SKIP_WEB_BUILD === '1' || !existsSync('node_modules/.bin/vite'))
  process.exit(0);
const result = spawnSync('npm', ['run', 'build', '--workspace', '@seer/web'], { stdio: 'inherit' });
if (result.status !== 0) console.warn('The Mini App did not build; `npm start` will try again.');
