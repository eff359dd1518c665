import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTestDir } from '../../test/temp.js';
import { openDatabase } from './db.js';

const root = makeTestDir('db');
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('embedded database folder', () => {
  it('refuses a second user of the same PGlite folder while the first is open, and frees it on close', async () => {
    const dir = join(root, 'pglite');
    const first = await openDatabase({ pgliteDir: dir });
    // a pid file naming a live process other than this one stands for a second server on the folder
    const { writeFileSync } = await import('node:fs');
    writeFileSync(join(root, 'pglite.pid'), String(process.ppid));
    await expect(openDatabase({ pgliteDir: dir })).rejects.toThrow(/in use by process \d+/);
    writeFileSync(join(root, 'pglite.pid'), String(process.pid));
    await first.close();
    const again = await openDatabase({ pgliteDir: dir });
    await again.ping();
    await again.close();
  });
});
