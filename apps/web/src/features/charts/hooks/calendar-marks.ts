import type { EconomicEvent } from '@tradedesk/contracts';
import type {
  IChartApiBase,
  IPrimitivePaneRenderer,
  IPrimitivePaneView,
  ISeriesPrimitive,
  ISeriesPrimitiveAxisView,
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
    if (t < barTimes[0]! || t >= barTimes[n - 1]! + barSeconds) continue;
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
      label:
        list.length === 1
          ? `${list[0]!.currency} ${short(list[0]!.title)}`
          : `${list[0]!.currency} ${list.length} events`,
      title: list.map((e) => `${e.country} ${e.title}`).join(' · '),
    }));
}

const short = (title: string) => (title.length > 22 ? `${title.slice(0, 21)}…` : title);

const COLOUR = '#F23645';

class MarkAxisView implements ISeriesPrimitiveAxisView {
  constructor(
    private readonly layer: CalendarMarksPrimitive,
    private readonly mark: CalendarMark,
  ) {}
  coordinate(): number {
    return this.layer.x(this.mark.time) ?? -1000;
  }
  text(): string {
    return this.mark.label;
  }
  textColor(): string {
    return '#FFFFFF';
  }
  backColor(): string {
    return COLOUR;
  }
  visible(): boolean {
    return this.layer.x(this.mark.time) !== null;
  }
}

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
        if (x === null) continue;
        ctx.beginPath();
        ctx.moveTo(Math.round(x) + 0.5, 0);
        ctx.lineTo(Math.round(x) + 0.5, mediaSize.height);
        ctx.stroke();
      }
      ctx.restore();
    });
  }
}

/**
 * High-impact calendar events on the chart: a labelled mark on the time axis (the event's currency and name) and a
 * dashed line through the price pane at the bar of each event.
 */
export class CalendarMarksPrimitive implements ISeriesPrimitive<Time> {
  marks: CalendarMark[] = [];
  private chart: IChartApiBase<Time> | null = null;
  private requestUpdate: (() => void) | null = null;
  private axisViews: MarkAxisView[] = [];
  private readonly lines = new MarkLines(this);

  attached(param: SeriesAttachedParameter<Time>): void {
    this.chart = param.chart;
    this.requestUpdate = param.requestUpdate;
  }
  detached(): void {
    this.chart = null;
    this.requestUpdate = null;
  }
  setMarks(marks: CalendarMark[]): void {
    this.marks = marks;
    this.axisViews = marks.map((m) => new MarkAxisView(this, m));
    this.requestUpdate?.();
  }
  x(time: number): number | null {
    return this.chart?.timeScale().timeToCoordinate(time as Time) ?? null;
  }
  timeAxisViews(): readonly ISeriesPrimitiveAxisView[] {
    return this.axisViews;
  }
  paneViews(): readonly IPrimitivePaneView[] {
    return [this.lines];
  }
}
