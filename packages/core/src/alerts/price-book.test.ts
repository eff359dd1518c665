import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type PriceAlertOperator, PriceAlertBook, type WatchedPriceAlert } from './price-book.js';
import { LevelIndex } from './price-index.js';
import { type AlertTriggerMode, stepChannel, stepComparison, type TriggerMemory } from './triggers.js';

/** The reference: every alert evaluated on every price of its symbol, with the same trigger rules. */
class BruteForce {
  #alerts: Array<{ alert: WatchedPriceAlert; memory: TriggerMemory; done: boolean }> = [];
  add(alert: WatchedPriceAlert) {
    const memory: TriggerMemory = { lastFiredMs: alert.lastFiredMs };
    const ref = alert.refPrice;
    if (ref !== null && alert.operator.startsWith('crossing')) memory.state = ref > alert.value!;
    if (ref !== null && alert.operator.endsWith('channel')) memory.state = ref >= alert.lower! && ref <= alert.upper!;
    this.#alerts.push({ alert, memory, done: false });
  }
  step(symbol: string, price: number, nowMs: number): string[] {
    const fired: string[] = [];
    for (const a of this.#alerts) {
      if (a.done || a.alert.symbol !== symbol) continue;
      const { alert, memory } = a;
      const fires =
        alert.operator === 'entering_channel' || alert.operator === 'exiting_channel'
          ? stepChannel(memory, alert.operator, price, alert.lower!, alert.upper!, alert.trigger, nowMs)
          : stepComparison(
              memory,
              alert.operator as 'crossing' | 'greater_than',
              price,
              alert.value!,
              alert.trigger,
              nowMs,
            );
      if (fires) {
        fired.push(alert.id);
        if (alert.trigger === 'only_once') a.done = true;
      }
    }
    return fired.sort();
  }
}

const SYMBOLS = ['EURUSD', 'XAUUSD', 'AAPL'];
const OPS: PriceAlertOperator[] = [
  'crossing',
  'crossing_up',
  'crossing_down',
  'greater_than',
  'less_than',
  'entering_channel',
  'exiting_channel',
];
const TRIGGERS: AlertTriggerMode[] = ['only_once', 'every_time', 'once_per_minute', 'once_per_bar_close'];

// prices on a coarse grid so that ties (a price equal to a value) happen often
const price = fc.integer({ min: 90, max: 110 });
const alertArb = fc.record({
  symbol: fc.constantFrom(...SYMBOLS),
  operator: fc.constantFrom(...OPS),
  trigger: fc.constantFrom(...TRIGGERS),
  a: price,
  b: price,
  ref: fc.option(price, { nil: null }),
});
const stepArb = fc.record({ symbol: fc.constantFrom(...SYMBOLS), price, dtMs: fc.integer({ min: 0, max: 90_000 }) });

