// Compiles the server once: esbuild bundles apps/server/src (and the contract, which is TypeScript
// source) into apps/server/dist, leaving npm packages external. `npm start`, `npm run admin`, the
// crash tests and the benchmarks run that output with plain node. A stamp of the sources' hash
// skips the build when nothing changed.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER = path.join(ROOT, 'apps/server');
const OUT_DIR = path.join(SERVER, 'dist');
const STAMP = path.join(OUT_DIR, '.source-hash');
const SOURCES = [path.join(SERVER, 'src'), path.join(ROOT, 'packages/contract/src')];
const ENTRIES = ['src/main.ts', 'src/admin/cli.ts'];

function* files(dir) {
  for (const name of readdirSync(dir).sort()) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* files(full);
    else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name)) yield full;
  }
}

function sourceHash() {
  const hash = createHash('sha256');
  hash.update(readFileSync(fileURLToPath(import.meta.url)));
  hash.update(readFileSync(path.join(SERVER, 'package.json')));
  for (const dir of SOURCES) {
    for (const file of files(dir))
      hash.update(path.relative(ROOT, file)).update(readFileSync(file));
  }
  return hash.digest('hex');
}

/** Builds apps/server/dist unless it is already built from the current sources. */
export async function buildServer({ force = false, quiet = false } = {}) {
  const hash = sourceHash();
  const main = path.join(OUT_DIR, 'main.js');
  if (!force && existsSync(main) && existsSync(STAMP) && readFileSync(STAMP, 'utf8') === hash) {
    return { built: false, main };
  }
  let build;
  try {
    ({ build } = await import('esbuild'));
  } catch {
    // A production install (`npm prune --omit=dev`, docs/operations.md) has no esbuild: it runs
    // the server compiled before the prune.
    if (existsSync(main)) {
      if (!quiet)
        console.warn('server: esbuild is not installed; running the compiled server as built');
      return { built: false, main };
    }
    throw new Error(
      'apps/server/dist is not built and esbuild is not installed: run `npm run build` where the dev dependencies are (docs/operations.md)',
    );
  }
  const manifest = JSON.parse(readFileSync(path.join(SERVER, 'package.json'), 'utf8'));
  // Every npm package stays external (node loads it from node_modules); the workspace's
  // contract is bundled because it is TypeScript.
  const external = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies })
    .filter((name) => !name.startsWith('@seer/'))
    .flatMap((name) => [name, `${name}/*`]);
  const started = Date.now();
  await build({
    absWorkingDir: SERVER,
    entryPoints: ENTRIES,
    outdir: 'dist',
    outbase: 'src',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    sourcemap: true,
    external,
    logLevel: 'warning',
  });
  writeFileSync(STAMP, hash);
  if (!quiet) console.log(`server: compiled to apps/server/dist in ${Date.now() - started} ms`);
  return { built: true, main };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  buildServer({ force: process.argv.includes('--force') }).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
