import { describe, expect, it } from 'vitest';
import {
  distanceToLine,
  extendSegment,
  hitTestDrawings,
  magnetize,
  moveHandle,
  type Projection,
  TimeIndex,
  translateDrawing,
} from './geometry';
import { type ChartDrawing, constrainPosition, fibLevelPrice, positionFigures, rangeFigures } from './model';

// Bars every 60 s with a gap (a weekend) between the 3rd and 4th bar.
const times = [0, 60, 120, 10_000, 10_060];
const index = new TimeIndex(times, 60);

/** 10 px per bar from x = 0, and 100 px per price unit with price 0 at y = 500. */
const proj: Projection = {
  logicalToX: (l) => l * 10,
  xToLogical: (x) => x / 10,
  priceToY: (p) => 500 - p * 100,
  yToPrice: (y) => (500 - y) / 100,
  index,
  width: 400,
  height: 500,
};

const drawing = (tool: ChartDrawing['tool'], points: [number, number][], extra: Partial<ChartDrawing> = {}) =>
  ({
    id: tool,
    tool,
    points: points.map(([time, price]) => ({ time, price })),
    style: {},
    locked: false,
    hidden: false,
    ...extra,
  }) as ChartDrawing;

describe('TimeIndex', () => {
  it('maps bar times to their positions, and times between bars in proportion', () => {
    expect(index.timeToLogical(120)).toBe(2);
    expect(index.timeToLogical(10_000)).toBe(3);
    expect(index.timeToLogical(30)).toBe(0.5);
    expect(index.timeToLogical(5_060)).toBeCloseTo(2.5, 10);
  });

  it('extrapolates by the bar length before the first and after the last bar', () => {
    expect(index.timeToLogical(-120)).toBe(-2);
    expect(index.timeToLogical(10_060 + 600)).toBe(14);
    expect(index.logicalToTime(14)).toBe(10_660);
    expect(index.logicalToTime(-2)).toBe(-120);
  });

  it('round-trips times and snaps to the nearest bar', () => {
    for (const t of [0, 30, 120, 5_060, 10_060, 20_000]) expect(index.logicalToTime(index.timeToLogical(t))).toBe(t);
    expect(index.snapTime(2.4)).toBe(120);
    expect(index.snapTime(2.6)).toBe(10_000);
  });
});

describe('lines', () => {
  it('measures the distance to a segment, a ray and a line', () => {
    const a = { x: 0, y: 0 };
    const b = { x: 10, y: 0 };
    expect(distanceToLine({ x: 5, y: 3 }, a, b)).toBe(3);
    expect(distanceToLine({ x: 20, y: 0 }, a, b)).toBe(10);
    expect(distanceToLine({ x: 20, y: 0 }, a, b, false, true)).toBe(0);
    expect(distanceToLine({ x: -20, y: 4 }, a, b, true, true)).toBe(4);
  });

  it('extends a segment to the edges of the pane', () => {
    const [p, q] = extendSegment({ x: 100, y: 100 }, { x: 200, y: 200 }, true, true, 400, 300);
    expect(p).toEqual({ x: 0, y: 0 });
    expect(q).toEqual({ x: 300, y: 300 });
    const [r, s] = extendSegment({ x: 100, y: 100 }, { x: 200, y: 100 }, false, true, 400, 300);
    expect(r).toEqual({ x: 100, y: 100 });
    expect(s).toEqual({ x: 400, y: 100 });
  });
});

