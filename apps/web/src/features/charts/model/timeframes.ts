import { DEFAULT_TIMEFRAME, TIMEFRAMES, type Timeframe } from '@tradedesk/core';

export { DEFAULT_TIMEFRAME, TIMEFRAMES, type Timeframe };

/** The chart's default instrument (the product's default chart: EURUSD, FOREX, 15 minutes). */
export const DEFAULT_SYMBOL = 'EURUSD';

/** Short labels for the switcher, in TradingView's style. */
export const timeframeShortLabels: Record<Timeframe, string> = {
  '1m': '1m',
  '5m': '5m',
  '15m': '15m',
  '30m': '30m',
  '1h': '1h',
  '4h': '4h',
  '1D': 'D',
  '1W': 'W',
  '1M': 'M',
};

/** Whether a key may start or continue a typed timeframe ("1h", "4h", "d", "15"). */
export function isTimeframeKey(key: string): boolean {
  return /^[0-9hHdDwWmM]$/.test(key);
}

/**
 * The timeframe a trader typed, or null when it names none we chart. A number alone is minutes ("15" is 15m,
 * "60" is 1h, "240" is 4h); h is hours; d, w and M (or "mo") are a day, a week and a month; a lower-case m
 * after a number is minutes. "d", "1d", "D" all mean 1D.
 */
export function parseTypedTimeframe(input: string): Timeframe | null {
  const text = input.trim();
  const match = /^(\d{0,4})\s*(m|mo|M|h|H|d|D|w|W)?$/.exec(text);
  if (!match) return null;
  const [, digits = '', unitRaw] = match;
  if (digits === '' && unitRaw === undefined) return null;
  const n = digits === '' ? 1 : Number(digits);
  if (n <= 0) return null;
  let unit: 'm' | 'h' | 'd' | 'w' | 'mo';
  if (unitRaw === undefined) unit = 'm';
  else if (unitRaw === 'M' || unitRaw === 'mo') unit = 'mo';
  else if (unitRaw === 'm') unit = digits === '' ? 'mo' : 'm';
  else unit = unitRaw.toLowerCase() as 'h' | 'd' | 'w';
  const minutes = unit === 'm' ? n : unit === 'h' ? n * 60 : 0;
  if (unit === 'm' || unit === 'h') {
    const found = TIMEFRAMES.find((t) => t.kind === 'intraday' && t.seconds === minutes * 60);
    return found ? found.id : null;
  }
  if (n !== 1) return null;
  return unit === 'd' ? '1D' : unit === 'w' ? '1W' : '1M';
}
