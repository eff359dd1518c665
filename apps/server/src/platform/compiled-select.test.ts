import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanups } from '../../test/cleanups.js';
import { createTestDatabase } from '../../test/helpers.js';
import { type TradingAccountRow, tradingAccounts } from '../modules/trading/trading.table.js';
import { users } from '../modules/users/users.table.js';
import { compiledSelect, placeholderRow, placeholderValues } from './compiled-select.js';
import type { Database } from './db.js';

let database: Database;
let userId: string;

beforeAll(async () => {
  ({ database } = await createTestDatabase());
  cleanups.push(() => database.close());
  userId = randomUUID();
  await database.db.insert(users).values({
    id: userId,
    email: `compiled-${userId}@example.com`,
    username: `compiled_${userId.slice(0, 8)}`,
    status: 'active',
  });
});
afterAll(() => vi.restoreAllMocks());

/** An account row with every column given: text, numerics (as text), a boolean, JSON, timestamps and nulls. */
function accountRow(id: string, name: string): TradingAccountRow {
  const at = new Date('2026-03-02T09:30:00.123Z');
  return {
    id,
    userId,
    name,
    kind: 'virtual',
    platform: 'TradeDesk',
    platformType: 'virtual',
    type: 'demo',
    server: 'TradeDesk-Virtual',
    broker: 'TradeDesk',
    username: null,
    accountNumber: null,
    color: '#8861E4',
    status: 'connected',
    isActive: false,
    currency: 'USD',
    startingBalance: '10000.00',
    customBalance: true,
    balance: '10250.25',
    leverage: 100,
    marginMode: 'hedging',
    passwordEnc: null,
    investorPasswordEnc: null,
    platformToken: `token-${id}`,
    settings: { note: 'kept' },
    createdAt: at,
    updatedAt: at,
    archivedAt: null,
  };
}

describe('compiledSelect', () => {
  it('answers what the builder answers, with rows mapped the same way, built once, on the database and in a transaction', async () => {
    const { db } = database;
    const firstId = randomUUID();
    await db.insert(tradingAccounts).values(accountRow(firstId, 'First'));
    const [first] = await db.select().from(tradingAccounts).where(eq(tradingAccounts.id, firstId));

    const byId = compiledSelect((d) =>
      d
        .select({ account: tradingAccounts, version: sql<string>`${tradingAccounts}.xmin::text` })
        .from(tradingAccounts)
        .where(eq(tradingAccounts.id, sql.placeholder('id'))),
    );
    const spy = vi.spyOn(PgDialect.prototype, 'sqlToQuery');
    // the texts built of selects (a transaction's begin and commit are built as well, on PostgreSQL)
    const built = () => spy.mock.results.filter((r) => /^(select|with) /.test((r.value as { sql: string }).sql)).length;
    const [row] = await byId(db, { id: firstId });
    expect(row?.account).toEqual(first);
    expect(row?.account.createdAt).toBeInstanceOf(Date);
    expect(typeof row?.version).toBe('string');

    // an insert given as placeholders, inside a transaction, then read in the same transaction
    const insert = compiledSelect((d) => {
      const a = d.$with('a').as(d.insert(tradingAccounts).values(placeholderRow(tradingAccounts, 'a_')).returning());
      return d.with(a).select().from(a);
    });
    const secondId = randomUUID();
    const second = accountRow(secondId, 'Second');
    const values = placeholderValues(tradingAccounts, second, 'a_');
    expect(values).toBeDefined();
    const inserted = await db.transaction(async (tx) => {
      const [made] = await insert(tx as never, values!);
      const [seen] = await byId(tx as never, { id: secondId });
      return { made, seen };
    });
    expect(inserted.made).toEqual({ ...second });
    expect(inserted.seen?.account).toEqual({ ...second });
    // each statement's text was built once, on its first run
    expect(built()).toBe(2);
    const [again] = await byId(db, { id: secondId });
    expect(again?.account.name).toBe('Second');
    expect(built()).toBe(2);
  });

  it('leaves a row without every column to the usual insert (its defaults would be fixed in the text)', () => {
    const { id: _id, ...withoutId } = accountRow(randomUUID(), 'Partial');
    expect(placeholderValues(tradingAccounts, withoutId, 'a_')).toBeUndefined();
  });
});