describe('PriceAlertBook', () => {
  it('fires exactly the alerts a scan of every alert fires, on every price (property)', () => {
    fc.assert(
      fc.property(fc.array(alertArb, { maxLength: 40 }), fc.array(stepArb, { maxLength: 60 }), (alerts, steps) => {
        const book = new PriceAlertBook();
        const brute = new BruteForce();
        alerts.forEach((a, i) => {
          const channel = a.operator.endsWith('channel');
          const lower = Math.min(a.a, a.b);
          const upper = Math.max(a.a, a.b) + 1;
          const alert: WatchedPriceAlert = {
            id: `a${i}`,
            symbol: a.symbol,
            operator: a.operator,
            trigger: a.trigger,
            ...(channel ? { lower, upper } : { value: a.a }),
            lastFiredMs: null,
            refPrice: a.ref,
          };
          book.add(alert);
          brute.add(alert);
        });
        let now = 1_000_000;
        for (const s of steps) {
          now += s.dtMs;
          const got = book
            .step(s.symbol, s.price, now)
            .map((f) => f.id)
            .sort();
          expect(got).toEqual(brute.step(s.symbol, s.price, now));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('a price gapping over many values fires every one of them, and only them', () => {
    const book = new PriceAlertBook();
    for (let v = 100; v <= 110; v++) {
      book.add({
        id: `up${v}`,
        symbol: 'X',
        operator: 'crossing_up',
        trigger: 'only_once',
        value: v,
        lastFiredMs: null,
        refPrice: null,
      });
    }
    expect(book.step('X', 99, 0)).toEqual([]);
    const fired = book.step('X', 105.5, 1000).map((f) => f.id);
    expect(fired).toEqual(['up100', 'up101', 'up102', 'up103', 'up104', 'up105']);
    // only_once alerts leave the book when they fire
    expect(book.size).toBe(5);
    expect(book.step('X', 99, 2000)).toEqual([]);
  });

  it('a cross that happened while nothing watched (from the price the alert was made at) fires on the first price', () => {
    const book = new PriceAlertBook();
    const base = { symbol: 'X', trigger: 'every_time' as const, lastFiredMs: null };
    book.add({ ...base, id: 'cross', operator: 'crossing_down', value: 100, refPrice: 101 });
    book.add({ ...base, id: 'level', operator: 'less_than', value: 100, refPrice: 101, held: true });
    // the every_time level held when last evaluated: it waits for the level to stop holding and hold again
    expect(book.step('X', 98, 0).map((f) => f.id)).toEqual(['cross']);
  });

  it('a % move within N minutes fires against the window’s low, seeded from past bars', () => {
    const book = new PriceAlertBook();
    book.add({
      id: 'm',
      symbol: 'X',
      operator: 'moving_up_pct',
      trigger: 'every_time',
      percent: 2,
      minutes: 5,
      lastFiredMs: null,
      refPrice: null,
    });
    const t0 = 10 * 60_000;
    book.seedWindow('X', [{ timeMs: t0 - 3 * 60_000, low: 100, high: 100.5 }]);
    expect(book.step('X', 101, t0)).toEqual([]);
    expect(book.step('X', 102.1, t0 + 1000).map((f) => f.id)).toEqual(['m']);
    // seven minutes later the low of 100 has left the 5-minute window
    expect(book.step('X', 101, t0 + 7 * 60_000)).toEqual([]);
    expect(book.step('X', 102.1, t0 + 8 * 60_000)).toEqual([]);
  });

  it('removes alerts, channels included', () => {
    const book = new PriceAlertBook();
    book.add({
      id: 'c',
      symbol: 'X',
      operator: 'entering_channel',
      trigger: 'every_time',
      lower: 1,
      upper: 2,
      lastFiredMs: null,
      refPrice: 0.5,
    });
    expect(book.remove('c')).toBe(true);
    expect(book.size).toBe(0);
    expect(book.step('X', 1.5, 0)).toEqual([]);
  });
});

describe('LevelIndex', () => {
  it('finds the levels within a range like a filter over all of them (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 50 }), fc.boolean()), { maxLength: 80 }),
        fc.integer({ min: -5, max: 55 }),
        fc.integer({ min: -5, max: 55 }),
        (ops, x, y) => {
          const index = new LevelIndex();
          const live = new Map<string, number>();
          ops.forEach(([p, keep], i) => {
            index.add(`l${i}`, p);
            live.set(`l${i}`, p);
            if (!keep) {
              expect(index.remove(`l${i}`, p)).toBe(true);
              live.delete(`l${i}`);
            }
          });
          const lo = Math.min(x, y);
          const hi = Math.max(x, y);
          const got: string[] = [];
          index.between(lo, hi, (id) => got.push(id));
          const want = [...live].filter(([, p]) => p >= lo && p <= hi).map(([id]) => id);
          expect(got.sort()).toEqual(want.sort());
          expect(index.size).toBe(live.size);
        },
      ),
    );
  });
});
