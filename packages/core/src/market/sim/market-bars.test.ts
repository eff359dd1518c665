import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getInstrument, INSTRUMENTS } from '../instruments/catalogue.js';
import { isSessionOpen, SESSION_TEMPLATES } from '../instruments/sessions.js';
import { createSimulatedMarket } from './market.js';

const utc = (y: number, mo: number, d: number, h = 0, mi = 0) => Date.UTC(y, mo - 1, d, h, mi) / 1000;
const market = createSimulatedMarket();
const ids = INSTRUMENTS.map((i) => i.id);
/** Any minute from 1990 to 2040, as unix seconds. */
const anyMinute = fc.integer({ min: utc(1990, 1, 1) / 60, max: utc(2040, 1, 1) / 60 }).map((m) => m * 60);
const onDigits = (x: number, digits: number) => Number(x.toFixed(digits)) === x;

function digest(id: string, from: number, to: number): string {
  const b = createSimulatedMarket().minuteBars(id, from, to);
  let s = 0;
  for (let i = 0; i < b.length; i++)
    s = (s * 31 + b.close[i]! * 1e5 + b.high[i]! * 7 + b.low[i]! * 3 + b.volume[i]!) % 1e12;
  return `${b.length}:${s}:${b.close[b.length - 1]}`;
}

