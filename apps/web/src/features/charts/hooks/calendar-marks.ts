import type { EconomicEvent } from '@tradedesk/contracts';
import type {
  IChartApiBase,
  IPrimitivePaneRenderer,
  IPrimitivePaneView,
  ISeriesPrimitive,
  MouseEventParams,
  SeriesAttachedParameter,
  Time,
} from 'lightweight-charts';

type CanvasTarget = Parameters<IPrimitivePaneRenderer['draw']>[0];

/** One mark on the time axis: the bar (unix seconds) an event falls in, and what the label says. */
export type CalendarMark = { time: number; label: string; title: string };

/** The currencies and country of an instrument whose high-impact events the chart marks. */
export type MarkScope = { currencies: readonly string[]; country: string | null };

/** Events of the instrument's currencies or country. */
export function eventsInScope(events: readonly EconomicEvent[], scope: MarkScope): EconomicEvent[] {
  const currencies = new Set(scope.currencies.map((c) => c.toUpperCase()));
  return events.filter(
    (e) => currencies.has(e.currency.toUpperCase()) || (scope.country !== null && e.country === scope.country),
  );
}

/**
 * The marks of events on bars: each event on the last bar that starts at or before it (bar times ascending, unix
 * seconds); events before the first bar or after the last bar's end are left out; events of one bar share a mark.
 * The label is a compact badge (the currencies, and how many events when more than one); the title lists the
 * events, one a line, for the tooltip.
 */
export function marksOnBars(
  events: readonly EconomicEvent[],
  barTimes: readonly number[],
  barSeconds: number,
): CalendarMark[] {
  const n = barTimes.length;
  if (n === 0) return [];
  const byBar = new Map<number, EconomicEvent[]>();
  for (const e of events) {
    const t = Date.parse(e.time) / 1000;
    if (!Number.isFinite(t) || t < barTimes[0]! || t >= barTimes[n - 1]! + barSeconds) continue;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (barTimes[mid]! <= t) lo = mid;
      else hi = mid - 1;
    }
    const bar = barTimes[lo]!;
    byBar.set(bar, [...(byBar.get(bar) ?? []), e]);
  }
  return [...byBar.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([time, list]) => ({
      time,
      label: badgeText(list.map((e) => e.currency)),
      title: list.map((e) => `${e.currency} ${e.title}`).join('\n'),
    }));
}

/** "USD", "USD 2" (two USD events), "EUR/USD 3". */
function badgeText(currencies: readonly string[]): string {
  const unique = [...new Set(currencies)].sort();
  const base = unique.length > 2 ? `${unique.slice(0, 2).join('/')}+` : unique.join('/');
  return currencies.length > 1 ? `${base} ${currencies.length}` : base;
}

/** A badge drawn on the chart: the marks it stands for (one, or several merged), where, and what it says. */
export type MarkBadge = { x: number; width: number; label: string; title: string; marks: CalendarMark[] };

/**
 * The badges of the marks at their x (null: not on the time scale), left to right: marks outside the pane
 * (x < 0 or x > paneWidth) are left out, so nothing is pinned to an edge; a mark whose badge would overlap the
 * previous badge (closer than its width plus a gap) is merged into it, so badges never overlap.
 */
export function layoutBadges(
  placed: ReadonlyArray<{ mark: CalendarMark; x: number | null }>,
  paneWidth: number,
  widthOf: (label: string) => number,
  gap = 4,
): MarkBadge[] {
  const visible = placed
    .filter((p): p is { mark: CalendarMark; x: number } => p.x !== null && p.x >= 0 && p.x <= paneWidth)
    .sort((a, b) => a.x - b.x);
  const badges: MarkBadge[] = [];
  for (const { mark, x } of visible) {
    const prev = badges.at(-1);
    const width = widthOf(mark.label);
    if (prev && x - prev.x < (prev.width + width) / 2 + gap) {
      prev.marks.push(mark);
      prev.label = mergedLabel(prev.marks);
      prev.width = widthOf(prev.label);
      prev.title = prev.marks.map((m) => m.title).join('\n');
      continue;
    }
    badges.push({ x, width, label: mark.label, title: mark.title, marks: [mark] });
  }
  return badges;
}

function mergedLabel(marks: readonly CalendarMark[]): string {
  const lines = marks.flatMap((m) => m.title.split('\n'));
  return badgeText(lines.map((l) => l.split(' ')[0] ?? ''));
}

const COLOUR = '#F23645';
const FONT = '600 10px -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, sans-serif';
const TIP_FONT = '11px -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, sans-serif';
const BADGE_HEIGHT = 14;
const BADGE_PAD = 4;
/** Badges sit this far above the bottom of the price pane (above the time axis, never on it). */
const BADGE_BOTTOM = 4;

class MarkLines implements IPrimitivePaneRenderer, IPrimitivePaneView {
  constructor(private readonly layer: CalendarMarksPrimitive) {}
  renderer(): IPrimitivePaneRenderer {
    return this;
  }
  zOrder(): 'bottom' {
    return 'bottom';
  }
  draw(target: CanvasTarget): void {
    // biome-ignore lint/correctness/useHookAtTopLevel: fancy-canvas's method, not a React hook
    target.useMediaCoordinateSpace(({ context: ctx, mediaSize }) => {
      ctx.save();
      ctx.strokeStyle = COLOUR;
      ctx.globalAlpha = 0.45;
      ctx.setLineDash([3, 4]);
      ctx.lineWidth = 1;
      for (const mark of this.layer.marks) {
        const x = this.layer.x(mark.time);
        if (x === null || x < 0 || x > mediaSize.width) continue;
        ctx.beginPath();
        ctx.moveTo(Math.round(x) + 0.5, 0);
        ctx.lineTo(Math.round(x) + 0.5, mediaSize.height);
        ctx.stroke();
      }
      ctx.restore();
    });
  }
}

