import type { TradingOrder, TradingPosition } from '@tradedesk/contracts';
import { describe, expect, it } from 'vitest';
import { snapshot } from './test/trading-fixtures';
import { applyAccountEvent } from './use-account-live';

const P1 = '66666666-6666-4666-8666-666666666666';
const P2 = '77777777-7777-4777-8777-777777777777';

function position(id: string, overrides: Partial<TradingPosition> = {}): TradingPosition {
  return {
    id,
    positionId: id,
    kind: 'long',
    instrumentId: 'EURUSD',
    symbol: 'EURUSD',
    side: 'buy',
    volume: 1,
    initialVolume: 1,
    openPrice: 1.1,
    entryTimestamp: '2026-01-14T12:00:00.000Z',
    stopLoss: null,
    takeProfit: null,
    trailingStopPoints: null,
    currentPrice: 1.1,
    upl: 0,
    profit: 0,
    commission: 0,
    swap: 0,
    closePrice: null,
    closedAt: null,
    closeReason: null,
    ...overrides,
  };
}

describe('applyAccountEvent (spec section 4, position update)', () => {
  it('adds a new position, replaces a known one and removes a flat one', () => {
    const s = snapshot();
    applyAccountEvent(s, { event: 'position', data: position(P1) });
    applyAccountEvent(s, { event: 'position', data: position(P2, { side: 'sell', kind: 'short' }) });
    expect(s.positions.map((p) => p.id)).toEqual([P1, P2]);
    applyAccountEvent(s, { event: 'position', data: position(P1, { volume: 0.5, upl: 12 }) });
    expect(s.positions[0]).toMatchObject({ id: P1, volume: 0.5, upl: 12 });
    applyAccountEvent(s, { event: 'position', data: position(P1, { kind: 'flat' }) });
    expect(s.positions.map((p) => p.id)).toEqual([P2]);
  });

  it('keeps pending orders only, and takes the latest figures', () => {
    const s = snapshot();
    const order = { id: P1, status: 'pending' } as TradingOrder;
    applyAccountEvent(s, { event: 'order', data: order });
    expect(s.orders).toHaveLength(1);
    applyAccountEvent(s, { event: 'order', data: { ...order, status: 'filled' } });
    expect(s.orders).toHaveLength(0);
    applyAccountEvent(s, { event: 'account', data: { ...s.account, equity: 10_050.25 } });
    expect(s.account.equity).toBe(10_050.25);
  });
});
