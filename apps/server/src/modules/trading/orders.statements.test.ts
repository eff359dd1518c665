import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { PlaceOrderResult, TradingAccount } from '@tradedesk/contracts';
import { decimalToMinor } from '@tradedesk/core';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signUpAndLogin } from '../../../test/auth-helpers.js';
import { cleanups } from '../../../test/cleanups.js';
import { createTestApp, createTestDatabase } from '../../../test/helpers.js';
import { createManualClock } from '../../platform/clock.js';
import type { Database } from '../../platform/db.js';
import { tradingAccounts, tradingDeals } from './trading.table.js';

/**
 * The database round trips of one market order (issue 10): each statement costs a round trip of its own, so their
 * number is the order's floor. The statements sent on behalf of a request are told apart from the jobs' by the
 * request's async context.
 */
const sent = new AsyncLocalStorage<string[]>();
const note = (query: unknown) => {
  const text = typeof query === 'string' ? query : ((query as { text?: string } | null)?.text ?? String(query));
  sent.getStore()?.push(text.replace(/\s+/g, ' ').trim());
};

type Query = (...args: unknown[]) => unknown;
const pgQuery = pg.Client.prototype.query as Query;
const restore: Array<() => void> = [];

/** Notes every statement the database's driver sends: node-postgres clients, or PGlite and its transactions. */
function watchStatements(database: Database) {
  if (database.pool) {
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      note(args[0]);
      return pgQuery.apply(this, args);
    } as typeof pg.Client.prototype.query;
    restore.push(() => {
      pg.Client.prototype.query = pgQuery as typeof pg.Client.prototype.query;
    });
    return;
  }
  type Client = { query: Query; transaction: (fn: (tx: { query: Query }) => Promise<unknown>) => Promise<unknown> };
  const client = (database.db as unknown as { $client: Client }).$client;
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = (...args) => {
    note(args[0]);
    return query(...args);
  };
  client.transaction = (fn) => {
    note('begin');
    return transaction(async (tx) => {
      const txQuery = tx.query.bind(tx);
      tx.query = (...args) => {
        note(args[0]);
        return txQuery(...args);
      };
      const result = await fn(tx);
      note('commit');
      return result;
    });
  };
}

let app: FastifyInstance;
let user: SignedInUser;
let databaseUrl: string | undefined;
// a Monday morning: the FX market is open
const clock = createManualClock('2026-03-02T09:30:00Z');

beforeAll(async () => {
  const { database, url } = await createTestDatabase();
  databaseUrl = url;
  // closed after the app (the cleanups run newest first)
  cleanups.push(() => database.close());
  watchStatements(database);
  ({ app } = await createTestApp({ database, build: { clock } }));
  user = await signUpAndLogin(app);
});

afterAll(async () => {
  for (const undo of restore.reverse()) undo();
});

async function statementsOf(request: () => Promise<{ statusCode: number; body: string }>) {
  const log: string[] = [];
  const res = await sent.run(log, async () => await request());
  expect(res.statusCode, res.body).toBe(200);
  return log;
}

