const DAY_MS = 86_400_000;

/**
 * The last day a backtest covers, as the person entered it: the server stores the range's end as an instant that
 * is excluded (a "to" day is sent as the date and kept as the next midnight UTC, so the whole day is read), so an
 * end at exactly midnight names the day before it; any other instant names its own day.
 */
export function inclusiveToDay(to: string): string {
  const ms = Date.parse(to);
  if (!Number.isFinite(ms)) return to.slice(0, 10);
  const midnight = ms % DAY_MS === 0;
  return new Date(midnight ? ms - DAY_MS : ms).toISOString().slice(0, 10);
}

/** A backtest's range as the person entered it: "2026-08-22 – 2026-11-22", both days included. */
export function backtestRangeText(request: { from: string; to: string }): string {
  return `${request.from.slice(0, 10)} – ${inclusiveToDay(request.to)}`;
}