class MarkBadges implements IPrimitivePaneRenderer, IPrimitivePaneView {
  constructor(private readonly layer: CalendarMarksPrimitive) {}
  renderer(): IPrimitivePaneRenderer {
    return this;
  }
  zOrder(): 'top' {
    return 'top';
  }
  draw(target: CanvasTarget): void {
    // biome-ignore lint/correctness/useHookAtTopLevel: fancy-canvas's method, not a React hook
    target.useMediaCoordinateSpace(({ context: ctx, mediaSize }) => {
      ctx.save();
      ctx.font = FONT;
      const badges = layoutBadges(
        this.layer.marks.map((mark) => ({ mark, x: this.layer.x(mark.time) })),
        mediaSize.width,
        (label) => Math.ceil(ctx.measureText(label).width) + 2 * BADGE_PAD,
      );
      const top = mediaSize.height - BADGE_BOTTOM - BADGE_HEIGHT;
      const placed: PlacedBadge[] = [];
      for (const b of badges) {
        const left = Math.round(Math.min(Math.max(b.x - b.width / 2, 0), mediaSize.width - b.width));
        placed.push({ ...b, left, top });
        ctx.fillStyle = COLOUR;
        ctx.beginPath();
        ctx.roundRect(left, top, b.width, BADGE_HEIGHT, 3);
        ctx.fill();
        ctx.fillStyle = '#FFFFFF';
        ctx.textBaseline = 'middle';
        ctx.fillText(b.label, left + BADGE_PAD, top + BADGE_HEIGHT / 2 + 0.5);
      }
      this.layer.placed = placed;
      const hovered = this.layer.hovered;
      const badge = hovered ? this.layer.badgeAt(hovered.x, hovered.y) : null;
      if (badge) drawTooltip(ctx, badge, mediaSize);
      ctx.restore();
    });
  }
}

type PlacedBadge = MarkBadge & { left: number; top: number };

/** The events of a badge, one a line, in a box above it (kept inside the pane). */
function drawTooltip(ctx: CanvasRenderingContext2D, badge: PlacedBadge, size: { width: number; height: number }) {
  const lines = badge.title.split('\n');
  ctx.font = TIP_FONT;
  const lineHeight = 15;
  const width = Math.ceil(Math.max(...lines.map((l) => ctx.measureText(l).width))) + 12;
  const height = lines.length * lineHeight + 8;
  const left = Math.round(Math.min(Math.max(badge.x - width / 2, 0), Math.max(0, size.width - width)));
  const top = Math.max(0, badge.top - height - 4);
  ctx.fillStyle = 'rgba(19, 23, 34, 0.92)';
  ctx.beginPath();
  ctx.roundRect(left, top, width, height, 4);
  ctx.fill();
  ctx.fillStyle = '#FFFFFF';
  ctx.textBaseline = 'middle';
  lines.forEach((line, i) => {
    ctx.fillText(line, left + 6, top + 4 + i * lineHeight + lineHeight / 2);
  });
}

/**
 * High-impact calendar events on the chart: a dashed line through the price pane at the bar of each event and,
 * at the foot of the pane (above the time axis, never on it), a compact badge with the currencies, merged with
 * its neighbours when they would overlap; pointing at a badge shows its events. Marks scrolled out of view are
 * not drawn (nothing is pinned to an edge).
 */
export class CalendarMarksPrimitive implements ISeriesPrimitive<Time> {
  marks: CalendarMark[] = [];
  /** The badges as last drawn, for the pointer. */
  placed: PlacedBadge[] = [];
  /** The pointer over the pane (media coordinates), or null. */
  hovered: { x: number; y: number } | null = null;
  private chart: IChartApiBase<Time> | null = null;
  private requestUpdate: (() => void) | null = null;
  private readonly lines = new MarkLines(this);
  private readonly badges = new MarkBadges(this);
  private readonly onMove = (param: MouseEventParams<Time>) => {
    const next = param.point ? { x: param.point.x, y: param.point.y } : null;
    const over = (h: { x: number; y: number } | null) => (h ? this.badgeAt(h.x, h.y) : null);
    const redraw = over(next) !== over(this.hovered);
    this.hovered = next;
    if (redraw) this.requestUpdate?.();
  };

  attached(param: SeriesAttachedParameter<Time>): void {
    this.chart = param.chart;
    this.requestUpdate = param.requestUpdate;
    this.chart.subscribeCrosshairMove(this.onMove);
  }
  detached(): void {
    this.chart?.unsubscribeCrosshairMove(this.onMove);
    this.chart = null;
    this.requestUpdate = null;
  }
  setMarks(marks: CalendarMark[]): void {
    this.marks = marks;
    this.requestUpdate?.();
  }
  x(time: number): number | null {
    return this.chart?.timeScale().timeToCoordinate(time as Time) ?? null;
  }
  /** The badge under the pointer, whose events the tooltip shows, or null. */
  badgeAt(x: number, y: number): PlacedBadge | null {
    return (
      this.placed.find(
        (p) => p.left <= x && x <= p.left + p.width && y >= p.top - 2 && y <= p.top + BADGE_HEIGHT + 2,
      ) ?? null
    );
  }
  paneViews(): readonly IPrimitivePaneView[] {
    return [this.lines, this.badges];
  }
}
