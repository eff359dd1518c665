import type { SharedTrade, ShareTradeBody, TradeShare } from '@tradedesk/contracts';
import { findInstrument } from '@tradedesk/core';
import { and, eq } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db.js';
import { newToken } from '../../platform/ids.js';
import type { AccountsService } from './accounts.service.js';
import { toDeal, toModification, toTrade } from './broker.mapping.js';
import type { BrokerRepository } from './broker.repository.js';
import { type TradingTradeShareRow, tradingTradeShares } from './trade-shares.table.js';
import { tradingError } from './trading.errors.js';
import { type TradingAccountRow, tradingAccounts } from './trading.table.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const round = (n: number, decimals: number) => Math.round(n * 10 ** decimals) / 10 ** decimals;

const tradeNotFound = () => tradingError('TRADING_TRADE_NOT_FOUND', 'No trade of yours has this id.');
const shareNotFound = () =>
  tradingError('TRADING_TRADE_NOT_FOUND', 'No shared trade has this link: it was revoked, or never existed.');

/**
 * What a public card shows of a closed trade, from its row, deals and modification log: pips (signed), the R
 * multiple against the first stop loss the trade had, and the net result as a percentage of the balance before
 * its first deal. Pure, so the figures are tested without a database.
 */
export function sharedTradeFigures(input: {
  trade: ReturnType<typeof toTrade>;
  deals: ReturnType<typeof toDeal>[];
  modifications: ReturnType<typeof toModification>[];
}) {
  const { trade, deals, modifications } = input;
  const bare = trade.symbol.includes(':') ? trade.symbol.slice(trade.symbol.indexOf(':') + 1) : trade.symbol;
  const pipSize = findInstrument(bare)?.pipSize ?? 0.0001;
  const dir = trade.side === 'buy' ? 1 : -1;
  const exit = trade.closePrice ?? trade.openPrice;
  const pips = round(((exit - trade.openPrice) * dir) / pipSize, 1);
  const firstStopChange = modifications
    .filter((m) => m.field === 'stop_loss' && m.positionId === trade.id)
    .sort((a, b) => a.time.localeCompare(b.time))[0];
  const firstStop = firstStopChange ? firstStopChange.oldValue : trade.stopLoss;
  const riskPips = firstStop === null ? null : Math.abs(trade.openPrice - firstStop) / pipSize;
  const rMultiple = riskPips ? round(pips / riskPips, 2) : null;
  const first = [...deals].sort((a, b) => a.time.localeCompare(b.time))[0];
  const balanceBefore = first ? first.balanceAfter - first.amount : null;
  const percentOfBalance = balanceBefore && balanceBefore > 0 ? round((trade.net / balanceBefore) * 100, 2) : null;
  return { pips, rMultiple, percentOfBalance };
}

/** Public links of closed trades: made and revoked by the owner, read by anyone with the token. */
export function createTradeSharesService(deps: {
  db: Db;
  repo: BrokerRepository;
  accounts: AccountsService;
  clock: Clock;
}) {
  const { db, repo, accounts, clock } = deps;

  async function accountOf(userId: string, tradingToken: string): Promise<TradingAccountRow> {
    return UUID.test(tradingToken) ? accounts.owned(userId, tradingToken) : accounts.findByToken(userId, tradingToken);
  }

  const toShare = (row: TradingTradeShareRow): TradeShare => ({
    token: row.token,
    showMoney: row.showMoney,
    createdAt: row.createdAt.toISOString(),
  });

  return {
    /** Makes the trade's link, or changes what it shows (the token stays). Only a closed trade can be shared. */
    async share(userId: string, tradingToken: string, tradeId: string, body: ShareTradeBody): Promise<TradeShare> {
      const account = await accountOf(userId, tradingToken);
      const row = await repo.position(account.id, tradeId);
      if (!row) throw tradeNotFound();
      if (row.status === 'open') {
        const message = 'tradeId is an open trade: only a closed trade can be shared.';
        throw tradingError('TRADING_INVALID_FIELD', message, { fields: [{ field: 'tradeId', message }] });
      }
      const [saved] = await db
        .insert(tradingTradeShares)
        .values({
          token: newToken(18),
          positionId: row.id,
          accountId: account.id,
          showMoney: body.show_money,
          createdAt: clock.now(),
        })
        .onConflictDoUpdate({ target: tradingTradeShares.positionId, set: { showMoney: body.show_money } })
        .returning();
      if (!saved) throw tradeNotFound();
      return toShare(saved);
    },

    /** The trade's link, if it has one. */
    async get(userId: string, tradingToken: string, tradeId: string): Promise<TradeShare | null> {
      const account = await accountOf(userId, tradingToken);
      const [row] = await db
        .select()
        .from(tradingTradeShares)
        .where(and(eq(tradingTradeShares.accountId, account.id), eq(tradingTradeShares.positionId, tradeId)));
      return row ? toShare(row) : null;
    },

    /** Revokes the link: its token is not found from now on. */
    async revoke(userId: string, tradingToken: string, tradeId: string): Promise<void> {
      const account = await accountOf(userId, tradingToken);
      const gone = await db
        .delete(tradingTradeShares)
        .where(and(eq(tradingTradeShares.accountId, account.id), eq(tradingTradeShares.positionId, tradeId)))
        .returning({ token: tradingTradeShares.token });
      if (gone.length === 0) throw tradeNotFound();
    },

    /** The public card of a token; unknown or revoked: not found. */
    async shared(token: string): Promise<SharedTrade> {
      const [share] = await db.select().from(tradingTradeShares).where(eq(tradingTradeShares.token, token));
      if (!share) throw shareNotFound();
      const row = await repo.position(share.accountId, share.positionId);
      const [account] = await db
        .select({ currency: tradingAccounts.currency })
        .from(tradingAccounts)
        .where(eq(tradingAccounts.id, share.accountId));
      if (!row || !account || row.status === 'open' || row.closePrice === null || row.closedAt === null) {
        throw shareNotFound();
      }
      const trade = toTrade(row);
      const deals = (await repo.dealsOf(share.accountId, row.id)).map(toDeal);
      const modifications = (await repo.modificationsOf(share.accountId, row.id, row.orderId)).map(toModification);
      return {
        token: share.token,
        symbol: trade.symbol,
        side: trade.side,
        entryPrice: trade.openPrice,
        exitPrice: row.closePrice,
        stopLoss: trade.stopLoss,
        takeProfit: trade.takeProfit,
        ...sharedTradeFigures({ trade, deals, modifications }),
        openedAt: trade.entryTimestamp,
        closedAt: row.closedAt.toISOString(),
        closeReason: row.closeReason,
        money: share.showMoney ? { net: trade.net, currency: account.currency } : null,
      };
    },
  };
}
export type TradeSharesService = ReturnType<typeof createTradeSharesService>;
