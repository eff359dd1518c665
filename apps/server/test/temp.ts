import { mkdirSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder of this run's temporary files (test/global-setup.ts), removed when the run ends. */
    testRunDir: string;
  }
}

/**
 * The suite's files live in the project, under `node_modules/.cache/tradedesk-test` (ignored by git and
 * every tool): the reused PGlite snapshot at its top, each run's temporary folders in a folder of the run.
 */
export const testCacheDir = join(import.meta.dirname, '..', '..', '..', 'node_modules', '.cache', 'tradedesk-test');

/** A new empty folder for one test's files, inside the run's folder (gone when the run ends). */
export function makeTestDir(prefix: string): string {
  const runDir = inject('testRunDir');
  mkdirSync(runDir, { recursive: true });
  return mkdtempSync(join(runDir, `${prefix}-`));
}
