import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aggregateBy, aggregateCandles, type Candle, mergeCandles } from '../candles.js';
import { getInstrument } from '../instruments/catalogue.js';
import { SESSION_TEMPLATES, sessionDay } from '../instruments/sessions.js';
import { candleTimeOf } from '../periods.js';
import { epochDayOf, isoWeekday, toLocal } from '../time-zones.js';
import type { Timeframe } from '../timeframes.js';
import { createSimulatedMarket } from './market.js';

const utc = (y: number, mo: number, d: number, h = 0, mi = 0) => Date.UTC(y, mo - 1, d, h, mi) / 1000;
const market = createSimulatedMarket();

function minuteCandles(id: string, from: number, to: number): Candle[] {
  const b = market.minuteBars(id, from, to);
  return Array.from({ length: b.length }, (_, k) => ({
    time: b.time[k]!,
    open: b.open[k]!,
    high: b.high[k]!,
    low: b.low[k]!,
    close: b.close[k]!,
    volume: b.volume[k]!,
  }));
}

/** Each coarse bar is the aggregation of the fine bars from its time up to the next coarse bar. */
function expectPartition(fine: Candle[], coarse: Candle[], coarseEnd: number): void {
  let k = 0;
  for (let n = 0; n < coarse.length; n++) {
    const end = n + 1 < coarse.length ? coarse[n + 1]!.time : coarseEnd;
    const group: Candle[] = [];
    while (k < fine.length && fine[k]!.time < end) group.push(fine[k++]!);
    expect(group.length).toBeGreaterThan(0);
    expect(group[0]!.time).toBeGreaterThanOrEqual(coarse[n]!.time);
    expect({ ...aggregateCandles(group)!, time: coarse[n]!.time }).toEqual(coarse[n]);
  }
  expect(k).toBe(fine.length);
}

const INSTRUMENTS_UNDER_TEST = ['EURUSD', 'AAPL', 'DE40', 'BTCUSD', 'JP225', 'USOIL', 'XAUEUR'];
const FROM = utc(2024, 3, 7);
const TO = utc(2024, 3, 13);

