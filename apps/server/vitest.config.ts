import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Every file runs in one process, which imports the server and the engine and loads the models
    // once. Each file builds its own app, database and storage, so none sees another's state.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