describe('simulated 1-minute bars', () => {
  it('are the same in a separate process', () => {
    const here = fileURLToPath(new URL('./market.ts', import.meta.url));
    const from = utc(2024, 3, 11);
    const code = `
      import { createSimulatedMarket } from ${JSON.stringify(here)};
      const b = createSimulatedMarket().minuteBars('EURGBP', ${from}, ${from + 86400});
      let s = 0;
      for (let i = 0; i < b.length; i++) s = (s * 31 + b.close[i] * 1e5 + b.high[i] * 7 + b.low[i] * 3 + b.volume[i]) % 1e12;
      console.log(\`\${b.length}:\${s}:\${b.close[b.length - 1]}\`);`;
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
      encoding: 'utf8',
    });
    expect(out.trim()).toBe(digest('EURGBP', from, from + 86400));
  }, 60_000);

  it('are the same in independent markets whatever was computed before', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ids), anyMinute, anyMinute, (id, t, other) => {
        const a = createSimulatedMarket();
        const b = createSimulatedMarket();
        b.candles(id, '1D', { from: other - 10 * 86400, limit: 3 });
        b.minuteBars('XAUEUR', other, other + 3600);
        expect(b.minuteBar(id, t)).toEqual(a.minuteBar(id, t));
        expect(market.minuteBar(id, t)).toEqual(a.minuteBar(id, t));
      }),
      { numRuns: 15 },
    );
  }, 60_000);

  it('keep a golden history (a change here rewrites every chart: do it on purpose or not at all)', () => {
    expect(market.minuteBar('EURUSD', utc(2024, 3, 11, 14, 30))).toEqual({
      time: utc(2024, 3, 11, 14, 30),
      open: 1.23694,
      high: 1.237,
      low: 1.23687,
      close: 1.23694,
      volume: 98,
    });
    expect(market.minuteBar('AAPL', utc(2024, 3, 11, 13, 30))).toEqual({
      time: utc(2024, 3, 11, 13, 30),
      open: 201.58,
      high: 201.59,
      low: 201.48,
      close: 201.5,
      volume: 159_258,
    });
    expect(market.minuteBar('BTCUSD', utc(2024, 3, 9, 12))).toEqual({
      time: utc(2024, 3, 9, 12),
      open: 64_754.14,
      high: 64_794.92,
      low: 64_737.45,
      close: 64_784.53,
      volume: 318,
    });
  });

  it('exist exactly when the market is open', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ids), anyMinute, (id, t) => {
        const i = getInstrument(id);
        const open = isSessionOpen(SESSION_TEMPLATES[i.session], t * 1000);
        expect(market.minuteBar(id, t) !== null).toBe(open);
      }),
      { numRuns: 300 },
    );
  }, 60_000);

  it('satisfy low <= open, close <= high, prices on the digits, positive whole volume', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ids), anyMinute, (id, t) => {
        const i = getInstrument(id);
        const bars = market.minuteBars(id, t, t + 6 * 3600);
        for (let k = 0; k < bars.length; k++) {
          const [o, h, l, c, v] = [bars.open[k]!, bars.high[k]!, bars.low[k]!, bars.close[k]!, bars.volume[k]!];
          expect(l <= Math.min(o, c) && Math.max(o, c) <= h && l > 0).toBe(true);
          expect([o, h, l, c].every((x) => onDigits(x, i.digits))).toBe(true);
          expect(Number.isInteger(v) && v >= 1).toBe(true);
        }
      }),
      { numRuns: 60 },
    );
  }, 60_000);

  it('open at the close of the minute before within a session', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ids), anyMinute, (id, t) => {
        const bars = market.minuteBars(id, t, t + 12 * 3600);
        for (let k = 1; k < bars.length; k++) {
          if (bars.time[k]! - bars.time[k - 1]! === 60) expect(bars.open[k]).toBe(bars.close[k - 1]);
        }
      }),
      { numRuns: 60 },
    );
  }, 60_000);

  it('match one by one and in batches', () => {
    const from = utc(2024, 3, 11, 13);
    const batch = market.minuteBars('EURJPY', from, from + 600);
    expect(batch.length).toBe(10);
    for (let k = 0; k < batch.length; k++) {
      expect(market.minuteBar('EURJPY', batch.time[k]!)).toEqual({
        time: batch.time[k],
        open: batch.open[k],
        high: batch.high[k],
        low: batch.low[k],
        close: batch.close[k],
        volume: batch.volume[k],
      });
    }
  });

  it('stop for the weekend and restart on Sunday 17:05 New York, DST included', () => {
    const firstBar = (id: string, from: number) => market.minuteBars(id, from, from + 3 * 86400).time[0];
    // FX: Friday 8 March 2024 closes 22:00 UTC (EST), Sunday 10 March opens 21:05 UTC (EDT)
    const friday = market.minuteBars('EURUSD', utc(2024, 3, 8, 20), utc(2024, 3, 10, 12));
    expect(friday.time[friday.length - 1]).toBe(utc(2024, 3, 8, 21, 59));
    expect(firstBar('EURUSD', utc(2024, 3, 9))).toBe(utc(2024, 3, 10, 21, 5));
    expect(firstBar('EURUSD', utc(2024, 3, 2))).toBe(utc(2024, 3, 3, 22, 5));
    expect(firstBar('EURUSD', utc(2024, 11, 2))).toBe(utc(2024, 11, 3, 22, 5));
    expect(firstBar('EURUSD', utc(2024, 10, 26))).toBe(utc(2024, 10, 27, 21, 5));
    expect(market.minuteBars('GBPJPY', utc(2024, 3, 9), utc(2024, 3, 10)).length).toBe(0);
    // US shares: 14:30 UTC before the US change, 13:30 after; no Saturday bars; crypto trades all weekend
    expect(firstBar('AAPL', utc(2024, 3, 8))).toBe(utc(2024, 3, 8, 14, 30));
    expect(firstBar('AAPL', utc(2024, 3, 9))).toBe(utc(2024, 3, 11, 13, 30));
    expect(market.minuteBars('AAPL', utc(2024, 3, 11), utc(2024, 3, 12)).length).toBe(390);
    // and back on 3 November 2024: 13:30 UTC on Friday 1 November, 14:30 UTC on Monday 4 November
    expect(firstBar('AAPL', utc(2024, 11, 1))).toBe(utc(2024, 11, 1, 13, 30));
    expect(firstBar('AAPL', utc(2024, 11, 2))).toBe(utc(2024, 11, 4, 14, 30));
    expect(firstBar('SAP.DE', utc(2024, 3, 11))).toBe(utc(2024, 3, 11, 8));
    expect(firstBar('SAP.DE', utc(2024, 4, 2))).toBe(utc(2024, 4, 2, 7));
    expect(market.minuteBars('BTCUSD', utc(2024, 3, 9), utc(2024, 3, 10)).length).toBe(1440);
  });

  it('rejects times outside 1971-2299 and unknown instruments', () => {
    expect(() => market.minuteBar('EURUSD', utc(1960, 1, 1))).toThrow(
      'time must lie between 1971-01-01 and 2300-01-01 (UTC).',
    );
    expect(() => market.minuteBar('NOPE', utc(2024, 1, 1))).toThrow('Unknown instrument "NOPE".');
  });
});
