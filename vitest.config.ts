import { configDefaults, defineConfig } from 'vitest/config';
import { edgeOnly } from './apps/server/test/edge-only.js';
import { withoutDatabase } from './apps/server/test/without-database.js';

const withPostgres = Boolean(process.env.TEST_DATABASE_URL);
// On a loaded 2-core machine a server or web test can miss its time limit once; a second try shows whether the
// failure is real. Tests that pass only on the retry are listed as flaky in the summary (scripts/vitest-summary.ts).
const retry = 1;

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: on the 2-core CI machine, one file at a time. The
    // files wait on databases and sockets much of the time, so two at once finish the suite sooner.
    maxWorkers: '100%',
    reporters: ['default', './scripts/vitest-summary.ts'],
    projects: [
      {
        test: {
          name: 'packages',
          include: ['packages/*/src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          env: { TEST_DB_KIND: 'pglite' },
          globalSetup: ['./test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          retry,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: 'apps/web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['./src/test/setup.ts'],
          // typing into forms with user-event, and the first import of a lazy chart route, are slow on the
          // 2-core CI machines
          testTimeout: 60_000,
          retry,
        },
      },
      ...(withPostgres
        ? [
            {
              test: {
                name: 'server-pg',
                root: 'apps/server',
                include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
                // files that never open a database, and the HTTP-edge files, run once, in the PGlite project
                exclude: [...configDefaults.exclude, ...withoutDatabase, ...edgeOnly],
                env: { TEST_DB_KIND: 'postgres' },
                globalSetup: ['./test/global-setup.ts'],
                testTimeout: 30_000,
                hookTimeout: 60_000,
                retry,
              },
            },
          ]
        : []),
    ],
  },
});
