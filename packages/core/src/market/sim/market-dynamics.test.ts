import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { roundToDigits } from '../instruments/build.js';
import { getInstrument } from '../instruments/catalogue.js';
import type { MarketEventInput } from './events.js';
import { dayAnchor } from './factor-path.js';
import { createSimulatedMarket } from './market.js';
import { MARKET_MODEL } from './model.js';

const utc = (y: number, mo: number, d: number, h = 0, mi = 0) => Date.UTC(y, mo - 1, d, h, mi) / 1000;
const market = createSimulatedMarket();

function correlation(a: number[], b: number[]): number {
  const n = a.length;
  const ma = a.reduce((s, x) => s + x, 0) / n;
  const mb = b.reduce((s, x) => s + x, 0) / n;
  let c = 0;
  let va = 0;
  let vb = 0;
  for (let i = 0; i < n; i++) {
    c += (a[i]! - ma) * (b[i]! - mb);
    va += (a[i]! - ma) ** 2;
    vb += (b[i]! - mb) ** 2;
  }
  return c / Math.sqrt(va * vb);
}

/** Log returns between consecutive sample times (unix seconds) of the model mid. */
function returns(id: string, times: number[]): number[] {
  const p = times.map((t) => market.boundaryMid(id, t));
  return p.slice(1).map((x, k) => Math.log(x / p[k]!));
}

/** Weekday (Monday to Friday) times at the given UTC hours, from a start day, for `days` days. */
function weekdayTimes(start: number, days: number, hours: number[]): number[] {
  const out: number[] = [];
  for (let d = 0; d < days; d++) {
    const day = start + d * 86400;
    const wd = new Date(day * 1000).getUTCDay();
    if (wd === 0 || wd === 6) continue;
    for (const h of hours) out.push(day + h * 3600);
  }
  return out;
}

/** Returns over consecutive hours within each weekday (no overnight returns). */
function intradayReturns(id: string, start: number, days: number, hours: number[]): number[] {
  const out: number[] = [];
  for (const day of weekdayTimes(start, days, [0]))
    out.push(
      ...returns(
        id,
        hours.map((h) => day + h * 3600),
      ),
    );
  return out;
}

const stdev = (r: number[]) => Math.sqrt(r.reduce((s, x) => s + x * x, 0) / r.length);

describe('volatility', () => {
  it('clusters: calm and stormy days come in runs (shared cascade of the day hierarchy)', () => {
    const f = MARKET_MODEL.factors[MARKET_MODEL.factorIndex.get('GLOBAL_EQUITY')!]!;
    const logVariance = Array.from({ length: 1500 }, (_, d) => Math.log(dayAnchor(f, 19_000 + d, () => 1, 1).variance));
    expect(correlation(logVariance.slice(1), logVariance.slice(0, -1))).toBeGreaterThan(0.4);
    expect(correlation(logVariance.slice(10), logVariance.slice(0, -10))).toBeGreaterThan(0.1);
    const daily = returns('US500', weekdayTimes(utc(2015, 1, 5), 1400, [20])).map(Math.abs);
    expect(correlation(daily.slice(1), daily.slice(0, -1))).toBeGreaterThan(0.08);
  }, 60_000);

  it('follows the session: busier at the European and US opens than in the late evening', () => {
    const bars = market.minuteBars('EURUSD', utc(2024, 1, 8), utc(2024, 1, 20));
    let busy = 0;
    let nBusy = 0;
    let quiet = 0;
    let nQuiet = 0;
    for (let k = 0; k < bars.length; k++) {
      const hour = new Date(bars.time[k]! * 1000).getUTCHours();
      const r = Math.abs(Math.log(bars.close[k]! / bars.open[k]!));
      if (hour >= 13 && hour < 16) {
        busy += r;
        nBusy++;
      } else if (hour >= 22) {
        quiet += r;
        nQuiet++;
      }
    }
    expect(busy / nBusy).toBeGreaterThan(1.5 * (quiet / nQuiet));
    // US shares: the first half hour moves more than the lunch hours (09:30 New York = 14:30 UTC in January)
    const aapl = intradayReturns('AAPL', utc(2024, 1, 8), 40, [14.5, 15]).map(Math.abs);
    const lunch = intradayReturns('AAPL', utc(2024, 1, 8), 40, [17, 17.5]).map(Math.abs);
    expect(aapl.reduce((s, x) => s + x, 0)).toBeGreaterThan(1.2 * lunch.reduce((s, x) => s + x, 0));
  }, 60_000);

  it('differs by asset class: crypto > shares > FX > a pegged currency', () => {
    const times = weekdayTimes(utc(2023, 1, 2), 365, [20]);
    const sd = (id: string) => stdev(returns(id, times));
    const [btc, aapl, eurusd, usdhkd] = ['BTCUSD', 'AAPL', 'EURUSD', 'USDHKD'].map(sd) as [
      number,
      number,
      number,
      number,
    ];
    expect(btc).toBeGreaterThan(aapl);
    expect(aapl).toBeGreaterThan(eurusd);
    expect(eurusd).toBeGreaterThan(5 * usdhkd);
    expect(eurusd).toBeGreaterThan(0.002);
    expect(eurusd).toBeLessThan(0.01);
  }, 60_000);

  it('keeps prices around their reference level over the centuries', () => {
    for (const [id, low, high] of [
      ['EURUSD', 0.75, 1.35],
      ['AAPL', 0.35, 2.8],
      ['BTCUSD', 0.15, 6],
    ] as const) {
      const ref = getInstrument(id).referencePrice;
      for (let t = utc(1972, 1, 5, 20); t < utc(2299, 1, 1); t += 3 * 365 * 86400 + 11 * 86400) {
        const ratio = market.boundaryMid(id, t) / ref;
        expect(ratio, `${id} at ${new Date(t * 1000).toISOString()}`).toBeGreaterThan(low);
        expect(ratio).toBeLessThan(high);
      }
    }
  }, 60_000);

  it('comes with volume that rises with the range of the bar', () => {
    const bars = market.minuteBars('EURUSD', utc(2024, 3, 12), utc(2024, 3, 13));
    const range: number[] = [];
    const volume: number[] = [];
    for (let k = 0; k < bars.length; k++) {
      range.push((bars.high[k]! - bars.low[k]!) / bars.open[k]!);
      volume.push(bars.volume[k]!);
    }
    expect(correlation(range, volume)).toBeGreaterThan(0.3);
  });
});

