import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getInstrument } from '../market/instruments/catalogue.js';
import { createSimulatedMarket } from '../market/sim/market.js';
import {
  accountFigures,
  applyNettingDeal,
  type BookedDeal,
  balanceAfter,
  checkFreeMargin,
  closeBy,
  closePosition,
  type OpenPosition,
  stopOutPlan,
} from './account.js';
import { commissionCost, marginRequired, type Side, swapPerLot } from './contract.js';
import { closingPrice, dealPrice } from './fills.js';
import { ACCOUNT_CURRENCIES, bookMinor, minorToDecimal, sumBooked } from './money.js';
import { roundVolume } from './orders.js';
import { quotesOf } from './test-quotes.js';

const flat = quotesOf({ EURUSD: 1.1 });
const pos = (id: string, side: Side, volume: number, openPrice: number): OpenPosition => ({
  id,
  symbol: 'EURUSD',
  side,
  volume,
  openPrice,
  openTimeMs: 0,
  stopLoss: null,
  takeProfit: null,
});

describe('account figures, margin call and stop-out', () => {
  // three EURUSD longs of 0.1 lot at 1.1000: each -10 USD a pip... per 100 pips; margin 10,000 / 30 EUR x 1.10 = 366.67 USD
  const c = pos('C', 'buy', 0.1, 1.11); // -100 USD
  const a = pos('A', 'buy', 0.1, 1.15); // -500 USD
  const b = pos('B', 'buy', 0.1, 1.13); // -300 USD

  it('equity 1,200 - 900 = 300 against 1,100 margin: level 27.27 %, below the 50 % stop-out', () => {
    const f = accountFigures({ currency: 'USD', leverage: 100, balanceMinor: 120_000 }, [c, a, b], flat);
    expect(f.floatingProfit).toBeCloseTo(-900, 6);
    expect(f.equity).toBeCloseTo(300, 6);
    expect(f.margin).toBeCloseTo(1100, 6);
    expect(f.freeMargin).toBeCloseTo(-800, 6);
    expect(f.marginLevel).toBeCloseTo(27.27, 2);
    expect(f.status).toBe('stop_out');
  });

  it('with balance 1,900, equity 1,000 / margin 1,100 = 90.9 %: a margin call, not a stop-out', () => {
    const f = accountFigures({ currency: 'USD', leverage: 100, balanceMinor: 190_000 }, [c, a, b], flat);
    expect(f.marginLevel).toBeCloseTo(90.91, 2);
    expect(f.status).toBe('margin_call');
  });

  it('stop-out closes the largest loser first, again and again, until the level is above 50 %', () => {
    const steps = stopOutPlan({ currency: 'USD', leverage: 100, balanceMinor: 120_000 }, [c, a, b], flat);
    // close A (-500): balance 700, equity 300, margin 733.33 -> 40.9 %; close B (-300): balance 400, margin 366.67 -> 81.8 %
    expect(steps.map((s) => [s.positionId, s.profitMinor, s.closePrice])).toEqual([
      ['A', -50_000, 1.1],
      ['B', -30_000, 1.1],
    ]);
    expect(steps[0]!.marginLevelAfter).toBeCloseTo(40.91, 2);
    expect(steps[1]!.marginLevelAfter).toBeCloseTo(81.82, 2);
    expect(stopOutPlan({ currency: 'USD', leverage: 100, balanceMinor: 190_000 }, [c, a, b], flat)).toEqual([]);
  });

  it('hedging: a 1 lot long and a 1 lot short of EURUSD both stay open; margins add, the spread is the only loss', () => {
    const spread = quotesOf({ EURUSD: [1.1, 1.1002] });
    // long opened at the ask 1.10020 is worth the bid 1.10000 (-20 USD); short opened at the bid 1.10000 is worth
    // the ask 1.10020 (-20 USD); margins 3,333.33 EUR at the ask (long) and at the bid (short)
    const f = accountFigures(
      { currency: 'USD', leverage: 100, balanceMinor: 1_000_000 },
      [pos('L', 'buy', 1, 1.1002), pos('S', 'sell', 1, 1.1)],
      spread,
    );
    expect(f.floatingProfit).toBeCloseTo(-40, 6);
    expect(f.margin).toBeCloseTo((100_000 / 30) * (1.1002 + 1.1), 6);
    expect(f.positions.map((p) => p.price)).toEqual([1.1, 1.1002]);
  });

  it('refuses an order without enough free margin, with the numbers', () => {
    const f = accountFigures({ currency: 'USD', leverage: 100, balanceMinor: 100_000 }, [], flat);
    const need = marginRequired(getInstrument('EURUSD'), 'buy', 1, 1.1, 'USD', flat, 100).amount;
    expect(checkFreeMargin(f, need, 'USD')).toMatchObject({
      ok: false,
      message: 'Not enough free margin: the order needs 3,666.67 USD of margin and 1,000.00 USD is free.',
    });
    expect(checkFreeMargin(f, 999.99, 'USD').ok).toBe(true);
  });
});

