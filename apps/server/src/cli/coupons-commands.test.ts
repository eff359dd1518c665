import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, migratedSnapshot, testDbKind } from '../../test/helpers.js';
import { type CouponInput, couponRowOf } from '../modules/billing/subscriptions/coupons.service.js';
import { openDatabase } from '../platform/db.js';
import { runCli } from './run-cli.js';

const dataDir = mkdtempSync(join(tmpdir(), 'tradedesk-coupons-cli-'));
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

describe('a coupon definition', () => {
  it('says what is wrong with it', () => {
    const now = new Date('2026-04-01T00:00:00Z');
    const cases: Array<[CouponInput, string | null]> = [
      [{ code: 'OK10', percentOff: 10, duration: 'once' }, null],
      [{ code: 'TENOFF', amountOffMinor: 1000, currency: 'usd', duration: 'forever', maxRedemptions: 100 }, null],
      [{ code: 'x', percentOff: 10, duration: 'once' }, 'The code must be 3 to 40 letters, digits, - or _.'],
      [{ code: 'BAD', percentOff: 120, duration: 'once' }, 'The percent off must be above 0 and at most 100.'],
      [
        { code: 'BOTH', percentOff: 5, amountOffMinor: 5, currency: 'USD', duration: 'once' },
        'Give either a percent off or an amount off (with its currency).',
      ],
      [{ code: 'NOCUR', amountOffMinor: 500, duration: 'once' }, 'An amount off needs its currency.'],
      [{ code: 'REP', percentOff: 5, duration: 'repeating' }, 'A repeating coupon needs a number of months above 0.'],
      [
        { code: 'MAX0', percentOff: 5, duration: 'once', maxRedemptions: 0 },
        'The maximum number of redemptions must be a whole number above 0.',
      ],
    ];
    for (const [input, want] of cases) {
      const row = couponRowOf(input, now);
      expect(typeof row === 'string' ? row : null, input.code).toBe(want);
    }
    expect(couponRowOf(cases[1]![0], now)).toMatchObject({
      code: 'TENOFF',
      amountOffMinor: '1000',
      currency: 'USD',
      percentOffBp: null,
    });
  });
});

describe('tradedesk coupons', () => {
  it('refuses bad use with exit status 2 before opening the database', async () => {
    for (const [argv, message] of [
      [['coupons'], 'coupons takes add or list'],
      [['coupons', 'add', 'X1', '--percent', '10'], '--duration must be once, repeating or forever.'],
      [['coupons', 'add', 'X1', '--amount', '5', '--duration', 'once'], '--amount needs --currency.'],
      [['coupons', 'add', '--duration', 'once'], 'coupons add takes one CODE.'],
    ] as const) {
      const r = await run(...argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stderr).toContain(message);
    }
  });

  it('adds coupons, refuses a taken code or a wrong definition, and lists them', async () => {
    expect(
      await run(
        'coupons',
        'add',
        'spring25',
        '--percent',
        '25',
        '--duration',
        'repeating',
        '--months',
        '3',
        '--plans',
        'pro',
      ),
    ).toMatchObject({
      code: 0,
      stdout: 'Coupon SPRING25 added: 25 % off, repeating.\n',
    });
    expect(await run('coupons', 'add', 'SPRING25', '--percent', '5', '--duration', 'once')).toMatchObject({
      code: 1,
      stderr: 'tradedesk: A coupon with the code SPRING25 exists already.\n',
    });
    const list = await run('coupons', 'list');
    expect(list.stdout).toContain('SPRING25\t25 % off for 3 months\tplans pro\n');
  });
});
