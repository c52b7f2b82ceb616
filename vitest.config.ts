import { defineConfig } from 'vitest/config';

// One test command for every workspace; each package keeps its own config.
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web', 'apps/web/e2e', 'scripts'],
  },
});
