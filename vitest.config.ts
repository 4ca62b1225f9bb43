import { defineConfig } from 'vitest/config';

// One run over every workspace; each has its own vitest.config.ts (environment, timeouts).
export default defineConfig({
  test: {
    projects: ['packages/contracts', 'packages/engine', 'apps/server', 'apps/web'],
  },
});
