import { describe, expect, it } from 'vitest';
import { getInstrument } from '../market/instruments/catalogue.js';
import {
  lotsForRisk,
  moveStopsWithEntry,
  type OrderRequest,
  orderPreview,
  resolveStop,
  validateOrder,
} from './orders.js';
import { quotesOf } from './test-quotes.js';

const eurusd = getInstrument('EURUSD');
// typical spread 8 points, so the minimum stop distance is 16 points (0.00016)
const quote = { bid: 1.1, ask: 1.1001, open: true };
const wednesday = Date.UTC(2026, 10, 18, 14);
const saturday = Date.UTC(2026, 10, 21, 12);
const ctx = { instrument: eurusd, quote, nowMs: wednesday };
const base: OrderRequest = { symbol: 'EURUSD', side: 'buy', type: 'market', volume: 1 };

function issues(r: Partial<OrderRequest>, at = ctx) {
  const c = validateOrder({ ...base, ...r }, at);
  return c.ok ? [] : c.issues;
}

describe('order validation', () => {
  it.each([
    ['below the minimum', 0.005, 'volume must be at least 0.01 lots on EURUSD.'],
    ['above the maximum', 150, 'volume must be at most 100 lots on EURUSD.'],
    ['off the step', 0.015, 'volume must be a multiple of 0.01 lots on EURUSD (the volume step).'],
    ['not positive', 0, 'volume must be a positive number of lots.'],
  ])('volume %s is refused with a sentence naming the field', (_case, volume, message) => {
    expect(issues({ volume })).toEqual([{ field: 'volume', message }]);
  });

  it.each([
    // a market buy's stops trigger on the bid 1.10000: SL at most 1.09984, TP at least 1.10016
    ['buy SL exactly at the stop distance', { stopLoss: 1.09984 }, []],
    ['buy TP exactly at the stop distance', { takeProfit: 1.10016 }, []],
    [
      'buy SL too close to the bid',
      { stopLoss: 1.0999 },
      [
        'stopLoss: the stop loss of a buy must be at or below 1.09984 (1.10000 less the minimum stop distance of 16 points).',
      ],
    ],
    [
      'buy TP on the losing side',
      { takeProfit: 1.099 },
      [
        'takeProfit: the take profit of a buy must be at or above 1.10016 (1.10000 plus the minimum stop distance of 16 points).',
      ],
    ],
    // a market sell's stops trigger on the ask 1.10010: SL at least 1.10026, TP at most 1.09994
    [
      'sell SL below the ask',
      { side: 'sell', stopLoss: 1.1 },
      [
        'stopLoss: the stop loss of a sell must be at or above 1.10026 (1.10010 plus the minimum stop distance of 16 points).',
      ],
    ],
    ['sell TP below the ask by the distance', { side: 'sell', takeProfit: 1.09994 }, []],
    [
      'SL with more decimals than the instrument',
      { stopLoss: 1.099001 },
      ['stopLoss must have at most 5 decimals on EURUSD.'],
    ],
  ] as const)('market order: %s', (_case, r, expected) => {
    expect(issues(r as Partial<OrderRequest>).map((i) => i.message)).toEqual(expected);
  });

  it.each([
    // ask 1.10010, bid 1.10000, distance 0.00016
    ['buy limit at or below ask - distance (1.09994)', { type: 'limit', limitPrice: 1.0999 }, null],
    [
      'buy limit above the market',
      { type: 'limit', limitPrice: 1.1 },
      'limitPrice of a buy limit must be at or below 1.09994 (the ask 1.10010 less the minimum distance of 16 points).',
    ],
    ['sell limit at or above bid + distance (1.10016)', { side: 'sell', type: 'limit', limitPrice: 1.10016 }, null],
    [
      'sell limit below',
      { side: 'sell', type: 'limit', limitPrice: 1.1001 },
      'limitPrice of a sell limit must be at or above 1.10016 (the bid 1.10000 plus the minimum distance of 16 points).',
    ],
    ['buy stop at or above ask + distance (1.10026)', { type: 'stop', triggerPrice: 1.10026 }, null],
    [
      'buy stop below',
      { type: 'stop', triggerPrice: 1.1002 },
      'triggerPrice of a buy stop must be at or above 1.10026 (the ask 1.10010 plus the minimum distance of 16 points).',
    ],
    ['sell stop at or below bid - distance (1.09984)', { side: 'sell', type: 'stop', triggerPrice: 1.09984 }, null],
    [
      'sell stop above',
      { side: 'sell', type: 'stop', triggerPrice: 1.0999 },
      'triggerPrice of a sell stop must be at or below 1.09984 (the bid 1.10000 less the minimum distance of 16 points).',
    ],
    [
      'buy stop-limit: stop above, limit at or below the stop',
      { type: 'stop_limit', triggerPrice: 1.101, limitPrice: 1.1008 },
      null,
    ],
    [
      'buy stop-limit with its limit above the stop',
      { type: 'stop_limit', triggerPrice: 1.101, limitPrice: 1.1015 },
      'limitPrice of a buy stop-limit must be at or below its triggerPrice 1.10100.',
    ],
    [
      'sell stop-limit with its limit below the stop',
      { side: 'sell', type: 'stop_limit', triggerPrice: 1.099, limitPrice: 1.0985 },
      'limitPrice of a sell stop-limit must be at or above its triggerPrice 1.09900.',
    ],
    ['limit without a price', { type: 'limit' }, 'limitPrice is required for a limit order.'],
  ] as const)('pending price: %s', (_case, r, message) => {
    expect(issues(r as Partial<OrderRequest>).map((i) => i.message)).toEqual(message === null ? [] : [message]);
  });

  it('a pending order measures its SL and TP from its own price', () => {
    // buy limit at 1.09900: SL at most 1.09884
    expect(issues({ type: 'limit', limitPrice: 1.099, stopLoss: 1.0989 })[0]?.message).toBe(
      'stopLoss: the stop loss of a buy must be at or below 1.09884 (1.09900 less the minimum stop distance of 16 points).',
    );
    expect(issues({ type: 'limit', limitPrice: 1.099, stopLoss: 1.0988 })).toEqual([]);
  });

  it('a market order is refused while the market is closed, with the next open; a pending order queues', () => {
    const closed = { ...ctx, nowMs: saturday, quote: { ...quote, open: false } };
    expect(issues({}, closed)).toEqual([
      // Sunday 17:05 New York = 22:05 UTC in November
      { field: 'symbol', message: 'The EURUSD market is closed; it opens at 2026-11-22T22:05:00.000Z.' },
    ]);
    expect(issues({ type: 'limit', limitPrice: 1.099 }, closed)).toEqual([]);
  });

  it('expiry: good till cancelled, end of the trading day, or a future date', () => {
    const at = (r: Partial<OrderRequest>) => {
      const c = validateOrder({ ...base, type: 'limit', limitPrice: 1.099, ...r }, ctx);
      return c.ok ? c.order.expiresAtMs : c.issues;
    };
    expect(at({})).toBeNull();
    // the FX day ends at 17:00 New York = 22:00 UTC
    expect(at({ expiry: { kind: 'day' } })).toBe(Date.UTC(2026, 10, 18, 22));
    expect(at({ expiry: { kind: 'date', atMs: wednesday + 3_600_000 } })).toBe(wednesday + 3_600_000);
    expect(at({ expiry: { kind: 'date', atMs: wednesday - 1 } })).toEqual([
      { field: 'expiry', message: 'expiry must be a date in the future.' },
    ]);
    expect(at({ expiry: { kind: 'date', atMs: Number.NaN } })).toHaveLength(1);
    // placed on a Saturday, a day order lives through Monday's trading day (ends Monday 17:00 New York)
    const c = validateOrder(
      { ...base, type: 'limit', limitPrice: 1.099, expiry: { kind: 'day' } },
      { ...ctx, nowMs: saturday, quote: { ...quote, open: false } },
    );
    expect(c.ok && new Date(c.order.expiresAtMs!).toISOString()).toBe('2026-11-23T22:00:00.000Z');
  });

  it('a market order is refused on a quote flagged closed even inside the schedule', () => {
    expect(issues({}, { ...ctx, quote: { ...quote, open: false } })).toEqual([
      { field: 'symbol', message: 'The EURUSD market is closed.' },
    ]);
  });

  it('SL and TP pips must be positive numbers', () => {
    expect(issues({ stopLossPips: -5, takeProfitPips: Number.NaN })).toEqual([
      { field: 'stopLossPips', message: 'stopLossPips must be a positive number of pips.' },
      { field: 'takeProfitPips', message: 'takeProfitPips must be a positive number of pips.' },
    ]);
  });

  it('trailing distance and maximum slippage are checked', () => {
    expect(issues({ trailingPoints: 10 })).toEqual([
      {
        field: 'trailingPoints',
        message: 'trailingPoints must be a whole number of points, at least 16 (the minimum stop distance).',
      },
    ]);
    expect(issues({ maxSlippagePoints: -1 })[0]?.field).toBe('maxSlippagePoints');
  });
});

