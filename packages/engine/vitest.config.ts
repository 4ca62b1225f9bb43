import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'engine',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Every file runs in one process, which loads the face models (loadModels' one promise) and
    // imports the engine once, instead of a fresh process per file doing both again.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
