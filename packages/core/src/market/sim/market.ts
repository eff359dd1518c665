import { calendarMarketEvents } from '../../calendar/market-events.js';
import type { Candle } from '../candles.js';
import { catalogueOrder, getInstrument, INSTRUMENTS } from '../instruments/catalogue.js';
import { GBX_PER_GBP, isValueAssetCode } from '../instruments/reference-data.js';
import {
  type SessionDay,
  type SessionStatus,
  sessionDay,
  sessionStatus,
  tradeDateAt,
} from '../instruments/sessions.js';
import type { InstrumentSource } from '../instruments/types.js';
import { LruCache } from '../lru.js';
import { candleTimeOf } from '../periods.js';
import { dateOfEpochDay, epochDayOf, isoWeekday, MINUTES_PER_DAY, MS_PER_DAY, MS_PER_MINUTE } from '../time-zones.js';
import { isTimeframe, type Timeframe, timeframeKind, timeframeSeconds } from '../timeframes.js';
import { allocateColumns, type BarColumns, type EngineInstrument, PathEngine, type SourceEvent } from './engine.js';
import {
  EVENT_WINDOW_MINUTES,
  eventSpreadFactor,
  type MarketEvent,
  type MarketEventInput,
  resolveEvent,
  strongestByFactorMinute,
} from './events.js';
import { ROOT_DAYS } from './factor-path.js';
import { MARKET_MODEL } from './model.js';
import { profileScale } from './profiles.js';

/** First instant the simulator prices (1971-01-01T00:00Z), in unix ms. */
export const SIM_MIN_TIME_MS = Date.UTC(1971, 0, 1);
/** First instant after the simulated range (2300-01-01T00:00Z), in unix ms. */
export const SIM_MAX_TIME_MS = Date.UTC(2300, 0, 1);
/** Most bars one candle query may return. */
export const MAX_CANDLES_PER_QUERY = 50_000;
/** Most 1-minute bars one batch may hold. */
export const MAX_MINUTE_BATCH = 5_000_000;

const MIN_LABEL = SIM_MIN_TIME_MS / MS_PER_DAY + 1;
const MAX_LABEL = Math.min(SIM_MAX_TIME_MS / MS_PER_DAY - 2, ROOT_DAYS - 2);

export interface CandleQuery {
  /** Unix seconds: bars with time >= from, ascending, up to `limit`. */
  from?: number;
  /** Unix seconds: bars with time < to; without `from`, the last `limit` bars before it. */
  to?: number;
  /** Number of bars at most (default 1000). */
  limit?: number;
  /** Unix ms "now": later minutes do not exist yet and the bar containing it is still forming. */
  asOfMs?: number;
}

/** A two-sided quote. Prices are rounded to the instrument's digits; `spread` is in points. */
export interface Quote {
  instrumentId: string;
  /** Unix ms of the price: the instant asked for, or the last close when the market is closed. */
  time: number;
  bid: number;
  ask: number;
  mid: number;
  spread: number;
  open: boolean;
}

export interface DailyChange {
  instrumentId: string;
  /** Last price (mid) at the instant. */
  price: number;
  /** Close of the previous trade date. */
  previousClose: number;
  change: number;
  changePercent: number;
}

/** Columns of consecutive open 1-minute bars: time in unix seconds, prices rounded to the instrument's digits. */
export interface MinuteBarBatch extends BarColumns {
  length: number;
}

export interface SimulatedMarketOptions {
  /** Scheduled events to start with (see `registerEvents`). */
  events?: readonly MarketEventInput[];
  /**
   * Whether the simulated calendar's economic releases and earnings move the market (default true): each jumps
   * its currency's or stock's factor in the direction of its surprise. false gives a calm, event-free market.
   */
  calendar?: boolean;
  /** Factor-days kept in memory, about 23 KB each (default 1024). */
  factorDayCache?: number;
}

/** The simulated calendar's events touching a UTC day, by factor index, for the engine. */
function calendarDay(day: number): Map<number, SourceEvent[]> {
  const out = new Map<number, SourceEvent[]>();
  const from = (day * MINUTES_PER_DAY - EVENT_WINDOW_MINUTES - 1) * MS_PER_MINUTE;
  const to = ((day + 1) * MINUTES_PER_DAY + 1) * MS_PER_MINUTE;
  for (const e of calendarMarketEvents(from, to)) {
    const k = MARKET_MODEL.factorIndex.get(e.factor);
    if (k === undefined) continue;
    let list = out.get(k);
    if (!list) {
      list = [];
      out.set(k, list);
    }
    list.push({ minute: Math.floor(e.timeMs / MS_PER_MINUTE), impact: e.impact, surprise: e.surprise });
  }
  return out;
}

