import type { QuoteBook } from '@tradedesk/core';
import { describe, expect, it } from 'vitest';
import type { TradingDealRow } from '../trading/trading.table.js';
import { dealEvents } from './prop.feed.js';

const at = (iso: string) => new Date(iso);
function row(patch: Partial<TradingDealRow>): TradingDealRow {
  return {
    id: crypto.randomUUID(),
    seq: 0,
    accountId: 'a',
    positionId: 'p1',
    orderId: null,
    kind: 'trade',
    entry: 'in',
    symbol: 'EURUSD',
    side: 'buy',
    volume: '1',
    price: 1.1,
    requestedPrice: null,
    slippage: null,
    gap: false,
    profit: '0',
    commission: '0',
    swap: '0',
    amount: '0',
    balanceAfter: '100000.00',
    reason: 'client',
    time: at('2026-03-02T09:00:00Z'),
    ...patch,
  } as TradingDealRow;
}

describe('the rule engine events of booked deals', () => {
  it('turns an entry commission and a swap into charges, and a closing deal into a trade result', () => {
    const deals = [
      row({ kind: 'balance', entry: 'none', positionId: null, amount: '100000.00', balanceAfter: '100000.00' }),
      row({ commission: '-3.50', amount: '-3.50', balanceAfter: '99996.50' }),
      row({
        kind: 'swap',
        entry: 'none',
        swap: '-1.25',
        amount: '-1.25',
        balanceAfter: '99995.25',
        time: at('2026-03-02T22:00:00Z'),
      }),
      row({
        entry: 'out',
        profit: '200.00',
        commission: '-3.50',
        amount: '196.50',
        balanceAfter: '100191.75',
        time: at('2026-03-03T10:00:00Z'),
      }),
    ];
    const events = dealEvents(deals, new Map(), 'USD', {} as QuoteBook);
    expect(events.map((e) => [e.type, 'profitMinor' in e ? e.profitMinor : null, 'charge' in e && e.charge])).toEqual([
      ['deal', -350, true],
      ['position_opened', null, false],
      ['deal', -125, true],
      ['deal', 19_650, false],
      ['equity', null, false],
    ]);
    // the balance a charge leaves is the deal's own
    expect(events[2]).toMatchObject({ balanceMinor: 9_999_525 });
  });
});