describe('a market order’s database round trips', () => {
  it('are 6: the session, the account with its challenge, then begin, the lock, one write and commit', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/accounts',
      headers: { authorization: `Bearer ${user.tradingAccessToken}` },
      payload: { kind: 'virtual', name: 'Round trips' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const account = created.json() as TradingAccount;
    const place = (headers: Record<string, string> = {}) =>
      app.inject({
        method: 'PUT',
        url: `/api/middleware/${account.token}/orders`,
        headers: { authorization: `Bearer ${user.tradingAccessToken}`, ...headers },
        payload: { symbol: 'EURUSD', side: 'buy', type: 'market', size: 0.1 },
      });

    // the first order reads the account's open positions once; later ones value those it kept
    const first = await statementsOf(place);
    expect(first, first.join('\n')).toHaveLength(7);
    const next = await statementsOf(place);
    expect(next, next.join('\n')).toHaveLength(6);
    const inside = next.slice(next.indexOf('begin'));
    expect(inside[0]).toBe('begin');
    expect(inside[1]).toMatch(/ for update$/);
    // the order, its position and its deal with the balance, in one statement
    expect(inside[2]).toMatch(/^with "o" as \(insert into "trading_orders" .*"p" as \(insert into "trading_positions"/);
    expect(inside[2]).toMatch(/update "trading_accounts" set balance = balance \+ .*insert into "trading_deals"/);
    expect(inside.slice(3)).toEqual(['commit']);

    // an Idempotency-Key adds the read of the key and the keeping of the answer
    const keyed = await statementsOf(() => place({ 'idempotency-key': 'round-trips-1' }));
    expect(keyed, keyed.join('\n')).toHaveLength(8);
    const replayed = await statementsOf(() => place({ 'idempotency-key': 'round-trips-1' }));
    expect(replayed.some((s) => s.startsWith('with "o"'))).toBe(false);

    // what the one statement booked: the balance is the start plus the deals, each deal's balance the one it left
    const [row] = await app.ctx.db.select().from(tradingAccounts).where(eq(tradingAccounts.id, account.id));
    const deals = await app.ctx.db
      .select()
      .from(tradingDeals)
      .where(eq(tradingDeals.accountId, account.id))
      .orderBy(asc(tradingDeals.seq));
    expect(deals).toHaveLength(3);
    const cur = row!.currency;
    let balance = decimalToMinor(row!.startingBalance, cur);
    for (const deal of deals) {
      balance += decimalToMinor(deal.amount, cur);
      expect(decimalToMinor(deal.balanceAfter, cur)).toBe(balance);
      expect(deal).toMatchObject({ kind: 'trade', entry: 'in', reason: 'client' });
    }
    expect(decimalToMinor(row!.balance, cur)).toBe(balance);
    const answer = (await place()).json() as PlaceOrderResult;
    expect(answer.order.positionId).toBe(answer.position!.id);
  });

  it.runIf(process.env.TEST_DB_KIND === 'postgres')(
    'values the positions another process opened while the order waited for the account’s lock',
    async () => {
      const created = await app.inject({
        method: 'POST',
        url: '/api/accounts',
        headers: { authorization: `Bearer ${user.tradingAccessToken}` },
        payload: { kind: 'virtual', name: 'Two processes' },
      });
      const account = created.json() as TradingAccount;
      const place = () =>
        app.inject({
          method: 'PUT',
          url: `/api/middleware/${account.token}/orders`,
          headers: { authorization: `Bearer ${user.tradingAccessToken}` },
          payload: { symbol: 'EURUSD', side: 'buy', type: 'market', size: 0.1 },
        });
      await statementsOf(place);
      expect(await statementsOf(place)).toHaveLength(6);

      // Another process of the app holds the account's lock and opens a position with its deal (of no amount, so
      // the balance stays the starting balance plus the deals)...
      const other = new pg.Client({ connectionString: databaseUrl });
      await other.connect();
      try {
        await other.query('begin');
        await other.query('select id from trading_accounts where id = $1 for update', [account.id]);
        const positionId = randomUUID();
        await other.query(
          `insert into trading_positions select * from json_populate_record(null::trading_positions,
             (select (to_jsonb(p) || jsonb_build_object('id', $2::uuid))::json from trading_positions p
              where p.account_id = $1 limit 1))`,
          [account.id, positionId],
        );
        await other.query(
          `with acc as (update trading_accounts set balance = balance + 0 where id = $1 returning balance)
           insert into trading_deals (id, account_id, position_id, order_id, kind, entry, symbol, side, volume, price,
             requested_price, slippage, gap, profit, commission, swap, amount, balance_after, reason, time)
           select $2::uuid, account_id, $3::uuid, null, kind, entry, symbol, side, volume, price, requested_price,
             slippage, gap, 0, 0, 0, 0, acc.balance, reason, time
           from trading_deals, acc where account_id = $1 limit 1`,
          [account.id, randomUUID(), positionId],
        );
        // ...while this process's order waits for the lock
        const waiting = statementsOf(place);
        await expect
          .poll(async () => {
            const r = await other.query(
              `select count(*)::int as n from pg_stat_activity
               where datname = current_database() and wait_event_type = 'Lock'`,
            );
            return r.rows[0].n as number;
          })
          .toBeGreaterThanOrEqual(1);
        await other.query('commit');
        // the order sees the row changed and reads the open positions again: the other process's one with them
        const statements = await waiting;
        expect(statements, statements.join('\n')).toHaveLength(7);
        expect(statements.some((s) => /from "trading_positions"/.test(s))).toBe(true);
      } finally {
        await other.end();
      }
    },
  );
});