describe('SL and TP in price or pips, with the lock', () => {
  it('a market buy with SL 20 pips and TP 40 pips resolves them from the ask it fills at', () => {
    const c = validateOrder({ ...base, stopLossPips: 20, takeProfitPips: 40 }, ctx);
    expect(c.ok && [c.order.entryPrice, c.order.stopLoss, c.order.takeProfit]).toEqual([
      1.1001,
      { price: 1.0981, pips: 20, lock: 'pips' },
      { price: 1.1041, pips: 40, lock: 'pips' },
    ]);
  });

  it('moving a pending price: the pips-locked SL follows, the price-locked TP stays', () => {
    const sl = resolveStop(eurusd, 'buy', 1.099, 'sl', 1.097, 20, 'pips');
    const tp = resolveStop(eurusd, 'buy', 1.099, 'tp', 1.103, null, 'price');
    expect(sl).toEqual({ price: 1.097, pips: 20, lock: 'pips' });
    expect(tp).toEqual({ price: 1.103, pips: 40, lock: 'price' });
    expect(moveStopsWithEntry(eurusd, 'buy', 1.098, { stopLoss: sl, takeProfit: tp })).toEqual({
      stopLoss: { price: 1.096, pips: 20, lock: 'pips' },
      takeProfit: { price: 1.103, pips: 50, lock: 'price' },
    });
  });

  it('a sell limit with stops in pips puts the SL above and the TP below', () => {
    const c = validateOrder(
      { ...base, side: 'sell', type: 'limit', limitPrice: 1.102, stopLossPips: 15, takeProfitPips: 30 },
      ctx,
    );
    expect(c.ok && [c.order.stopLoss?.price, c.order.takeProfit?.price]).toEqual([1.1035, 1.099]);
  });
});

