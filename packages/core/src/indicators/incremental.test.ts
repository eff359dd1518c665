import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INDICATORS } from './catalogue.js';
import type { IndicatorEntry, SeriesEntry } from './define.js';
import { computeIndicator, LiveIndicator } from './run.js';
import { validateIndicatorSettings } from './settings.js';
import { head, randomCandles } from './testing/candles.js';
import type { CandleArrays, IndicatorInput, OhlcvBar } from './types.js';
import { LiveVolumeProfile, volumeProfile } from './volume-profile.js';

/*
 * The live path (state up to the last closed bar, then the forming bar updated again and again, then new bars)
 * must give exactly the batch values: bit for bit, NaN where the batch has NaN.
 */

/** Settings drawn inside each input's bounds (lengths capped at 40 to keep runs short). */
function settingsArb(entry: IndicatorEntry): fc.Arbitrary<Record<string, unknown>> {
  const parts: Record<string, fc.Arbitrary<unknown>> = {};
  for (const input of entry.definition.inputs as readonly IndicatorInput[]) {
    if (input.type === 'int')
      parts[input.id] = fc.integer({ min: input.min, max: Math.min(input.max, input.min + 40) });
    else if (input.type === 'float') parts[input.id] = fc.double({ min: input.min, max: input.max, noNaN: true });
    else if (input.type === 'bool') parts[input.id] = fc.boolean();
    else parts[input.id] = fc.constantFrom(...input.options);
  }
  return fc.record(parts).filter((s) => validateIndicatorSettings(entry.definition.id, s).ok);
}

/** A changed version of a bar: same time and open, new high/low/close/volume consistent with each other. */
const variantArb = fc.record({
  up: fc.double({ min: 0, max: 2, noNaN: true }),
  down: fc.double({ min: 0, max: 2, noNaN: true }),
  at: fc.double({ min: 0, max: 1, noNaN: true }),
  volume: fc.integer({ min: 0, max: 2000 }),
});
type Variant = typeof variantArb extends fc.Arbitrary<infer T> ? T : never;

function vary(time: number, open: number, v: Variant): OhlcvBar {
  const high = open + v.up;
  const low = open - v.down;
  return { time, open, high, low, close: low + (high - low) * v.at, volume: v.volume };
}

function withBar(c: CandleArrays, bar: OhlcvBar): CandleArrays {
  const add = (a: Float64Array, x: number) => {
    const out = new Float64Array(a.length + 1);
    out.set(a);
    out[a.length] = x;
    return out;
  };
  return {
    time: add(c.time, bar.time),
    open: add(c.open, bar.open),
    high: add(c.high, bar.high),
    low: add(c.low, bar.low),
    close: add(c.close, bar.close),
    volume: add(c.volume, bar.volume),
  };
}

function lastRow(entry: SeriesEntry, settings: Record<string, number | string | boolean>, c: CandleArrays): number[] {
  return computeIndicator(entry, settings, c).map((o) => o[o.length - 1]!);
}

const scenarioArb = fc.record({
  seed: fc.integer({ min: 1, max: 1_000_000 }),
  closed: fc.integer({ min: 0, max: 90 }),
  // each new bar gets 1 to 4 forming states; the last one is the bar's final value
  bars: fc.array(fc.array(variantArb, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 4 }),
});

const series = INDICATORS.filter((e): e is SeriesEntry => e.kind === 'series');

describe('incremental update equals batch', () => {
  it.each(series.map((e) => [e.definition.id, e] as const))('%s', (_id, entry) => {
    fc.assert(
      fc.property(settingsArb(entry), scenarioArb, (raw, sc) => {
        const v = validateIndicatorSettings(entry.definition.id, raw);
        if (!v.ok) throw new Error('filtered settings must validate');
        const all = randomCandles(sc.closed + 1, sc.seed);
        let history = head(all, sc.closed);
        const live = new LiveIndicator(entry, v.settings, history);
        let time = all.time[sc.closed]!;
        let open = all.open[sc.closed]!;
        for (const states of sc.bars) {
          let bar = vary(time, open, states[0]!);
          for (const state of states) {
            bar = vary(time, open, state);
            const row = Array.from(live.update(bar));
            expect(row).toEqual(lastRow(entry, v.settings, withBar(history, bar)));
          }
          history = withBar(history, bar);
          time += 3600;
          open = bar.close;
        }
        expect(live.closedBars).toBe(history.close.length - 1);
      }),
      { numRuns: 20 },
    );
  });

  it('rejects an update for a bar older than the forming one', () => {
    const entry = series.find((e) => e.definition.id === 'sma')!;
    const c = randomCandles(30, 7);
    const live = new LiveIndicator(entry, { period: 5, source: 'close' }, c);
    const t = c.time[29]! + 3600;
    live.update({ time: t, open: 1, high: 2, low: 0.5, close: 1.5, volume: 10 });
    expect(() => live.update({ time: t - 3600, open: 1, high: 2, low: 0.5, close: 1.5, volume: 10 })).toThrow(
      RangeError,
    );
  });

  it('volume profile: live equals batch over the same candles', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 2, max: 40 }),
        fc.array(fc.array(variantArb, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 3 }),
        (seed, closed, rows, bars) => {
          const settings = { rows, valueAreaPercent: 70 };
          const all = randomCandles(closed + 1, seed);
          let history = head(all, closed);
          const from = Math.floor(closed / 3);
          const live = new LiveVolumeProfile(history, from, settings);
          let time = all.time[closed]!;
          let open = all.open[closed]!;
          for (const states of bars) {
            let bar = vary(time, open, states[0]!);
            for (const state of states) {
              bar = vary(time, open, state);
              const got = live.update(bar);
              const next = withBar(history, bar);
              expect(got).toEqual(volumeProfile(next, from, next.close.length - 1, settings));
            }
            history = withBar(history, bar);
            time += 3600;
            open = bar.close;
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
