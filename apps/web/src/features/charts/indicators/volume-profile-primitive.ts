import { type VolumeProfile, volumeProfile } from '@tradedesk/core';
import type {
  IPrimitivePaneRenderer,
  IPrimitivePaneView,
  ISeriesPrimitive,
  SeriesAttachedParameter,
  Time,
} from 'lightweight-charts';
import type { Candle } from '../model/candles';

type CanvasTarget = Parameters<IPrimitivePaneRenderer['draw']>[0];

export type VolumeProfileSource = {
  bars(): readonly Candle[];
  /** The visible logical range (bar indexes, may run past either end), null before any data. */
  visibleRange(): { from: number; to: number } | null;
  priceToY(price: number): number | null;
};

export type VolumeProfileSettings = { rows: number; valueAreaPercent: number };

/** Share of the pane's width the longest row takes. */
const WIDTH_SHARE = 0.28;

/**
 * The catalogue's default colours of the profile's plots (up and down histogram, point of control, value
 * area lines), written out so the chart chunk does not carry the catalogue; a test holds them equal.
 */
export const PROFILE_COLORS = {
  up: 'rgba(38, 166, 154, 0.5)',
  down: 'rgba(239, 83, 80, 0.5)',
  poc: '#F23645',
  valueArea: '#2962FF',
} as const;

/** The profile of the bars in view: bar indexes `from..to` of `bars`, clamped; null when none are in view. */
export function visibleProfile(
  bars: readonly Candle[],
  range: { from: number; to: number } | null,
  settings: VolumeProfileSettings,
): VolumeProfile | null {
  if (!range || bars.length === 0) return null;
  const from = Math.max(0, Math.ceil(range.from));
  const to = Math.min(bars.length - 1, Math.floor(range.to));
  if (from > to) return null;
  const slice = bars.slice(from, to + 1);
  const arrays = {
    time: Float64Array.from(slice, (b) => b.time),
    open: Float64Array.from(slice, (b) => b.open),
    high: Float64Array.from(slice, (b) => b.high),
    low: Float64Array.from(slice, (b) => b.low),
    close: Float64Array.from(slice, (b) => b.close),
    volume: Float64Array.from(slice, (b) => b.volume),
  };
  const p = volumeProfile(arrays, 0, slice.length - 1, settings);
  return { ...p, from, to };
}

class ProfileRenderer implements IPrimitivePaneRenderer {
  constructor(private readonly layer: VolumeProfilePrimitive) {}

  draw(target: CanvasTarget): void {
    const profile = this.layer.profile();
    if (!profile || profile.totalVolume <= 0) return;
    const colors = this.layer.colors;
    const y = (p: number) => this.layer.source.priceToY(p);
    // biome-ignore lint/correctness/useHookAtTopLevel: fancy-canvas's method, not a React hook
    target.useMediaCoordinateSpace(({ context: ctx, mediaSize }) => {
      const right = mediaSize.width;
      const width = mediaSize.width * WIDTH_SHARE;
      let max = 0;
      for (let r = 0; r < profile.up.length; r++) max = Math.max(max, profile.up[r]! + profile.down[r]!);
      if (max <= 0) return;
      for (let r = 0; r < profile.up.length; r++) {
        const bottomPrice = profile.low + r * profile.rowHeight;
        const top = y(r === profile.up.length - 1 ? profile.high : bottomPrice + profile.rowHeight);
        const bottom = y(bottomPrice);
        if (top === null || bottom === null) continue;
        const h = Math.max(1, Math.abs(bottom - top) - (Math.abs(bottom - top) > 4 ? 1 : 0));
        const y0 = Math.min(top, bottom);
        const mid = bottomPrice + profile.rowHeight / 2;
        // Rows inside the value area are drawn full, the others faded.
        ctx.globalAlpha = mid >= profile.valueAreaLow && mid <= profile.valueAreaHigh ? 1 : 0.45;
        const up = (profile.up[r]! / max) * width;
        const down = (profile.down[r]! / max) * width;
        ctx.fillStyle = colors.up;
        ctx.fillRect(right - up - down, y0, up, h);
        ctx.fillStyle = colors.down;
        ctx.fillRect(right - down, y0, down, h);
      }
      ctx.globalAlpha = 1;
      const line = (price: number, color: string, dash: number[], from: number) => {
        const at = y(price);
        if (at === null) return;
        ctx.strokeStyle = color;
        ctx.lineWidth = 1;
        ctx.setLineDash(dash);
        ctx.beginPath();
        ctx.moveTo(from, Math.round(at) + 0.5);
        ctx.lineTo(right, Math.round(at) + 0.5);
        ctx.stroke();
      };
      line(profile.valueAreaHigh, colors.valueArea, [4, 3], right - width);
      line(profile.valueAreaLow, colors.valueArea, [4, 3], right - width);
      line(profile.poc, colors.poc, [], 0);
      ctx.setLineDash([]);
    });
  }
}

class ProfilePaneView implements IPrimitivePaneView {
  private readonly r: ProfileRenderer;
  constructor(layer: VolumeProfilePrimitive) {
    this.r = new ProfileRenderer(layer);
  }
  zOrder() {
    return 'bottom' as const;
  }
  renderer() {
    return this.r;
  }
}

/**
 * The volume profile of the visible range (the catalogue's "VPVR") as a series primitive: a horizontal
 * histogram of volume by price at the right of the price pane, up and down volume, the value area drawn full and
 * the rest faded, and the point of control as a line. It is computed from the bars in view (packages/core's
 * volumeProfile) at most once per frame, after the visible range or the bars changed.
 */
export class VolumeProfilePrimitive implements ISeriesPrimitive<Time> {
  readonly colors = PROFILE_COLORS;
  private readonly views: readonly IPrimitivePaneView[];
  private requestUpdate: (() => void) | null = null;
  private settings: VolumeProfileSettings | null = null;
  private cached: VolumeProfile | null = null;
  private dirty = true;

  constructor(readonly source: VolumeProfileSource) {
    this.views = [new ProfilePaneView(this)];
  }

  attached(param: SeriesAttachedParameter<Time>): void {
    this.requestUpdate = param.requestUpdate;
  }

  detached(): void {
    this.requestUpdate = null;
  }

  paneViews(): readonly IPrimitivePaneView[] {
    return this.settings ? this.views : [];
  }

  /** Shows the profile with these settings (rows, value area %), or hides it (null). */
  setSettings(settings: VolumeProfileSettings | null): void {
    const same =
      settings === this.settings ||
      (settings !== null &&
        this.settings !== null &&
        settings.rows === this.settings.rows &&
        settings.valueAreaPercent === this.settings.valueAreaPercent);
    if (same) return;
    this.settings = settings;
    this.invalidate();
  }

  /** The bars or the visible range changed: the profile is computed again when next drawn. */
  invalidate(): void {
    this.dirty = true;
    if (this.settings) this.requestUpdate?.();
  }

  /** The profile as drawn (computed now when the bars or range changed since). */
  profile(): VolumeProfile | null {
    if (!this.settings) return null;
    if (this.dirty) {
      this.cached = visibleProfile(this.source.bars(), this.source.visibleRange(), this.settings);
      this.dirty = false;
    }
    return this.cached;
  }
}