interface Period {
  time: number;
  /** Trade dates (daily and longer) or open minute ranges [from, to) (intraday). */
  labels: number[];
  segments: [number, number][];
}

type Kind = 'intraday' | 'daily' | 'weekly' | 'monthly';

function firstOfMonth(label: number): number {
  const d = dateOfEpochDay(label);
  return epochDayOf(d.year, d.month, 1);
}

function nextMonth(first: number): number {
  const d = dateOfEpochDay(first);
  return d.month === 12 ? epochDayOf(d.year + 1, 1, 1) : epochDayOf(d.year, d.month + 1, 1);
}

/**
 * The simulated market: deterministic prices for every instrument of the catalogue at any minute from 1971
 * to 2299, labelled "Simulated market" wherever shown. Candles of every timeframe are aggregations of the same
 * 1-minute bars; quotes follow each minute's path to its close. Instances hold only caches, the registered
 * events and whether the simulated calendar's events move prices (on by default): two instances with the same
 * events and calendar setting give the same numbers.
 */
export class SimulatedMarket {
  readonly #engine: PathEngine;
  readonly #events = new Map<string, MarketEvent>();
  readonly #dayCandles = new LruCache<string, Candle | null>(100_000);

  readonly #calendar: boolean;

  constructor(options: SimulatedMarketOptions = {}) {
    this.#calendar = options.calendar ?? true;
    this.#engine = new PathEngine({
      factorDayCache: options.factorDayCache ?? 1024,
      ...(this.#calendar ? { eventSource: calendarDay } : {}),
    });
    if (options.events?.length) this.registerEvents(options.events);
  }

  // ----- events -----

  /**
   * Registers scheduled events (an id seen before is replaced). Each raises the volatility of the instruments it
   * concerns at its minute and for the next 90 minutes; prices before it do not change. All are validated first:
   * a bad one throws a RangeError naming the field and nothing is registered.
   */
  registerEvents(events: readonly MarketEventInput[]): MarketEvent[] {
    const resolved = events.map((e) => resolveEvent(e, SIM_MIN_TIME_MS / 1000, SIM_MAX_TIME_MS / 1000));
    for (const e of resolved) this.#events.set(e.id, e);
    this.#applyEvents();
    return resolved;
  }

  /** Removes a registered event; returns whether it existed. */
  unregisterEvent(id: string): boolean {
    const existed = this.#events.delete(id);
    if (existed) this.#applyEvents();
    return existed;
  }

  /** Registered events in time order (then by id). */
  events(): MarketEvent[] {
    return [...this.#events.values()].sort((a, b) => a.minute - b.minute || a.id.localeCompare(b.id));
  }

  /**
   * Events in [fromMs, toMs), by time then id: the registered ones and, unless the calendar is off, the
   * simulated calendar's economic releases and earnings (ids as in the calendar).
   */
  eventsBetween(fromMs: number, toMs: number): MarketEvent[] {
    const out = this.events().filter((e) => e.time * 1000 >= fromMs && e.time * 1000 < toMs);
    if (this.#calendar) {
      const from = Math.max(fromMs, SIM_MIN_TIME_MS);
      const to = Math.min(toMs, SIM_MAX_TIME_MS);
      for (const e of calendarMarketEvents(from, to)) {
        out.push({
          id: e.id,
          time: Math.floor(e.timeMs / 1000),
          minute: Math.floor(e.timeMs / MS_PER_MINUTE),
          impact: e.impact,
          currencies: e.currencies,
          countries: e.countries,
          instruments: e.instruments,
          factors: [e.factor],
        });
      }
    }
    return out.sort((a, b) => a.minute - b.minute || a.id.localeCompare(b.id));
  }

  #applyEvents(): void {
    this.#engine.setEvents(strongestByFactorMinute(this.#events.values()));
    this.#dayCandles.clear();
  }

  // ----- bars -----

  /** The 1-minute bar starting at unix second `time` (floored to its minute), or null when the market is closed then. */
  minuteBar(instrumentId: string, time: number): Candle | null {
    const e = this.#entry(instrumentId);
    const m = Math.floor(this.#checkMs(time * 1000, 'time') / MS_PER_MINUTE);
    if (!this.#isOpenMinute(e, m)) return null;
    const b = this.#engine.minuteBar(e, m);
    return { time: m * 60, open: b.open, high: b.high, low: b.low, close: b.close, volume: b.volume };
  }

  /**
   * Unrounded model mid at the minute boundary `time` (unix seconds, floored to the minute): the exact close of
   * the minute before and open of the minute starting there; bars show it rounded half up to the digits.
   * A cross is exactly the ratio of its legs here, e.g. boundaryMid(EURGBP) = boundaryMid(EURUSD) / boundaryMid(GBPUSD).
   */
  boundaryMid(instrumentId: string, time: number): number {
    const e = this.#entry(instrumentId);
    const m = Math.floor(this.#checkMs(time * 1000, 'time') / MS_PER_MINUTE);
    return this.#engine.boundaryPrice(e, m);
  }

  /** All open 1-minute bars with time in [fromSec, toSec) (unix seconds) as typed-array columns. */
  minuteBars(instrumentId: string, fromSec: number, toSec: number): MinuteBarBatch {
    const e = this.#entry(instrumentId);
    const m0 = Math.ceil(this.#checkMs(fromSec * 1000, 'from') / MS_PER_MINUTE);
    const m1 = Math.ceil(this.#checkMs(toSec * 1000, 'to', true) / MS_PER_MINUTE);
    const segments: [number, number][] = [];
    let count = 0;
    if (m1 > m0) {
      for (let label = tradeDateAt(e.template, m0 * MS_PER_MINUTE) - 1; label <= MAX_LABEL; label++) {
        const day = sessionDay(e.template, label);
        if (day.startMs >= m1 * MS_PER_MINUTE) break;
        for (const [a, b] of day.open) {
          const s = Math.max(a, m0);
          const t = Math.min(b, m1);
          if (t > s) {
            segments.push([s, t]);
            count += t - s;
          }
        }
        if (count > MAX_MINUTE_BATCH)
          throw new RangeError(`A batch holds at most ${MAX_MINUTE_BATCH} minutes; ask for a shorter range.`);
      }
    }
    const out = allocateColumns(count);
    let at = 0;
    for (const [a, b] of segments) at = this.#engine.writeMinutes(e, a, b, out, at);
    return { ...out, length: at };
  }

  /**
   * Candles of a timeframe, ascending, each the aggregation of its 1-minute bars: intraday buckets aligned to the
   * trade date's anchor (e.g. 09:30 for US shares, 17:00 New York for FX), daily bars per trade date (cut at the
   * session close), weekly from Monday, monthly from the 1st. Times in unix seconds, prices rounded to the digits.
   */
  candles(instrumentId: string, timeframe: Timeframe, query: CandleQuery): Candle[] {
    if (!isTimeframe(timeframe)) throw new RangeError(`timeframe must be one of 1m, 5m, 15m, 30m, 1h, 4h, 1D, 1W, 1M.`);
    const e = this.#entry(instrumentId);
    const limit = query.limit ?? 1000;
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_CANDLES_PER_QUERY) {
      throw new RangeError(`limit must be a whole number from 1 to ${MAX_CANDLES_PER_QUERY}.`);
    }
    const asOfMs = query.asOfMs === undefined ? undefined : this.#checkMs(query.asOfMs, 'asOfMs', true);
    const asOfMinute = asOfMs === undefined ? Number.POSITIVE_INFINITY : Math.floor(asOfMs / MS_PER_MINUTE);
    const fromMs = query.from === undefined ? undefined : this.#checkMs(query.from * 1000, 'from', true);
    const toMs = query.to === undefined ? Number.POSITIVE_INFINITY : this.#checkMs(query.to * 1000, 'to', true);
    // without `to`, the last bars are those started by asOfMs (a daily FX bar is stamped on its trade date,
    // which begins the evening before, so "now" may be earlier than its time)
    if (fromMs === undefined && query.to === undefined && asOfMs === undefined) {
      throw new RangeError('Give from, to or asOfMs to place the candles in time.');
    }
    const kind = timeframeKind(timeframe) as Kind;
    const tfMinutes = timeframeSeconds(timeframe) / 60;
    const periods: Period[] = [];
    const admissible = (p: Period) =>
      p.time * 1000 < toMs &&
      (fromMs === undefined || p.time * 1000 >= fromMs) &&
      this.#periodStart(e, p) <= asOfMinute;

    if (fromMs !== undefined) {
      let g = this.#groupOf(kind, Math.max(MIN_LABEL, tradeDateAt(e.template, fromMs) - 1));
      while (g <= MAX_LABEL && periods.length < limit) {
        const group = this.#periodsOfGroup(e, kind, g, tfMinutes);
        let stop = false;
        for (const p of group) {
          if (p.time * 1000 >= toMs || this.#periodStart(e, p) > asOfMinute) {
            stop = true;
            break;
          }
          if (admissible(p) && periods.length < limit) periods.push(p);
        }
        if (stop) break;
        g = this.#nextGroup(kind, g);
      }
    } else {
      const endMs = Math.min(toMs - 1, asOfMs ?? Number.POSITIVE_INFINITY);
      let g = this.#groupOf(kind, Math.min(MAX_LABEL, tradeDateAt(e.template, Math.max(SIM_MIN_TIME_MS, endMs)) + 1));
      const reversed: Period[] = [];
      while (g >= MIN_LABEL && reversed.length < limit) {
        const group = this.#periodsOfGroup(e, kind, g, tfMinutes);
        for (let n = group.length - 1; n >= 0 && reversed.length < limit; n--) {
          if (admissible(group[n]!)) reversed.push(group[n]!);
        }
        g = this.#previousGroup(kind, g);
      }
      periods.push(...reversed.reverse());
    }
    return periods.map((p) => this.#candleOf(e, kind, p, asOfMs));
  }

  /** The bar of a timeframe that contains the instant `ms` (unix ms), as formed so far; null when the market is closed. */
  formingCandle(instrumentId: string, timeframe: Timeframe, ms: number): Candle | null {
    const e = this.#entry(instrumentId);
    const m = Math.floor(this.#checkMs(ms, 'ms') / MS_PER_MINUTE);
    if (!this.#isOpenMinute(e, m)) return null;
    const time = candleTimeOf(instrumentId, timeframe, m * 60)!;
    return this.candles(instrumentId, timeframe, { from: time, limit: 1, asOfMs: ms })[0] ?? null;
  }

  /**
   * The 1-minute bar containing the instant `ms` (unix ms) as formed up to it: the forming minute of `candles` with
   * `asOfMs: ms`, without building the day's periods (a live feed asks for it every tick). Null when closed.
   */
  partialMinuteBar(instrumentId: string, ms: number): Candle | null {
    const e = this.#entry(instrumentId);
    const m = Math.floor(this.#checkMs(ms, 'ms') / MS_PER_MINUTE);
    if (!this.#isOpenMinute(e, m)) return null;
    return { time: m * 60, ...this.#partialMinute(e, ms) };
  }

  #groupOf(kind: Kind, label: number): number {
    if (kind === 'weekly') return label - (isoWeekday(label) - 1);
    if (kind === 'monthly') return firstOfMonth(label);
    return label;
  }

  #nextGroup(kind: Kind, g: number): number {
    if (kind === 'weekly') return g + 7;
    if (kind === 'monthly') return nextMonth(g);
    return g + 1;
  }

  #previousGroup(kind: Kind, g: number): number {
    if (kind === 'weekly') return g - 7;
    if (kind === 'monthly') return firstOfMonth(g - 1);
    return g - 1;
  }

  /** The periods (bars to be) of one group: buckets of a trade date, a trade date, a week or a month. */
  #periodsOfGroup(e: EngineInstrument, kind: Kind, g: number, tfMinutes: number): Period[] {
    if (kind === 'intraday') return intradayPeriods(sessionDay(e.template, g), tfMinutes);
    const end = this.#nextGroup(kind, g);
    const labels: number[] = [];
    for (let label = g; label < end; label++) if (sessionDay(e.template, label).open.length > 0) labels.push(label);
    if (labels.length === 0) return [];
    return [{ time: g * 86_400, labels, segments: [] }];
  }

  #periodStart(e: EngineInstrument, p: Period): number {
    if (p.segments.length > 0) return p.segments[0]![0];
    return sessionDay(e.template, p.labels[0]!).open[0]![0];
  }

  #candleOf(e: EngineInstrument, kind: Kind, p: Period, asOfMs: number | undefined): Candle {
    if (kind === 'intraday') return this.#fold(e, p.segments, p.time, asOfMs)!;
    let out: Candle | null = null;
    for (const label of p.labels) {
      const c = this.#dayCandle(e, label, asOfMs);
      if (!c) continue;
      out = out
        ? {
            time: out.time,
            open: out.open,
            high: Math.max(out.high, c.high),
            low: Math.min(out.low, c.low),
            close: c.close,
            volume: out.volume + c.volume,
          }
        : c;
    }
    return { ...out!, time: p.time };
  }

  #dayCandle(e: EngineInstrument, label: number, asOfMs: number | undefined): Candle | null {
    const day = sessionDay(e.template, label);
    if (day.open.length === 0) return null;
    const lastMinute = day.open[day.open.length - 1]![1] - 1;
    const asOfMinute = asOfMs === undefined ? Number.POSITIVE_INFINITY : Math.floor(asOfMs / MS_PER_MINUTE);
    if (day.open[0]![0] > asOfMinute) return null;
    const compute = () => this.#fold(e, day.open as [number, number][], label * 86_400, asOfMs);
    if (lastMinute < asOfMinute) return this.#dayCandles.getOrCompute(`${e.instrument.id}|${label}`, compute);
    return compute();
  }

  /** One bar over open minute ranges, truncated at the forming minute when asOfMs falls inside them. */
  #fold(
    e: EngineInstrument,
    segments: readonly (readonly [number, number])[],
    time: number,
    asOfMs: number | undefined,
  ): Candle | null {
    const asOfMinute = asOfMs === undefined ? Number.POSITIVE_INFINITY : Math.floor(asOfMs / MS_PER_MINUTE);
    let out: Candle | null = null;
    for (const [a, b] of segments) {
      const part = this.#engine.foldMinutes(e, a, Math.min(b, asOfMinute));
      if (!part) continue;
      out = out
        ? {
            time,
            open: out.open,
            high: Math.max(out.high, part.high),
            low: Math.min(out.low, part.low),
            close: part.close,
            volume: out.volume + part.volume,
          }
        : { time, ...part };
    }
    const forming = asOfMs !== undefined && segments.some(([a, b]) => asOfMinute >= a && asOfMinute < b);
    if (forming) {
      const p = this.#partialMinute(e, asOfMs);
      out = out
        ? {
            time,
            open: out.open,
            high: Math.max(out.high, p.high),
            low: Math.min(out.low, p.low),
            close: p.close,
            volume: out.volume + p.volume,
          }
        : { ...p, time };
    }
    return out;
  }

  #partialMinute(e: EngineInstrument, ms: number): Omit<Candle, 'time'> {
    const m = Math.floor(ms / MS_PER_MINUTE);
    const bar = this.#engine.minuteBar(e, m);
    const pos = PathEngine.tickPosition(ms);
    const tick = this.#tickOf(e, bar, pos);
    let high = Math.max(bar.open, tick);
    let low = Math.min(bar.open, tick);
    for (let j = 1; j <= pos.j; j++) {
      const x = this.#round(e, Math.exp(bar.knots[j]!));
      high = Math.max(high, x);
      low = Math.min(low, x);
    }
    const elapsed = ms - m * MS_PER_MINUTE + 1;
    return { open: bar.open, high, low, close: tick, volume: Math.round((bar.volume * elapsed) / MS_PER_MINUTE) };
  }

  // ----- live prices -----

  /** Mid price at unix ms `ms` on the minute's path (the last millisecond of a minute quotes its close); null when closed. */
  tick(instrumentId: string, ms: number): number | null {
    const e = this.#entry(instrumentId);
    const m = Math.floor(this.#checkMs(ms, 'ms') / MS_PER_MINUTE);
    if (!this.#isOpenMinute(e, m)) return null;
    return this.#tickOf(e, this.#engine.minuteBar(e, m), PathEngine.tickPosition(ms));
  }

  #tickOf(
    e: EngineInstrument,
    bar: ReturnType<PathEngine['minuteBar']>,
    pos: ReturnType<typeof PathEngine.tickPosition>,
  ): number {
    if (pos.end) return bar.close;
    const left = bar.knots[pos.j]!;
    const x = this.#round(e, Math.exp(left + pos.g * (bar.knots[pos.j + 1]! - left)));
    // the path lies within the bar's range; the clamp only absorbs floating-point rounding
    return Math.min(bar.high, Math.max(bar.low, x));
  }

  /**
   * Bid and ask at unix ms `ms`: the mid of `tick` and the instrument's spread, wider outside its busy hours and
   * around scheduled events. When the market is closed: the last close, flagged open: false.
   */
  quote(instrumentId: string, ms: number): Quote {
    const e = this.#entry(instrumentId);
    const m = Math.floor(this.#checkMs(ms, 'ms') / MS_PER_MINUTE);
    const point = e.instrument.pointSize;
    if (this.#isOpenMinute(e, m)) {
      const mid = this.#tickOf(e, this.#engine.minuteBar(e, m), PathEngine.tickPosition(ms));
      const spread = this.spreadAt(instrumentId, ms);
      const bid = this.#round(e, mid - (spread * point) / 2);
      return {
        instrumentId: e.instrument.id,
        time: ms,
        bid,
        ask: this.#round(e, bid + spread * point),
        mid,
        spread,
        open: true,
      };
    }
    const last = this.#lastOpenMinute(e, m);
    const mid = this.#round(e, this.#engine.boundaryPrice(e, last + 1));
    const spread = e.instrument.typicalSpread;
    const bid = this.#round(e, mid - (spread * point) / 2);
    return {
      instrumentId: e.instrument.id,
      time: (last + 1) * MS_PER_MINUTE,
      bid,
      ask: this.#round(e, bid + spread * point),
      mid,
      spread,
      open: false,
    };
  }

  /** Spread in points at unix ms `ms`: the typical spread, widened when activity is low (rollover, night) and near events. */
  spreadAt(instrumentId: string, ms: number): number {
    const e = this.#entry(instrumentId);
    const m = Math.floor(this.#checkMs(ms, 'ms') / MS_PER_MINUTE);
    const day = Math.floor(m / MINUTES_PER_DAY);
    const activity = this.#engine.activity(e.profile, day).weights[m - day * MINUTES_PER_DAY]!;
    const busy = profileScale(e.profile).busyLevel;
    let mult = Math.min(4, Math.max(1, Math.sqrt(busy / Math.max(activity, 1e-9))));
    const ev = this.#engine.eventNear(e, m, 3);
    if (ev) mult *= eventSpreadFactor(ev.impact, ev.distance);
    return Math.max(1, Math.round(e.instrument.typicalSpread * mult));
  }

  /** Change of the last price at unix ms `ms` against the previous trade date's close. */
  dailyChange(instrumentId: string, ms: number): DailyChange {
    const e = this.#entry(instrumentId);
    const m = Math.floor(this.#checkMs(ms, 'ms') / MS_PER_MINUTE);
    const price = this.quote(instrumentId, ms).mid;
    let label = tradeDateAt(e.template, ms) + 1;
    let current: SessionDay | null = null;
    while (!current) {
      label--;
      const d = sessionDay(e.template, label);
      if (d.open.length > 0 && d.open[0]![0] <= m) current = d;
    }
    let previous: SessionDay | null = null;
    while (!previous) {
      label--;
      const d = sessionDay(e.template, label);
      if (d.open.length > 0) previous = d;
    }
    const previousClose = this.#round(e, this.#engine.boundaryPrice(e, previous.open[previous.open.length - 1]![1]));
    const change = this.#round(e, price - previousClose);
    return {
      instrumentId: e.instrument.id,
      price,
      previousClose,
      change,
      changePercent: Math.round(((price - previousClose) / previousClose) * 1e6) / 1e4,
    };
  }

  /**
   * "Trending" instruments at unix ms `ms`: the largest absolute daily change in percent first (ties in
   * catalogue order), optionally from some sources only.
   */
  trending(ms: number, options: { limit?: number; sources?: readonly InstrumentSource[] } = {}): DailyChange[] {
    const limit = options.limit ?? 10;
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError('limit must be a positive whole number.');
    const pool = INSTRUMENTS.filter((i) => !options.sources || options.sources.includes(i.source));
    return pool
      .map((i) => this.dailyChange(i.id, ms))
      .sort(
        (a, b) =>
          Math.abs(b.changePercent) - Math.abs(a.changePercent) ||
          catalogueOrder(a.instrumentId) - catalogueOrder(b.instrumentId),
      )
      .slice(0, limit);
  }

  /**
   * Exchange rate at unix ms `ms`: units of `to` per unit of `from` (currency, metal or coin codes, GBX included),
   * the ratio of their USD values, so converting through any chain of currencies gives the same rate.
   */
  rate(from: string, to: string, ms: number): number {
    this.#checkMs(ms, 'ms');
    return this.#usdValue(from, ms, 'from') / this.#usdValue(to, ms, 'to');
  }

  /** `amount` of currency `from` in currency `to` at unix ms `ms` (mid rate, unrounded). */
  convert(amount: number, from: string, to: string, ms: number): number {
    if (!Number.isFinite(amount)) throw new RangeError('amount must be a finite number.');
    return amount * this.rate(from, to, ms);
  }

  #usdValue(code: string, ms: number, field: string): number {
    const c = code.toUpperCase();
    if (!isValueAssetCode(c))
      throw new RangeError(`${field} must be a known currency, metal or coin code; "${code}" is not.`);
    if (c === 'USD') return 1;
    if (c === 'GBX') return this.#usdValue('GBP', ms, field) / GBX_PER_GBP;
    return Math.exp(this.#engine.assetLogValue(MARKET_MODEL.assets.get(c)!, ms));
  }

  /** Open or closed at unix ms `ms`, with the next open and next close (unix ms). */
  sessionStatus(instrumentId: string, ms: number): SessionStatus {
    return sessionStatus(this.#entry(instrumentId).template, this.#checkMs(ms, 'ms'));
  }

  // ----- helpers -----

  #entry(id: string): EngineInstrument {
    return this.#engine.instrument(getInstrument(id));
  }

  #round(e: EngineInstrument, x: number): number {
    const f = 10 ** e.digits;
    return Math.round(x * f) / f;
  }

  #checkMs(ms: number, field: string, allowEnd = false): number {
    if (!Number.isFinite(ms) || ms < SIM_MIN_TIME_MS || ms > SIM_MAX_TIME_MS || (!allowEnd && ms === SIM_MAX_TIME_MS)) {
      throw new RangeError(`${field} must lie between 1971-01-01 and 2300-01-01 (UTC).`);
    }
    return ms;
  }

  #isOpenMinute(e: EngineInstrument, m: number): boolean {
    const day = sessionDay(e.template, tradeDateAt(e.template, m * MS_PER_MINUTE));
    for (const [a, b] of day.open) if (m >= a && m < b) return true;
    return false;
  }

  #lastOpenMinute(e: EngineInstrument, m: number): number {
    for (let label = tradeDateAt(e.template, m * MS_PER_MINUTE); label >= MIN_LABEL; label--) {
      const open = sessionDay(e.template, label).open;
      for (let k = open.length - 1; k >= 0; k--) {
        const [a, b] = open[k]!;
        if (a <= m) return Math.min(b, m + 1) - 1;
      }
    }
    throw new RangeError('No trading before this instant in the simulated range.');
  }
}

