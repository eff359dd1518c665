import type { EconomicEvent } from '@tradedesk/contracts';

/**
 * Which way an indicator is good news for its currency: most figures (growth, jobs, prices, PMIs, rates) are
 * better higher; a few are better lower. The event's own `higherIsPositive` (the simulated indicator's, when the
 * answer carries it) wins over the names below.
 */
export type BetterWhen = 'higher' | 'lower';

// Indicators better lower: unemployment, jobless claims, claimant counts.
const LOWER_IS_BETTER = /unemploy|jobless|claimant|initial claims|continuing claims/i;

export function betterWhenOf(
  event: Pick<EconomicEvent, 'title' | 'code'> & { higherIsPositive?: boolean | null },
): BetterWhen {
  if (typeof event.higherIsPositive === 'boolean') return event.higherIsPositive ? 'higher' : 'lower';
  return LOWER_IS_BETTER.test(`${event.code ?? ''} ${event.title}`) ? 'lower' : 'higher';
}

export type Surprise = 'better' | 'worse' | 'inline';

/**
 * How the actual compares with the forecast, for the indicator's direction; null until both are known. Values equal
 * at the event's shown decimals are in line.
 */
export function surpriseOf(
  actual: number | null,
  forecast: number | null,
  betterWhen: BetterWhen,
  decimals = 2,
): Surprise | null {
  if (actual === null || forecast === null || !Number.isFinite(actual) || !Number.isFinite(forecast)) return null;
  const scale = 10 ** Math.max(0, Math.min(8, decimals));
  const diff = Math.round(actual * scale) - Math.round(forecast * scale);
  if (diff === 0) return 'inline';
  return diff > 0 === (betterWhen === 'higher') ? 'better' : 'worse';
}
