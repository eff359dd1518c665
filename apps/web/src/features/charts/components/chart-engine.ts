import type { TemplateSettings } from '@tradedesk/contracts';
import {
  AreaSeries,
  BarSeries,
  CandlestickSeries,
  ColorType,
  CrosshairMode,
  createChart,
  HistogramSeries,
  type IChartApi,
  type ISeriesApi,
  LineSeries,
  type LogicalRange,
  type MouseEventParams,
  type SeriesType,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { type ControllerEvents, DrawingController } from '../drawings/controller';
import { type Projection, TimeIndex } from '../drawings/geometry';
import { DrawingsPrimitive } from '../drawings/primitive';
import type { RenderContext } from '../drawings/render';
import type { LiveIndicators, LivePoint } from '../indicators/live-indicators';
import type { EngineIndicator } from '../indicators/model';
import { VolumeProfilePrimitive } from '../indicators/volume-profile-primitive';
import { type Candle, heikinAshi } from '../model/candles';

const LINE_STYLES = { solid: 0, dotted: 1, dashed: 2 } as const;

export const chartTypes = ['candles', 'bars', 'line', 'area', 'heikin_ashi'] as const;
export type ChartType = (typeof chartTypes)[number];

export const chartTypeLabels: Record<ChartType, string> = {
  candles: 'Candles',
  bars: 'Bars',
  line: 'Line',
  area: 'Area',
  heikin_ashi: 'Heikin-Ashi',
};

export type ChartColors = {
  background: string;
  text: string;
  grid: string;
  border: string;
  up: string;
  down: string;
  line: string;
};

/** A chart template's appearance (colours, volume and grid shown); what it leaves out follows the theme. */
export type ChartAppearance = Omit<TemplateSettings, 'chartType'>;

export type EngineOptions = {
  colors: ChartColors;
  digits: number;
  barSeconds: number;
  timeFormatter: (unixSeconds: number) => string;
  tickFormatter: (unixSeconds: number, kind: 0 | 1 | 2 | 3 | 4) => string;
  formatPrice: (price: number) => string;
};

export type EngineEvents = ControllerEvents & {
  /** The bar under the crosshair (null: the pointer left, show the last bar). */
  crosshair(time: number | null): void;
  /** The view reached the oldest loaded bar: time to load older history. */
  needOlder(): void;
};

/** Bars from the left edge at which older history is asked for. */
const OLDER_MARGIN = 20;

/**
 * The chart itself, outside React: one lightweight-charts chart with the price series (candles, bars, line,
 * area or Heikin-Ashi), volume on its own scale at the bottom, the drawings primitive and the pointer handling
 * that lets the drawing controller take presses before the chart pans.
 */
export class ChartEngine {
  readonly chart: IChartApi;
  readonly controller: DrawingController;
  private main: ISeriesApi<SeriesType>;
  private readonly volume: ISeriesApi<'Histogram'>;
  private readonly primitive: DrawingsPrimitive;
  private candles: Candle[] = [];
  private index = new TimeIndex([], 900);
  private type: ChartType = 'candles';
  private options: EngineOptions;
  private readonly cleanup: (() => void)[] = [];
  private pointerActive = false;
  private indicatorSeries: ISeriesApi<SeriesType>[] = [];
  private appearance: ChartAppearance = {};
  /** Each shown indicator's series by plot (null: a plot not drawn) and its calculation, for live points. */
  private indicatorPlots = new Map<
    string,
    { calc: EngineIndicator['calc']; series: (ISeriesApi<SeriesType> | null)[] }
  >();
  /** Loaded with the first indicator (it brings packages/core's indicator catalogue, kept out of this chunk). */
  private liveIndicators: LiveIndicators | null = null;
  private liveIndicatorsLoading = false;
  private shownIndicators: readonly EngineIndicator[] = [];
  private disposed = false;
  /** The visible range's volume profile (the VPVR indicator), drawn at the right of the price pane. */
  private readonly volumeProfile = new VolumeProfilePrimitive({
    bars: () => this.candles,
    visibleRange: () => this.chart.timeScale().getVisibleLogicalRange(),
    priceToY: (p) => this.main.priceToCoordinate(p),
  });

  constructor(
    readonly container: HTMLElement,
    options: EngineOptions,
    events: EngineEvents,
  ) {
    this.options = options;
    this.chart = createChart(container, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: options.colors.background },
        textColor: options.colors.text,
        fontFamily: 'Inter, system-ui, sans-serif',
        // The library's logo brings a <style> element without the page's CSP nonce, which the policy blocks; the
        // licence's attribution notice and link are in the chart screen's footer instead (see NOTICE).
        attributionLogo: false,
      },
      grid: { vertLines: { color: options.colors.grid }, horzLines: { color: options.colors.grid } },
      rightPriceScale: { borderColor: options.colors.border },
      timeScale: { borderColor: options.colors.border, timeVisible: true, rightOffset: 8 },
      crosshair: { mode: CrosshairMode.Normal },
      localization: {},
    });
    this.applyFormatters();
    this.controller = new DrawingController(() => this.projection(), {
      ...events,
      redraw: () => {
        this.primitive.update();
        events.redraw();
      },
    });
    this.primitive = new DrawingsPrimitive({
      view: () => this.controller.view(),
      projection: () => this.projection(),
      renderContext: () => this.renderContext(),
    });
    this.main = this.addMainSeries();
    this.volume = this.chart.addSeries(HistogramSeries, {
      priceScaleId: 'volume',
      priceFormat: { type: 'volume' },
      lastValueVisible: false,
      priceLineVisible: false,
    });
    this.chart.priceScale('volume').applyOptions({ scaleMargins: { top: 0.82, bottom: 0 } });

    const onCrosshair = (param: MouseEventParams<Time>) => {
      events.crosshair(param.time === undefined ? null : (param.time as number));
    };
    this.chart.subscribeCrosshairMove(onCrosshair);
    const onRange = (range: LogicalRange | null) => {
      this.volumeProfile.invalidate();
      if (range && this.candles.length > 0 && range.from < OLDER_MARGIN) events.needOlder();
    };
    this.chart.timeScale().subscribeVisibleLogicalRangeChange(onRange);
    this.cleanup.push(
      () => this.chart.unsubscribeCrosshairMove(onCrosshair),
      () => this.chart.timeScale().unsubscribeVisibleLogicalRangeChange(onRange),
    );
    this.bindPointer();
  }

  private applyFormatters(): void {
    const o = this.options;
    this.chart.applyOptions({
      localization: {
        timeFormatter: (time: Time) => o.timeFormatter(time as number),
      },
      timeScale: {
        tickMarkFormatter: (time: Time, kind: number) => o.tickFormatter(time as number, kind as 0 | 1 | 2 | 3 | 4),
      },
    });
  }

  setOptions(options: EngineOptions): void {
    if (this.disposed) return;
    const digitsChanged = options.digits !== this.options.digits;
    this.options = options;
    this.applyLayoutColors();
    this.applyFormatters();
    this.main.applyOptions(this.seriesStyle());
    if (digitsChanged) this.main.applyOptions({ priceFormat: this.priceFormat() });
    this.index = new TimeIndex(
      this.candles.map((b) => b.time),
      options.barSeconds,
    );
  }

  /**
   * The price series' scale in the instrument's digits and the user's number format. Per series, not the chart's
   * `localization.priceFormatter`, which would also write an oscillator's pane (RSI 59.80) in five digits.
   */
  private priceFormat() {
    const d = this.options.digits;
    return {
      type: 'custom' as const,
      minMove: Number(`1e-${d}`),
      formatter: (price: number) => this.options.formatPrice(price),
    };
  }

  /** The chart's background, text, grid and crosshair: the template's where it has them, else the theme's. */
  private applyLayoutColors(): void {
    const c = this.options.colors;
    const a = this.appearance;
    const grid = { color: a.gridColor ?? c.grid, visible: a.showGrid ?? true };
    const crosshairLine = a.crosshairColor ? { color: a.crosshairColor } : {};
    this.chart.applyOptions({
      layout: {
        background: { type: ColorType.Solid, color: a.backgroundColor ?? c.background },
        textColor: a.textColor ?? c.text,
      },
      grid: { vertLines: grid, horzLines: grid },
      crosshair: { vertLine: crosshairLine, horzLine: crosshairLine },
      rightPriceScale: { borderColor: c.border },
      timeScale: { borderColor: c.border },
    });
  }

  /**
   * Applies a chart template's colours and switches over the theme's; `{}` gives the theme's back. The chart
   * type is the page's to set (setType).
   */
  applyAppearance(appearance: ChartAppearance): void {
    if (this.disposed) return;
    this.appearance = appearance;
    this.applyLayoutColors();
    this.main.applyOptions(this.seriesStyle());
    this.volume.applyOptions({ visible: appearance.showVolume ?? true });
    this.volume.setData(this.volumeData(this.candles));
  }

  private seriesStyle() {
    const c = this.options.colors;
    const a = this.appearance;
    const up = a.upColor ?? c.up;
    const down = a.downColor ?? c.down;
    switch (this.type) {
      case 'candles':
      case 'heikin_ashi':
        return {
          upColor: up,
          downColor: down,
          borderUpColor: a.borderUpColor ?? up,
          borderDownColor: a.borderDownColor ?? down,
          wickUpColor: a.wickUpColor ?? up,
          wickDownColor: a.wickDownColor ?? down,
        };
      case 'bars':
        return { upColor: up, downColor: down };
      case 'line':
        return { color: c.line, lineWidth: 2 as const };
      case 'area':
        return { lineColor: c.line, topColor: `${c.line}66`, bottomColor: `${c.line}00`, lineWidth: 2 as const };
    }
  }

  private addMainSeries(): ISeriesApi<SeriesType> {
    const common = { priceFormat: this.priceFormat(), ...this.seriesStyle() };
    const series: ISeriesApi<SeriesType> =
      this.type === 'bars'
        ? this.chart.addSeries(BarSeries, common)
        : this.type === 'line'
          ? this.chart.addSeries(LineSeries, common)
          : this.type === 'area'
            ? this.chart.addSeries(AreaSeries, common)
            : this.chart.addSeries(CandlestickSeries, common);
    series.attachPrimitive(this.primitive);
    series.attachPrimitive(this.volumeProfile);
    return series;
  }

  /** The price series; it is replaced when the chart type changes (trading lines attach their price lines to it). */
  get priceSeries(): ISeriesApi<SeriesType> {
    return this.main;
  }

  setType(type: ChartType): void {
    if (this.disposed) return;
    if (type === this.type) return;
    this.type = type;
    this.main.detachPrimitive(this.primitive);
    this.main.detachPrimitive(this.volumeProfile);
    this.chart.removeSeries(this.main);
    this.main = this.addMainSeries();
    this.writeData();
  }

  private seriesData(candles: readonly Candle[]) {
    const bars = this.type === 'heikin_ashi' ? heikinAshi(candles) : candles;
    if (this.type === 'line' || this.type === 'area') {
      return bars.map((b) => ({ time: b.time as UTCTimestamp, value: b.close }));
    }
    return bars.map((b) => ({ time: b.time as UTCTimestamp, open: b.open, high: b.high, low: b.low, close: b.close }));
  }

  private volumeData(candles: readonly Candle[]) {
    const a = this.appearance;
    const up = a.volumeUpColor ?? `${a.upColor ?? this.options.colors.up}66`;
    const down = a.volumeDownColor ?? `${a.downColor ?? this.options.colors.down}66`;
    return candles.map((b) => ({
      time: b.time as UTCTimestamp,
      value: b.volume,
      color: b.close >= b.open ? up : down,
    }));
  }

  private writeData(): void {
    this.main.setData(this.seriesData(this.candles));
    this.volume.setData(this.volumeData(this.candles));
  }

  /**
   * Shows a list of bars. When older bars were put in front of the ones shown, the view is shifted by as many
   * bars, so the chart does not jump while history loads during a scroll.
   */
  setCandles(candles: Candle[], options: { fit?: boolean } = {}): void {
    if (this.disposed) return;
    const previous = this.candles;
    const range = this.chart.timeScale().getVisibleLogicalRange();
    const prepended =
      previous.length > 0 && candles.length > previous.length
        ? Math.max(
            0,
            candles.findIndex((b) => b.time === previous[0]!.time),
          )
        : 0;
    this.candles = candles;
    this.index = new TimeIndex(
      candles.map((b) => b.time),
      this.options.barSeconds,
    );
    this.controller.setBars(candles);
    this.writeData();
    this.volumeProfile.invalidate();
    this.markFirstCandle();
    if (options.fit) {
      const n = candles.length;
      this.chart.timeScale().setVisibleLogicalRange({ from: Math.max(0, n - 150), to: n + 8 });
    } else if (range && prepended > 0) {
      this.chart.timeScale().setVisibleLogicalRange({ from: range.from + prepended, to: range.to + prepended });
    }
  }

  private firstCandleMarked = false;

  /**
   * `performance.mark('chart:first-candle')` once, in the frame the first bars are drawn (the library paints in
   * an animation frame requested when data is set; this one runs after it): what e2e/perf measures.
   */
  private markFirstCandle(): void {
    if (this.firstCandleMarked || this.candles.length === 0 || typeof requestAnimationFrame !== 'function') return;
    this.firstCandleMarked = true;
    requestAnimationFrame(() => performance.mark('chart:first-candle'));
  }

  /** The forming bar, live: replaces the last bar or starts the next one. */
  updateBar(bar: Candle): void {
    if (this.disposed) return;
    const last = this.candles[this.candles.length - 1];
    if (last && bar.time < last.time) return;
    if (last && bar.time === last.time) this.candles[this.candles.length - 1] = bar;
    else {
      this.candles.push(bar);
      this.index = new TimeIndex(
        this.candles.map((b) => b.time),
        this.options.barSeconds,
      );
    }
    if (this.type === 'heikin_ashi') this.writeData();
    else {
      const [point] = this.seriesData([bar]);
      if (point) this.main.update(point);
      const [vol] = this.volumeData([bar]);
      if (vol) this.volume.update(vol);
    }
    if (this.liveIndicators) this.drawLivePoints(this.liveIndicators.update(bar));
    this.volumeProfile.invalidate();
  }

  /** The indicators' points for the forming bar (see LiveIndicators), drawn without a new calculation. */
  private drawLivePoints(points: readonly LivePoint[]): void {
    for (const p of points) {
      const entry = this.indicatorPlots.get(p.key);
      const series = entry?.series[p.plot];
      if (!entry || !series) continue;
      const style = entry.calc.series[p.plot]!.style;
      const time = p.time as UTCTimestamp;
      const point =
        p.value === null
          ? { time }
          : style.type === 'histogram' && p.value < 0 && style.negativeColor
            ? { time, value: p.value, color: style.negativeColor }
            : { time, value: p.value };
      series.update(point as never, p.historical);
    }
  }

  projection(): Projection | null {
    if (this.disposed) return null;
    if (this.candles.length === 0) return null;
    const ts = this.chart.timeScale();
    const pane = this.chart.paneSize();
    const main = this.main;
    return {
      logicalToX: (l) => ts.logicalToCoordinate(l as never),
      xToLogical: (x) => ts.coordinateToLogical(x),
      priceToY: (p) => main.priceToCoordinate(p),
      yToPrice: (y) => main.coordinateToPrice(y),
      index: this.index,
      width: pane.width,
      height: pane.height,
    };
  }

  private renderContext(): RenderContext {
    return {
      formatPrice: this.options.formatPrice,
      barSeconds: this.options.barSeconds,
      selectedId: this.controller.selectedId,
      hoveredId: this.controller.hoveredId,
      background: this.appearance.backgroundColor ?? this.options.colors.background,
    };
  }

  redraw(): void {
    if (this.disposed) return;
    this.primitive.update();
  }

  /** The magnet: drawing points snap to the bar's prices, and the crosshair shows where they will land. */
  setMagnet(on: boolean): void {
    if (this.disposed) return;
    this.controller.magnet = on;
    this.chart.applyOptions({ crosshair: { mode: on ? CrosshairMode.MagnetOHLC : CrosshairMode.Normal } });
  }

  /** Presses that the drawing controller takes are kept from the chart, which would otherwise pan. */
  private bindPointer(): void {
    const el = this.container;
    const local = (e: PointerEvent) => {
      const r = el.getBoundingClientRect();
      return { x: e.clientX - r.left, y: e.clientY - r.top };
    };
    const inPane = (p: { x: number; y: number }) => {
      const size = this.chart.paneSize();
      return p.x >= 0 && p.y >= 0 && p.x < size.width && p.y < size.height;
    };
    const setScroll = (on: boolean) => this.chart.applyOptions({ handleScroll: on, handleScale: on });
    const down = (e: PointerEvent) => {
      if (e.button !== 0) return;
      const p = local(e);
      if (!inPane(p) || !this.controller.wantsPointer(p)) return;
      // Taken before the chart sees it: no pan, and no mouse events for the chart while the press lasts.
      e.preventDefault();
      e.stopPropagation();
      setScroll(false);
      this.pointerActive = true;
      el.setPointerCapture?.(e.pointerId);
      this.controller.pointerDown(p);
    };
    const move = (e: PointerEvent) => {
      const p = local(e);
      this.controller.pointerMove(p);
      if (!this.pointerActive) {
        const cursor = inPane(p) ? this.controller.cursorAt(p) : null;
        el.style.cursor = cursor ?? '';
      }
    };
    const up = (e: PointerEvent) => {
      if (!this.pointerActive) return;
      this.pointerActive = false;
      el.releasePointerCapture?.(e.pointerId);
      this.controller.pointerUp(local(e));
      setScroll(true);
    };
    el.addEventListener('pointerdown', down, { capture: true });
    el.addEventListener('pointermove', move);
    el.addEventListener('pointerup', up);
    el.addEventListener('pointercancel', up);
    this.cleanup.push(() => {
      el.removeEventListener('pointerdown', down, { capture: true });
      el.removeEventListener('pointermove', move);
      el.removeEventListener('pointerup', up);
      el.removeEventListener('pointercancel', up);
    });
  }

  /**
   * Draws the chart's indicators again: overlays on the price pane, each other indicator in a pane of its own
   * below it (in the order given), with its levels as price lines. Hidden ones take no pane.
   */
  setIndicators(list: readonly EngineIndicator[]): void {
    if (this.disposed) return;
    for (const s of this.indicatorSeries) this.chart.removeSeries(s);
    this.indicatorSeries = [];
    this.indicatorPlots.clear();
    // Panes left without series are removed, last first so the indexes stay right.
    const panes = this.chart.panes?.() ?? [];
    for (let i = panes.length - 1; i >= 1; i--) {
      if (panes[i]!.getSeries().length === 0) this.chart.removePane(i);
    }
    let pane = 0;
    for (const item of list) {
      if (item.hidden || item.calc.kind !== 'series') continue;
      const paneIndex = item.calc.overlay ? 0 : ++pane;
      const times = item.calc.times;
      let first: ISeriesApi<SeriesType> | null = null;
      const plots: (ISeriesApi<SeriesType> | null)[] = [];
      this.indicatorPlots.set(item.key, { calc: item.calc, series: plots });
      for (const plot of item.calc.series) {
        plots.push(null);
        if (!plot.style.visible) continue;
        const common = {
          color: plot.style.color,
          title: plot.title,
          lastValueVisible: true,
          priceLineVisible: false,
          // Overlays are prices, in the instrument's format; an oscillator's own pane reads in two decimals.
          priceFormat: item.calc.overlay
            ? this.priceFormat()
            : { type: 'custom' as const, minMove: 0.01, formatter: (v: number) => v.toFixed(2) },
        };
        const series =
          plot.style.type === 'histogram'
            ? this.chart.addSeries(HistogramSeries, common, paneIndex)
            : this.chart.addSeries(
                LineSeries,
                {
                  ...common,
                  lineWidth: Math.min(4, Math.max(1, Math.round(plot.style.lineWidth))) as 1 | 2 | 3 | 4,
                  lineStyle: LINE_STYLES[plot.style.lineStyle],
                  lineType: plot.style.type === 'stepLine' ? 1 : 0,
                  crosshairMarkerVisible: false,
                },
                paneIndex,
              );
        const data: { time: UTCTimestamp; value?: number; color?: string }[] = [];
        plot.values.forEach((value, i) => {
          const at = i + plot.offset;
          const time = times[at];
          if (time === undefined) return;
          if (value === null) data.push({ time: time as UTCTimestamp });
          else if (plot.style.type === 'histogram' && value < 0 && plot.style.negativeColor)
            data.push({ time: time as UTCTimestamp, value, color: plot.style.negativeColor });
          else data.push({ time: time as UTCTimestamp, value });
        });
        series.setData(data as never);
        plots[plots.length - 1] = series;
        this.indicatorSeries.push(series);
        first ??= series;
      }
      if (first) {
        for (const level of item.calc.levels) {
          if (!level.visible) continue;
          first.createPriceLine({
            price: level.value,
            color: level.color,
            lineWidth: 1,
            lineStyle: LINE_STYLES[level.lineStyle],
            axisLabelVisible: false,
            title: level.title,
          });
        }
      }
    }
    const profile = list.find((i) => !i.hidden && i.calc.kind === 'profile')?.calc.settings;
    this.volumeProfile.setSettings(
      profile ? { rows: Number(profile.rows), valueAreaPercent: Number(profile.valueAreaPercent) } : null,
    );
    this.shownIndicators = list.filter((i) => !i.hidden && this.indicatorPlots.has(i.key));
    if (this.liveIndicators) this.drawLivePoints(this.liveIndicators.reset(this.shownIndicators, this.candles));
    else if (this.shownIndicators.length > 0) this.loadLiveIndicators();
  }

  private loadLiveIndicators(): void {
    if (this.liveIndicatorsLoading) return;
    this.liveIndicatorsLoading = true;
    void import('../indicators/live-indicators').then(
      ({ LiveIndicators }) => {
        if (this.disposed) return;
        this.liveIndicators = new LiveIndicators();
        this.drawLivePoints(this.liveIndicators.reset(this.shownIndicators, this.candles));
      },
      () => {
        // Offline or a stale build: the indicators keep their calculated values; the next change tries again.
        this.liveIndicatorsLoading = false;
      },
    );
  }

  /**
   * Shows the crosshair on the bar at or just before `time` (another chart's crosshair, synced), or hides it
   * (null). The price is that bar's close, so the horizontal line sits on this chart's own prices.
   */
  showCrosshairAt(time: number | null): void {
    if (this.disposed) return;
    const bars = this.candles;
    if (time === null || bars.length === 0 || time < bars[0]!.time) {
      this.chart.clearCrosshairPosition();
      return;
    }
    let lo = 0;
    let hi = bars.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (bars[mid]!.time <= time) lo = mid;
      else hi = mid - 1;
    }
    const bar = bars[lo]!;
    this.chart.setCrosshairPosition(bar.close, bar.time as Time, this.main);
  }

  /** The chart as a canvas (every pane and scale, and the drawings on the top layer), for the snapshot. */
  screenshot(): HTMLCanvasElement {
    return this.chart.takeScreenshot(true, false);
  }

  /**
   * Removes the chart (in the next animation frame). Calls that come after it (a live bar or an answer arriving as the page goes, a child's effect
   * cleaning up after the chart's own) do nothing instead of throwing the library's "Object is disposed".
   */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const c of this.cleanup) c();
    // The library may have a repaint queued for the next frame (a live bar, the page's layout changing as it goes):
    // removed now, that repaint throws "Object is disposed". Removed in the next frame, after it, nothing throws.
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => this.chart.remove());
    else this.chart.remove();
  }
}