describe('sizing from risk', () => {
  const q = quotesOf({ EURUSD: [1.1, 1.1001] });
  const size = (equity: number, riskPercent: number, stopLossPips: number) =>
    lotsForRisk({ instrument: eurusd, equity, riskPercent, stopLossPips, accountCurrency: 'USD', quotes: q });
  it.each([
    ['1 % of 10,000 over 25 pips at 10 USD a pip: 100 / 250 = 0.4 lots', 10_000, 1, 25, 0.4],
    ['the default 0.1 % of 10,000 over 25 pips: 10 / 250 = 0.04 lots', 10_000, 0.1, 25, 0.04],
    ['1 % of 10,000 over 30 pips: 0.3333 rounds down to 0.33 lots', 10_000, 1, 30, 0.33],
    ['2 % of 10,000,000 over 1 pip is capped at the 100 lot maximum', 10_000_000, 2, 1, 100],
  ])('%s', (_case, equity, risk, pips, lots) => {
    const r = size(equity, risk, pips);
    expect(r.ok && r.lots).toBe(lots);
  });

  it('refuses a size below the minimum volume, saying the numbers', () => {
    expect(size(1000, 0.1, 25)).toEqual({
      ok: false,
      field: 'riskPercentage',
      message: 'Risking 0.1% (1.00 USD) over 25 pips gives 0.00400 lots, below the minimum of 0.01 lots on EURUSD.',
    });
  });
});

describe('order preview', () => {
  it('0.5 lot EURUSD buy at 1.10010, SL 1.09810 (20 pips), TP 1.10410 (40 pips), USD account at 1:100', () => {
    const p = orderPreview({
      instrument: eurusd,
      side: 'buy',
      lots: 0.5,
      entryPrice: 1.1001,
      stopLoss: 1.0981,
      takeProfit: 1.1041,
      accountCurrency: 'USD',
      accountLeverage: 100,
      quotes: quotesOf({ EURUSD: [1.1, 1.1001] }),
    });
    // pip 0.5 x 10 USD; risk 20 pips x 5 = 100; reward 40 x 5 = 200; margin 50,000 / 30 EUR x ask 1.1001
    expect(p.pipValue).toBeCloseTo(5, 9);
    expect(p.moneyAtRisk).toBeCloseTo(100, 9);
    expect(p.reward).toBeCloseTo(200, 9);
    expect(p.riskReward).toBeCloseTo(2, 9);
    expect(p.margin).toBeCloseTo(1833.5, 6);
  });
});
