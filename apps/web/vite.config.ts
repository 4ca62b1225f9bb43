// Vite: builds the SPA into apps/web/dist (served by apps/server) and, in development,
// proxies the API to the server so cookies stay same-origin.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = process.env.VISAGE_API_URL ?? `http://127.0.0.1:${process.env.PORT ?? '8080'}`;

// react-router's exports name only its development build, which keeps its warnings; the build
// takes the production one beside it (the same code with them off: 0.6 KB gzip of the first load).
const reactRouterProduction = join(dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist/production/index.mjs');

export default defineConfig(({ command }) => ({
  root: import.meta.dirname,
  plugins: [react()],
  resolve: command === 'build' ? { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] } : {},
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Maps are written for our own debugging but never served (the server refuses .map files).
    sourcemap: 'hidden',
    // Fonts stay files of our own origin: the Content-Security-Policy allows no data: fonts.
    assetsInlineLimit: (file: string) => (/\.woff2?$/.test(file) ? false : undefined),
    // Everything the entry imports statically is one chunk: split by what else shares each module,
    // it came as some twenty files that gzip apart (6 KB more of the first load than together).
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] } } },
  },
  server: {
    host: '127.0.0.1',
    port: Number(process.env.WEB_PORT ?? 5173),
    strictPort: true,
    proxy: {
      '/app/api': { target: apiTarget, changeOrigin: false },
    },
  },
}));
