import { describe, expect, it } from 'vitest';
import { getInstrument, INSTRUMENTS } from '../market/instruments/catalogue.js';
import { createSimulatedMarket } from '../market/sim/market.js';
import {
  commissionCost,
  marginRequired,
  pipValue,
  positionProfit,
  rolloverSwapMinor,
  swapPerLot,
  swapRollovers,
  tripleSwapWeekday,
} from './contract.js';
import { ACCOUNT_CURRENCIES, bookAmount } from './money.js';
import { conversionSymbols, convertProfit, rateOf } from './rates.js';
import { quotesOf } from './test-quotes.js';

/** Zero-spread quotes that agree with each other (EURGBP = 1.1 / 1.25, EURJPY = 1.1 x 150). */
const flat = quotesOf({
  EURUSD: 1.1,
  GBPUSD: 1.25,
  USDJPY: 150,
  EURGBP: 0.88,
  EURJPY: 165,
  XAUUSD: 2600,
  US500: 5800,
  BTCUSD: 90_000,
});

describe('pip value and margin of one lot (account leverage 1:100, below every instrument limit but BTC)', () => {
  it.each([
    // [case worked by hand, symbol, account currency, pip value, margin]
    ['EURUSD in USD: 100,000 x 0.0001 = 10 USD; 100,000 EUR / 30 = 3,333.33 EUR x 1.10', 'EURUSD', 'USD', 10, 3666.67],
    ['EURUSD in EUR: 10 USD / 1.10; margin stays 100,000 / 30 EUR', 'EURUSD', 'EUR', 9.0909, 3333.33],
    ['USDJPY in USD: 100,000 x 0.01 = 1,000 JPY / 150; margin 100,000 / 30 USD', 'USDJPY', 'USD', 6.6667, 3333.33],
    ['USDJPY in EUR: 1,000 JPY / EURJPY 165; margin 3,333.33 USD / 1.10', 'USDJPY', 'EUR', 6.0606, 3030.3],
    ['EURGBP in USD: 10 GBP x 1.25; margin 100,000 x 5 % = 5,000 EUR x 1.10', 'EURGBP', 'USD', 12.5, 5500],
    ['EURGBP in EUR: 10 GBP / 0.88; margin 5,000 EUR', 'EURGBP', 'EUR', 11.3636, 5000],
    ['XAUUSD in USD: 100 oz x 0.1; margin 100 x 2,600 x 5 %', 'XAUUSD', 'USD', 10, 13000],
    ['XAUUSD in EUR: 10 USD / 1.10; 13,000 USD / 1.10', 'XAUUSD', 'EUR', 9.0909, 11818.18],
    ['US500 in USD: 1 x 1 point; margin 1 x 5,800 x 5 %', 'US500', 'USD', 1, 290],
    ['US500 in EUR: 1 / 1.10; 290 / 1.10', 'US500', 'EUR', 0.9091, 263.64],
    ['BTCUSD in USD: 1 coin x 1 USD pip; margin 90,000 x 50 % (leverage 1:2)', 'BTCUSD', 'USD', 1, 45000],
    ['BTCUSD in EUR: 1 / 1.10; 45,000 / 1.10', 'BTCUSD', 'EUR', 0.9091, 40909.09],
  ])('%s', (_case, symbol, currency, pip, margin) => {
    const i = getInstrument(symbol);
    const price = flat.get(symbol)!.ask;
    expect(pipValue(i, currency, flat)).toBeCloseTo(pip, 4);
    expect(marginRequired(i, 'buy', 1, price, currency, flat, 100).amount).toBeCloseTo(margin, 2);
  });

  it('an account with less leverage than the instrument raises the margin: EURUSD at 1:10 needs 10,000 EUR', () => {
    const m = marginRequired(getInstrument('EURUSD'), 'buy', 1, 1.1, 'USD', flat, 10);
    expect(m.marginRate).toBe(0.1);
    expect(m.inMarginCurrency).toBeCloseTo(10_000, 6);
    expect(m.amount).toBeCloseTo(11_000, 6);
  });

  it('margin converts at the ask for a buy and the bid for a sell (EURUSD 1.0999 / 1.1001, 0.3 lots)', () => {
    const q = quotesOf({ EURUSD: [1.0999, 1.1001] });
    const i = getInstrument('EURUSD');
    // 0.3 x 100,000 / 30 = 1,000 EUR
    expect(marginRequired(i, 'buy', 0.3, 1.1001, 'USD', q).amount).toBeCloseTo(1100.1, 6);
    expect(marginRequired(i, 'sell', 0.3, 1.0999, 'USD', q).amount).toBeCloseTo(1099.9, 6);
  });
});

