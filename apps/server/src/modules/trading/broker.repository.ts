import { and, asc, count, desc, eq, getTableColumns, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { compiledSelect, placeholderRow, placeholderValues } from '../../platform/compiled-select.js';
import type { Db } from '../../platform/db.js';
import type { OpenPositionFacts } from './broker.mapping.js';
import {
  type TradingAccountRow,
  type TradingDealRow,
  type TradingModificationRow,
  type TradingOrderRow,
  type TradingPositionRow,
  tradingAccounts,
  tradingDeals,
  tradingIdempotencyKeys,
  tradingModifications,
  tradingOrders,
  tradingPositions,
} from './trading.table.js';

export type TradeFilter = {
  status: 'all' | 'open' | 'closed';
  symbol?: string | undefined;
  side?: 'buy' | 'sell' | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  offset: number;
  limit: number;
};

/**
 * The virtual broker's state. Changes that book money run in `transaction`, which first locks the account row
 * (`lockAccount`): every change of one account is serialised, so a deal and the state it changes are written
 * together and two closes of one position cannot both succeed.
 */
export function createBrokerRepository(db: Db) {
  return queries(db, (fn) => db.transaction((tx) => fn(queries(tx as unknown as Db, () => Promise.reject()))));
}

type Tx = <T>(fn: (q: BrokerQueries) => Promise<T>) => Promise<T>;

/** The balance update a deal makes (`with acc as (...)`), answering the balance it leaves and the row's version. */
const balanceUpdate = (deal: DealParams) => sql`
    update ${tradingAccounts} set balance = balance + ${deal.amount}::numeric
    where id = ${deal.accountId}::uuid
    returning balance, xmin::text as version`;

/** The insert of a deal with the balance `acc` left (`balanceUpdate`), returning `balance_after` and `seq`. */
const dealInsert = (deal: DealParams) => sql`
    insert into ${tradingDeals} (
      id, account_id, position_id, order_id, kind, entry, symbol, side, volume, price, requested_price,
      slippage, gap, profit, commission, swap, amount, balance_after, reason, time
    )
    select ${deal.id}::uuid, ${deal.accountId}::uuid, ${deal.positionId}::uuid, ${deal.orderId}::uuid,
      ${deal.kind}::text, ${deal.entry}::text, ${deal.symbol}::text, ${deal.side}::text,
      ${deal.volume}::numeric, ${deal.price}::double precision,
      ${deal.requestedPrice}::double precision, ${deal.slippage}::double precision, ${deal.gap}::boolean,
      ${deal.profit}::numeric, ${deal.commission}::numeric, ${deal.swap}::numeric, ${deal.amount}::numeric,
      acc.balance, ${deal.reason}::text, ${deal.time}::timestamptz
    from acc
    returning balance_after, seq`;

/** A deal's values as the statements above send them (numbers of lots as text, the time in ISO form). */
type DealParams = { [K in keyof DealToBook]: unknown };
function dealParams(deal: DealToBook): DealParams {
  return { ...deal, volume: deal.volume === null ? null : String(deal.volume), time: deal.time.toISOString() };
}
/** The columns a deal is booked with (the database numbers it and adds the balance it leaves). */
const DEAL_KEYS = Object.keys(getTableColumns(tradingDeals)).filter(
  (key) => key !== 'seq' && key !== 'balanceAfter',
) as (keyof DealToBook)[];
/** Placeholders `d_` + key for a deal, and the values that fill them. */
const dealPlaceholders = Object.fromEntries(DEAL_KEYS.map((k) => [k, sql.placeholder(`d_${k}`)])) as DealParams;
function dealValues(deal: DealToBook): Record<string, unknown> {
  const params = dealParams(deal);
  return Object.fromEntries(DEAL_KEYS.map((k) => [`d_${k}`, params[k]]));
}

/** `lockAccountWithVersion`'s statement, built once. */
const lockWithVersionStatement = compiledSelect((db) =>
  db
    .select({ account: tradingAccounts, version: sql<string>`${tradingAccounts}.xmin::text` })
    .from(tradingAccounts)
    .where(eq(tradingAccounts.id, sql.placeholder('accountId')))
    .for('update'),
);

/** `openFilled`'s one statement: the order, the position, the balance update and the deal. */
function openFilledQuery(db: Db, order: Record<string, unknown>, position: Record<string, unknown>, deal: DealParams) {
  const o = db.$with('o').as(
    db
      .insert(tradingOrders)
      .values(order as TradingOrderRow)
      .returning(),
  );
  const p = db.$with('p').as(
    db
      .insert(tradingPositions)
      .values(position as TradingPositionRow)
      .returning(),
  );
  const acc = db
    .$with('acc', { balance: sql<string>`balance`.as('balance'), version: sql<string>`version`.as('version') })
    .as(balanceUpdate(deal));
  const d = db
    .$with('d', {
      balanceAfter: sql<string>`balance_after`.as('balance_after'),
      seq: sql<number>`seq`.mapWith(Number).as('seq'),
    })
    .as(dealInsert(deal));
  return db.with(o, p, acc, d).select().from(o).crossJoin(p).crossJoin(d).crossJoin(acc);
}
/** The same statement built once, with placeholders (`o_`, `p_` and `d_` + key). */
const openFilledStatement = compiledSelect((db) =>
  openFilledQuery(db, placeholderRow(tradingOrders, 'o_'), placeholderRow(tradingPositions, 'p_'), dealPlaceholders),
);

/** A deal as the engine books it: the database numbers it and adds the balance it leaves. */
export type DealToBook = Omit<TradingDealRow, 'seq' | 'balanceAfter'>;

function queries(db: Db, transaction: Tx) {
  const vanished = (accountId: string) => new Error(`account ${accountId} vanished inside its transaction`);

  /**
   * Books a deal (see `book`), answering the balance it left, its sequence number and the account row's version
   * after it (see `lockAccountWithVersion`).
   */
  async function bookDeal(deal: DealToBook): Promise<{ balance: string; seq: number; version: string }> {
    const result = (await db.execute(
      sql`with acc as (${balanceUpdate(dealParams(deal))}), d as (${dealInsert(dealParams(deal))})
        select d.balance_after, d.seq, acc.version from d, acc`,
    )) as unknown as { rows: Array<{ balance_after: unknown; seq: unknown; version: unknown }> };
    const row = result.rows[0];
    if (!row || row.balance_after === null || row.balance_after === undefined) throw vanished(deal.accountId);
    return { balance: String(row.balance_after), seq: Number(row.seq), version: String(row.version) };
  }

  return {
    transaction,

    /** Locks the account row for the rest of the transaction and reads it. */
    async lockAccount(accountId: string): Promise<TradingAccountRow | undefined> {
      const [row] = await db.select().from(tradingAccounts).where(eq(tradingAccounts.id, accountId)).for('update');
      return row;
    },

    /**
     * Locks the account row like `lockAccount` and reads with it the sequence number of its last deal: every change
     * of an open position's volume or price books a deal, so the open positions are as they were when this number
     * was last seen (an order's valuation reuses them without reading them again).
     */
    /**
     * Locks the account's row for the transaction and answers it with its version: the id of the transaction that
     * last changed it (`xmin`). Every deal moves the balance, so a deal in any process gives the row a new version.
     * Read from the locked row itself, it is the committed version even when the lock had to wait for another
     * transaction of the account (a subquery of the same statement would still see the snapshot taken before the
     * wait, and miss what that transaction booked).
     */
    async lockAccountWithVersion(
      accountId: string,
    ): Promise<{ account: TradingAccountRow; version: string } | undefined> {
      const [row] = await lockWithVersionStatement(db, { accountId });
      return row;
    },

    async account(accountId: string): Promise<TradingAccountRow | undefined> {
      const [row] = await db.select().from(tradingAccounts).where(eq(tradingAccounts.id, accountId));
      return row;
    },

    async ownsAccount(userId: string, accountId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: tradingAccounts.id })
        .from(tradingAccounts)
        .where(and(eq(tradingAccounts.id, accountId), eq(tradingAccounts.userId, userId)));
      return row !== undefined;
    },

    async openPositions(accountId: string): Promise<TradingPositionRow[]> {
      return db
        .select()
        .from(tradingPositions)
        .where(and(eq(tradingPositions.accountId, accountId), eq(tradingPositions.status, 'open')))
        .orderBy(asc(tradingPositions.openedAt), asc(tradingPositions.id));
    },

    /**
     * The open positions of an account with only what their valuation needs (no money columns, no dates but the
     * opening), in the order of `openPositions`: what an order reads for its margin check and the account's figures.
     */
    async openPositionsForFigures(accountId: string): Promise<OpenPositionFacts[]> {
      return db
        .select({
          id: tradingPositions.id,
          symbol: tradingPositions.symbol,
          side: tradingPositions.side,
          volume: tradingPositions.volume,
          openPrice: tradingPositions.openPrice,
          openedAt: tradingPositions.openedAt,
          stopLoss: tradingPositions.stopLoss,
          takeProfit: tradingPositions.takeProfit,
          trailingPips: tradingPositions.trailingPips,
        })
        .from(tradingPositions)
        .where(and(eq(tradingPositions.accountId, accountId), eq(tradingPositions.status, 'open')))
        .orderBy(asc(tradingPositions.openedAt), asc(tradingPositions.id));
    },

    async pendingOrders(accountId: string): Promise<TradingOrderRow[]> {
      return db
        .select()
        .from(tradingOrders)
        .where(and(eq(tradingOrders.accountId, accountId), eq(tradingOrders.status, 'pending')))
        .orderBy(asc(tradingOrders.createdAt), asc(tradingOrders.id));
    },

    /** Every open position and pending order of every account (the trigger job's start). */
    async allOpen(): Promise<{ positions: TradingPositionRow[]; orders: TradingOrderRow[] }> {
      const positions = await db.select().from(tradingPositions).where(eq(tradingPositions.status, 'open'));
      const orders = await db.select().from(tradingOrders).where(eq(tradingOrders.status, 'pending'));
      return { positions, orders };
    },

    /** The positions and orders of an account with these ids, whatever their state (the trigger job's update). */
    async itemsByIds(
      accountId: string,
      ids: { positions: readonly string[]; orders: readonly string[] },
    ): Promise<{ positions: TradingPositionRow[]; orders: TradingOrderRow[] }> {
      const positions =
        ids.positions.length === 0
          ? []
          : await db
              .select()
              .from(tradingPositions)
              .where(and(eq(tradingPositions.accountId, accountId), inArray(tradingPositions.id, [...ids.positions])));
      const orders =
        ids.orders.length === 0
          ? []
          : await db
              .select()
              .from(tradingOrders)
              .where(and(eq(tradingOrders.accountId, accountId), inArray(tradingOrders.id, [...ids.orders])));
      return { positions, orders };
    },

    async accounts(ids: readonly string[]): Promise<TradingAccountRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(tradingAccounts)
        .where(inArray(tradingAccounts.id, [...ids]));
    },

    async position(accountId: string, id: string): Promise<TradingPositionRow | undefined> {
      const [row] = await db
        .select()
        .from(tradingPositions)
        .where(and(eq(tradingPositions.accountId, accountId), eq(tradingPositions.id, id)));
      return row;
    },

    async order(accountId: string, id: string): Promise<TradingOrderRow | undefined> {
      const [row] = await db
        .select()
        .from(tradingOrders)
        .where(and(eq(tradingOrders.accountId, accountId), eq(tradingOrders.id, id)));
      return row;
    },

    /** Inserts an order and returns it as stored. */
    async insertOrder(row: TradingOrderRow): Promise<TradingOrderRow> {
      const [stored] = await db.insert(tradingOrders).values(row).returning();
      if (!stored) throw new Error(`order ${row.id} was not inserted`);
      return stored;
    },

    async updateOrder(id: string, patch: Partial<TradingOrderRow>): Promise<TradingOrderRow> {
      const [row] = await db.update(tradingOrders).set(patch).where(eq(tradingOrders.id, id)).returning();
      if (!row) throw new Error(`order ${id} vanished inside its transaction`);
      return row;
    },

    /** Inserts a position and returns it as stored. */
    async insertPosition(row: TradingPositionRow): Promise<TradingPositionRow> {
      const [stored] = await db.insert(tradingPositions).values(row).returning();
      if (!stored) throw new Error(`position ${row.id} was not inserted`);
      return stored;
    },

    async updatePosition(id: string, patch: Partial<TradingPositionRow>): Promise<TradingPositionRow> {
      const [row] = await db.update(tradingPositions).set(patch).where(eq(tradingPositions.id, id)).returning();
      if (!row) throw new Error(`position ${id} vanished inside its transaction`);
      return row;
    },

    /**
     * Books a deal: moves the account's balance by its amount and inserts the deal with the balance it left, in
     * one statement (the database adds the exact decimals), returning the new balance.
     */
    async book(deal: DealToBook): Promise<string> {
      return (await bookDeal(deal)).balance;
    },

    /** `book`, answering the deal's sequence number too. */
    bookDeal,

    /**
     * A filled order that opens a position: inserts the order and the position and books the opening deal (balance
     * update and deal insert), all in one statement; answers the order and the position as stored, the balance the
     * deal left, its sequence number and the account row's version. The sub-statements of one statement share its snapshot and run under the
     * account's lock the transaction holds, as the four statements did.
     */
    async openFilled(
      order: TradingOrderRow,
      position: TradingPositionRow,
      deal: DealToBook,
    ): Promise<{
      order: TradingOrderRow;
      position: TradingPositionRow;
      balance: string;
      seq: number;
      version: string;
    }> {
      const orderValues = placeholderValues(tradingOrders, order, 'o_');
      const positionValues = placeholderValues(tradingPositions, position, 'p_');
      const [row] =
        orderValues && positionValues
          ? await openFilledStatement(db, { ...orderValues, ...positionValues, ...dealValues(deal) }).catch((e) => {
              console.error('ZZ', e);
              throw e;
            })
          : await openFilledQuery(db, order, position, deal);
      // without the account row nothing is booked (no balance, no deal): the transaction is rolled back
      if (!row || row.d.balanceAfter === null || row.d.balanceAfter === undefined) throw vanished(deal.accountId);
      return {
        order: row.o,
        position: row.p,
        balance: String(row.d.balanceAfter),
        seq: Number(row.d.seq),
        version: String(row.acc.version),
      };
    },

    async insertModification(row: Omit<TradingModificationRow, 'seq'>): Promise<void> {
      await db.insert(tradingModifications).values(row);
    },

    async idempotent(
      accountId: string,
      key: string,
    ): Promise<{ requestHash: string; statusCode: number; response: unknown } | undefined> {
      const [row] = await db
        .select()
        .from(tradingIdempotencyKeys)
        .where(and(eq(tradingIdempotencyKeys.accountId, accountId), eq(tradingIdempotencyKeys.key, key)));
      return row;
    },

    async keepAnswer(row: {
      accountId: string;
      key: string;
      requestHash: string;
      statusCode: number;
      response: unknown;
      createdAt: Date;
    }): Promise<void> {
      await db.insert(tradingIdempotencyKeys).values(row).onConflictDoNothing();
    },

    async deleteAnswersBefore(before: Date): Promise<void> {
      await db.delete(tradingIdempotencyKeys).where(lt(tradingIdempotencyKeys.createdAt, before));
    },

    async trades(accountId: string, f: TradeFilter): Promise<{ rows: TradingPositionRow[]; total: number }> {
      const where = and(
        eq(tradingPositions.accountId, accountId),
        f.status === 'all' ? undefined : eq(tradingPositions.status, f.status),
        f.symbol ? eq(tradingPositions.symbol, f.symbol.toUpperCase()) : undefined,
        f.side ? eq(tradingPositions.side, f.side) : undefined,
        // trades that were open at some time in [from, to)
        f.from ? or(isNull(tradingPositions.closedAt), gte(tradingPositions.closedAt, f.from)) : undefined,
        f.to ? lt(tradingPositions.openedAt, f.to) : undefined,
      );
      const rows = await db
        .select()
        .from(tradingPositions)
        .where(where)
        .orderBy(desc(tradingPositions.openedAt), desc(tradingPositions.id))
        .offset(f.offset)
        .limit(f.limit);
      const [total] = await db.select({ n: count() }).from(tradingPositions).where(where);
      return { rows, total: total?.n ?? 0 };
    },

    async dealsOf(accountId: string, positionId: string): Promise<TradingDealRow[]> {
      return db
        .select()
        .from(tradingDeals)
        .where(and(eq(tradingDeals.accountId, accountId), eq(tradingDeals.positionId, positionId)))
        .orderBy(asc(tradingDeals.seq));
    },

    async modificationsOf(accountId: string, positionId: string, orderId: string | null) {
      return db
        .select()
        .from(tradingModifications)
        .where(
          and(
            eq(tradingModifications.accountId, accountId),
            orderId
              ? or(eq(tradingModifications.positionId, positionId), eq(tradingModifications.orderId, orderId))
              : eq(tradingModifications.positionId, positionId),
          ),
        )
        .orderBy(asc(tradingModifications.seq));
    },

    /** Every deal of an account, oldest first (checks: balance = start + sum of deals). */
    async deals(accountId: string): Promise<TradingDealRow[]> {
      return db.select().from(tradingDeals).where(eq(tradingDeals.accountId, accountId)).orderBy(asc(tradingDeals.seq));
    },
  };
}
export type BrokerQueries = ReturnType<typeof queries>;
export type BrokerRepository = ReturnType<typeof createBrokerRepository>;
