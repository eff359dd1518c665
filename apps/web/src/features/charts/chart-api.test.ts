import { describe, expect, it } from 'vitest';
import { readHistory } from './chart-api';

const bar = { time: 60, open: 1, high: 2, low: 0.5, close: 1.5, volume: 3 };

describe('readHistory', () => {
  it('labels simulated and partly imported bars as simulated, imported ones not', () => {
    expect(readHistory({ candles: [bar], dataSource: 'Simulated' })).toEqual({ candles: [bar], simulated: true });
    expect(readHistory({ candles: [bar], dataSource: 'Mixed' }).simulated).toBe(true);
    expect(readHistory({ candles: [bar], dataSource: 'Imported' }).simulated).toBe(false);
  });
});
