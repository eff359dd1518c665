import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const port = Number(process.env.E2E_PORT ?? 18180);
const baseURL = `http://127.0.0.1:${port}`;
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A fresh embedded database per run, in one folder per port inside the ignored e2e/artifacts: each run
 * empties it first, so runs leave nothing behind in the temp folder and at most the last run's data here.
 * Playwright loads this file again in every worker process; the folder travels to them through the
 * environment, so only the first load empties it.
 */
function freshDataDir(): string {
  const existing = process.env.E2E_DATA_DIR;
  if (existing) return existing;
  const dir = join(here, 'artifacts', `data-${port}`);
  const pidFile = join(dir, 'pglite.pid');
  const holder = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').trim()) : 0;
  if (holder > 0 && holder !== process.pid && isRunning(holder)) {
    throw new Error(`another e2e run (process ${holder}) is using port ${port}; set E2E_PORT to another port`);
  }
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  process.env.E2E_DATA_DIR = dir;
  return dir;
}

const dataDir = freshDataDir();

/**
 * The run serves its own copy of the built web app: a build started meanwhile (several people share this
 * work tree) empties apps/web/dist and would turn pages blank halfway through the suite.
 */
function webDistSnapshot(): string | undefined {
  const built = join(root, 'apps', 'web', 'dist');
  const copy = join(dataDir, 'web-dist');
  if (!existsSync(copy) && existsSync(join(built, 'index.html'))) cpSync(built, copy, { recursive: true });
  return existsSync(join(copy, 'index.html')) ? copy : undefined;
}

const webDist = webDistSnapshot();

export default defineConfig({
  testDir: './specs',
  outputDir: './artifacts/results',
  // One worker: the machine has two cores and the server, PGlite and Chromium share them.
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  // One retry: a spec that passes only on it is reported as "flaky" in the list reporter's last lines.
  retries: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { outputFolder: './artifacts/report', open: 'never' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    video: 'off',
    // Dark is the product default whatever the system says; a light system proves the app ignores it.
    colorScheme: 'light',
    locale: 'en-GB',
    timezoneId: 'UTC',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
  webServer: {
    command: 'node apps/server/dist/main.js',
    cwd: root,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: {
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      ...(webDist ? { WEB_DIST: webDist } : {}),
      // Specs make their own users; the demo user is there too, for the screens that show the engine's
      // replayed trades (metrics.spec.ts signs in as it and reads its weeks of trades).
      SEED_DEMO: 'true',
      // ...all from this one address, past the per-address sign-up limit (10 an hour). The limits have tests
      // of their own in the server suite (auth.rate-limit, sign-in-throttle).
      RATE_LIMIT: 'false',
      // The staff accounts billing.spec.ts (partner approval), helpcenter.spec.ts (ticket reply) and
      // accessibility.spec.ts (the console's sweep) make; no other account is staff.
      STAFF_EMAILS: 'e2e-billing-staff@example.com,e2e-help-staff@example.com,e2e-a11y-staff@example.com',
      LOG_LEVEL: 'warn',
      // Mail must land in the outbox that /dev/mailbox shows, and the database must be the fresh PGlite.
      SMTP_URL: '',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
  },
});
