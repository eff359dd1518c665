import {
  ACCOUNT_ALERT_METRICS,
  type AccountAlertMetric,
  ALERT_DEFAULT_TRIGGER,
  ALERT_TRIGGERS,
  ALERT_TYPES,
  type AlertCalendarImpact,
  type AlertTrigger,
  type AlertType,
  CALENDAR_IMPACTS,
  INDICATOR_OPERATORS,
  type IndicatorOperator,
  MARKET_TIMEFRAMES,
  PRICE_CROSS_OPERATORS,
  PRICE_MOVE_OPERATORS,
  PRICE_OPERATORS,
  type PriceCrossOperator,
  type PriceOperator,
} from '@tradedesk/contracts';
import type { AlertPrefill } from './alert-dialog-store';

/**
 * The alert dialog's values, every one as the user typed it (text for numbers, so a half-typed "1." stays), and
 * the body each alert type sends. One flat record for every type: switching the type keeps what was typed in
 * the others, and the dirty check compares one object.
 */

export {
  ALERT_TRIGGERS,
  ALERT_TYPES,
  type AlertTrigger,
  type AlertType,
  INDICATOR_OPERATORS,
  type IndicatorOperator,
  PRICE_OPERATORS,
  type PriceOperator,
};

export const ALERT_TYPE_LABELS: Record<AlertType, string> = {
  price: 'Price',
  indicator: 'Indicator',
  drawing: 'Drawing',
  watchlist: 'Watchlist',
  calendar: 'Calendar',
  account: 'Account',
};

export const PRICE_OPERATOR_LABELS: Record<PriceOperator, string> = {
  crossing: 'Crossing',
  crossing_up: 'Crossing up',
  crossing_down: 'Crossing down',
  greater_than: 'Greater than',
  less_than: 'Less than',
  entering_channel: 'Entering channel',
  exiting_channel: 'Exiting channel',
  moving_up_pct: 'Moving up %',
  moving_down_pct: 'Moving down %',
};
export const isChannel = (op: string) => op === 'entering_channel' || op === 'exiting_channel';
export const isMoving = (op: string) => op === 'moving_up_pct' || op === 'moving_down_pct';

export const DRAWING_OPERATORS = PRICE_CROSS_OPERATORS;
export type DrawingOperator = PriceCrossOperator;

export const WATCHLIST_OPERATORS = PRICE_MOVE_OPERATORS;
export type WatchlistOperator = (typeof PRICE_MOVE_OPERATORS)[number];

export { CALENDAR_IMPACTS };
export type CalendarImpact = AlertCalendarImpact;

export const ACCOUNT_METRICS = ACCOUNT_ALERT_METRICS;
export type AccountMetric = AccountAlertMetric;
export const ACCOUNT_METRIC_LABELS: Record<AccountMetric, string> = {
  equity_below: 'Equity below',
  margin_level_below: 'Margin level below (%)',
  daily_loss_within_pct: 'Daily loss within % of the prop limit',
};

export const ALERT_TRIGGER_LABELS: Record<AlertTrigger, string> = {
  only_once: 'Only once',
  every_time: 'Every time',
  once_per_bar_close: 'Once per bar close',
  once_per_minute: 'Once per minute',
};
/** The spec's default (section 2, "Alerts panel: trigger default only_once"). */
export const DEFAULT_TRIGGER: AlertTrigger = ALERT_DEFAULT_TRIGGER;

export const ALERT_INTERVALS = MARKET_TIMEFRAMES;

/** The placeholders a message may hold, filled in by the server when the alert fires. */
export const MESSAGE_PLACEHOLDERS = [
  { token: '{{ticker}}', meaning: 'the symbol' },
  { token: '{{close}}', meaning: 'the price when it fired' },
  { token: '{{interval}}', meaning: 'the interval' },
  { token: '{{time}}', meaning: 'the time it fired' },
] as const;