describe('correlated instruments', () => {
  const start = utc(2024, 1, 8);
  const europeHours = [8, 9, 10, 11, 12, 13, 14, 15, 16];
  const usHours = [14.5, 15, 15.5, 16, 16.5, 17, 17.5, 18, 18.5, 19, 19.5, 20];

  it('move together: FX pairs against the dollar, indices, a share and its index', () => {
    const r = (id: string, hours: number[]) => intradayReturns(id, start, 60, hours);
    expect(correlation(r('EURUSD', europeHours), r('GBPUSD', europeHours))).toBeGreaterThan(0.35);
    expect(correlation(r('US500', europeHours), r('DE40', europeHours))).toBeGreaterThan(0.4);
    expect(correlation(r('AAPL', usHours), r('US100', usHours))).toBeGreaterThan(0.35);
    // metals are priced in dollars: gold rises when the dollar falls
    expect(correlation(r('XAUUSD', europeHours), r('USDCHF', europeHours))).toBeLessThan(-0.05);
    expect(correlation(r('XAUUSD', europeHours), r('XAGUSD', europeHours))).toBeGreaterThan(0.4);
  }, 60_000);
});

describe('scheduled events', () => {
  const eventTime = utc(2024, 3, 12, 13, 30);
  const nfp: MarketEventInput = { id: 'us-payrolls', time: eventTime, impact: 'high', currencies: ['USD'] };

  it('raise realised volatility at their minute and for a while after, and leave earlier prices alone', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1500 }).map((week) => utc(1996, 1, 2, 13, 30) + week * 7 * 86400),
        fc.constantFrom('EUR', 'GBP', 'JPY', 'USD'),
        (t, currency) => {
          // both without the simulated calendar's own releases, which may fall on the same minute (US releases
          // at 08:30 New York are 13:30 UTC in winter) and would make the "calm" market eventful too
          const calm = createSimulatedMarket({ calendar: false });
          const eventful = createSimulatedMarket({
            calendar: false,
            events: [{ id: 'e', time: t, impact: 'high', currencies: [currency] }],
          });
          const id = currency === 'USD' ? 'EURUSD' : currency === 'JPY' ? 'USDJPY' : `${currency}USD`;
          const a = calm.minuteBars(id, t - 3600, t + 3600);
          const b = eventful.minuteBars(id, t - 3600, t + 3600);
          const before = a.time.indexOf(t);
          expect(Array.from(b.close.subarray(0, before))).toEqual(Array.from(a.close.subarray(0, before)));
          const realised = (x: typeof a) => {
            let s = 0;
            for (let k = before; k < before + 30; k++) s += Math.log(x.close[k]! / x.open[k]!) ** 2;
            return s;
          };
          expect(realised(b)).toBeGreaterThan(1.5 * realised(a));
          const ranges = (x: typeof a) => {
            let s = 0;
            for (let k = before; k < before + 10; k++) s += x.high[k]! - x.low[k]!;
            return s;
          };
          expect(ranges(b)).toBeGreaterThan(ranges(a));
        },
      ),
      { numRuns: 20 },
    );
  }, 120_000);

  it('fade after 90 minutes and are the same in any registration order', () => {
    const other: MarketEventInput = { id: 'ecb', time: eventTime + 600, impact: 'medium', countries: ['DE'] };
    const a = createSimulatedMarket({ events: [nfp, other] });
    const b = createSimulatedMarket({ events: [other] });
    b.registerEvents([nfp]);
    const later = utc(2024, 3, 12, 15, 30);
    expect(a.minuteBars('EURUSD', eventTime - 60, later)).toEqual(b.minuteBars('EURUSD', eventTime - 60, later));
    expect(a.minuteBar('EURUSD', later + 3600)).toEqual(market.minuteBar('EURUSD', later + 3600));
    expect(a.events().map((e) => e.id)).toEqual(['us-payrolls', 'ecb']);
  });

  it('move every instrument of the currency consistently: crosses stay the ratio of their legs', () => {
    const m = createSimulatedMarket({ events: [{ id: 'boe', time: eventTime, impact: 'high', currencies: ['GBP'] }] });
    for (let t = eventTime; t < eventTime + 30 * 60; t += 60) {
      const exact = m.boundaryMid('EURUSD', t + 60) / m.boundaryMid('GBPUSD', t + 60);
      expect(m.minuteBar('EURGBP', t)!.close).toBe(roundToDigits(exact, 5));
    }
    expect(m.minuteBar('GBPUSD', eventTime)).not.toEqual(market.minuteBar('GBPUSD', eventTime + 60));
    // an event for one share moves that share only
    const s = createSimulatedMarket({
      events: [{ id: 'earnings', time: utc(2024, 3, 12, 14), impact: 'high', instruments: ['AAPL'] }],
    });
    expect(s.minuteBar('MSFT', utc(2024, 3, 12, 14, 5))).toEqual(market.minuteBar('MSFT', utc(2024, 3, 12, 14, 5)));
    expect(s.minuteBar('AAPL', utc(2024, 3, 12, 14, 5))).not.toEqual(market.minuteBar('AAPL', utc(2024, 3, 12, 14, 5)));
  });

  it('widen the spread around their minute', () => {
    const m = createSimulatedMarket({ events: [nfp] });
    const normal = market.spreadAt('EURUSD', eventTime * 1000 + 5000);
    expect(m.spreadAt('EURUSD', eventTime * 1000 + 5000)).toBeGreaterThanOrEqual(3 * normal);
    expect(m.spreadAt('EURUSD', (eventTime + 600) * 1000)).toBe(market.spreadAt('EURUSD', (eventTime + 600) * 1000));
  });

  it('are validated as a whole, with a sentence naming the field', () => {
    const m = createSimulatedMarket();
    expect(() => m.registerEvents([nfp, { ...nfp, id: 'x', currencies: ['ABC'] }])).toThrow(
      'Event x: currencies contains unknown code "ABC".',
    );
    expect(m.events()).toEqual([]);
    expect(() =>
      m.registerEvents([{ id: 'y', time: eventTime, impact: 'huge' as 'high', currencies: ['USD'] }]),
    ).toThrow('Event y: impact must be one of low, medium, high.');
    expect(() => m.registerEvents([{ id: 'z', time: eventTime, impact: 'low' }])).toThrow(
      'Event z: name at least one currency, country or instrument it concerns.',
    );
    expect(() => m.registerEvents([{ id: 'w', time: 0, impact: 'low', countries: ['US'] }])).toThrow(
      'Event w: time must be unix seconds',
    );
    expect(() => m.registerEvents([{ id: 'v', time: eventTime, impact: 'low', countries: ['XX'] }])).toThrow(
      'Event v: countries contains unknown country "XX".',
    );
    m.registerEvents([nfp]);
    expect(m.unregisterEvent('us-payrolls')).toBe(true);
    expect(m.minuteBar('EURUSD', eventTime + 60)).toEqual(market.minuteBar('EURUSD', eventTime + 60));
  });
});