describe('candles of every timeframe aggregate the same 1-minute bars', () => {
  it.each(INSTRUMENTS_UNDER_TEST)(
    '%s: 1m -> 5m -> 15m -> 30m -> 1h -> 4h',
    (id) => {
      const chain: Timeframe[] = ['1m', '5m', '15m', '30m', '1h', '4h'];
      // every chain member is compared over whole 4h buckets: from the first 4h bar to the one after the last
      const fourHours = market.candles(id, '4h', { from: FROM, to: TO, limit: 1000 });
      const start = fourHours[0]!.time;
      const end = market.candles(id, '4h', { from: TO, limit: 1 })[0]!.time;
      const byTf = new Map(chain.map((tf) => [tf, market.candles(id, tf, { from: start, to: end, limit: 50_000 })]));
      expect(byTf.get('1m')).toEqual(minuteCandles(id, start, end));
      expect(byTf.get('4h')).toEqual(fourHours);
      for (let n = 1; n < chain.length; n++) {
        expectPartition(byTf.get('1m')!, byTf.get(chain[n]!)!, end);
        expectPartition(byTf.get(chain[n - 1]!)!, byTf.get(chain[n]!)!, end);
      }
    },
    60_000,
  );

  it.each(INSTRUMENTS_UNDER_TEST)(
    '%s: candleTimeOf groups 1-minute bars into the same bars (for imported data)',
    (id) => {
      const fine = minuteCandles(id, FROM, TO);
      for (const tf of ['5m', '1h', '4h', '1D'] as Timeframe[]) {
        const grouped = aggregateBy(fine, (t) => candleTimeOf(id, tf, t));
        // inner bars only: the first and last may be cut by the range
        const inner = grouped.slice(1, -1);
        expect(inner.length).toBeGreaterThan(0);
        const direct = market.candles(id, tf, { from: inner[0]!.time, to: inner.at(-1)!.time + 1, limit: 10_000 });
        expect(inner).toEqual(direct);
      }
      expect(candleTimeOf('EURUSD', '1h', utc(2024, 3, 9, 12))).toBeNull();
    },
    60_000,
  );

  it('puts a Sunday-evening FX minute in Monday: its week starts that Monday, 31 March 2024 belongs to April', () => {
    expect(candleTimeOf('EURUSD', '1D', utc(2024, 3, 10, 22))).toBe(utc(2024, 3, 11));
    expect(candleTimeOf('EURUSD', '1W', utc(2024, 3, 10, 22))).toBe(utc(2024, 3, 11));
    expect(candleTimeOf('EURUSD', '1M', utc(2024, 3, 31, 21, 30))).toBe(utc(2024, 4, 1));
    expect(candleTimeOf('EURUSD', '4h', utc(2024, 3, 10, 21, 30))).toBe(utc(2024, 3, 10, 21));
    expect(candleTimeOf('AAPL', '1h', utc(2024, 3, 11, 14, 10))).toBe(utc(2024, 3, 11, 13, 30));
  });

  it('aligns intraday buckets to the session: 17:00 New York for FX, 09:30 for US shares', () => {
    const fx4h = market.candles('EURUSD', '4h', { from: utc(2024, 3, 11), to: utc(2024, 3, 12), limit: 100 });
    for (const c of fx4h)
      expect((toLocal('America/New_York', c.time * 1000).minuteOfDay - 17 * 60 + 1440) % 240).toBe(0);
    const aapl1h = market.candles('AAPL', '1h', { from: utc(2024, 3, 11), to: utc(2024, 3, 12), limit: 100 });
    expect(aapl1h.map((c) => toLocal('America/New_York', c.time * 1000).minuteOfDay / 60)).toEqual([
      9.5, 10.5, 11.5, 12.5, 13.5, 14.5, 15.5,
    ]);
    // the last hourly bar of the day holds only 15:30-16:00
    expect(aapl1h.at(-1)!.volume).toBe(
      minuteCandles('AAPL', aapl1h.at(-1)!.time, utc(2024, 3, 12)).reduce((s, c) => s + c.volume, 0),
    );
  });

  it.each(INSTRUMENTS_UNDER_TEST)(
    '%s: 1D is the trade date, cut at the session close',
    (id) => {
      const i = getInstrument(id);
      const t = SESSION_TEMPLATES[i.session];
      const daily = market.candles(id, '1D', { from: FROM, to: TO, limit: 100 });
      expect(daily.length).toBeGreaterThan(0);
      for (const d of daily) {
        const day = sessionDay(t, d.time / 86400);
        expect(d.time % 86400).toBe(0);
        expect(d).toEqual({
          ...aggregateCandles(minuteCandles(id, day.startMs / 1000, day.endMs / 1000))!,
          time: d.time,
        });
        const fourHours = market.candles(id, '4h', { from: day.startMs / 1000, to: day.endMs / 1000, limit: 100 });
        expect({ ...aggregateCandles(fourHours)!, time: d.time }).toEqual(d);
      }
    },
    60_000,
  );

  it('cuts FX days at 17:00 New York: Monday 11 March 2024 runs from Sunday 21:05 to Monday 21:00 UTC', () => {
    const [monday] = market.candles('EURUSD', '1D', { from: utc(2024, 3, 11), limit: 1 });
    expect(monday!.time).toBe(utc(2024, 3, 11));
    expect(monday!.open).toBe(market.minuteBar('EURUSD', utc(2024, 3, 10, 21, 5))!.open);
    expect(monday!.close).toBe(market.minuteBar('EURUSD', utc(2024, 3, 11, 20, 59))!.close);
  });

  it('builds weeks from Monday and months from the 1st out of daily bars', () => {
    for (const id of ['EURUSD', 'SAP.DE', 'BTCUSD']) {
      const daily = market.candles(id, '1D', { from: utc(2024, 2, 1), to: utc(2024, 4, 1), limit: 100 });
      const weekly = market.candles(id, '1W', { from: utc(2024, 2, 5), to: utc(2024, 3, 25), limit: 100 });
      expect(weekly.map((w) => isoWeekday(w.time / 86400))).toEqual(weekly.map(() => 1));
      for (const w of weekly) {
        const days = daily.filter((d) => d.time >= w.time && d.time < w.time + 7 * 86400);
        expect({ ...aggregateCandles(days)!, time: w.time }).toEqual(w);
      }
      const monthly = market.candles(id, '1M', { from: utc(2024, 2, 1), to: utc(2024, 4, 1), limit: 10 });
      expect(monthly.map((m) => m.time)).toEqual([utc(2024, 2, 1), utc(2024, 3, 1)]);
      const march = daily.filter((d) => d.time >= utc(2024, 3, 1));
      expect({ ...aggregateCandles(march)!, time: utc(2024, 3, 1) }).toEqual(monthly[1]);
    }
  }, 60_000);

  it('gives a year of daily bars equal to its aggregated 1-minute bars (cached per day)', () => {
    const m = createSimulatedMarket();
    const year = m.candles('US500', '1D', { from: utc(2023, 1, 1), to: utc(2024, 1, 1), limit: 400 });
    expect(year.length).toBeGreaterThanOrEqual(250);
    expect(m.candles('US500', '1D', { from: utc(2023, 1, 1), to: utc(2024, 1, 1), limit: 400 })).toEqual(year);
    const t = SESSION_TEMPLATES['cme-globex'];
    for (const d of [year[0]!, year[100]!, year.at(-1)!]) {
      const day = sessionDay(t, d.time / 86400);
      expect({
        ...aggregateCandles(minuteCandles('US500', day.startMs / 1000, day.endMs / 1000))!,
        time: d.time,
      }).toEqual(d);
    }
  }, 120_000);
});

