// `npm run admin -- <command>`: the operator's command line, run compiled like `npm start`.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildServer } from './build-server.mjs';

const { main } = await buildServer({ quiet: true });
const cli = path.join(path.dirname(main), 'admin/cli.js');
const child = spawn(process.execPath, ['--enable-source-maps', cli, ...process.argv.slice(2)], {
  stdio: 'inherit',
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
