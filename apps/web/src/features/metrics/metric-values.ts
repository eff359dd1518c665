import type { MetricsBucket, MetricsTrade } from '@tradedesk/contracts';
import type { Formatters } from '../../shared/format/format-preferences';
import { MISSING_VALUE } from '../../shared/format/numbers';
import type { PnlDirection } from '../../shared/format/pnl';
import type { DisplayUnit, PnlBasis } from './metrics-url';

/**
 * A figure as shown: its text, its direction for the P/L colours, and, when it has no value, why (the tile's
 * title). A figure with no value shows "—", never 0 or NaN.
 */
export type Shown = { text: string; direction: PnlDirection; missing?: string };

export const missing = (why: string): Shown => ({ text: MISSING_VALUE, direction: 'flat', missing: why });

/** What the display switch converts money into: the account currency, % of the starting balance, or R. */
export type Display = {
  unit: DisplayUnit;
  basis: PnlBasis;
  currency: string;
  /** Balance before the period's first trade, which % is measured against. */
  startingBalance: number;
  /** The trades of the answer, by id, for the R of a bucket (the sum of its trades' R). */
  trades: ReadonlyMap<string, MetricsTrade>;
};

export const NO_STOP = 'No trade here was opened with a stop loss, which R (the initial risk) is measured from.';
export const NO_START = 'The period starts without a balance, which % is measured against.';

/** P/L of a trade on the chosen basis: net (after commission and swap) or gross. */
export const tradeAmount = (t: MetricsTrade, basis: PnlBasis) => (basis === 'net' ? t.net : t.gross);

/** The sum of R over the trades that had an initial stop, or null when none had. */
export function sumR(ids: readonly string[], display: Display): number | null {
  let sum = 0;
  let any = false;
  for (const id of ids) {
    const t = display.trades.get(id);
    if (!t || t.risk === null || t.risk <= 0) continue;
    sum += tradeAmount(t, display.basis) / t.risk;
    any = true;
  }
  return any ? sum : null;
}

/** A signed amount of money in the display's unit: money as is, % of the starting balance, R from `r`. */
export function signedShown(
  f: Formatters,
  money: number | null,
  display: Display,
  options: { r?: number | null; noValue?: string } = {},
): Shown {
  if (money === null) return missing(options.noValue ?? 'No trades in this period.');
  if (display.unit === 'money') {
    const p = f.pnl(money, display.currency);
    return { text: p.text, direction: p.direction };
  }
  if (display.unit === 'percent') {
    if (!(display.startingBalance > 0)) return missing(NO_START);
    const p = f.pnl((money / display.startingBalance) * 100, undefined, { digits: 2 });
    return { text: `${p.text}%`, direction: p.direction };
  }
  const r = options.r ?? null;
  if (r === null) return missing(NO_STOP);
  const p = f.pnl(r, undefined, { digits: 2 });
  return { text: `${p.text}R`, direction: p.direction };
}

/** The P/L of a bucket in the display's unit and basis. */
export function bucketShown(f: Formatters, bucket: MetricsBucket, display: Display): Shown {
  if (bucket.count === 0) return missing('No trades in this bucket.');
  const money = display.basis === 'net' ? bucket.net : bucket.gross;
  return signedShown(f, money, display, { r: display.unit === 'r' ? sumR(bucket.tradeIds, display) : null });
}

/** The plain number a chart plots for a bucket in the display's unit (null: nothing to plot). */
export function bucketValue(bucket: MetricsBucket, display: Display): number | null {
  if (bucket.count === 0) return 0;
  const money = display.basis === 'net' ? bucket.net : bucket.gross;
  if (display.unit === 'money') return money;
  if (display.unit === 'percent') return display.startingBalance > 0 ? (money / display.startingBalance) * 100 : null;
  return sumR(bucket.tradeIds, display);
}

/** The unit's suffix for axis labels. */
export function unitLabel(display: Pick<Display, 'unit' | 'currency'>): string {
  return display.unit === 'money' ? display.currency : display.unit === 'percent' ? '%' : 'R';
}

/** A ratio with a fixed number of digits, or "—" with why. */
export function ratioShown(f: Formatters, value: number | null, digits: number, why: string): Shown {
  if (value === null || !Number.isFinite(value)) return missing(why);
  return { text: f.price(value, digits), direction: 'flat' };
}

/** "3 trades", "1 trade". */
export const tradesText = (n: number) => `${n} ${n === 1 ? 'trade' : 'trades'}`;

/** A duration in seconds as days, hours and minutes: "2d 3h", "4h 05m", "12m", "40s". */
export function durationText(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return MISSING_VALUE;
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m`;
  const h = Math.floor(m / 60);
  if (h < 24) return `${h}h ${String(m % 60).padStart(2, '0')}m`;
  const d = Math.floor(h / 24);
  return `${d}d ${h % 24}h`;
}

/** Labels of the answer's bucket keys. */
export const sessionLabels: Record<string, string> = {
  asia: 'Asia',
  asia_london: 'Asia + London',
  london: 'London',
  london_new_york: 'London + New York',
  new_york: 'New York',
  off_hours: 'Off hours',
};
export const weekdayLabels = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
export const holdingLabels: Record<string, string> = {
  under_1m: '< 1 min',
  '1m_5m': '1–5 min',
  '5m_15m': '5–15 min',
  '15m_1h': '15 min–1 h',
  '1h_4h': '1–4 h',
  '4h_1d': '4 h–1 day',
  '1d_1w': '1 day–1 week',
  over_1w: '> 1 week',
};
export const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** The text a missing figure's element carries for `title` and screen readers. */
export const whyMissing = (s: Shown) => s.missing;
export const money = (f: Formatters, value: number | null, currency: string) =>
  value === null ? MISSING_VALUE : f.money(value, currency);
