import type { IndicatorCalculation } from '@tradedesk/contracts';
import { calculateSeries, resolveIndicatorStyles, toNullable, validateIndicatorSettings } from '@tradedesk/core';
import { describe, expect, it } from 'vitest';
import type { Candle } from '../model/candles';
import { LiveIndicators, type LivePoint } from './live-indicators';

/** The server's calculation (market.indicators.service) of an indicator over these bars, as the wire has it. */
function serverCalc(name: string, settings: Record<string, number | string | boolean>, bars: Candle[]) {
  const checked = validateIndicatorSettings(name, settings);
  if (!checked.ok || checked.entry.kind !== 'series') throw new Error(name);
  const styled = resolveIndicatorStyles(checked.entry.definition, undefined);
  if (!styled.ok) throw new Error(name);
  const arrays = {
    time: Float64Array.from(bars, (b) => b.time),
    open: Float64Array.from(bars, (b) => b.open),
    high: Float64Array.from(bars, (b) => b.high),
    low: Float64Array.from(bars, (b) => b.low),
    close: Float64Array.from(bars, (b) => b.close),
    volume: Float64Array.from(bars, (b) => b.volume),
  };
  const result = calculateSeries(checked.entry, checked.settings, arrays, styled.styles);
  return {
    symbol: 'EURUSD',
    source: 'FOREX',
    timeframe: '15m',
    indicator: checked.entry.definition.id,
    kind: 'series',
    overlay: checked.entry.definition.overlay,
    settings: checked.settings,
    dataSource: 'simulated',
    label: '',
    times: bars.map((b) => b.time),
    series: result.series.map((s) => ({
      id: s.id,
      title: s.title,
      style: s.style,
      offset: s.offset,
      values: toNullable(s.values),
    })),
    levels: [],
    fills: [],
    profile: null,
  } as unknown as IndicatorCalculation;
}

/** What the chart draws for a calculation: per plot, value by bar time (value i at bar i + offset). */
function drawn(calc: IndicatorCalculation): Map<number, number | null>[] {
  return calc.series.map((s) => {
    const m = new Map<number, number | null>();
    s.values.forEach((v, i) => {
      const t = calc.times[i + s.offset];
      if (t !== undefined) m.set(t, v);
    });
    return m;
  });
}

function apply(view: Map<number, number | null>[], points: LivePoint[]) {
  for (const p of points) view[p.plot]!.set(p.time, p.value);
}

function seededBars(n: number, seed: number): Candle[] {
  let s = seed;
  const rand = () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
  const bars: Candle[] = [];
  let close = 1.1;
  for (let i = 0; i < n; i++) bars.push(formingState(1_700_000_000 + i * 900, close, rand));
  for (const b of bars) close = b.close;
  return bars.map((b, i) => (i === 0 ? b : { ...b, open: bars[i - 1]!.close }));
}

function formingState(time: number, open: number, rand: () => number): Candle {
  const high = open + rand() * 0.002;
  const low = open - rand() * 0.002;
  return { time, open, high, low, close: low + (high - low) * rand(), volume: Math.round(rand() * 1000) };
}

const CASES: [string, Record<string, number | string | boolean>][] = [
  ['sma', { period: 20 }],
  ['rsi', {}],
  ['bollinger', {}],
  ['macd', {}],
  ['ichimoku', {}],
  ['fractals', {}],
  ['vwap', {}],
  ['zigzag', {}],
];

describe('live indicators', () => {
  it.each(CASES)(
    '%s: each live state draws what a fresh server calculation of the same bars draws',
    (name, settings) => {
      let seed = 11;
      const rand = () => {
        seed = (seed * 69_069 + 1) % 4_294_967_296;
        return seed / 4_294_967_296;
      };
      const bars = seededBars(200, 3);
      const calc = serverCalc(name, settings, bars);
      const live = new LiveIndicators();
      const view = drawn(calc);
      apply(view, live.reset([{ key: 'k', calc }], bars));
      expect(live.size).toBe(1);
      const chart = bars.slice();
      for (let bar = 0; bar < 4; bar++) {
        const time = bar === 0 ? chart[chart.length - 1]!.time : chart[chart.length - 1]!.time + 900;
        const open = bar === 0 ? chart[chart.length - 1]!.open : chart[chart.length - 1]!.close;
        for (let state = 0; state < 3; state++) {
          const b = formingState(time, open, rand);
          if (chart[chart.length - 1]!.time === time) chart[chart.length - 1] = b;
          else chart.push(b);
          apply(view, live.update(b));
          expect(view).toEqual(drawn(serverCalc(name, settings, chart)));
        }
      }
    },
  );

  it('steps through bars that came while the calculation was fetched', () => {
    const bars = seededBars(120, 5);
    const calc = serverCalc('rsi', {}, bars.slice(0, 110));
    const live = new LiveIndicators();
    const view = drawn(calc);
    apply(view, live.reset([{ key: 'k', calc }], bars));
    expect(view).toEqual(drawn(serverCalc('rsi', {}, bars)));
  });

  it('gives no live updates for a calculation of other bars, and stops on an older bar', () => {
    const bars = seededBars(60, 9);
    const live = new LiveIndicators();
    live.reset([{ key: 'k', calc: serverCalc('sma', { period: 5 }, bars.slice(0, 50)) }], bars.slice(20));
    expect(live.size).toBe(0);
    live.reset([{ key: 'k', calc: serverCalc('sma', { period: 5 }, bars) }], bars);
    expect(live.size).toBe(1);
    expect(live.update(bars[10]!)).toEqual([]);
    expect(live.size).toBe(0);
  });
});