describe('bar aggregation', () => {
  const candle = fc
    .record({
      open: fc.integer({ min: 1, max: 10_000 }),
      close: fc.integer({ min: 1, max: 10_000 }),
      up: fc.integer({ min: 0, max: 500 }),
      down: fc.integer({ min: 0, max: 500 }),
      volume: fc.integer({ min: 0, max: 1e6 }),
    })
    .map(({ open, close, up, down, volume }) => ({
      time: 0,
      open,
      close,
      high: Math.max(open, close) + up,
      low: Math.max(0, Math.min(open, close) - down),
      volume,
    }));

  it('is associative: any split of a run of bars aggregates to the same bar', () => {
    fc.assert(
      fc.property(fc.array(candle, { minLength: 2, maxLength: 40 }), fc.nat(), (bars, cut) => {
        const timed = bars.map((b, n) => ({ ...b, time: n * 60 }));
        const k = 1 + (cut % (timed.length - 1));
        const parts = mergeCandles(aggregateCandles(timed.slice(0, k))!, aggregateCandles(timed.slice(k))!);
        expect(parts).toEqual(aggregateCandles(timed));
      }),
    );
    fc.assert(
      fc.property(candle, candle, candle, (a, b, c) => {
        expect(mergeCandles(mergeCandles(a, b), c)).toEqual(mergeCandles(a, mergeCandles(b, c)));
      }),
    );
    expect(aggregateCandles([])).toBeNull();
  });
});