describe('closing: partial, close-by and netting', () => {
  it('closes 0.4 of a 1 lot long at +50 pips: 0.4 x 500 points x 1 USD = 200 USD, 0.6 left', () => {
    const r = closePosition(pos('p', 'buy', 1, 1.1), 0.4, 1.105, 'USD', flat);
    expect(r.profitMinor).toBe(20_000);
    expect(r.remaining?.volume).toBe(0.6);
    expect(() => closePosition(pos('p', 'buy', 1, 1.1), 1.5, 1.105, 'USD', flat)).toThrow(
      "volume must be at most the position's 1 lots.",
    );
    expect(() => closePosition(pos('p', 'buy', 1, 1.1), 0.015, 1.105, 'USD', flat)).toThrow(/multiple of 0.01/);
  });

  it('close-by: a 1 lot long at 1.1000 and a 0.6 short at 1.1050 close 0.6 each; the long books 0.6 x 500 points', () => {
    const r = closeBy(pos('L', 'buy', 1, 1.1), pos('S', 'sell', 0.6, 1.105), 'USD', flat);
    expect(r.volume).toBe(0.6);
    expect(r.closePrice).toBe(1.105);
    expect(r.profitMinor).toBe(30_000);
    expect(r.remaining?.volume).toBe(0.4);
    expect(r.oppositeRemaining).toBeNull();
  });

  it.each([
    [
      'adding at 1.1020 to 1 lot at 1.1000 averages to 2 lots at 1.1010',
      'buy',
      1,
      1.102,
      0,
      0,
      { side: 'buy', volume: 2, openPrice: 1.101 },
      false,
    ],
    [
      'selling 0.4 at 1.1050 reduces to 0.6 and books +200 USD',
      'sell',
      0.4,
      1.105,
      0.4,
      20_000,
      { side: 'buy', volume: 0.6, openPrice: 1.1 },
      false,
    ],
    [
      'selling 1.5 at 1.1050 closes 1 lot (+500 USD) and reverses to a 0.5 short at 1.1050',
      'sell',
      1.5,
      1.105,
      1,
      50_000,
      { side: 'sell', volume: 0.5, openPrice: 1.105 },
      true,
    ],
    ['selling 1 at 1.0990 closes it (-100 USD) and leaves no position', 'sell', 1, 1.099, 1, -10_000, null, false],
  ] as const)('netting: %s', (_case, side, volume, price, closed, profit, after, reversed) => {
    const r = applyNettingDeal(
      pos('N', 'buy', 1, 1.1),
      { id: 'd', symbol: 'EURUSD', side, volume, price, timeMs: 1 },
      'USD',
      flat,
    );
    expect(r.closedVolume).toBe(closed);
    expect(r.profitMinor).toBe(profit);
    expect(r.reversed).toBe(reversed);
    if (after === null) expect(r.position).toBeNull();
    else expect(r.position).toMatchObject(after);
  });
});

