import { defineConfig } from 'vitest/config';

// Tests of the repository's own tooling: the lint setup and its scripts.
export default defineConfig({
  test: {
    root: import.meta.dirname,
    name: 'scripts',
    include: ['*.test.ts'],
    testTimeout: 60_000,
  },
});