describe('profit in the account currency', () => {
  const spread = quotesOf({ GBPUSD: [1.2499, 1.2501], EURUSD: [1.0999, 1.1001], EURGBP: [0.88, 0.8801] });
  it.each([
    // [case, symbol, side, lots, open, close, account, booked]
    ['EURUSD long 1 lot +50 pips in USD: 50 x 10 USD', 'EURUSD', 'buy', 1, 1.1, 1.105, 'USD', '500.00'],
    ['EURUSD short 0.5 lot, price up 20 pips: -20 x 5 USD', 'EURUSD', 'sell', 0.5, 1.1, 1.102, 'USD', '-100.00'],
    [
      'EURGBP long 1 lot +10 pips = +100 GBP, a gain sold at the GBPUSD bid 1.2499',
      'EURGBP',
      'buy',
      1,
      0.88,
      0.881,
      'USD',
      '124.99',
    ],
    [
      'EURGBP long 1 lot -10 pips = -100 GBP, a loss bought at the GBPUSD ask 1.2501',
      'EURGBP',
      'buy',
      1,
      0.881,
      0.88,
      'USD',
      '-125.01',
    ],
    ['EURUSD long +100 USD in EUR: 100 / EURUSD ask 1.1001 = 90.9008', 'EURUSD', 'buy', 1, 1.1, 1.101, 'EUR', '90.90'],
    [
      'EURUSD long -100 USD in EUR: -100 / EURUSD bid 1.0999 = -90.9174',
      'EURUSD',
      'buy',
      1,
      1.101,
      1.1,
      'EUR',
      '-90.92',
    ],
  ] as const)('%s', (_case, symbol, side, lots, open, close, account, booked) => {
    const p = positionProfit(getInstrument(symbol), side, lots, open, close, account, spread);
    expect(bookAmount(p, account)).toBe(booked);
  });

  it('pence sterling are a hundredth of a pound: 10 VOD.L shares up 25 GBX = 250 GBX = 2.50 GBP x 1.25 = 3.125 USD', () => {
    const p = positionProfit(getInstrument('VOD.L'), 'buy', 10, 70, 95, 'USD', flat);
    expect(bookAmount(p, 'USD')).toBe('3.13');
  });

  it('rates go direct, inverse, or through the dollar, and say which quotes they need', () => {
    expect(rateOf('EUR', 'GBP', flat)).toBeCloseTo(0.88, 12);
    expect(rateOf('GBP', 'EUR', flat)).toBeCloseTo(1 / 0.88, 12);
    const noCross = quotesOf({ EURUSD: 1.1, GBPUSD: 1.25 });
    expect(rateOf('EUR', 'GBP', noCross)).toBeCloseTo(0.88, 12);
    expect(rateOf('JPY', 'GBP', quotesOf({ USDJPY: 150, GBPUSD: 1.25 }))).toBeCloseTo(1 / 150 / 1.25, 12);
    expect(conversionSymbols('EUR', 'GBP')).toEqual(['EURGBP']);
    expect(conversionSymbols('SEK', 'JPY')).toEqual(['USDSEK', 'USDJPY']);
    expect(() => rateOf('SEK', 'JPY', flat)).toThrow('No live quote converts SEK to JPY.');
    expect(convertProfit(0, 'GBP', 'USD', flat)).toBe(0);
  });

  it('on the simulated market, a direct cross agrees with the path through the dollar to its rounding', () => {
    const market = createSimulatedMarket();
    const t = Date.UTC(2026, 10, 18, 14, 30, 17);
    const live = { get: (s: string) => market.quote(s, t) };
    for (const [a, b] of [
      ['EUR', 'GBP'],
      ['GBP', 'JPY'],
      ['AUD', 'CAD'],
      ['CHF', 'JPY'],
    ] as const) {
      const direct = rateOf(a, b, live);
      const viaUsd = rateOf(a, 'USD', live) * rateOf('USD', b, live);
      expect(Math.abs(direct / viaUsd - 1)).toBeLessThan(2e-4);
    }
  });
});