export type AlertFormValues = {
  type: AlertType;
  name: string;
  symbol: string;
  // price
  priceOperator: PriceOperator;
  value: string;
  lower: string;
  upper: string;
  percent: string;
  minutes: string;
  // indicator
  indicator: string;
  indicatorInputs: Record<string, string>;
  plot: string;
  interval: string;
  indicatorOperator: IndicatorOperator;
  compareTo: 'value' | 'plot';
  indicatorValue: string;
  otherPlot: string;
  // drawing
  drawingId: string;
  drawingLabel: string;
  drawingOperator: DrawingOperator;
  // watchlist
  watchlistId: string;
  watchlistOperator: WatchlistOperator;
  watchlistPercent: string;
  watchlistMinutes: string;
  // calendar
  minutesBefore: string;
  impact: CalendarImpact;
  currencies: string;
  // account
  accountId: string;
  metric: AccountMetric;
  threshold: string;
  // common
  trigger: AlertTrigger;
  /** `datetime-local` text in the user's zone; empty: open-ended. */
  expiresAt: string;
  message: string;
  toast: boolean;
  sound: boolean;
  email: boolean;
  webhook: boolean;
  webhookUrl: string;
};

/** The user's defaults for new alerts (the panel's Settings tab). */
export type AlertDefaults = {
  toast: boolean;
  sound: boolean;
  email: boolean;
  trigger: AlertTrigger;
  /** Days until a new alert expires; null: open-ended. */
  expiryDays: number | null;
};

export const BUILT_IN_DEFAULTS: AlertDefaults = {
  toast: true,
  sound: false,
  email: false,
  trigger: DEFAULT_TRIGGER,
  expiryDays: null,
};

/** `datetime-local` text ("2026-11-23T08:30") for an instant, in the browser's zone. */
export function toLocalInput(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function emptyAlertValues(defaults: AlertDefaults, nowMs: number): AlertFormValues {
  return {
    type: 'price',
    name: '',
    symbol: '',
    priceOperator: 'crossing',
    value: '',
    lower: '',
    upper: '',
    percent: '',
    minutes: '60',
    indicator: '',
    indicatorInputs: {},
    plot: '',
    interval: '1m',
    indicatorOperator: 'crossing',
    compareTo: 'value',
    indicatorValue: '',
    otherPlot: '',
    drawingId: '',
    drawingLabel: '',
    drawingOperator: 'crossing',
    watchlistId: '',
    watchlistOperator: 'moving_up_pct',
    watchlistPercent: '',
    watchlistMinutes: '60',
    minutesBefore: '15',
    impact: 'high',
    currencies: '',
    accountId: '',
    metric: 'equity_below',
    threshold: '',
    trigger: defaults.trigger,
    expiresAt: defaults.expiryDays === null ? '' : toLocalInput(nowMs + defaults.expiryDays * 86_400_000),
    message: '',
    toast: defaults.toast,
    sound: defaults.sound,
    email: defaults.email,
    webhook: false,
    webhookUrl: '',
  };
}

/** A new alert's values: the defaults, with what the chart or the order ticket knew. */
export function prefilledValues(defaults: AlertDefaults, prefill: AlertPrefill | null, nowMs: number): AlertFormValues {
  const base = emptyAlertValues(defaults, nowMs);
  if (!prefill) return base;
  // the chart pane's timeframe becomes the alert's interval (when alerts know it)
  const interval =
    prefill.timeframe && (ALERT_INTERVALS as readonly string[]).includes(prefill.timeframe)
      ? prefill.timeframe
      : base.interval;
  if (prefill.kind === 'symbol') return { ...base, symbol: prefill.symbol, interval };
  if (prefill.kind === 'price') {
    const value = prefill.digits === undefined ? String(prefill.price) : prefill.price.toFixed(prefill.digits);
    return { ...base, type: 'price', symbol: prefill.symbol, priceOperator: 'crossing', value, interval };
  }
  return {
    ...base,
    type: 'drawing',
    symbol: prefill.symbol,
    drawingId: prefill.drawingId,
    drawingLabel: prefill.drawingLabel,
    interval,
  };
}

export function isDirtyAlert(initial: AlertFormValues, values: AlertFormValues): boolean {
  return JSON.stringify(initial) !== JSON.stringify(values);
}

/** The message with its placeholders filled with sample values, as the dialog's preview shows it. */
export function previewMessage(
  message: string,
  sample: { ticker: string; close: string; interval: string; time: string },
): string {
  return message
    .replaceAll('{{ticker}}', sample.ticker)
    .replaceAll('{{close}}', sample.close)
    .replaceAll('{{interval}}', sample.interval)
    .replaceAll('{{time}}', sample.time);
}
