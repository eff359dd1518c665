import { findIndicator } from './catalogue.js';
import { calculateSeries, toNullable } from './run.js';
import { validateIndicatorSettings } from './settings.js';
import type { CandleArrays, IndicatorSettings } from './types.js';

/** One indicator a chart reading computes: a catalogue id and its settings (missing inputs take their defaults). */
export interface ReadingSpec {
  readonly indicator: string;
  readonly settings?: Readonly<Record<string, number | string | boolean>>;
}

/** The indicators a chart analysis reads by default: momentum (RSI, MACD), trend (SMA 20/50), volatility (BB, ATR). */
export const STANDARD_CHART_READINGS: readonly ReadingSpec[] = [
  { indicator: 'rsi', settings: { period: 14 } },
  { indicator: 'macd', settings: { fastPeriod: 12, slowPeriod: 26, signalPeriod: 9 } },
  { indicator: 'sma', settings: { period: 20 } },
  { indicator: 'sma', settings: { period: 50 } },
  { indicator: 'bollinger', settings: { period: 20, deviations: 2 } },
  { indicator: 'atr', settings: { period: 14 } },
];

export interface IndicatorReading {
  /** Catalogue id, e.g. "rsi". */
  readonly indicator: string;
  /** Short label with the lengths, e.g. "RSI(14)", "MACD(12,26,9)". */
  readonly label: string;
  readonly settings: IndicatorSettings;
  /** Each plot's value at the last bar and the bar before (null while the indicator warms up). */
  readonly plots: readonly { id: string; title: string; latest: number | null; previous: number | null }[];
}

export interface ChartReadings {
  /** Unix seconds of the last bar the readings are taken at (null without candles). */
  readonly time: number | null;
  /** Close of that bar, in the instrument's price. */
  readonly close: number | null;
  readonly readings: readonly IndicatorReading[];
}

/**
 * The latest value of each spec's plots over the given candles (oldest first), at the last bar, with the bar before.
 * Unknown ids or invalid settings are skipped: the caller decides which indicators to read.
 */
export function chartReadings(
  candles: CandleArrays,
  specs: readonly ReadingSpec[] = STANDARD_CHART_READINGS,
): ChartReadings {
  const n = candles.close.length;
  const readings: IndicatorReading[] = [];
  if (n === 0) return { time: null, close: null, readings };
  for (const spec of specs) {
    const checked = validateIndicatorSettings(spec.indicator, spec.settings ?? {});
    if (!checked.ok || checked.entry.kind !== 'series') continue;
    const { entry, settings } = checked;
    const result = calculateSeries(entry, settings, candles);
    const lengths = Object.entries(settings)
      .filter(([, v]) => typeof v === 'number')
      .map(([, v]) => v);
    const short = findIndicator(spec.indicator)?.definition.shortName ?? spec.indicator.toUpperCase();
    readings.push({
      indicator: entry.definition.id,
      label: lengths.length > 0 ? `${short}(${lengths.join(',')})` : short,
      settings,
      plots: result.series.map((s) => {
        const values = toNullable(s.values);
        return { id: s.id, title: s.title, latest: values[n - 1] ?? null, previous: values[n - 2] ?? null };
      }),
    });
  }
  return { time: candles.time[n - 1] ?? null, close: candles.close[n - 1] ?? null, readings };
}
