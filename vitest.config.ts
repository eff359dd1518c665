import { configDefaults, defineConfig } from 'vitest/config';
import { edgeOnly } from './apps/server/test/edge-only.js';
import { withoutDatabase } from './apps/server/test/without-database.js';

const withPostgres = Boolean(process.env.TEST_DATABASE_URL);
// On a loaded 2-core machine a server or web test can miss its time limit once; a second try shows whether the
// failure is real. Tests that pass only on the retry are listed as flaky in the summary (scripts/vitest-summary.ts).
const retry = 1;
// The server's files share one module graph per worker (isolate: false): loading the server's modules cost about
// as much as a file's tests, once per file. What a file opens is closed after it (test/setup.ts), and no server
// test mocks modules or stubs globals. VITEST_ISOLATE=true isolates them again, to rule this out.
const serverIsolate = process.env.VITEST_ISOLATE === 'true';

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
          setupFiles: ['./test/setup.ts'],
          isolate: serverIsolate,
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
                setupFiles: ['./test/setup.ts'],
                isolate: serverIsolate,
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
