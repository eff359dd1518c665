import { vi } from 'vitest';

/**
 * lightweight-charts draws on a canvas, which jsdom has not: component tests replace the module with this
 * recorder (vi.mock), which keeps what the chart was given and converts coordinates linearly
 * (10 px per bar, 100 px per price unit).
 */
export type FakeSeries = {
  kind: string;
  data: unknown[];
  options: Record<string, unknown>;
  primitives: unknown[];
  /** The pane the series was added to (0: the price pane). */
  pane: number;
  priceLines: Record<string, unknown>[];
};

export const fakeCharts: {
  series: FakeSeries[];
  crosshair: ((p: { time?: number }) => void) | null;
  range: ((r: { from: number; to: number } | null) => void) | null;
  options: Record<string, unknown>[];
  /** The visible logical range the chart was last set to. */
  visible: { from: number; to: number } | null;
} = { series: [], crosshair: null, range: null, options: [], visible: null };

export function resetFakeCharts() {
  fakeCharts.series = [];
  fakeCharts.crosshair = null;
  fakeCharts.range = null;
  fakeCharts.options = [];
  fakeCharts.visible = null;
}

export function fakeLightweightCharts() {
  const definition = (kind: string) => ({ type: kind });
  return {
    ColorType: { Solid: 'solid' },
    CrosshairMode: { Normal: 0, MagnetOHLC: 3 },
    CandlestickSeries: definition('Candlestick'),
    BarSeries: definition('Bar'),
    LineSeries: definition('Line'),
    AreaSeries: definition('Area'),
    HistogramSeries: definition('Histogram'),
    createChart: vi.fn((_el: HTMLElement, options: Record<string, unknown>) => {
      fakeCharts.options.push(options);
      const timeScale = {
        subscribeVisibleLogicalRangeChange: (h: (r: { from: number; to: number } | null) => void) => {
          fakeCharts.range = h;
        },
        unsubscribeVisibleLogicalRangeChange: () => {},
        getVisibleLogicalRange: () => fakeCharts.visible,
        subscribeVisibleTimeRangeChange: () => {},
        unsubscribeVisibleTimeRangeChange: () => {},
        setVisibleRange: () => {},
        setVisibleLogicalRange: (r: { from: number; to: number }) => {
          fakeCharts.visible = r;
        },
        logicalToCoordinate: (l: number) => l * 10,
        coordinateToLogical: (x: number) => x / 10,
      };
      return {
        applyOptions: (o: Record<string, unknown>) => fakeCharts.options.push(o),
        addSeries: (def: { type: string }, options: Record<string, unknown>, pane = 0) => {
          const s: FakeSeries = { kind: def.type, data: [], options, primitives: [], pane, priceLines: [] };
          fakeCharts.series.push(s);
          const api = {
            fake: s,
            createPriceLine: (o: Record<string, unknown>) => s.priceLines.push(o),
            setData: (d: unknown[]) => {
              s.data = d;
            },
            // As the library: a point at a time already there replaces it, a later one is appended.
            update: (d: { time: number }) => {
              const at = s.data.findIndex((x) => (x as { time: number }).time === d.time);
              if (at >= 0) s.data[at] = d;
              else s.data.push(d);
            },
            applyOptions: (o: Record<string, unknown>) => Object.assign(s.options, o),
            attachPrimitive: (p: unknown) => s.primitives.push(p),
            detachPrimitive: (p: unknown) => {
              s.primitives = s.primitives.filter((x) => x !== p);
            },
            priceToCoordinate: (p: number) => 500 - p * 100,
            coordinateToPrice: (y: number) => (500 - y) / 100,
          };
          return api;
        },
        removeSeries: (series: { fake: FakeSeries }) => {
          fakeCharts.series = fakeCharts.series.filter((s) => s !== series.fake);
        },
        panes: () => [],
        removePane: () => {},
        priceScale: () => ({ applyOptions: () => {} }),
        subscribeCrosshairMove: (h: (p: { time?: number }) => void) => {
          fakeCharts.crosshair = h;
        },
        unsubscribeCrosshairMove: () => {},
        setCrosshairPosition: () => {},
        clearCrosshairPosition: () => {},
        timeScale: () => timeScale,
        paneSize: () => ({ width: 800, height: 500 }),
        remove: () => {},
      };
    }),
  };
}