describe('swaps and commissions', () => {
  const eurusd = getInstrument('EURUSD');
  it('EURUSD long held Tuesday noon to Friday noon UTC pays 5 nights: Tue 1, Wed 3 (triple), Thu 1', () => {
    const rolls = swapRollovers(eurusd, Date.UTC(2026, 10, 17, 12), Date.UTC(2026, 10, 20, 12));
    // rollover at 17:00 New York = 22:00 UTC in November
    expect(rolls.map((r) => [new Date(r.atMs).toISOString(), r.nights])).toEqual([
      ['2026-11-17T22:00:00.000Z', 1],
      ['2026-11-18T22:00:00.000Z', 3],
      ['2026-11-19T22:00:00.000Z', 1],
    ]);
    // swap long -8.62 points x 1 USD a point a lot = -8.62 USD a night; 5 nights = -43.10
    const perNight = swapPerLot(eurusd, 'buy', 1.1, 'USD', flat);
    expect(perNight).toBeCloseTo(-8.62, 10);
    const nights = rolls.reduce((n, r) => n + r.nights, 0);
    expect(bookAmount(perNight * nights, 'USD')).toBe('-43.10');
    // the short side earns 5.62 a night: +28.10
    expect(bookAmount(swapPerLot(eurusd, 'sell', 1.1, 'USD', flat) * nights, 'USD')).toBe('28.10');
  });

  it('one rollover books swap x lots x nights once: 0.5 lot long on Wednesday = -8.62 x 0.5 x 3 = -12.93 USD', () => {
    expect(rolloverSwapMinor(eurusd, 'buy', 0.5, 1.1, { nights: 3 }, 'USD', flat)).toBe(-1293);
  });

  it('US500 (annual percent, triple on Friday) held Thursday to Monday: Thu 1 + Fri 3 nights', () => {
    const us500 = getInstrument('US500');
    expect(tripleSwapWeekday(us500)).toBe(5);
    const rolls = swapRollovers(us500, Date.UTC(2026, 10, 19, 12), Date.UTC(2026, 10, 23, 12));
    expect(rolls.map((r) => r.nights)).toEqual([1, 3]);
    // 5,800 x 1 x -6.87 % / 360 = -1.106833 USD a night; x 4 = -4.43
    expect(bookAmount(swapPerLot(us500, 'buy', 5800, 'USD', flat) * 4, 'USD')).toBe('-4.43');
  });

  it('crypto charges every calendar night at 00:00 UTC, weekends included, no triple', () => {
    const btc = getInstrument('BTCUSD');
    expect(tripleSwapWeekday(btc)).toBeNull();
    const rolls = swapRollovers(btc, Date.UTC(2026, 10, 20, 12), Date.UTC(2026, 10, 23, 12));
    expect(rolls.map((r) => new Date(r.atMs).toISOString().slice(0, 10))).toEqual([
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
    ]);
    expect(rolls.every((r) => r.nights === 1)).toBe(true);
  });

  it('spot gold rolls like FX (triple Wednesday); opening and closing within a day pays no swap', () => {
    expect(tripleSwapWeekday(getInstrument('XAUUSD'))).toBe(3);
    expect(swapRollovers(eurusd, Date.UTC(2026, 10, 17, 8), Date.UTC(2026, 10, 17, 20))).toEqual([]);
  });

  it.each([
    ['EURUSD 2 lots in USD: 3 USD a lot a side', 'EURUSD', 2, 1.1, 'USD', 6],
    ['EURUSD 2 lots in EUR: 6 USD bought at 1 / EURUSD bid 1.1 ', 'EURUSD', 2, 1.1, 'EUR', 5.4545],
    ['US500 has no commission', 'US500', 1, 5800, 'USD', 0],
    ['AAPL 10 shares: 0.02 x 10 = 0.20 USD, raised to the 1 USD minimum', 'AAPL', 10, 210, 'USD', 1],
    ['BTCUSD 0.5 at 90,000: 0.05 % of 45,000 = 22.50 USD', 'BTCUSD', 0.5, 90_000, 'USD', 22.5],
  ] as const)('commission: %s', (_case, symbol, lots, price, account, cost) => {
    expect(commissionCost(getInstrument(symbol), lots, price, account, flat)).toBeCloseTo(cost, 4);
  });
});

describe('every instrument in every account currency', () => {
  it('has a live conversion path: pip value, margin, profit and swap are finite on the simulated market', () => {
    const market = createSimulatedMarket();
    const t = Date.UTC(2026, 10, 18, 15, 0, 3);
    const live = { get: (s: string) => market.quote(s, t) };
    for (const i of INSTRUMENTS) {
      const q = live.get(i.id);
      for (const ccy of ACCOUNT_CURRENCIES) {
        const figures = [
          pipValue(i, ccy, live),
          marginRequired(i, 'buy', i.volumeMin, q.ask, ccy, live, 100).amount,
          positionProfit(i, 'sell', i.volumeMin, q.bid, q.ask, ccy, live),
          swapPerLot(i, 'buy', q.bid, ccy, live),
          commissionCost(i, i.volumeMin, q.ask, ccy, live),
        ];
        expect(figures.every(Number.isFinite), `${i.id} in ${ccy}`).toBe(true);
        expect(figures[0]! > 0 && figures[1]! > 0, `${i.id} in ${ccy}`).toBe(true);
      }
    }
  });
});
