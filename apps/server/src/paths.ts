/**
 * Where the server's files are on disk, found the same way whether it runs from source
 * (src/…/*.ts under tsx or vitest) or compiled (dist/*.js): by walking up to the folder that
 * holds the server's package.json. SQL migrations and avatars are read from the source tree;
 * they are not compiled.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findServerRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${start}`);
  }
}

export const SERVER_ROOT = findServerRoot(path.dirname(fileURLToPath(import.meta.url)));
export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'src/db/migrations');
export const AVATARS_DIR = path.join(SERVER_ROOT, 'assets/avatars');
export const WEB_DIST_DIR = path.resolve(SERVER_ROOT, '../web/dist');
/** The compiled server that `npm start` runs. */
export const COMPILED_MAIN = path.join(SERVER_ROOT, 'dist/main.js');