describe('daily change and trending', () => {
  it('measures the last price against the previous trade date close', () => {
    const ms = Date.UTC(2024, 2, 12, 15, 0, 0);
    const c = market.dailyChange('EURUSD', ms);
    const [monday] = market.candles('EURUSD', '1D', { from: utc(2024, 3, 11), limit: 1 });
    expect(c.previousClose).toBe(monday!.close);
    expect(c.price).toBe(market.quote('EURUSD', ms).mid);
    expect(c.change).toBeCloseTo(c.price - c.previousClose, 8);
    expect(c.changePercent).toBeCloseTo((100 * (c.price - c.previousClose)) / c.previousClose, 3);
  });

  it('ranks trending instruments by absolute daily change, deterministically', () => {
    const ms = Date.UTC(2024, 2, 12, 15, 0, 0);
    const top = market.trending(ms, { limit: 8 });
    expect(top).toHaveLength(8);
    for (let k = 1; k < top.length; k++) {
      expect(Math.abs(top[k - 1]!.changePercent)).toBeGreaterThanOrEqual(Math.abs(top[k]!.changePercent));
    }
    expect(createSimulatedMarket().trending(ms, { limit: 8 })).toEqual(top);
    const fx = market.trending(ms, { limit: 3, sources: ['FOREX'] });
    expect(fx.every((c) => getInstrument(c.instrumentId).source === 'FOREX')).toBe(true);
  }, 60_000);
});
