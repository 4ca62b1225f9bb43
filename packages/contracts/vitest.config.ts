import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'contracts',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Pure schemas with no state: every file runs in one process, which imports zod once.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