describe('properties', () => {
  const market = createSimulatedMarket();
  const at = Date.UTC(2026, 10, 18, 14, 30, 7);
  const live = { get: (s: string) => market.quote(s, at) };
  const symbols = ['EURUSD', 'USDJPY', 'EURGBP', 'XAUUSD', 'US500', 'BTCUSD', 'AUDCAD'];

  it('closing in parts at one price books exactly what closing at once books', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...symbols),
        fc.constantFrom(...ACCOUNT_CURRENCIES),
        fc.constantFrom<Side>('buy', 'sell'),
        fc.integer({ min: -5000, max: 5000 }),
        fc.integer({ min: -5000, max: 5000 }),
        fc.array(fc.integer({ min: 1, max: 60 }), { minLength: 1, maxLength: 8 }),
        (symbol, currency, side, openOffset, closeOffset, parts) => {
          const i = getInstrument(symbol);
          const q = live.get(symbol);
          const round = (p: number) => Number(p.toFixed(i.digits));
          const openPrice = round(dealPrice(side, q) + openOffset * i.pointSize);
          const closePrice = round(closingPrice(side, q) + closeOffset * i.pointSize);
          const total = parts.reduce((x, y) => x + y, 0);
          const whole: OpenPosition = { ...pos('p', side, roundVolume(i, total * i.volumeStep), openPrice), symbol };
          const once = closePosition(whole, whole.volume, closePrice, currency, live).profitMinor;
          let left: OpenPosition | null = whole;
          let sum = 0;
          for (const n of parts) {
            const r = closePosition(left!, roundVolume(i, n * i.volumeStep), closePrice, currency, live);
            sum += r.profitMinor;
            left = r.remaining;
          }
          expect(left).toBeNull();
          expect(sum).toBe(once);
        },
      ),
      { numRuns: 300 },
    );
  });

  type Op =
    | { kind: 'open'; side: Side; steps: number }
    | { kind: 'close'; pick: number; part: number }
    | { kind: 'swap'; nights: number };
  const op: fc.Arbitrary<Op> = fc.oneof(
    fc.record({
      kind: fc.constant('open' as const),
      side: fc.constantFrom<Side>('buy', 'sell'),
      steps: fc.integer({ min: 1, max: 300 }),
    }),
    fc.record({ kind: fc.constant('close' as const), pick: fc.nat(), part: fc.integer({ min: 1, max: 100 }) }),
    fc.record({ kind: fc.constant('swap' as const), nights: fc.constantFrom(1, 3) }),
  );

  it('balance equals the starting balance plus every booked deal, to the cent, as decimal strings too', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...symbols),
        fc.constantFrom('USD', 'EUR', 'JPY', 'GBP'),
        fc.array(op, { maxLength: 40 }),
        (symbol, currency, ops) => {
          const i = getInstrument(symbol);
          const q = live.get(symbol);
          const start = bookMinor(10_000, currency);
          const deals: BookedDeal[] = [];
          let balance = start;
          const book = (kind: BookedDeal['kind'], amount: number) => {
            const minor = bookMinor(amount, currency);
            deals.push({ kind, amountMinor: minor });
            balance += minor;
          };
          let positions: OpenPosition[] = [];
          let n = 0;
          for (const o of ops) {
            if (o.kind === 'open') {
              const volume = roundVolume(i, o.steps * i.volumeStep);
              const price = dealPrice(o.side, q);
              positions.push({ ...pos(`p${n++}`, o.side, volume, price), symbol });
              book('commission', -commissionCost(i, volume, price, currency, live));
            } else if (o.kind === 'close' && positions.length > 0) {
              const p = positions[o.pick % positions.length]!;
              const volume = roundVolume(
                i,
                Math.max(1, Math.round((p.volume / i.volumeStep) * (o.part / 100))) * i.volumeStep,
              );
              const r = closePosition(p, volume, closingPrice(p.side, q), currency, live);
              deals.push({ kind: 'trade', amountMinor: r.profitMinor });
              balance += r.profitMinor;
              book('commission', -commissionCost(i, volume, closingPrice(p.side, q), currency, live));
              positions = positions.flatMap((x) => (x.id === p.id ? (r.remaining ? [r.remaining] : []) : [x]));
            } else if (o.kind === 'swap') {
              for (const p of positions)
                book('swap', swapPerLot(i, p.side, q.bid, currency, live) * p.volume * o.nights);
            }
          }
          expect(balanceAfter(start, deals)).toBe(balance);
          const decimals = deals.map((d) => minorToDecimal(d.amountMinor, currency));
          expect(sumBooked([minorToDecimal(start, currency), ...decimals], currency)).toBe(
            minorToDecimal(balance, currency),
          );
          expect(accountFigures({ currency, leverage: 100, balanceMinor: balance }, [], live).balance).toBe(
            balance / (currency === 'JPY' ? 1 : 100),
          );
        },
      ),
      { numRuns: 200 },
    );
  });

  it('netting: the position always equals the net of the deals, and netting to zero leaves no position', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...symbols),
        fc.array(
          fc.integer({ min: -200, max: 200 }).filter((x) => x !== 0),
          { minLength: 1, maxLength: 15 },
        ),
        fc.array(fc.integer({ min: -300, max: 300 }), { minLength: 16, maxLength: 16 }),
        (symbol, signedSteps, offsets) => {
          const i = getInstrument(symbol);
          const q = live.get(symbol);
          const net = signedSteps.reduce((a, b) => a + b, 0);
          const deals = net === 0 ? signedSteps : [...signedSteps, -net];
          let position: OpenPosition | null = null;
          let running = 0;
          deals.forEach((s, k) => {
            const side: Side = s > 0 ? 'buy' : 'sell';
            const price = Number((dealPrice(side, q) + offsets[k]! * i.pointSize).toFixed(i.digits));
            const deal = {
              id: `d${k}`,
              symbol,
              side,
              volume: roundVolume(i, Math.abs(s) * i.volumeStep),
              price,
              timeMs: k,
            };
            position = applyNettingDeal(position, deal, 'USD', live).position;
            running += s;
            const held = position as OpenPosition | null;
            const signed = held === null ? 0 : Math.round(held.volume / i.volumeStep) * (held.side === 'buy' ? 1 : -1);
            expect(signed).toBe(running);
          });
          expect(position).toBeNull();
        },
      ),
      { numRuns: 300 },
    );
  });
});
