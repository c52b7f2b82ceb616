import { defineConfig } from 'vitest/config';

// End-to-end tests: Debian's Chromium drives the built Mini App against a real Seer server.
// They run inside `npm test` and skip, saying why, when Chromium is not installed.
export default defineConfig({
  test: {
    root: import.meta.dirname,
    name: 'web-e2e',
    environment: 'node',
    include: ['*.e2e.test.ts'],
    globalSetup: ['global-setup.ts'],
    // One server and one browser at a time: the machine has two cores.
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 180_000,
  },
});
