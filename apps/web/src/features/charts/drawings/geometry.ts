import { type ChartDrawing, type DrawingPoint, fibLevelPrice, resolveStyle } from './model';

/** A point in CSS pixels of the chart pane. */
export type Pixel = { x: number; y: number };

/**
 * Maps times to the chart's logical bar positions and back. Bars are evenly spaced on the chart whatever the
 * gaps between them (nights, weekends), so a time between two bars lies between their positions in proportion,
 * and a time before the first or after the last bar is extrapolated by the bar length: a drawing anchored in
 * the future or before the loaded history stays where it was put.
 */
export class TimeIndex {
  constructor(
    private readonly times: readonly number[],
    private readonly barSeconds: number,
  ) {}

  get length(): number {
    return this.times.length;
  }

  timeToLogical(time: number): number {
    const t = this.times;
    const n = t.length;
    if (n === 0) return 0;
    const first = t[0]!;
    const last = t[n - 1]!;
    if (time <= first) return (time - first) / this.barSeconds;
    if (time >= last) return n - 1 + (time - last) / this.barSeconds;
    let lo = 0;
    let hi = n - 1;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (t[mid]! <= time) lo = mid;
      else hi = mid;
    }
    const a = t[lo]!;
    const b = t[hi]!;
    return lo + (b === a ? 0 : (time - a) / (b - a));
  }

  /** The time at a logical position, rounded to whole seconds (a drawing's points are whole seconds). */
  logicalToTime(logical: number): number {
    const t = this.times;
    const n = t.length;
    if (n === 0) return 0;
    if (logical <= 0) return Math.round(t[0]! + logical * this.barSeconds);
    if (logical >= n - 1) return Math.round(t[n - 1]! + (logical - (n - 1)) * this.barSeconds);
    const i = Math.floor(logical);
    const a = t[i]!;
    const b = t[i + 1]!;
    return Math.round(a + (logical - i) * (b - a));
  }

  /** The time of the bar nearest a logical position (clicks land on bars, as in TradingView). */
  snapTime(logical: number): number {
    const n = this.times.length;
    const i = Math.round(logical);
    if (n > 0 && i >= 0 && i < n) return this.times[i]!;
    return this.logicalToTime(i);
  }
}

/** How the chart converts between (logical, price) and pixels; the chart engine supplies it. */
export type Projection = {
  logicalToX(logical: number): number | null;
  xToLogical(x: number): number | null;
  priceToY(price: number): number | null;
  yToPrice(y: number): number | null;
  index: TimeIndex;
  width: number;
  height: number;
};

export function toPixel(p: DrawingPoint, proj: Projection): Pixel | null {
  const x = proj.logicalToX(proj.index.timeToLogical(p.time));
  const y = proj.priceToY(p.price);
  return x === null || y === null ? null : { x, y };
}

export function fromPixel(px: Pixel, proj: Projection, snapToBar = true): DrawingPoint | null {
  const logical = proj.xToLogical(px.x);
  const price = proj.yToPrice(px.y);
  if (logical === null || price === null) return null;
  const time = snapToBar ? proj.index.snapTime(logical) : proj.index.logicalToTime(logical);
  return { time, price };
}

export function distance(a: Pixel, b: Pixel): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

/**
 * Distance from `p` to the line through a and b, limited to the segment's extent on each side unless the
 * line extends that way (`extendA` beyond a, `extendB` beyond b).
 */
export function distanceToLine(p: Pixel, a: Pixel, b: Pixel, extendA = false, extendB = false): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  if (len2 === 0) return distance(p, a);
  let t = ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2;
  if (!extendA) t = Math.max(t, 0);
  if (!extendB) t = Math.min(t, 1);
  return distance(p, { x: a.x + t * dx, y: a.y + t * dy });
}

/**
 * The part of a line to draw inside a box of `width` x `height`: from a to b, stretched to the box's edge
 * beyond a and/or b when extended. A vertical or degenerate line stays as it is.
 */
export function extendSegment(
  a: Pixel,
  b: Pixel,
  extendA: boolean,
  extendB: boolean,
  width: number,
  height: number,
): [Pixel, Pixel] {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  if (dx === 0 && dy === 0) return [a, b];
  // How far along the direction (in units of a->b) the line leaves the box on either side.
  const far = (from: Pixel, sx: number, sy: number) => {
    const ts: number[] = [];
    if (sx > 0) ts.push((width - from.x) / sx);
    if (sx < 0) ts.push(-from.x / sx);
    if (sy > 0) ts.push((height - from.y) / sy);
    if (sy < 0) ts.push(-from.y / sy);
    const t = Math.max(0, Math.min(...ts.filter((v) => Number.isFinite(v))));
    return { x: from.x + t * sx, y: from.y + t * sy };
  };
  return [extendA ? far(a, -dx, -dy) : a, extendB ? far(b, dx, dy) : b];
}

/** Whether p is within a box (either corner order). */
export function inBox(p: Pixel, a: Pixel, b: Pixel, pad = 0): boolean {
  return (
    p.x >= Math.min(a.x, b.x) - pad &&
    p.x <= Math.max(a.x, b.x) + pad &&
    p.y >= Math.min(a.y, b.y) - pad &&
    p.y <= Math.max(a.y, b.y) + pad
  );
}

