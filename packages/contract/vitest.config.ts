import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: import.meta.dirname,
    name: 'contract',
    include: ['src/**/*.test.ts'],
  },
});
