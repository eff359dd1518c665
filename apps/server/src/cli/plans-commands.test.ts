import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, migratedSnapshot, testDbKind } from '../../test/helpers.js';
import type { CatalogueFile } from '../modules/billing/plans/plans.defaults.js';
import { openDatabase } from '../platform/db.js';
import { runCli } from './run-cli.js';

const dataDir = mkdtempSync(join(tmpdir(), 'tradedesk-plans-cli-'));
let env: Record<string, string>;

async function run(...argv: string[]) {
  const out = { stdout: '', stderr: '' };
  const code = await runCli(argv, {
    stdout: { write: (s: string) => (out.stdout += s), isTTY: false },
    stderr: { write: (s: string) => (out.stderr += s), isTTY: false },
    env,
  });
  return { code, ...out };
}

beforeAll(async () => {
  if (testDbKind === 'postgres') {
    const created = await createTestDatabase();
    await created.database.close();
    env = { DATA_DIR: dataDir, DATABASE_URL: created.url!, LOG_LEVEL: 'silent' };
  } else {
    const seeded = await openDatabase({ pgliteDir: join(dataDir, 'pglite'), pgliteSnapshot: await migratedSnapshot() });
    await seeded.close();
    env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  }
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('tradedesk plans', () => {
  it('refuses bad use with exit status 2 before opening the database', async () => {
    for (const [argv, message] of [
      [['plans'], 'plans takes export or import'],
      [['plans', 'show', 'x.json'], 'plans takes export or import'],
      [['plans', 'import'], 'plans import takes one FILE'],
    ] as const) {
      const r = await run(...argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stderr).toContain(message);
    }
  });

  it('exports the catalogue, imports an edited file, and refuses a bad file changing nothing', async () => {
    const file = join(dataDir, 'plans.json');
    const exported = await run('plans', 'export', file);
    expect(exported, exported.stderr).toMatchObject({ code: 0 });
    expect(exported.stdout).toBe(`Wrote 3 plans and 3 add-ons to ${file}.\n`);
    const catalogue = JSON.parse(readFileSync(file, 'utf8')) as CatalogueFile;
    expect(catalogue.plans.map((p) => p.id)).toEqual(['free', 'pro', 'premium']);

    catalogue.plans[1]!.entitlements.watchlists = 40;
    catalogue.plans[1]!.prices = [{ currency: 'USD', monthly: '24.00', yearly: '240.00' }];
    writeFileSync(file, JSON.stringify(catalogue));
    const imported = await run('plans', 'import', file);
    expect(imported, imported.stderr).toMatchObject({ code: 0 });

    const bad = join(dataDir, 'bad.json');
    writeFileSync(
      bad,
      JSON.stringify({ ...catalogue, plans: [{ ...catalogue.plans[0]!, entitlements: { rockets: 1 } }] }),
    );
    const refused = await run('plans', 'import', bad);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('was not imported; nothing changed');
    expect(refused.stderr).toContain('plans.0.entitlements: rockets is not an entitlement');

    const again = join(dataDir, 'again.json');
    expect((await run('plans', 'export', again)).code).toBe(0);
    const now = JSON.parse(readFileSync(again, 'utf8')) as CatalogueFile;
    expect(now.plans[1]).toMatchObject({
      id: 'pro',
      entitlements: { watchlists: 40 },
      prices: [{ currency: 'USD', monthly: '24.00', yearly: '240.00' }],
    });
    expect(now.plans[0]!.entitlements).toEqual(catalogue.plans[0]!.entitlements);
  });
});