/** Distance from p to a box's outline (0 on it). */
export function distanceToBoxEdge(p: Pixel, a: Pixel, b: Pixel): number {
  const c = { x: a.x, y: b.y };
  const d = { x: b.x, y: a.y };
  return Math.min(distanceToLine(p, a, d), distanceToLine(p, d, b), distanceToLine(p, b, c), distanceToLine(p, c, a));
}

/** Pixels around a line or handle that still count as a hit. */
export const HIT_TOLERANCE = 6;
export const HANDLE_RADIUS = 5;

/** What the pointer is over: one of a drawing's handles (by point index), or its body. */
export type DrawingHit = { id: string; part: 'handle'; handle: number } | { id: string; part: 'body' };

/**
 * The handles of a drawing in pixels, by index into its points. Lines through a single price (horizontal line
 * and ray) keep their handle where the point's time is; a vertical line's handle sits mid-height.
 */
export function handlePixels(drawing: ChartDrawing, proj: Projection): (Pixel | null)[] {
  return drawing.points.map((p) => {
    const px = toPixel(p, proj);
    if (!px) return null;
    if (drawing.tool === 'vertical_line') return { x: px.x, y: proj.height / 2 };
    return px;
  });
}

/** The pixel points of a drawing (null when any is off the scales, which only happens without data). */
export function pixelsOf(drawing: ChartDrawing, proj: Projection): Pixel[] | null {
  const out: Pixel[] = [];
  for (const p of drawing.points) {
    const px = toPixel(p, proj);
    if (!px) return null;
    out.push(px);
  }
  return out;
}

/** Distance from p to a drawing's body in pixels (Infinity when it cannot be measured). */
export function distanceToDrawing(drawing: ChartDrawing, p: Pixel, proj: Projection): number {
  const pts = pixelsOf(drawing, proj);
  if (!pts || pts.length === 0) return Number.POSITIVE_INFINITY;
  const [a, b, c] = pts as [Pixel, Pixel | undefined, Pixel | undefined];
  const style = resolveStyle(drawing);
  switch (drawing.tool) {
    case 'trend_line':
    case 'ray':
    case 'extended_line':
    case 'arrow':
      return b ? distanceToLine(p, a, b, style.extendLeft, style.extendRight) : Number.POSITIVE_INFINITY;
    case 'horizontal_line':
      return Math.abs(p.y - a.y);
    case 'horizontal_ray':
      return p.x >= a.x - HIT_TOLERANCE ? Math.abs(p.y - a.y) : Number.POSITIVE_INFINITY;
    case 'vertical_line':
      return Math.abs(p.x - a.x);
    case 'parallel_channel': {
      if (!b || !c) return Number.POSITIVE_INFINITY;
      const off = channelOffset(a, b, c);
      const a2 = { x: a.x, y: a.y + off };
      const b2 = { x: b.x, y: b.y + off };
      const inside = pointInPolygon(p, [a, b, b2, a2]) ? 0 : Number.POSITIVE_INFINITY;
      return Math.min(inside, distanceToLine(p, a, b), distanceToLine(p, a2, b2));
    }
    case 'rectangle':
    case 'price_range':
    case 'date_range':
    case 'long_position':
    case 'short_position': {
      const box = boxOf(drawing, pts);
      return inBox(p, box[0], box[1]) ? 0 : distanceToBoxEdge(p, box[0], box[1]);
    }
    case 'ellipse': {
      if (!b) return Number.POSITIVE_INFINITY;
      const cx = (a.x + b.x) / 2;
      const cy = (a.y + b.y) / 2;
      const rx = Math.max(Math.abs(b.x - a.x) / 2, 1);
      const ry = Math.max(Math.abs(b.y - a.y) / 2, 1);
      const k = Math.hypot((p.x - cx) / rx, (p.y - cy) / ry);
      return k <= 1 ? 0 : (k - 1) * Math.min(rx, ry);
    }
    case 'fib_retracement':
    case 'fib_extension': {
      if (!b) return Number.POSITIVE_INFINITY;
      const left = Math.min(a.x, b.x);
      const right = style.extendRight ? proj.width : Math.max(a.x, b.x);
      if (p.x < left - HIT_TOLERANCE || p.x > right + HIT_TOLERANCE) return Number.POSITIVE_INFINITY;
      let best = distanceToLine(p, a, b);
      for (const level of style.fibLevels) {
        if (!level.visible) continue;
        const price =
          drawing.tool === 'fib_retracement'
            ? fibLevelPrice(drawing.points[0]!.price, drawing.points[1]!.price, level.value)
            : (drawing.points[2]?.price ?? 0) + (drawing.points[1]!.price - drawing.points[0]!.price) * level.value;
        const y = proj.priceToY(price);
        if (y !== null) best = Math.min(best, Math.abs(p.y - y));
      }
      return best;
    }
    case 'text':
      return textBoxDistance(p, a, drawing.text ?? '', style.fontSize);
    case 'callout':
      return Math.min(
        b ? distanceToLine(p, a, b) : Number.POSITIVE_INFINITY,
        b ? textBoxDistance(p, b, drawing.text ?? '', style.fontSize) : Number.POSITIVE_INFINITY,
      );
    case 'brush': {
      let best = Number.POSITIVE_INFINITY;
      for (let i = 1; i < pts.length; i++) best = Math.min(best, distanceToLine(p, pts[i - 1]!, pts[i]!));
      return best;
    }
  }
}

