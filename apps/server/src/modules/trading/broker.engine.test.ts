import { accountFigures, type BidAsk, type QuoteBook } from '@tradedesk/core';
import { describe, expect, it } from 'vitest';
import { basicsOf, figuresBook } from './broker.engine.js';
import { openPositionOf } from './broker.mapping.js';
import type { TradingAccountRow, TradingPositionRow } from './trading.table.js';

const quotes: QuoteBook = new Map<string, BidAsk>([
  ['EURUSD', { bid: 1.1, ask: 1.1002, open: true }],
  ['USDJPY', { bid: 150.1, ask: 150.12, open: true }],
  ['BTCUSD', { bid: 60_000, ask: 60_010, open: true }],
]);

const account = { id: 'a', currency: 'USD', leverage: 100, marginMode: 'hedging', balance: '10000.00' } as const;

function position(id: string, symbol: string, side: 'buy' | 'sell', volume: number, openPrice: number) {
  return {
    id,
    accountId: 'a',
    symbol,
    side,
    status: 'open',
    volume,
    openPrice,
    openedAt: new Date(Number(id.slice(1)) * 1000),
    stopLoss: null,
    takeProfit: null,
    trailingPips: null,
  } as unknown as TradingPositionRow;
}

describe('the figures book of an order’s transaction', () => {
  it('gives after the changes it follows and the deals it books what valuing the whole account again gives', () => {
    const start = [
      position('p1', 'EURUSD', 'buy', 1, 1.095),
      position('p2', 'USDJPY', 'sell', 0.5, 151),
      position('p3', 'BTCUSD', 'buy', 0.01, 59_000),
    ];
    const book = figuresBook(account as unknown as TradingAccountRow, start, quotes);
    // an order opens a position, closes p2 and reduces p1, booking a commission and a profit
    const opened = position('p4', 'BTCUSD', 'sell', 0.02, 60_000);
    const closed = { ...start[1]!, status: 'closed' } as TradingPositionRow;
    const reduced = { ...start[0]!, volume: 0.4 } as TradingPositionRow;
    book.booked('9995.50');
    book.booked('10120.25');
    book.follow([opened, closed, reduced]);

    const after = [reduced, start[2]!, opened];
    const fresh = accountFigures(
      basicsOf({ ...account, balance: '10120.25' } as unknown as TradingAccountRow),
      after.map(openPositionOf),
      quotes,
    );
    const kept = book.core();
    expect(kept.balance).toBe(10_120.25);
    expect(kept.equity).toBeCloseTo(fresh.equity, 9);
    expect(kept.margin).toBeCloseTo(fresh.margin, 9);
    expect(kept.freeMargin).toBeCloseTo(fresh.freeMargin, 9);
    expect(kept.marginLevel).toBeCloseTo(fresh.marginLevel!, 9);
    expect(new Map(kept.positions.map((m) => [m.id, m]))).toEqual(new Map(fresh.positions.map((m) => [m.id, m])));
    expect(book.account.balance).toBe('10120.25');
  });
});
