import { waitFor } from '@testing-library/react';
import { calculateIndicator, toNullable } from '@tradedesk/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type MockRequest, mockFetch } from '../../../test/fetch-mock';
import { renderApp, signedInState } from '../../../test/render-app';
import { fakeCharts, resetFakeCharts } from '../test/fake-lightweight-charts';
import { encodeIndicators } from './model';

vi.mock('lightweight-charts', async () => (await import('../test/fake-lightweight-charts')).fakeLightweightCharts());

// The forming bar's channel, driven by the test in place of the WebSocket.
const live = vi.hoisted(() => {
  let bar: unknown;
  const listeners = new Set<() => void>();
  return {
    push(next: unknown) {
      bar = next;
      for (const l of listeners) l();
    },
    subscribe(l: () => void) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    get: () => bar,
  };
});
vi.mock('../../../shared/ws/use-market-channel', async () => {
  const { useSyncExternalStore } = await import('react');
  return {
    useLiveCandle: (symbol: string | null) => {
      const data = useSyncExternalStore(live.subscribe, live.get);
      return symbol && data ? { status: 'live', data } : { status: 'loading', data: undefined };
    },
    useLiveQuote: () => ({ status: 'loading', data: undefined }),
  };
});

const slow = { timeout: 45_000 };
const END = 1_763_640_000;
type Bar = { time: number; open: number; high: number; low: number; close: number; volume: number };
const candles: Bar[] = Array.from({ length: 40 }, (_, i) => {
  const close = 1.1 + Math.sin(i / 3) * 0.001;
  return {
    time: END - (39 - i) * 900,
    open: close - 0.0002,
    high: close + 0.0004,
    low: close - 0.0004,
    close,
    volume: 100 + i,
  };
});

/** What the server computes (market.indicators.service): packages/core over the bars asked for. */
function serverRsi(bars: Bar[]) {
  const of = (k: keyof Bar) => Float64Array.from(bars, (b) => b[k]);
  const r = calculateIndicator({
    name: 'rsi',
    settings: {},
    candles: {
      time: of('time'),
      open: of('open'),
      high: of('high'),
      low: of('low'),
      close: of('close'),
      volume: of('volume'),
    },
  });
  if (!r.ok || r.result.kind !== 'series') throw new Error('rsi');
  return r.result;
}

const rsiDef = {
  id: 'rsi',
  name: 'Relative Strength Index',
  shortName: 'RSI',
  group: 'oscillators',
  description: 'Momentum',
  overlay: false,
  kind: 'series',
  inputs: [{ id: 'period', title: 'Period', type: 'int', default: 14, min: 1, max: 500, step: 1 }],
  constraints: [],
  outputs: [
    {
      id: 'rsi',
      title: 'RSI',
      style: { type: 'line', color: '#7e57c2', lineWidth: 2, lineStyle: 'solid', visible: true },
    },
  ],
  levels: [],
  fills: [],
};

function calculation(_req: MockRequest) {
  const r = serverRsi(candles);
  return {
    body: {
      symbol: 'EURUSD',
      source: 'FOREX',
      timeframe: '15m',
      indicator: 'rsi',
      kind: 'series',
      overlay: false,
      settings: r.settings,
      dataSource: 'Simulated',
      label: 'Simulated',
      times: candles.map((c) => c.time),
      series: r.series.map((s) => ({
        id: s.id,
        title: s.title,
        style: s.style,
        offset: s.offset,
        values: toNullable(s.values),
      })),
      levels: [],
      fills: [],
      profile: null,
    },
  };
}

describe('indicators on the live forming bar', () => {
  beforeEach(() => resetFakeCharts());
  afterEach(() => vi.unstubAllGlobals());

  it('updates the last point, then appends on a new bar, with no new calculation, as the server would compute', async () => {
    const net = mockFetch({
      'GET /middleware/feed/historical': { body: { candles, dataSource: 'Simulated' } },
      'GET /drawings': { body: { drawings: [] } },
      'GET /indicators/list': { body: { indicators: [rsiDef], total: 1, page: 1, limit: 500, groups: [] } },
      'POST /indicators/calculation': calculation,
    });
    const ind = encodeIndicators([{ key: 'rsi-1', name: 'rsi', settings: {}, styles: {}, hidden: false }]);
    renderApp(`/chart?ind=${encodeURIComponent(ind)}`, signedInState());
    const rsiSeries = () => fakeCharts.series.find((s) => s.kind === 'Line' && s.pane === 1);
    await waitFor(() => expect(rsiSeries()?.data).toHaveLength(40), slow);
    const calls = net.callsTo('POST', '/indicators/calculation').length;
    const last = candles[39]!;

    // The forming bar moves up: RSI's last point follows.
    const moved = { ...last, high: last.high + 0.003, close: last.close + 0.0025, volume: last.volume + 50 };
    live.push({ symbol: 'EURUSD', timeframe: '15m', ...moved, asOf: (last.time + 300) * 1000 });
    const expected = serverRsi([...candles.slice(0, 39), moved]).series[0]!.values[39]!;
    await waitFor(() => expect(rsiSeries()!.data.at(-1)).toEqual({ time: last.time, value: expected }), slow);
    expect(rsiSeries()!.data).toHaveLength(40);

    // The next bar appends a point.
    const next = {
      time: last.time + 900,
      open: moved.close,
      high: moved.close + 0.001,
      low: moved.close - 0.002,
      close: moved.close - 0.0015,
      volume: 30,
    };
    live.push({ symbol: 'EURUSD', timeframe: '15m', ...next, asOf: (next.time + 60) * 1000 });
    const expectedNext = serverRsi([...candles.slice(0, 39), moved, next]).series[0]!.values[40]!;
    await waitFor(() => expect(rsiSeries()!.data.at(-1)).toEqual({ time: next.time, value: expectedNext }), slow);
    expect(rsiSeries()!.data).toHaveLength(41);
    expect(net.callsTo('POST', '/indicators/calculation')).toHaveLength(calls);
  });
});
