/**
 * The trigger rules of alerts, pure: when a condition seen on one evaluation sets an alert off, for each trigger
 * mode. An evaluation sees either an *event* (a cross: the compared values changed sides since the previous
 * evaluation, however far the price jumped) or a *level* (the condition holds now, such as price greater than a
 * value).
 *
 * - only_once: fires on the first event, or the first evaluation the level holds; the caller then retires it.
 * - every_time: fires on every event; a level fires each time it becomes true after not holding (rising edge).
 * - once_per_minute: like only_once, again at most once every 60 s (a level fires every minute while it holds).
 * - once_per_bar_close: the caller evaluates on bar closes (the close of each bar of the alert's interval), so
 *   it fires at most once a bar: on an event between two closes, or at each close the level holds.
 */

export type AlertTriggerMode = 'only_once' | 'every_time' | 'once_per_bar_close' | 'once_per_minute';
export type ComparisonOperator = 'crossing' | 'crossing_up' | 'crossing_down' | 'greater_than' | 'less_than';

export const ONCE_PER_MINUTE_MS = 60_000;

/** What an alert remembers between evaluations. */
export interface TriggerMemory {
  /** The side or truth seen at the previous evaluation (a above b; the level held); undefined before the first. */
  state?: boolean;
  /** When it last fired (unix ms), null if never. */
  lastFiredMs: number | null;
}

/**
 * Whether an alert fires at `nowMs`, given whether an event happened (`event`, for cross-like conditions) or
 * whether the level holds (`holds`, for level conditions; its rising edge is worked out from `memory.state`).
 * Updates `memory` (state and lastFiredMs).
 */
export function decideFire(
  memory: TriggerMemory,
  trigger: AlertTriggerMode,
  seen: { kind: 'event'; event: boolean } | { kind: 'level'; holds: boolean },
  nowMs: number,
): boolean {
  let fires: boolean;
  if (seen.kind === 'event') {
    fires = seen.event;
  } else {
    const rising = seen.holds && memory.state !== true;
    memory.state = seen.holds;
    fires = trigger === 'every_time' ? rising : seen.holds;
  }
  if (fires && trigger === 'once_per_minute' && memory.lastFiredMs !== null) {
    fires = nowMs - memory.lastFiredMs >= ONCE_PER_MINUTE_MS;
  }
  // only_once fires once, even for a caller that keeps evaluating it
  if (fires && trigger === 'only_once' && memory.lastFiredMs !== null) fires = false;
  // one evaluation (one bar close, one tick) fires an alert at most once
  if (fires && memory.lastFiredMs === nowMs) fires = false;
  if (fires) memory.lastFiredMs = nowMs;
  return fires;
}

/** True for the operators whose condition is a level (greater_than, less_than) rather than a cross. */
export function isLevelOperator(operator: string): boolean {
  return (
    operator === 'greater_than' ||
    operator === 'less_than' ||
    operator === 'moving_up_pct' ||
    operator === 'moving_down_pct'
  );
}

/**
 * One evaluation of `a` against `b` (price against a value, a plot against a value or another plot, price
 * against a drawn line). A cross is a change of side since the previous evaluation: `a > b` against `a <= b`,
 * so a price jumping over the value between two evaluations crosses it; the first evaluation only records the
 * side. Updates `memory`; answers whether the alert fires.
 */
export function stepComparison(
  memory: TriggerMemory,
  operator: ComparisonOperator,
  a: number,
  b: number,
  trigger: AlertTriggerMode,
  nowMs: number,
): boolean {
  if (operator === 'greater_than') return decideFire(memory, trigger, { kind: 'level', holds: a > b }, nowMs);
  if (operator === 'less_than') return decideFire(memory, trigger, { kind: 'level', holds: a < b }, nowMs);
  const above = a > b;
  const before = memory.state;
  memory.state = above;
  if (before === undefined) return false;
  const event =
    operator === 'crossing_up' ? !before && above : operator === 'crossing_down' ? before && !above : before !== above;
  return decideFire(memory, trigger, { kind: 'event', event }, nowMs);
}

