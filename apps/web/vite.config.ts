import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';
// vitest's defineConfig knows the `test` block; the object is the same plain Vite config.
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// The dev server forwards API, socket and avatar requests to a running Seer server.
const api = process.env.SEER_API ?? 'http://localhost:8080';
const socketTarget = api.replace(/^http/, 'ws');
const proxy = { '/api': api, '/avatars': api, '/ws': { target: socketTarget, ws: true } };

/**
 * Writes .br and .gz beside every text file of the build, so the server sends them
 * compressed without compressing on each request (@fastify/static `preCompressed`).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'seer-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((file) =>
        /\.(js|css|html|svg|json)$/.test(file),
      );
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file);
          const content = await readFile(full);
          if (content.length < 1024) return;
          const [br, gz] = await Promise.all([
            promisify(brotliCompress)(content, {
              params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
            }),
            promisify(gzip)(content, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${full}.br`, br), writeFile(`${full}.gz`, gz)]);
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  server: { proxy },
  preview: { proxy },
  build: { outDir: 'dist', sourcemap: false },
  test: {
    root: import.meta.dirname,
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
  },
});
