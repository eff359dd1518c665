/**
 * The timeframes an imported candle file may have, with their bucket arithmetic in unix seconds (UTC).
 * The ids are the chart's timeframe ids (1m ... 1M, case-sensitive: 1m is a minute, 1M a month).
 */
export const CANDLE_IMPORT_TIMEFRAMES = [
  { id: '1m', seconds: 60, kind: 'intraday', label: '1-minute' },
  { id: '5m', seconds: 300, kind: 'intraday', label: '5-minute' },
  { id: '15m', seconds: 900, kind: 'intraday', label: '15-minute' },
  { id: '30m', seconds: 1800, kind: 'intraday', label: '30-minute' },
  { id: '1h', seconds: 3600, kind: 'intraday', label: '1-hour' },
  { id: '4h', seconds: 14_400, kind: 'intraday', label: '4-hour' },
  { id: '1D', seconds: 86_400, kind: 'daily', label: 'daily' },
  { id: '1W', seconds: 604_800, kind: 'weekly', label: 'weekly' },
  // a calendar month; the seconds are a nominal 30 days
  { id: '1M', seconds: 2_592_000, kind: 'monthly', label: 'monthly' },
] as const;

export type CandleImportTimeframe = (typeof CANDLE_IMPORT_TIMEFRAMES)[number]['id'];
export type CandleImportTimeframeKind = (typeof CANDLE_IMPORT_TIMEFRAMES)[number]['kind'];

export const CANDLE_IMPORT_TIMEFRAME_IDS: readonly CandleImportTimeframe[] = CANDLE_IMPORT_TIMEFRAMES.map((t) => t.id);

const byId = new Map<string, (typeof CANDLE_IMPORT_TIMEFRAMES)[number]>(CANDLE_IMPORT_TIMEFRAMES.map((t) => [t.id, t]));

export const SECONDS_PER_DAY = 86_400;

export function isCandleImportTimeframe(value: string): value is CandleImportTimeframe {
  return byId.has(value);
}

/** Nominal length of a timeframe in seconds (a month counts 30 days). */
export function importTimeframeSeconds(tf: CandleImportTimeframe): number {
  return byId.get(tf)!.seconds;
}

export function importTimeframeKind(tf: CandleImportTimeframe): CandleImportTimeframeKind {
  return byId.get(tf)!.kind;
}

/** "5-minute", "daily": the timeframe as a sentence names it. */
export function importTimeframeLabel(tf: CandleImportTimeframe): string {
  return byId.get(tf)!.label;
}

/**
 * Start (unix seconds, UTC) of the bar of timeframe `tf` that contains `time`: intraday bars are whole multiples
 * of their length since the epoch, days start at 00:00 UTC, weeks on Monday, months on the 1st.
 */
export function importBucketStart(tf: CandleImportTimeframe, time: number): number {
  const kind = importTimeframeKind(tf);
  if (kind === 'intraday') return time - mod(time, importTimeframeSeconds(tf));
  const day = time - mod(time, SECONDS_PER_DAY);
  if (kind === 'daily') return day;
  if (kind === 'weekly') return day - weekdayIndex(day) * SECONDS_PER_DAY;
  const date = new Date(day * 1000);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) / 1000;
}

/** Start of the bar after the one that starts at `bucket` (which must be a bucket start). */
export function importNextBucketStart(tf: CandleImportTimeframe, bucket: number): number {
  if (tf !== '1M') return bucket + importTimeframeSeconds(tf);
  const date = new Date(bucket * 1000);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1) / 1000;
}

/**
 * Whether bars of `source` can be merged into bars of `target` without splitting any: intraday into any longer
 * intraday timeframe it divides, daily bars into weeks and months. Daily bars are not built from intraday ones
 * here: where a trading day ends depends on the instrument's session.
 */
export function importTimeframeDivides(source: CandleImportTimeframe, target: CandleImportTimeframe): boolean {
  if (source === target) return true;
  const s = importTimeframeKind(source);
  const t = importTimeframeKind(target);
  if (s === 'intraday' && t === 'intraday') {
    return importTimeframeSeconds(target) % importTimeframeSeconds(source) === 0;
  }
  return s === 'daily' && (t === 'weekly' || t === 'monthly');
}

/** Monday 0 ... Sunday 6 of a UTC day start. */
export function weekdayIndex(dayStart: number): number {
  // 1970-01-01 was a Thursday (index 3)
  return mod(Math.floor(dayStart / SECONDS_PER_DAY) + 3, 7);
}

function mod(a: number, n: number): number {
  return ((a % n) + n) % n;
}
