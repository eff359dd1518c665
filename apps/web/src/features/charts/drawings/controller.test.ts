import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DrawingController } from './controller';
import { type Projection, TimeIndex } from './geometry';
import type { ChartDrawing } from './model';

const times = Array.from({ length: 40 }, (_, i) => i * 60);
const proj: Projection = {
  logicalToX: (l) => l * 10,
  xToLogical: (x) => x / 10,
  priceToY: (p) => 500 - p * 100,
  yToPrice: (y) => (500 - y) / 100,
  index: new TimeIndex(times, 60),
  width: 400,
  height: 500,
};

function setup() {
  const commits: ChartDrawing[][] = [];
  const events = {
    commit: vi.fn((_d: ChartDrawing[]): void => {}),
    select: vi.fn(),
    toolDone: vi.fn(),
    redraw: vi.fn(),
  };
  const c = new DrawingController(() => proj, events);
  // React hands every commit back, as the chart page does.
  events.commit.mockImplementation((d) => {
    commits.push(d);
    c.setDrawings(d);
  });
  return { c, events, commits, last: () => commits[commits.length - 1]! };
}

describe('DrawingController', () => {
  let s: ReturnType<typeof setup>;
  beforeEach(() => {
    s = setup();
  });

  it('places a trend line with two clicks, on bar times', () => {
    s.c.setTool('trend_line');
    s.c.pointerDown({ x: 21, y: 400 });
    s.c.pointerUp({ x: 21, y: 400 });
    s.c.pointerMove({ x: 100, y: 300 });
    expect(s.c.view()).toHaveLength(1);
    expect(s.events.commit).not.toHaveBeenCalled();
    s.c.pointerDown({ x: 100, y: 300 });
    expect(s.last()[0]!.points).toEqual([
      { time: 120, price: 1 },
      { time: 600, price: 2 },
    ]);
    expect(s.c.tool).toBeNull();
    expect(s.events.toolDone).toHaveBeenCalled();
    expect(s.c.selectedId).toBe(s.last()[0]!.id);
  });

  it('places a rectangle with one press, drag and release', () => {
    s.c.setTool('rectangle');
    s.c.pointerDown({ x: 50, y: 400 });
    s.c.pointerMove({ x: 150, y: 300 });
    s.c.pointerUp({ x: 150, y: 300 });
    expect(s.last()[0]!.tool).toBe('rectangle');
    expect(s.last()[0]!.points).toEqual([
      { time: 300, price: 1 },
      { time: 900, price: 2 },
    ]);
  });

  it('keeps the tool in stay-in-drawing mode', () => {
    s.c.stayInDrawing = true;
    s.c.setTool('horizontal_line');
    s.c.pointerDown({ x: 50, y: 400 });
    s.c.pointerDown({ x: 50, y: 300 });
    expect(s.last()).toHaveLength(2);
    expect(s.c.tool).toBe('horizontal_line');
  });

  it('places a long position with one click: stop below, target above', () => {
    s.c.setTool('long_position');
    s.c.pointerDown({ x: 50, y: 400 });
    const [entry, stop, target] = s.last()[0]!.points;
    expect(entry).toEqual({ time: 300, price: 1 });
    expect(stop!.price).toBeLessThan(1);
    expect(target!.price).toBeGreaterThan(1);
    expect(stop!.time).toBe(target!.time);
  });

  it('selects, moves by whole bars and commits once', () => {
    s.c.setTool('trend_line');
    s.c.pointerDown({ x: 0, y: 400 });
    s.c.pointerDown({ x: 100, y: 400 });
    const before = s.events.commit.mock.calls.length;
    s.c.pointerDown({ x: 50, y: 401 });
    s.c.pointerMove({ x: 60, y: 380 });
    s.c.pointerMove({ x: 70, y: 350 });
    expect(s.events.commit.mock.calls.length).toBe(before);
    s.c.pointerUp({ x: 70, y: 350 });
    expect(s.events.commit.mock.calls.length).toBe(before + 1);
    expect(s.last()[0]!.points[0]!.time).toBe(120);
    expect(s.last()[0]!.points[0]!.price).toBeCloseTo(1.51, 10);
  });

  it('resizes by a handle, and a locked drawing does not move', () => {
    s.c.setTool('trend_line');
    s.c.pointerDown({ x: 0, y: 400 });
    s.c.pointerDown({ x: 100, y: 400 });
    s.c.pointerDown({ x: 100, y: 400 });
    s.c.pointerMove({ x: 200, y: 300 });
    s.c.pointerUp({ x: 200, y: 300 });
    expect(s.last()[0]!.points[1]).toEqual({ time: 1200, price: 2 });
    s.c.setDrawings([{ ...s.last()[0]!, locked: true }]);
    const n = s.events.commit.mock.calls.length;
    s.c.pointerDown({ x: 100, y: 350 });
    s.c.pointerMove({ x: 150, y: 200 });
    s.c.pointerUp({ x: 150, y: 200 });
    expect(s.events.commit.mock.calls.length).toBe(n);
  });

  it('snaps to the bar’s prices with the magnet', () => {
    s.c.magnet = true;
    s.c.setBars([{ time: 300, open: 1, high: 1.5, low: 0.9, close: 1.2 }]);
    s.c.setTool('horizontal_line');
    s.c.pointerDown({ x: 50, y: 500 - 1.45 * 100 });
    expect(s.last()[0]!.points[0]).toEqual({ time: 300, price: 1.5 });
  });

  it('draws a brush path while pressed', () => {
    s.c.setTool('brush');
    s.c.pointerDown({ x: 10, y: 10 });
    s.c.pointerMove({ x: 20, y: 20 });
    s.c.pointerMove({ x: 30, y: 25 });
    s.c.pointerUp({ x: 30, y: 25 });
    expect(s.last()[0]!.tool).toBe('brush');
    expect(s.last()[0]!.points).toHaveLength(3);
  });

  it('Escape stops placing, then drops the tool', () => {
    s.c.setTool('trend_line');
    s.c.pointerDown({ x: 0, y: 400 });
    s.c.cancel();
    expect(s.c.view()).toHaveLength(0);
    expect(s.c.tool).toBe('trend_line');
    s.c.cancel();
    expect(s.c.tool).toBeNull();
  });

  it('lets the chart pan where there is no drawing', () => {
    expect(s.c.wantsPointer({ x: 10, y: 10 })).toBe(false);
    expect(s.c.pointerDown({ x: 10, y: 10 })).toBe(false);
  });
});
