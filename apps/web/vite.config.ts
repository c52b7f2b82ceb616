// vitest's defineConfig knows the `test` block; the object is the same plain Vite config.
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// The dev server forwards API, socket and avatar requests to a running Seer server.
const api = process.env.SEER_API ?? 'http://localhost:8080';
const socketTarget = api.replace(/^http/, 'ws');

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': api,
      '/avatars': api,
      '/ws': { target: socketTarget, ws: true },
    },
  },
  preview: { proxy: { '/api': api, '/avatars': api, '/ws': { target: socketTarget, ws: true } } },
  build: { outDir: 'dist', sourcemap: false },
  test: {
    root: import.meta.dirname,
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
  },
});