describe('candle queries', () => {
  const asOf = Date.UTC(2024, 2, 12, 14, 37, 25, 500);

  it('returns bars from `from` ascending, or the last `limit` before `to`', () => {
    const forward = market.candles('EURUSD', '15m', { from: utc(2024, 3, 12, 10), limit: 4 });
    expect(forward.map((c) => c.time)).toEqual([0, 1, 2, 3].map((n) => utc(2024, 3, 12, 10) + n * 900));
    const back = market.candles('EURUSD', '15m', { to: utc(2024, 3, 12, 11), limit: 4 });
    expect(back).toEqual(forward);
    // across the weekend, the last bars before Monday are Friday's
    const beforeMonday = market.candles('EURUSD', '1h', { to: utc(2024, 3, 10, 12), limit: 2 });
    expect(beforeMonday.map((c) => c.time)).toEqual([utc(2024, 3, 8, 20), utc(2024, 3, 8, 21)]);
  });

  it('leaves out minutes after `asOfMs` and shows the forming bar up to it', () => {
    const bars = market.candles('EURUSD', '15m', { to: utc(2024, 3, 13), limit: 3, asOfMs: asOf });
    const forming = bars.at(-1)!;
    expect(forming.time).toBe(utc(2024, 3, 12, 14, 30));
    expect(forming.close).toBe(market.tick('EURUSD', asOf));
    const done = minuteCandles('EURUSD', utc(2024, 3, 12, 14, 30), utc(2024, 3, 12, 14, 37));
    expect(forming.open).toBe(done[0]!.open);
    expect(forming.high).toBeGreaterThanOrEqual(Math.max(...done.map((c) => c.high)));
    expect(forming.low).toBeLessThanOrEqual(Math.min(...done.map((c) => c.low)));
    expect(forming.volume).toBeGreaterThan(done.reduce((s, c) => s + c.volume, 0));
    expect(market.formingCandle('EURUSD', '15m', asOf)).toEqual(forming);
    // the daily bar of the same instant is still forming too
    const [today] = market.candles('EURUSD', '1D', { to: utc(2024, 3, 14), limit: 1, asOfMs: asOf });
    expect(today!.time).toBe(utc(2024, 3, 12));
    expect(today!.close).toBe(forming.close);
    // at the last millisecond of a minute the forming minute is the complete minute
    const end = Date.UTC(2024, 2, 12, 14, 37, 59, 999);
    expect(market.formingCandle('EURUSD', '1m', end)).toEqual(market.minuteBar('EURUSD', utc(2024, 3, 12, 14, 37)));
    expect(market.formingCandle('EURUSD', '1m', Date.UTC(2024, 2, 9, 12))).toBeNull();
  });

  it('includes a daily bar whose trade date starts the evening before "now"', () => {
    const sundayEvening = Date.UTC(2024, 2, 10, 22, 0, 30);
    const last = market.candles('EURUSD', '1D', { limit: 2, asOfMs: sundayEvening });
    expect(last.map((c) => c.time)).toEqual([utc(2024, 3, 8), utc(2024, 3, 11)]);
    expect(last[1]!.open).toBe(market.minuteBar('EURUSD', utc(2024, 3, 10, 21, 5))!.open);
    expect(last[1]!.close).toBe(market.tick('EURUSD', sundayEvening));
    expect(market.formingCandle('EURUSD', '1D', sundayEvening)).toEqual(last[1]);
    expect(market.formingCandle('EURUSD', '1W', sundayEvening)!.time).toBe(utc(2024, 3, 11));
  });

  it('is the same whichever way the range is asked for', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('EURUSD', 'AAPL', 'BTCUSD', 'HK50'),
        fc.constantFrom<Timeframe>('5m', '1h', '4h', '1D'),
        fc.integer({ min: utc(2015, 1, 1) / 3600, max: utc(2030, 1, 1) / 3600 }),
        (id, tf, hour) => {
          const t = hour * 3600;
          const a = market.candles(id, tf, { from: t, limit: 6 });
          if (a.length === 0) return;
          const b = market.candles(id, tf, { to: a.at(-1)!.time + 1, limit: a.length });
          expect(b).toEqual(a);
          const c = market.candles(id, tf, { from: a[0]!.time, to: a.at(-1)!.time + 1 });
          expect(c).toEqual(a);
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);

  it('rejects bad queries with a sentence naming the field', () => {
    expect(() => market.candles('EURUSD', '2h' as Timeframe, { from: 0 })).toThrow('timeframe must be one of');
    expect(() => market.candles('EURUSD', '1h', { from: utc(2024, 1, 1), limit: 0 })).toThrow(
      'limit must be a whole number',
    );
    expect(() => market.candles('EURUSD', '1h', {})).toThrow('Give from, to or asOfMs');
    expect(() => market.candles('EURUSD', '1h', { from: 0 })).toThrow(
      'from must lie between 1971-01-01 and 2300-01-01',
    );
  });

  it('stamps daily bars with the trade date even when the session starts the evening before', () => {
    const [d] = market.candles('USOIL', '1D', { from: utc(2024, 3, 12), limit: 1 });
    expect(d!.time).toBe(epochDayOf(2024, 3, 12) * 86400);
    expect(d!.open).toBe(market.minuteBar('USOIL', utc(2024, 3, 11, 22))!.open);
  });
});