describe('hitTestDrawings', () => {
  const trend = drawing('trend_line', [
    [0, 1],
    [120, 3],
  ]); // pixels (0, 400) -> (20, 200)
  const rect = drawing('rectangle', [
    [10_000, 1],
    [10_060, 2],
  ]); // (30, 400) -> (40, 300)
  const level = drawing('horizontal_line', [[60, 4]]); // y = 100

  it('finds a line near the pointer, and nothing away from it', () => {
    expect(hitTestDrawings([trend], { x: 10, y: 302 }, proj, null)).toEqual({ id: 'trend_line', part: 'body' });
    expect(hitTestDrawings([trend], { x: 10, y: 200 }, proj, null)).toBeNull();
  });

  it('finds a rectangle inside and on its edge', () => {
    expect(hitTestDrawings([rect], { x: 35, y: 350 }, proj, null)?.id).toBe('rectangle');
    expect(hitTestDrawings([rect], { x: 45, y: 350 }, proj, null)?.id).toBe('rectangle');
    expect(hitTestDrawings([rect], { x: 60, y: 350 }, proj, null)).toBeNull();
  });

  it('a horizontal line is hit anywhere along its price', () => {
    expect(hitTestDrawings([level], { x: 390, y: 103 }, proj, null)?.id).toBe('horizontal_line');
  });

  it('prefers the selected drawing’s handles, then the topmost body', () => {
    expect(hitTestDrawings([trend, rect], { x: 20, y: 201 }, proj, 'trend_line')).toEqual({
      id: 'trend_line',
      part: 'handle',
      handle: 1,
    });
    const over = { ...rect, id: 'over', points: trend.points };
    expect(hitTestDrawings([trend, over], { x: 10, y: 300 }, proj, null)?.id).toBe('over');
  });

  it('never hits a hidden drawing', () => {
    expect(hitTestDrawings([{ ...trend, hidden: true }], { x: 10, y: 300 }, proj, null)).toBeNull();
  });

  it('hits an ellipse inside only', () => {
    const e = drawing('ellipse', [
      [0, 1],
      [120, 3],
    ]);
    expect(hitTestDrawings([e], { x: 10, y: 300 }, proj, null)?.id).toBe('ellipse');
    expect(hitTestDrawings([e], { x: -20, y: 300 }, proj, null)).toBeNull();
  });
});

describe('editing', () => {
  it('moves a drawing by bars across gaps and by price', () => {
    const d = drawing('trend_line', [
      [60, 1],
      [120, 2],
    ]);
    const moved = translateDrawing(d, 1, 0.5, index);
    expect(moved.points).toEqual([
      { time: 120, price: 1.5 },
      { time: 10_000, price: 2.5 },
    ]);
  });

  it('moves a handle; a position’s stop and target keep one right edge', () => {
    const pos = drawing('long_position', [
      [0, 1.1],
      [120, 1.0],
      [120, 1.3],
    ]);
    const moved = moveHandle(pos, 2, { time: 10_000, price: 1.4 });
    expect(moved.points).toEqual([
      { time: 0, price: 1.1 },
      { time: 10_000, price: 1.0 },
      { time: 10_000, price: 1.4 },
    ]);
    const level = moveHandle(drawing('horizontal_line', [[60, 1]]), 0, { time: 10_000, price: 2 });
    expect(level.points).toEqual([{ time: 60, price: 2 }]);
  });

  it('keeps a position’s stop and target on their sides of the entry', () => {
    const pos = drawing('long_position', [
      [0, 1.1],
      [120, 1.2],
      [120, 1.05],
    ]);
    const fixed = constrainPosition(pos, 0.0001);
    expect(fixed.points[1]!.price).toBeLessThan(1.1);
    expect(fixed.points[2]!.price).toBeGreaterThan(1.1);
  });

  it('the magnet snaps to the bar’s nearest price', () => {
    const bar = { time: 60, open: 1, high: 2, low: 0.5, close: 1.5 };
    expect(magnetize({ time: 60, price: 1.9 }, bar)).toEqual({ time: 60, price: 2 });
    expect(magnetize({ time: 60, price: 0.7 }, bar)).toEqual({ time: 60, price: 0.5 });
    expect(magnetize({ time: 120, price: 0.7 }, bar)).toEqual({ time: 120, price: 0.7 });
  });
});

describe('figures', () => {
  it('computes a position’s risk to reward', () => {
    const f = positionFigures(100, 98, 106);
    expect(f.risk).toBe(2);
    expect(f.reward).toBe(6);
    expect(f.ratio).toBe(3);
  });

  it('places Fibonacci levels from the end (0) back to the start (1)', () => {
    expect(fibLevelPrice(100, 200, 0)).toBe(200);
    expect(fibLevelPrice(100, 200, 1)).toBe(100);
    expect(fibLevelPrice(100, 200, 0.5)).toBe(150);
  });

  it('measures a range in price, percent and bars', () => {
    const f = rangeFigures({ time: 0, price: 100 }, { time: 900, price: 110 }, 60);
    expect(f).toEqual({ change: 10, changePercent: 10, bars: 15, seconds: 900 });
  });
});
