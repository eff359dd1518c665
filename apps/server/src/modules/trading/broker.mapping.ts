import type { AccountFigures, Trade, TradingDeal, TradingOrder, TradingPosition } from '@tradedesk/contracts';
import type { BidAsk, AccountFigures as CoreFigures, OpenPosition, QuoteBook, SimulatedMarket } from '@tradedesk/core';
import type {
  TradingAccountRow,
  TradingDealRow,
  TradingModificationRow,
  TradingOrderRow,
  TradingPositionRow,
} from './trading.table.js';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Live quotes of the simulated market at one instant, read lazily and kept for the instant. */
export function quotesAt(market: SimulatedMarket, ms: number): QuoteBook & { get(symbol: string): BidAsk | undefined } {
  const cache = new Map<string, BidAsk>();
  return {
    get(symbol: string) {
      let q = cache.get(symbol);
      if (!q) {
        try {
          const quote = market.quote(symbol, ms);
          q = { bid: quote.bid, ask: quote.ask, open: quote.open, time: ms };
        } catch {
          return undefined;
        }
        cache.set(symbol, q);
      }
      return q;
    },
  };
}

export function toOrder(row: TradingOrderRow): TradingOrder {
  const stopType = row.type === 'stop' || row.type === 'stop_limit';
  return {
    id: row.id,
    symbol: row.symbol,
    side: row.side as TradingOrder['side'],
    type: row.type as TradingOrder['type'],
    status: row.status as TradingOrder['status'],
    size: row.volume,
    triggerPrice: stopType ? row.price : null,
    limitPrice: row.type === 'limit' ? row.price : row.limitPrice,
    stopLoss: row.stopLoss,
    takeProfit: row.takeProfit,
    stopLossPips: row.stopLossPips,
    takeProfitPips: row.takeProfitPips,
    stopLossLock: row.stopLossLock as TradingOrder['stopLossLock'],
    takeProfitLock: row.takeProfitLock as TradingOrder['takeProfitLock'],
    trailingStopPoints: row.trailingPips,
    expiry: row.expiry as TradingOrder['expiry'],
    expiresAt: iso(row.expiresAt),
    stopTriggeredAt: iso(row.stopTriggeredAt),
    positionId: row.positionId,
    fillPrice: row.fillPrice,
    filledAt: iso(row.filledAt),
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The columns of an open position its valuation (and `openPositionOf`) reads. */
export type OpenPositionFacts = Pick<
  TradingPositionRow,
  'id' | 'symbol' | 'side' | 'volume' | 'openPrice' | 'openedAt' | 'stopLoss' | 'takeProfit' | 'trailingPips'
>;

export function openPositionOf(row: OpenPositionFacts): OpenPosition {
  return {
    id: row.id,
    symbol: row.symbol,
    side: row.side as OpenPosition['side'],
    volume: row.volume,
    openPrice: row.openPrice,
    openTimeMs: row.openedAt.getTime(),
    stopLoss: row.stopLoss,
    takeProfit: row.takeProfit,
    trailingPoints: row.trailingPips,
  };
}

/** A position on the wire; `mark` is its live valuation (open positions), kind flat once closed. */
export function toPosition(row: TradingPositionRow, mark?: { price: number | null; profit: number }): TradingPosition {
  const open = row.status === 'open';
  return {
    id: row.id,
    positionId: row.id,
    kind: open ? (row.side === 'buy' ? 'long' : 'short') : 'flat',
    instrumentId: row.symbol,
    symbol: row.symbol,
    side: row.side as TradingPosition['side'],
    volume: row.volume,
    initialVolume: row.initialVolume,
    openPrice: row.openPrice,
    entryTimestamp: row.openedAt.toISOString(),
    stopLoss: row.stopLoss,
    takeProfit: row.takeProfit,
    trailingStopPoints: row.trailingPips,
    currentPrice: open ? (mark?.price ?? null) : row.closePrice,
    upl: open ? (mark?.profit ?? 0) : 0,
    profit: Number(row.profit),
    commission: Number(row.commission),
    swap: Number(row.swap),
    closePrice: row.closePrice,
    closedAt: iso(row.closedAt),
    closeReason: row.closeReason,
  };
}

export function toTrade(row: TradingPositionRow, mark?: { price: number | null; profit: number }): Trade {
  const position = toPosition(row, mark);
  return {
    ...position,
    status: row.status === 'open' ? 'open' : 'closed',
    net: Math.round((position.profit + position.commission + position.swap) * 1e8) / 1e8,
  };
}

export function toDeal(row: TradingDealRow): TradingDeal {
  return {
    id: row.id,
    positionId: row.positionId,
    orderId: row.orderId,
    kind: row.kind as TradingDeal['kind'],
    entry: row.entry as TradingDeal['entry'],
    symbol: row.symbol,
    side: row.side as TradingDeal['side'],
    volume: row.volume,
    price: row.price,
    requestedPrice: row.requestedPrice,
    slippage: row.slippage,
    gap: row.gap,
    profit: Number(row.profit),
    commission: Number(row.commission),
    swap: Number(row.swap),
    amount: Number(row.amount),
    balanceAfter: Number(row.balanceAfter),
    reason: row.reason as TradingDeal['reason'],
    time: row.time.toISOString(),
  };
}

export function toModification(row: TradingModificationRow) {
  return {
    id: row.id,
    positionId: row.positionId,
    orderId: row.orderId,
    field: row.field,
    oldValue: row.oldValue,
    newValue: row.newValue,
    source: row.source as 'client' | 'trailing_stop' | 'server',
    time: row.time.toISOString(),
  };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

export function toFigures(account: TradingAccountRow, figures: CoreFigures): AccountFigures {
  return {
    accountId: account.id,
    currency: account.currency,
    balance: figures.balance,
    equity: round2(figures.equity),
    floatingProfit: round2(figures.floatingProfit),
    margin: round2(figures.margin),
    freeMargin: round2(figures.freeMargin),
    marginLevel: figures.marginLevel === null ? null : round2(figures.marginLevel),
    marginStatus: figures.status,
    leverage: account.leverage,
    marginMode: account.marginMode as AccountFigures['marginMode'],
  };
}