// Every request for the latest bars lays out today's buckets again: kept per trade date (the session cache's
// object, so they go when it does) and timeframe. Callers only read them.
const periodsByDay = new WeakMap<SessionDay, Map<number, Period[]>>();

/** Buckets of `tfMinutes` minutes over a trade date's open minutes, aligned to its anchor and stamped no earlier than its start. */
function intradayPeriods(day: SessionDay, tfMinutes: number): Period[] {
  let byTimeframe = periodsByDay.get(day);
  if (!byTimeframe) {
    byTimeframe = new Map();
    periodsByDay.set(day, byTimeframe);
  }
  let periods = byTimeframe.get(tfMinutes);
  if (!periods) {
    periods = layOutIntradayPeriods(day, tfMinutes);
    byTimeframe.set(tfMinutes, periods);
  }
  return periods;
}

function layOutIntradayPeriods(day: SessionDay, tfMinutes: number): Period[] {
  const anchor = day.anchorMs / MS_PER_MINUTE;
  const start = day.startMs / MS_PER_MINUTE;
  const out: Period[] = [];
  for (const [a, b] of day.open) {
    let m = a;
    while (m < b) {
      const k = Math.floor((m - anchor) / tfMinutes);
      const bucketStart = anchor + k * tfMinutes;
      const end = Math.min(b, bucketStart + tfMinutes);
      const time = Math.max(bucketStart, start) * 60;
      const last = out[out.length - 1];
      if (last && last.time === time) last.segments.push([m, end]);
      else out.push({ time, labels: [day.label], segments: [[m, end]] });
      m = end;
    }
  }
  return out;
}

/** A simulated market with its own caches and, optionally, scheduled events. */
export function createSimulatedMarket(options: SimulatedMarketOptions = {}): SimulatedMarket {
  return new SimulatedMarket(options);
}
