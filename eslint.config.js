// Flat config: TypeScript everywhere, React hooks in the web app, and the import
// boundaries of docs/ARCHITECTURE.md (and the face engine's layers) enforced with no-restricted-imports.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

// Every folder of apps/web/src/features, read at lint time so a new feature is bounded without an edit here.
const FEATURES = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const WEB_OVER_HTTP = { group: ['@visage/server', '@visage/engine', '**/apps/server/**'], message: 'The web app talks to the server over HTTP only.' };

const ENGINE_PURE = [
  { group: ['@visage/server', '@visage/web', '**/apps/**'], message: 'The engine imports nothing from apps.' },
  { group: ['fastify', 'kysely', 'pg', 'better-sqlite3', 'bullmq', 'ioredis', '@aws-sdk/*'], message: 'The engine is pure: no HTTP, database or queue.' },
];
// Folders of packages/engine/src, lowest layer first; one row is one layer.
const ENGINE_SPECIAL = ['focus', 'forehead', 'glasses', 'hands', 'side-lit'];
const ENGINE_LAYERS = [['core'], ['raster'], ['mesh'], ['face'], ['io'], ['models'], ['detect'], ['stages'], ENGINE_SPECIAL, ['swap'], ['verdict'], ['api']];
const ENGINE_SPECIAL_RANK = ENGINE_LAYERS.indexOf(ENGINE_SPECIAL);
function engineAbove(rank, folder) {
  const above = [...ENGINE_LAYERS.slice(rank + 1).flat(), ...(rank === ENGINE_SPECIAL_RANK ? ENGINE_SPECIAL.filter((f) => f !== folder) : [])];
  return above.length === 0 ? [] : [{
    group: above.map((f) => `**/${f}/**`),
    message: `The engine's ${folder}/ imports only from its own layer and those below (see packages/engine/README.md).`,
  }];
}

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/bench-out/**', 'test-results/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['packages/engine/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ENGINE_PURE }] },
  },
  // The engine's layers (packages/engine/README.md): a folder imports from its own layer and those
  // below it, and a special case never from another special case. A test beside the code it tests
  // (src/**/*.test.ts) may import any layer and the helpers in test/; the engine stays pure for it too.
  ...ENGINE_LAYERS.flatMap((layer, rank) => layer.map((folder) => ({
    files: [`packages/engine/src/${folder}/**/*.ts`],
    ignores: ['packages/engine/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [...ENGINE_PURE, ...engineAbove(rank, folder)],
      }],
    },
  }))),
  {
    files: ['packages/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@visage/*', '**/apps/**'], message: 'contracts is the bottom of the chain.' }] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [WEB_OVER_HTTP] }],
    },
  },
  // A feature may not import another feature, by a path through features/ or by climbing out of
  // its folder (`../../swap/...`). A later config's rule replaces an earlier one's options, so the
  // web app's own boundary is repeated here.
  ...FEATURES.map((f) => {
    const others = FEATURES.filter((o) => o !== f).join('|');
    return {
      files: [`apps/web/src/features/${f}/**/*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': ['error', {
          patterns: [WEB_OVER_HTTP, ...[`(^|/)features/(${others})(/|$)`, `^(\\.\\./)+(${others})(/|$)`].map((regex) => ({
            regex,
            message: 'Features do not import each other; share through src/lib, src/components or src/store, or compose in src/app.',
          }))],
        }],
      },
    };
  }),
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/repositories/**', 'apps/server/src/infra/**', 'apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ group: ['better-sqlite3', 'pg', 'ioredis', '@aws-sdk/*'], message: 'Only repositories and infra adapters touch drivers.' }],
      }],
    },
  },
);
