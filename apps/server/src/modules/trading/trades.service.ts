import type { AccountSnapshot, TradesQuery } from '@tradedesk/contracts';
import type { SimulatedMarket } from '@tradedesk/core';
import type { Clock } from '../../platform/clock.js';
import type { AccountsService } from './accounts.service.js';
import type { BrokerEngine } from './broker.engine.js';
import { quotesAt, toDeal, toModification, toOrder, toPosition, toTrade } from './broker.mapping.js';
import type { BrokerRepository } from './broker.repository.js';
import { accountNotFound, tradingError } from './trading.errors.js';
import type { TradingAccountRow } from './trading.table.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reading an account's state: its live snapshot, and its trades with their deals and modification log. */
export function createTradesService(deps: {
  repo: BrokerRepository;
  accounts: AccountsService;
  engine: BrokerEngine;
  market: SimulatedMarket;
  clock: Clock;
}) {
  const { repo, accounts, engine, market, clock } = deps;

  /** The account of a trading token: its platform token, or its id. */
  async function accountOf(userId: string, tradingToken: string): Promise<TradingAccountRow> {
    return UUID.test(tradingToken) ? accounts.owned(userId, tradingToken) : accounts.findByToken(userId, tradingToken);
  }

  async function snapshotOf(account: TradingAccountRow): Promise<AccountSnapshot> {
    const quotes = quotesAt(market, clock.now().getTime());
    const figures = await engine.figures(repo, account.id, quotes);
    if (!figures) throw accountNotFound();
    const marks = new Map(figures.core.positions.map((m) => [m.id, m]));
    return {
      account: figures.wire,
      positions: figures.positions.map((p) => toPosition(p, marks.get(p.id))),
      orders: (await repo.pendingOrders(account.id)).map(toOrder),
    };
  }

  return {
    snapshotOf,

    /**
     * GET /middleware/{platformToken}/accounts/{id}: `1` (the spec's positions call), the account's id or its
     * account number; the figures, open positions and pending orders.
     */
    async snapshot(userId: string, platformToken: string, id: string): Promise<AccountSnapshot> {
      const account = await accounts.findByToken(userId, platformToken);
      if (id !== '1' && id !== account.id && id !== account.accountNumber) throw accountNotFound();
      return snapshotOf(account);
    },

    async list(userId: string, tradingToken: string, query: TradesQuery) {
      const account = await accountOf(userId, tradingToken);
      const { rows, total } = await repo.trades(account.id, {
        status: query.status,
        symbol: query.symbol,
        side: query.side,
        from: query.from ? new Date(query.from) : undefined,
        to: query.to ? new Date(query.to) : undefined,
        offset: (query.page - 1) * query.limit,
        limit: query.limit,
      });
      const quotes = quotesAt(market, clock.now().getTime());
      const figures = rows.some((r) => r.status === 'open')
        ? await engine.figures(repo, account.id, quotes)
        : undefined;
      const marks = new Map(figures?.core.positions.map((m) => [m.id, m]) ?? []);
      return { trades: rows.map((r) => toTrade(r, marks.get(r.id))), page: query.page, limit: query.limit, total };
    },

    async detail(userId: string, tradingToken: string, tradeId: string) {
      const account = await accountOf(userId, tradingToken);
      const row = await repo.position(account.id, tradeId);
      if (!row) throw tradingError('TRADING_TRADE_NOT_FOUND', 'No trade of this account has this id.');
      const quotes = quotesAt(market, clock.now().getTime());
      const figures = row.status === 'open' ? await engine.figures(repo, account.id, quotes) : undefined;
      const mark = figures?.core.positions.find((m) => m.id === row.id);
      return {
        trade: toTrade(row, mark),
        deals: (await repo.dealsOf(account.id, row.id)).map(toDeal),
        modifications: (await repo.modificationsOf(account.id, row.id, row.orderId)).map(toModification),
      };
    },
  };
}
export type TradesService = ReturnType<typeof createTradesService>;
