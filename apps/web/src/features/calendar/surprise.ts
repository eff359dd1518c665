import type { EconomicEvent } from '@tradedesk/contracts';

/**
 * Which way an indicator is good news for its currency: most figures (growth, jobs, prices, PMIs, rates) are
 * better higher; a few (unemployment, jobless claims) better lower. A released event's `tone` (the server's word,
 * from the simulated indicator's direction) tells which way it is; otherwise, for feed events, the name does.
 */
export type BetterWhen = 'higher' | 'lower';

const LOWER_IS_BETTER = /unemploy|jobless|claimant|initial claims|continuing claims/i;

export function betterWhenOf(
  event: Pick<EconomicEvent, 'title' | 'code' | 'actual' | 'forecast'> & { tone?: EconomicEvent['tone'] },
): BetterWhen {
  const { tone, actual, forecast } = event;
  if ((tone === 'positive' || tone === 'negative') && actual !== null && forecast !== null && actual !== forecast)
    return (tone === 'positive') === actual > forecast ? 'higher' : 'lower';
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

const toneSurprise = { positive: 'better', negative: 'worse', neutral: 'inline' } as const;

/** An economic event's surprise: its `tone` when the source gives one, else from its figures and direction. */
export function eventSurprise(
  event: Pick<EconomicEvent, 'title' | 'code' | 'actual' | 'forecast' | 'decimals'> & {
    tone?: EconomicEvent['tone'];
  },
): Surprise | null {
  if (event.tone) return toneSurprise[event.tone];
  return surpriseOf(event.actual, event.forecast, betterWhenOf(event), event.decimals);
}