/** One evaluation of a price channel [lower, upper] (both ends inside): entering or exiting it is the event. */
export function stepChannel(
  memory: TriggerMemory,
  operator: 'entering_channel' | 'exiting_channel',
  price: number,
  lower: number,
  upper: number,
  trigger: AlertTriggerMode,
  nowMs: number,
): boolean {
  const inside = price >= lower && price <= upper;
  const before = memory.state;
  memory.state = inside;
  if (before === undefined) return false;
  const event = operator === 'entering_channel' ? !before && inside : before && !inside;
  return decideFire(memory, trigger, { kind: 'event', event }, nowMs);
}

/**
 * A move by `percent` within a window: up when the price is at least `percent` % above the lowest price of the
 * window, down when at least `percent` % below its highest.
 */
export function moveHolds(
  direction: 'up' | 'down',
  price: number,
  windowLow: number,
  windowHigh: number,
  percent: number,
): boolean {
  if (direction === 'up') return windowLow > 0 && price >= windowLow * (1 + percent / 100);
  return windowHigh > 0 && price <= windowHigh * (1 - percent / 100);
}

/** A point of a drawing: unix seconds and price. */
export interface LinePoint {
  time: number;
  price: number;
}

/**
 * The price of a drawn line at `timeSec`: a horizontal line's price, or the straight line through a trend line's
 * two points, extended both ways (an alert on a trend line follows its slope past its end points).
 */
export function linePriceAt(points: readonly LinePoint[], timeSec: number): number | null {
  const [p1, p2] = points;
  if (!p1) return null;
  if (!p2 || p2.time === p1.time) return p1.price;
  return p1.price + ((p2.price - p1.price) * (timeSec - p1.time)) / (p2.time - p1.time);
}

/** The values of the message placeholders. */
export interface AlertMessageValues {
  ticker: string | null;
  close: number | null;
  interval: string;
  timeMs: number;
  /** The user's IANA time zone for {{time}} (default UTC; an unknown zone falls back to UTC). */
  timeZone?: string;
  /** The user's clock, 24h (default) or 12h. */
  timeFormat?: '24h' | '12h';
}

/**
 * An instant as the user reads it: `2026-11-23 10:23 (Europe/Berlin)`, or `2026-11-23 10:23 AM (Europe/Berlin)`
 * on a 12-hour clock.
 */
export function formatAlertTime(timeMs: number, timeZone = 'UTC', timeFormat: '24h' | '12h' = '24h'): string {
  let zone = timeZone || 'UTC';
  let parts: Intl.DateTimeFormatPart[];
  const options = (tz: string): Intl.DateTimeFormatOptions => ({
    timeZone: tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: timeFormat === '12h' ? 'h12' : 'h23',
  });
  try {
    parts = new Intl.DateTimeFormat('en-US', options(zone)).formatToParts(timeMs);
  } catch {
    zone = 'UTC';
    parts = new Intl.DateTimeFormat('en-US', options(zone)).formatToParts(timeMs);
  }
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const clock = `${part('hour')}:${part('minute')}${timeFormat === '12h' ? ` ${part('dayPeriod').toUpperCase()}` : ''}`;
  return `${part('year')}-${part('month')}-${part('day')} ${clock} (${zone})`;
}

/**
 * Fills {{ticker}}, {{close}}, {{interval}} and {{time}} (in the user's time zone, see formatAlertTime); unknown
 * placeholders stay as written.
 */
export function formatAlertMessage(template: string, values: AlertMessageValues): string {
  return template.replace(/\{\{\s*(ticker|close|interval|time)\s*\}\}/g, (_, key: string) => {
    switch (key) {
      case 'ticker':
        return values.ticker ?? '';
      case 'close':
        return values.close === null ? '' : String(values.close);
      case 'interval':
        return values.interval;
      default:
        return formatAlertTime(values.timeMs, values.timeZone, values.timeFormat);
    }
  });
}
