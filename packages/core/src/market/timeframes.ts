/** Chart timeframes. Intraday ones are buckets of whole minutes; 1D, 1W and 1M follow the trading calendar. */
export const TIMEFRAMES = [
  { id: '1m', label: '1 minute', seconds: 60, kind: 'intraday' },
  { id: '5m', label: '5 minutes', seconds: 300, kind: 'intraday' },
  { id: '15m', label: '15 minutes', seconds: 900, kind: 'intraday' },
  { id: '30m', label: '30 minutes', seconds: 1800, kind: 'intraday' },
  { id: '1h', label: '1 hour', seconds: 3600, kind: 'intraday' },
  { id: '4h', label: '4 hours', seconds: 14_400, kind: 'intraday' },
  { id: '1D', label: '1 day', seconds: 86_400, kind: 'daily' },
  { id: '1W', label: '1 week', seconds: 604_800, kind: 'weekly' },
  // a calendar month; the seconds are the nominal 30 days, used only to size requests
  { id: '1M', label: '1 month', seconds: 2_592_000, kind: 'monthly' },
] as const;

export type Timeframe = (typeof TIMEFRAMES)[number]['id'];
export type TimeframeKind = (typeof TIMEFRAMES)[number]['kind'];

/** Timeframe ids in ascending order. */
export const TIMEFRAME_IDS: readonly Timeframe[] = TIMEFRAMES.map((t) => t.id);

/** The chart timeframe opened by default (15 minutes, as the product specifies). */
export const DEFAULT_TIMEFRAME: Timeframe = '15m';

/** Whether a string is one of the timeframe ids (case-sensitive: 1m is a minute, 1M a month). */
export function isTimeframe(value: string): value is Timeframe {
  return (TIMEFRAME_IDS as readonly string[]).includes(value);
}

/** Nominal length of a timeframe in seconds (a month counts 30 days). */
export function timeframeSeconds(tf: Timeframe): number {
  return TIMEFRAMES.find((t) => t.id === tf)!.seconds;
}

/** Whether the timeframe's bars are minute buckets (1m to 4h) or calendar periods (1D, 1W, 1M). */
export function timeframeKind(tf: Timeframe): TimeframeKind {
  return TIMEFRAMES.find((t) => t.id === tf)!.kind;
}
