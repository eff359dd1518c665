import {
  type DrawingPoint,
  type DrawingShape,
  type DrawingStyle,
  type DrawingTool,
  defaultFibLevels,
  drawingPointCounts,
} from '@tradedesk/contracts';

export type { DrawingPoint, DrawingShape, DrawingStyle, DrawingTool };

/** A drawing on the chart: the contract's serialisable shape and the id the chart knows it by. */
export type ChartDrawing = DrawingShape & { id: string };

/** The style a drawing is drawn with: its own settings over its tool's defaults. */
export type ResolvedStyle = Required<Omit<DrawingStyle, 'fibLevels'>> & {
  fibLevels: { value: number; visible: boolean }[];
};

const BLUE = '#2962FF';

const baseStyle: ResolvedStyle = {
  color: BLUE,
  lineWidth: 2,
  lineStyle: 'solid',
  fillColor: '#2962FF33',
  textColor: '#D1D4DC',
  fontSize: 14,
  extendLeft: false,
  extendRight: false,
  showLabels: true,
  fibLevels: defaultFibLevels.map((value) => ({ value, visible: value <= 1 || value === 1.618 })),
};

/** Each tool's defaults where they differ from the common ones. */
const toolDefaults: Partial<Record<DrawingTool, Partial<ResolvedStyle>>> = {
  ray: { extendRight: true },
  extended_line: { extendLeft: true, extendRight: true },
  horizontal_line: { color: '#F7A600', lineWidth: 1 },
  horizontal_ray: { color: '#F7A600', lineWidth: 1, extendRight: true },
  vertical_line: { color: '#F7A600', lineWidth: 1 },
  rectangle: { color: '#9C27B0', fillColor: '#9C27B033' },
  ellipse: { color: '#00BCD4', fillColor: '#00BCD433' },
  fib_retracement: { color: '#787B86', lineWidth: 1 },
  fib_extension: { color: '#787B86', lineWidth: 1 },
  price_range: { fillColor: '#2962FF26' },
  date_range: { fillColor: '#2962FF26' },
  text: { color: '#D1D4DC' },
  callout: { color: BLUE, fillColor: '#2962FFCC', textColor: '#FFFFFF' },
  arrow: { color: '#F23645' },
  brush: { color: '#00DF80' },
  long_position: { color: '#089981', fillColor: '#08998133', lineWidth: 1 },
  short_position: { color: '#F23645', fillColor: '#F2364533', lineWidth: 1 },
};

export function resolveStyle(drawing: Pick<DrawingShape, 'tool' | 'style'>): ResolvedStyle {
  const own = Object.fromEntries(Object.entries(drawing.style ?? {}).filter(([, v]) => v !== undefined));
  return { ...baseStyle, ...toolDefaults[drawing.tool], ...own } as ResolvedStyle;
}

/** Points a tool is placed with, one click each (a brush instead follows the pointer while pressed). */
export function pointsToPlace(tool: DrawingTool): number {
  return drawingPointCounts[tool][0];
}

/** Human names for the toolbar and the settings dialog. */
export const toolLabels: Record<DrawingTool, string> = {
  trend_line: 'Trend line',
  ray: 'Ray',
  extended_line: 'Extended line',
  horizontal_line: 'Horizontal line',
  horizontal_ray: 'Horizontal ray',
  vertical_line: 'Vertical line',
  parallel_channel: 'Parallel channel',
  rectangle: 'Rectangle',
  ellipse: 'Ellipse',
  fib_retracement: 'Fibonacci retracement',
  fib_extension: 'Fibonacci extension',
  price_range: 'Price range',
  date_range: 'Date range',
  text: 'Text',
  callout: 'Callout',
  arrow: 'Arrow',
  brush: 'Brush',
  long_position: 'Long position',
  short_position: 'Short position',
};

/** Tools whose shape encloses an area, so the fill colour applies. */
export const fillableTools: ReadonlySet<DrawingTool> = new Set([
  'parallel_channel',
  'rectangle',
  'ellipse',
  'price_range',
  'date_range',
  'callout',
  'long_position',
  'short_position',
]);

/** Tools that carry text (a text note, a callout; any other may carry a label). */
export const textTools: ReadonlySet<DrawingTool> = new Set(['text', 'callout']);

/** Price of a Fibonacci level between a trend's start and end: 0 at the end, 1 at the start. */
export function fibLevelPrice(start: number, end: number, level: number): number {
  return end - (end - start) * level;
}

/** Price of a Fibonacci extension level: the trend's size times the level, projected from the third point. */
export function fibExtensionPrice(start: number, end: number, from: number, level: number): number {
  return from + (end - start) * level;
}

/** A long or short position's figures from its entry, stop and target prices. */
export function positionFigures(entry: number, stop: number, target: number) {
  const risk = Math.abs(entry - stop);
  const reward = Math.abs(target - entry);
  return {
    risk,
    reward,
    riskPercent: entry === 0 ? 0 : (risk / entry) * 100,
    rewardPercent: entry === 0 ? 0 : (reward / entry) * 100,
    /** Reward divided by risk (2 means 1:2); 0 when there is no risk. */
    ratio: risk === 0 ? 0 : reward / risk,
  };
}

/** The figures a price or date range shows: the change, in price and percent, and the bars it spans. */
export function rangeFigures(a: DrawingPoint, b: DrawingPoint, barSeconds: number) {
  const change = b.price - a.price;
  return {
    change,
    changePercent: a.price === 0 ? 0 : (change / a.price) * 100,
    bars: barSeconds > 0 ? Math.round((b.time - a.time) / barSeconds) : 0,
    seconds: b.time - a.time,
  };
}

/**
 * Keeps a position's stop and target on their sides of the entry after a handle moved: a stop dragged past the
 * entry is held a tick away from it, and so is a target.
 */
export function constrainPosition(drawing: ChartDrawing, tick: number): ChartDrawing {
  if (drawing.tool !== 'long_position' && drawing.tool !== 'short_position') return drawing;
  const [entry, stop, target] = drawing.points;
  if (!entry || !stop || !target) return drawing;
  const sign = drawing.tool === 'long_position' ? 1 : -1;
  const step = Math.max(tick, Math.abs(entry.price) * 1e-9);
  const stopPrice = sign * (entry.price - stop.price) > 0 ? stop.price : entry.price - sign * step;
  const targetPrice = sign * (target.price - entry.price) > 0 ? target.price : entry.price + sign * step;
  const right = Math.max(stop.time, target.time, entry.time);
  return {
    ...drawing,
    points: [entry, { time: right, price: stopPrice }, { time: right, price: targetPrice }],
  };
}
