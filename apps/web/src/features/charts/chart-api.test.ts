import { describe, expect, it } from 'vitest';
import { readHistory } from './chart-api';

const bar = { time: 60, open: 1, high: 2, low: 0.5, close: 1.5, volume: 3 };

describe('readHistory', () => {
  it('reads a bare list of candles as not simulated', () => {
    expect(readHistory([bar])).toEqual({ candles: [bar], simulated: false });
  });

  it('reads { candles, simulated } and a simulated data source', () => {
    expect(readHistory({ candles: [bar], simulated: true })).toEqual({ candles: [bar], simulated: true });
    expect(readHistory({ data: [bar], dataSource: 'simulated' })).toEqual({ candles: [bar], simulated: true });
    expect(readHistory({ candles: [bar], dataSource: 'imported' }).simulated).toBe(false);
  });
});
