/**
 * What the running test file opened (apps, databases, folders), closed newest first by `runCleanups` after the
 * file (test/setup.ts). The server projects share one module graph between files (isolate: false), so this list
 * outlives a file and must be emptied after each. Kept free of imports: every server file's setup loads it.
 */
export const cleanups: Array<() => Promise<void>> = [];

export async function runCleanups(): Promise<void> {
  for (const c of cleanups.splice(0).reverse()) await c().catch(() => {});
}