/** A text note's box: its anchor is the top-left corner; the width is estimated from the font size. */
export function textBox(anchor: Pixel, text: string, fontSize: number): [Pixel, Pixel] {
  const lines = (text || ' ').split('\n');
  const widest = Math.max(...lines.map((l) => l.length));
  return [
    anchor,
    { x: anchor.x + Math.max(widest, 1) * fontSize * 0.6 + 8, y: anchor.y + lines.length * fontSize * 1.3 + 6 },
  ];
}

function textBoxDistance(p: Pixel, anchor: Pixel, text: string, fontSize: number): number {
  const [a, b] = textBox(anchor, text, fontSize);
  return inBox(p, a, b) ? 0 : distanceToBoxEdge(p, a, b);
}

/** Vertical pixel offset from the channel's base line (a-b) to its parallel through c. */
export function channelOffset(a: Pixel, b: Pixel, c: Pixel): number {
  if (b.x === a.x) return c.y - a.y;
  const yOnBase = a.y + ((c.x - a.x) * (b.y - a.y)) / (b.x - a.x);
  return c.y - yOnBase;
}

export function pointInPolygon(p: Pixel, poly: Pixel[]): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[i]!;
    const b = poly[j]!;
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

/** The box a box-like drawing covers, as two opposite corners. Positions span entry to the stop/target edge. */
export function boxOf(drawing: ChartDrawing, pts: Pixel[]): [Pixel, Pixel] {
  const [a, b, c] = pts as [Pixel, Pixel, Pixel | undefined];
  if ((drawing.tool === 'long_position' || drawing.tool === 'short_position') && c) {
    return [
      { x: a.x, y: Math.min(b.y, c.y) },
      { x: Math.max(b.x, c.x), y: Math.max(b.y, c.y) },
    ];
  }
  return [a, b ?? a];
}

/**
 * What is under the pointer among the drawings, topmost first (later drawings are drawn over earlier ones):
 * a handle of the selected drawing wins over any body. Hidden drawings are never hit.
 */
export function hitTestDrawings(
  drawings: readonly ChartDrawing[],
  p: Pixel,
  proj: Projection,
  selectedId: string | null,
): DrawingHit | null {
  const selected = selectedId ? drawings.find((d) => d.id === selectedId && !d.hidden) : undefined;
  if (selected) {
    const handles = handlePixels(selected, proj);
    for (let i = handles.length - 1; i >= 0; i--) {
      const h = handles[i];
      if (h && distance(h, p) <= HANDLE_RADIUS + 3 && !(selected.tool === 'brush')) {
        return { id: selected.id, part: 'handle', handle: i };
      }
    }
  }
  for (let i = drawings.length - 1; i >= 0; i--) {
    const d = drawings[i]!;
    if (d.hidden) continue;
    if (distanceToDrawing(d, p, proj) <= HIT_TOLERANCE) return { id: d.id, part: 'body' };
  }
  return null;
}

/** The drawing moved by whole logical bars and a price difference (points keep their spacing in bars). */
export function translateDrawing(
  drawing: ChartDrawing,
  dLogical: number,
  dPrice: number,
  index: TimeIndex,
): ChartDrawing {
  return {
    ...drawing,
    points: drawing.points.map((p) => ({
      time: index.logicalToTime(index.timeToLogical(p.time) + dLogical),
      price: p.price + dPrice,
    })),
  };
}

/** The drawing with one handle moved to a point. A position's stop and target share their time (right edge). */
export function moveHandle(drawing: ChartDrawing, handle: number, to: DrawingPoint): ChartDrawing {
  const points = drawing.points.map((p, i) => (i === handle ? { ...to } : p));
  if ((drawing.tool === 'long_position' || drawing.tool === 'short_position') && handle > 0) {
    for (const i of [1, 2]) points[i] = { time: to.time, price: points[i]!.price };
  }
  if (drawing.tool === 'horizontal_line') points[0] = { time: drawing.points[0]!.time, price: to.price };
  if (drawing.tool === 'vertical_line') points[0] = { time: to.time, price: drawing.points[0]!.price };
  return { ...drawing, points };
}

/** A bar's prices for the magnet. */
export type OhlcBar = { time: number; open: number; high: number; low: number; close: number };

/** The point moved onto the nearest of its bar's open, high, low and close (strong magnet, as in TradingView). */
export function magnetize(point: DrawingPoint, bar: OhlcBar | undefined): DrawingPoint {
  if (!bar || bar.time !== point.time) return point;
  let best = bar.open;
  for (const v of [bar.high, bar.low, bar.close]) {
    if (Math.abs(v - point.price) < Math.abs(best - point.price)) best = v;
  }
  return { time: point.time, price: best };
}
