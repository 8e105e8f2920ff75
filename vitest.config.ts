import { defineConfig } from 'vitest/config';

// Unit and integration tests of every workspace; the browser journeys are Playwright's (e2e/).
export default defineConfig({
  test: {
    // Vitest leaves one core free by default; on CI's two cores that ran the files one at a time.
    // Every file builds its own app and database, so two run side by side (534 s → 399 s measured).
    maxWorkers: 2,
    projects: [
      { test: { name: 'contracts', root: 'packages/contracts', environment: 'node' } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // One migrated, seeded database per run; each file's app starts from a copy of it.
          globalSetup: ['src/test/global-setup.ts'],
        },
      },
      {
        // The web's `@/` import alias (apps/web/tsconfig.json paths).
        resolve: { alias: { '@/': `${import.meta.dirname}/apps/web/src/` } },
        test: { name: 'web', root: 'apps/web', environment: 'node', include: ['src/**/*.test.ts', 'src/**/*.test.tsx'] },
      },
      { test: { name: 'scripts', root: 'scripts', environment: 'node', include: ['*.test.mjs'] } },
    ],
  },
});
