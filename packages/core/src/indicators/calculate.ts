import { calculateSeries, type IndicatorSeriesResult } from './run.js';
import { type IndicatorFieldError, validateIndicatorSettings } from './settings.js';
import { type ResolvedIndicatorStyles, resolveIndicatorStyles } from './styles.js';
import type { CandleArrays, IndicatorSettings } from './types.js';
import { type VolumeProfile, volumeProfile } from './volume-profile.js';

export interface IndicatorProfileResult extends ResolvedIndicatorStyles {
  readonly kind: 'profile';
  readonly indicator: string;
  readonly settings: IndicatorSettings;
  readonly profile: VolumeProfile | null;
}

export type IndicatorResult = IndicatorSeriesResult | IndicatorProfileResult;

export interface IndicatorRequest {
  /** indicator_name: an id or short name from the catalogue. */
  readonly name: string;
  /** indicator_settings as received (validated here). */
  readonly settings?: unknown;
  /** indicator_styles as received (validated here). */
  readonly styles?: unknown;
  readonly candles: CandleArrays;
  /** OhlcvBar indices (inclusive) a range indicator covers, e.g. the visible range; default all candles. */
  readonly range?: { readonly from: number; readonly to: number };
}

/**
 * Validates a calculation request and computes it: series aligned to the candles with their styles, or the
 * profile over the range. Errors name the field (an input or plot id, or indicator_name/_settings/_styles).
 */
export function calculateIndicator(
  req: IndicatorRequest,
): { ok: true; result: IndicatorResult } | { ok: false; errors: readonly IndicatorFieldError[] } {
  const checked = validateIndicatorSettings(req.name, req.settings);
  if (!checked.ok) return checked;
  const { entry, settings } = checked;
  const styled = resolveIndicatorStyles(entry.definition, req.styles);
  if (!styled.ok) return styled;
  if (entry.kind === 'series') {
    return { ok: true, result: calculateSeries(entry, settings, req.candles, styled.styles) };
  }
  const n = req.candles.close.length;
  const from = Math.max(0, req.range?.from ?? 0);
  const to = Math.min(n - 1, req.range?.to ?? n - 1);
  const profile = from <= to ? volumeProfile(req.candles, from, to, settings) : null;
  return { ok: true, result: { kind: 'profile', indicator: entry.definition.id, settings, profile, ...styled.styles } };
}
