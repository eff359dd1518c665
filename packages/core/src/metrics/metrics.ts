import { zoneOffsetSpan } from '../market/time-zones.js';
import type { Excursion } from './excursions.js';
import { SESSION_LABELS, type SessionLabel, sessionMatches, sessionOf } from './sessions.js';

/**
 * Performance metrics of closed trades. A trade is a closed position with its total profit, commission and swap
 * (all its partial closes together), placed in time by its close (days, weeks, curves, the period) and by its open
 * for the hour, session and weekday it was taken in. Money is in integer minor units of one currency; ratios are
 * numbers, null where they have no value (never NaN). A trade is a win when its net (profit + commission + swap)
 * is above zero, a loss below, break-even at zero; a break-even trade ends both streaks.
 */

export interface MetricsTradeInput {
  /** The position id. */
  id: string;
  accountId: string;
  symbol: string;
  side: 'buy' | 'sell';
  /** Lots opened. */
  volume: number;
  openPrice: number;
  /** Volume-weighted price of the closing deals. */
  closePrice: number;
  openedAtMs: number;
  closedAtMs: number;
  profitMinor: number;
  commissionMinor: number;
  swapMinor: number;
  /** The stop loss at opening; null without one. */
  initialStopLoss: number | null;
  /** Minor units gained per 1.0 of price in the trade's favour (see tradeExcursions); null when unknown. */
  minorPerPrice: number | null;
  strategy: string | null;
  mfe?: Excursion | null;
  mae?: Excursion | null;
}

/** A balance operation (deposit, withdrawal, reset correction) in minor units. */
export interface BalanceOperation {
  timeMs: number;
  amountMinor: number;
}

export interface MetricsFilter {
  fromMs?: number | undefined;
  /** Exclusive. */
  toMs?: number | undefined;
  symbol?: string | undefined;
  direction?: 'long' | 'short' | undefined;
  session?: SessionLabel | undefined;
  strategy?: string | undefined;
}

export const HOLDING_BUCKET_BOUNDS = [
  { id: 'under_1m', fromSeconds: 0, toSeconds: 60 },
  { id: '1m_5m', fromSeconds: 60, toSeconds: 300 },
  { id: '5m_15m', fromSeconds: 300, toSeconds: 900 },
  { id: '15m_1h', fromSeconds: 900, toSeconds: 3600 },
  { id: '1h_4h', fromSeconds: 3600, toSeconds: 14_400 },
  { id: '4h_1d', fromSeconds: 14_400, toSeconds: 86_400 },
  { id: '1d_1w', fromSeconds: 86_400, toSeconds: 604_800 },
  { id: 'over_1w', fromSeconds: 604_800, toSeconds: null },
] as const;

export const TRADING_DAYS_PER_YEAR = 252;

export interface Bucket {
  count: number;
  wins: number;
  losses: number;
  breakEven: number;
  net: number;
  gross: number;
  commission: number;
  swap: number;
  winRate: number | null;
  profitFactor: number | null;
  averageNet: number | null;
  averageR: number | null;
  tradeIds: string[];
}

export interface Streak {
  length: number;
  net: number;
  tradeIds: string[];
}

export interface Drawdown {
  money: number;
  percent: number;
  peakAtMs: number | null;
  troughAtMs: number | null;
  recoveredAtMs: number | null;
  recovered: boolean;
  durationSeconds: number;
}

export interface Overview extends Bucket {
  longCount: number;
  shortCount: number;
  expectancy: number | null;
  averageWin: number | null;
  averageLoss: number | null;
  largestWin: number | null;
  largestLoss: number | null;
  largestWinTradeId: string | null;
  largestLossTradeId: string | null;
  tradesWithR: number;
  maxDrawdown: Drawdown;
  startingBalance: number;
  returnPercent: number | null;
  sharpe: number | null;
  sortino: number | null;
  kRatio: number | null;
  longestWinStreak: Streak;
  longestLossStreak: Streak;
  flags: { profitFactorInfinite: boolean };
}

export interface DayBucket extends Bucket {
  date: string;
  epochDay: number;
  balance: number;
}

export interface TradeFigures {
  trade: MetricsTradeInput;
  net: number;
  holdingSeconds: number;
  session: SessionLabel;
  /** Positive money at the initial stop; null without one. */
  risk: number | null;
  r: number | null;
  mfeR: number | null;
  maeR: number | null;
  bestExitNet: number | null;
}

export interface CurvePoint {
  timeMs: number;
  balance: number;
  equity: number;
  drawdown: number;
  drawdownPercent: number;
  tradeId: string | null;
  kind: 'balance' | 'close' | 'mae';
}

export interface Metrics {
  overview: Overview;
  byHour: (Bucket & { hour: number })[];
  bySession: (Bucket & { session: SessionLabel })[];
  dayOfWeek: (Bucket & { weekday: number })[];
  hodl: (Bucket & { id: string; fromSeconds: number; toSeconds: number | null })[];
  days: DayBucket[];
  weeks: (Bucket & { weekStart: string; tradingDays: number })[];
  symbols: (Bucket & { symbol: string; long: Bucket; short: Bucket })[];
  general: {
    firstTradeAtMs: number | null;
    lastTradeAtMs: number | null;
    tradingDays: number;
    winningDays: number;
    losingDays: number;
    bestDay: DayBucket | null;
    worstDay: DayBucket | null;
    averageDailyNet: number | null;
    averageTradesPerDay: number | null;
    totalVolume: number;
    averageVolume: number | null;
    averageHoldingSeconds: number | null;
    averageWinHoldingSeconds: number | null;
    averageLossHoldingSeconds: number | null;
    long: Bucket;
    short: Bucket;
    averageMfeCapturePercent: number | null;
    averageMfeR: number | null;
    averageMaeR: number | null;
  };
  curve: CurvePoint[];
  trades: TradeFigures[];
}

export interface MetricsInput {
  /** Closed trades, in any order, already filtered (see filterTrades). */
  trades: readonly MetricsTradeInput[];
  /** Balance operations inside the period (they move the curves, not the P/L). */
  balanceOperations?: readonly BalanceOperation[];
  /** Balance at the start of the period, before its first trade. */
  startingBalanceMinor: number;
  /** IANA zone of days, hours and weeks. */
  timeZone: string;
}

// --- local time ---

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/**
 * Local calendar day, hour and ISO weekday of instants in one zone. The zone's offset holds between two DST
 * transitions (zoneOffsetSpan), and the instants asked come nearly in time order, so the span of the last look-up
 * is kept: almost every look-up is two comparisons instead of a search of the zone's transitions.
 */
class LocalClock {
  private spanFrom = 0;
  private spanTo = 0;
  private offsetMs = 0;
  constructor(private readonly zone: string) {}

  /** Epoch day of the last `at`. */
  epochDay = 0;
  /** Hour (0-23) of the last `at`. */
  hour = 0;
  /** ISO weekday (1 Monday ... 7 Sunday) of the last `at`. */
  weekday = 1;

  /** Reads the local epoch day, hour and weekday of an instant into the fields (no allocation per trade). */
  at(ms: number): void {
    if (!(ms >= this.spanFrom && ms < this.spanTo)) {
      const span = zoneOffsetSpan(this.zone, ms);
      this.spanFrom = span.fromMs;
      this.spanTo = span.toMs;
      this.offsetMs = span.offsetMinutes * 60_000;
    }
    const local = ms + this.offsetMs;
    const epochDay = Math.floor(local / DAY_MS);
    this.epochDay = epochDay;
    this.hour = Math.floor((local - epochDay * DAY_MS) / HOUR_MS);
    this.weekday = weekdayOf(epochDay);
  }
}

/** ISO weekday of an epoch day (1970-01-01 was a Thursday). */
const weekdayOf = (epochDay: number) => ((((epochDay + 3) % 7) + 7) % 7) + 1;

// --- buckets ---------------------------------------------------------------------------------------------------

/**
 * The sums of one bucket (summed in a table row, see addTo, then copied here by accOf). Its trade ids are written
 * once the bucket's size is known (`takeIds`, then `putId` in trade order), or sliced from the close order.
 */
class Acc {
  count = 0;
  wins = 0;
  losses = 0;
  breakEven = 0;
  net = 0;
  gross = 0;
  commission = 0;
  swap = 0;
  winSum = 0;
  lossSum = 0;
  rSum = 0;
  rCount = 0;
  ids: string[] = [];
  private filled = 0;

  /** Makes room for the ids of the trades added. */
  takeIds() {
    this.ids = new Array(this.count);
    this.filled = 0;
  }

  putId(id: string) {
    this.ids[this.filled++] = id;
  }

  bucket(): Bucket {
    const n = this.count;
    return {
      count: n,
      wins: this.wins,
      losses: this.losses,
      breakEven: this.breakEven,
      net: this.net,
      gross: this.gross,
      commission: this.commission,
      swap: this.swap,
      winRate: n === 0 ? null : (this.wins / n) * 100,
      profitFactor: this.lossSum === 0 ? null : this.winSum / -this.lossSum,
      averageNet: n === 0 ? null : this.net / n,
      averageR: this.rCount === 0 ? null : this.rSum / this.rCount,
      tradeIds: this.ids,
    };
  }
}

// A table of running sums: a Float64Array with SUMS entries a row, a row a bucket (the fields of Acc, in this
// order). Adding a trade to a row is what Acc.add does, on a flat array instead of an object's fields.
const COUNT = 0;
const WINS = 1;
const LOSSES = 2;
const BREAK_EVEN = 3;
const NET = 4;
const GROSS = 5;
const COMMISSION = 6;
const SWAP = 7;
const WIN_SUM = 8;
const LOSS_SUM = 9;
const R_SUM = 10;
const R_COUNT = 11;
const SUMS = 12;

/** Acc.add on a row of a table. */
function addTo(a: Float64Array, row: number, net: number, gross: number, commission: number, swap: number, r: number) {
  const o = row * SUMS;
  a[o + COUNT]!++;
  a[o + NET]! += net;
  a[o + GROSS]! += gross;
  a[o + COMMISSION]! += commission;
  a[o + SWAP]! += swap;
  if (net > 0) {
    a[o + WINS]!++;
    a[o + WIN_SUM]! += net;
  } else if (net < 0) {
    a[o + LOSSES]!++;
    a[o + LOSS_SUM]! += net;
  } else a[o + BREAK_EVEN]!++;
  if (!Number.isNaN(r)) {
    a[o + R_SUM]! += r;
    a[o + R_COUNT]!++;
  }
}

/** The bucket of a table's row. */
function accOf(a: Float64Array, row: number): Acc {
  const o = row * SUMS;
  const acc = new Acc();
  acc.count = a[o + COUNT]!;
  acc.wins = a[o + WINS]!;
  acc.losses = a[o + LOSSES]!;
  acc.breakEven = a[o + BREAK_EVEN]!;
  acc.net = a[o + NET]!;
  acc.gross = a[o + GROSS]!;
  acc.commission = a[o + COMMISSION]!;
  acc.swap = a[o + SWAP]!;
  acc.winSum = a[o + WIN_SUM]!;
  acc.lossSum = a[o + LOSS_SUM]!;
  acc.rSum = a[o + R_SUM]!;
  acc.rCount = a[o + R_COUNT]!;
  return acc;
}

const accsOf = (a: Float64Array, from: number, count: number) =>
  Array.from({ length: count }, (_, k) => accOf(a, from + k));

// the rows of the fixed buckets in one table
const ROW_ALL = 0;
const ROW_LONG = 1;
const ROW_SHORT = 2;
const ROW_HOURS = 3;
const ROW_SESSIONS = ROW_HOURS + 24;
const ROW_WEEKDAYS = ROW_SESSIONS + SESSION_LABELS.length;
const ROW_HOLDING = ROW_WEEKDAYS + 7;
const FIXED_ROWS = ROW_HOLDING + HOLDING_BUCKET_BOUNDS.length;

/**
 * Buckets keyed by a day or week (epoch day), numbered in order of first use (each trade records its number): their
 * sums in a table (a row a slot, grown as days come), then as buckets (`finish`).
 */
class DayAccs {
  readonly keys: number[] = [];
  accs: Acc[] = [];
  table = new Float64Array(64 * SUMS);
  private readonly slots = new Map<number, number>();
  // trades come in close order, so consecutive trades mostly share a day and a week: the last is kept
  private lastKey = Number.NaN;
  private lastSlot = -1;

  slot(key: number): number {
    if (key === this.lastKey) return this.lastSlot;
    let s = this.slots.get(key);
    if (s === undefined) {
      s = this.keys.length;
      this.slots.set(key, s);
      this.keys.push(key);
      if ((s + 1) * SUMS > this.table.length) {
        const grown = new Float64Array(this.table.length * 2);
        grown.set(this.table);
        this.table = grown;
      }
    }
    this.lastKey = key;
    this.lastSlot = s;
    return s;
  }

  finish() {
    this.accs = accsOf(this.table, 0, this.keys.length);
  }

  /** Slot numbers in ascending key order. */
  sortedSlots(): number[] {
    return this.keys.map((_, i) => i).sort((a, b) => this.keys[a]! - this.keys[b]!);
  }
}

/**
 * The session (index in SESSION_LABELS) of instants, kept per UTC hour in a flat table. Sessions open and close on
 * whole hours of their zones (each with its own DST), so the label is the same through a UTC hour (see sessionOf);
 * a flat table is much cheaper per trade than sessionOf's shared map. The table covers the hours asked so far and
 * grows (at least doubling) when an instant falls outside it, up to MAX_SESSION_HOURS; beyond that, sessionOf.
 */
class SessionHours {
  private firstHour = 0;
  private table = new Int8Array(0);

  at(ms: number): number {
    const hour = Math.floor(ms / HOUR_MS);
    let k = hour - this.firstHour;
    if (!(k >= 0 && k < this.table.length)) {
      if (!this.cover(hour)) return SESSION_LABELS.indexOf(sessionOf(ms));
      k = hour - this.firstHour;
    }
    let s = this.table[k]!;
    if (s < 0) {
      s = SESSION_LABELS.indexOf(sessionOf(ms));
      this.table[k] = s;
    }
    return s;
  }

  /** Grows the table to hold `hour`; false where it would pass MAX_SESSION_HOURS (or the hour is not finite). */
  private cover(hour: number): boolean {
    if (!Number.isFinite(hour)) return false;
    const length = this.table.length;
    let from: number;
    let to: number;
    if (length === 0) {
      // a year either side of the first instant asked: a typical history fits without growing
      from = hour - HOURS_PER_YEAR;
      to = hour + HOURS_PER_YEAR;
    } else {
      from = Math.min(this.firstHour, hour);
      to = Math.max(this.firstHour + length, hour + 1);
      if (from < this.firstHour) from = Math.min(from, this.firstHour - length);
      else to = Math.max(to, this.firstHour + 2 * length);
    }
    if (to - from > MAX_SESSION_HOURS) {
      from = Math.max(from, hour - (MAX_SESSION_HOURS >> 1));
      to = from + MAX_SESSION_HOURS;
      if (from > this.firstHour || to < this.firstHour + length) return false;
    }
    const table = new Int8Array(to - from).fill(-1);
    if (length > 0) table.set(this.table, this.firstHour - from);
    this.table = table;
    this.firstHour = from;
    return true;
  }
}

const HOURS_PER_YEAR = 24 * 366;
/** About 114 years of hours (1 MB). */
const MAX_SESSION_HOURS = 1_000_000;

// --- per trade ----------------------------------------------------------------------------------------------------

/** The figures of one trade: net, holding time, session, risk and R, excursions in R, best-exit net. */
export function tradeFigures(t: MetricsTradeInput): TradeFigures {
  return figuresOf(t, sessionOf(t.openedAtMs));
}

function figuresOf(t: MetricsTradeInput, session: SessionLabel): TradeFigures {
  const net = t.profitMinor + t.commissionMinor + t.swapMinor;
  const dir = t.side === 'buy' ? 1 : -1;
  let risk: number | null = null;
  if (t.initialStopLoss !== null && t.minorPerPrice !== null) {
    const distance = (t.openPrice - t.initialStopLoss) * dir;
    if (distance > 0) risk = Math.round(distance * t.minorPerPrice);
    if (risk === 0) risk = null;
  }
  const mfe = t.mfe ?? null;
  const mae = t.mae ?? null;
  return {
    trade: t,
    net,
    holdingSeconds: Math.max(0, (t.closedAtMs - t.openedAtMs) / 1000),
    session,
    risk,
    r: risk === null ? null : net / risk,
    mfeR: risk === null || !mfe ? null : mfe.minor / risk,
    maeR: risk === null || !mae ? null : mae.minor / risk,
    bestExitNet: mfe ? mfe.minor + t.commissionMinor + t.swapMinor : null,
  };
}

/** The trades that pass the filter: close time in [fromMs, toMs), symbol, direction, session, strategy. */
export function filterTrades(trades: readonly MetricsTradeInput[], f: MetricsFilter): MetricsTradeInput[] {
  const out: MetricsTradeInput[] = [];
  for (const t of trades) {
    if (f.fromMs !== undefined && t.closedAtMs < f.fromMs) continue;
    if (f.toMs !== undefined && t.closedAtMs >= f.toMs) continue;
    if (f.symbol !== undefined && t.symbol !== f.symbol) continue;
    if (f.direction !== undefined && (t.side === 'buy' ? 'long' : 'short') !== f.direction) continue;
    if (f.strategy !== undefined && t.strategy !== f.strategy) continue;
    if (f.session !== undefined && !sessionMatches(sessionOf(t.openedAtMs), f.session)) continue;
    out.push(t);
  }
  return out;
}

// --- statistics ---------------------------------------------------------------------------------------------------

/** Sharpe and Sortino of daily returns, annualised by sqrt(252); null without two returns or without spread. */
export function sharpeSortino(returns: readonly number[]): { sharpe: number | null; sortino: number | null } {
  const n = returns.length;
  if (n < 2) return { sharpe: null, sortino: null };
  let sum = 0;
  for (const r of returns) sum += r;
  const mean = sum / n;
  let sq = 0;
  let down = 0;
  for (const r of returns) {
    sq += (r - mean) ** 2;
    if (r < 0) down += r * r;
  }
  const sd = Math.sqrt(sq / (n - 1));
  const dd = Math.sqrt(down / n);
  const annual = Math.sqrt(TRADING_DAYS_PER_YEAR);
  // a spread below 1e-12 of the mean is rounding noise: a flat series
  const flat = sd <= Math.abs(mean) * 1e-12 || sd === 0;
  return { sharpe: flat ? null : (mean / sd) * annual, sortino: dd === 0 ? null : (mean / dd) * annual };
}

/**
 * Kestner's K-ratio (1996) of a cumulative series y[i] at x = 1..n: least-squares slope / (its standard error x
 * sqrt(n)). Null with fewer than three points or a perfectly straight line.
 */
export function kRatio(cumulative: ArrayLike<number>): number | null {
  const n = cumulative.length;
  if (n < 3) return null;
  const meanX = (n + 1) / 2;
  let meanY = 0;
  for (let i = 0; i < n; i++) meanY += cumulative[i]!;
  meanY /= n;
  let sxx = 0;
  let sxy = 0;
  for (let i = 0; i < n; i++) {
    const dx = i + 1 - meanX;
    sxx += dx * dx;
    sxy += dx * (cumulative[i]! - meanY);
  }
  const slope = sxy / sxx;
  const intercept = meanY - slope * meanX;
  let sse = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const e = cumulative[i]! - (intercept + slope * (i + 1));
    sse += e * e;
    syy += (cumulative[i]! - meanY) ** 2;
  }
  // residuals below 1e-18 of the spread are rounding noise: a straight line
  if (sse <= syy * 1e-18) return null;
  const se = Math.sqrt(sse / (n - 2) / sxx);
  return slope / (se * Math.sqrt(n));
}

// --- the whole computation ----------------------------------------------------------------------------------------

const byClose = (a: MetricsTradeInput, b: MetricsTradeInput) =>
  a.closedAtMs - b.closedAtMs || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The adverse excursions in time order (then trade order), as parallel arrays, from the per-trade arrays the main
 * loop filled (NaN: no adverse excursion), ordered by their time in whole seconds, then by trade index: a stable
 * radix sort of the seconds (two passes of 16 bits) where they span less than 2^32 s, else a numeric sort of keys
 * that pack the seconds and the trade's index into one double. Nothing reads the trade objects again.
 */
function maeOrder(
  timeByTrade: Float64Array,
  minorByTrade: Float64Array,
  idByTrade: readonly string[],
  columns: Columns,
): { times: Float64Array; minors: Float64Array; ids: string[] } {
  const n = timeByTrade.length;
  let scale = 1;
  while (scale <= n) scale *= 2;
  let count = 0;
  let minSecond = Number.POSITIVE_INFINITY;
  let maxSecond = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    const t = timeByTrade[i]!;
    if (Number.isNaN(t)) continue;
    count++;
    const second = Math.floor(t / 1000);
    if (second < minSecond) minSecond = second;
    if (second > maxSecond) maxSecond = second;
  }
  const order = columns.i32(count);
  const span = maxSecond - minSecond;
  // the radix sort gives the packed keys' order wherever those are exact (below 2^53)
  const radix =
    count > 0 && span < 2 ** 32 && Math.max(Math.abs(minSecond), Math.abs(maxSecond)) * scale + scale < 2 ** 53;
  if (radix) {
    const keys = columns.i32(count);
    const spareKeys = columns.i32(count);
    const spareOrder = columns.i32(count);
    let k = 0;
    for (let i = 0; i < n; i++) {
      const t = timeByTrade[i]!;
      if (Number.isNaN(t)) continue;
      keys[k] = Math.floor(t / 1000) - minSecond;
      order[k++] = i;
    }
    const counts = new Int32Array(RADIX + 1);
    radixPass(keys, order, spareKeys, spareOrder, counts, 0);
    if (span >= RADIX) radixPass(spareKeys, spareOrder, keys, order, counts, 16);
    else order.set(spareOrder);
  } else {
    const packed = columns.f64(count);
    let k = 0;
    for (let i = 0; i < n; i++) {
      const t = timeByTrade[i]!;
      if (!Number.isNaN(t)) packed[k++] = Math.floor(t / 1000) * scale + i;
    }
    packed.sort();
    for (let j = 0; j < count; j++) {
      const key = packed[j]!;
      // the trade's index is the key's remainder (floored, so that times before 1970 decode too)
      order[j] = key - Math.floor(key / scale) * scale;
    }
  }
  const times = columns.f64(count);
  const minors = columns.f64(count);
  const ids: string[] = new Array(count);
  for (let j = 0; j < count; j++) {
    const i = order[j]!;
    times[j] = timeByTrade[i]!;
    minors[j] = minorByTrade[i]!;
    ids[j] = idByTrade[i]!;
  }
  return { times, minors, ids };
}

const RADIX = 1 << 16;

/** One stable counting-sort pass of (keys, order) into (toKeys, toOrder) by 16 bits of the keys from `shift`. */
function radixPass(
  keys: Int32Array,
  order: Int32Array,
  toKeys: Int32Array,
  toOrder: Int32Array,
  counts: Int32Array,
  shift: number,
) {
  counts.fill(0);
  for (let j = 0; j < keys.length; j++) counts[((keys[j]! >>> shift) & 0xffff) + 1]!++;
  for (let d = 1; d <= RADIX; d++) counts[d]! += counts[d - 1]!;
  for (let j = 0; j < keys.length; j++) {
    const key = keys[j]!;
    const at = counts[(key >>> shift) & 0xffff]!++;
    toKeys[at] = key;
    toOrder[at] = order[j]!;
  }
}

/**
 * The balance and equity curves with the maximum drawdown, point by point in time order, into an array sized up
 * front.
 *
 * Drawdown is measured on the trading result, not on the balance: the *level* is the balance minus the net of the
 * balance operations (deposits, withdrawals, corrections) so far, i.e. the starting balance plus the P/L of the
 * trades closed so far. A withdrawal or a deposit moves the balance but not the level, so it is never a drawdown
 * nor a recovery. Every point's drawdown (the curves' shaded area) is the card's: the highest level so far minus
 * the level then, and as a percentage of that highest level.
 */
class CurveBuilder {
  readonly points: CurvePoint[];
  private k = 0;
  balance: number;
  /** Net of the balance operations so far (minor units): balance - opsNet is the trading result's level. */
  private opsNet = 0;
  private peakLevel: number;
  /** When the level's peak was reached; NaN before any (a plain number field: storing a time allocates nothing). */
  private peakAt: number;
  private inMax = false;
  /** The last time the balance changed; NaN before any. */
  private lastTime = Number.NaN;
  readonly dd: Drawdown = {
    money: 0,
    percent: 0,
    peakAtMs: null,
    troughAtMs: null,
    recoveredAtMs: null,
    recovered: false,
    durationSeconds: 0,
  };

  constructor(size: number, startingBalance: number, peakAt: number | null) {
    this.points = new Array(size);
    this.balance = startingBalance;
    this.peakLevel = startingBalance;
    this.peakAt = peakAt ?? Number.NaN;
  }

  /** A balance operation at timeMs: the balance moves, the trading result's level does not. */
  operation(timeMs: number, amount: number) {
    this.balance += amount;
    this.opsNet += amount;
    this.point(timeMs, this.balance, null, 'balance');
    this.lastTime = timeMs;
  }

  point(timeMs: number, equity: number, tradeId: string | null, kind: CurvePoint['kind']) {
    const level = this.balance - this.opsNet;
    // the peak as it is once this point's balance is taken in (onBalance follows a close point)
    const peak = Math.max(this.peakLevel, level);
    const down = peak - level;
    this.points[this.k++] = {
      timeMs,
      balance: this.balance,
      equity,
      drawdown: down,
      drawdownPercent: peak > 0 ? (down / peak) * 100 : 0,
      tradeId,
      kind,
    };
  }

  /** After the balance changed at timeMs: a new peak, a deeper drawdown, or the maximum one recovered. */
  onBalance(timeMs: number) {
    const dd = this.dd;
    this.lastTime = timeMs;
    const level = this.balance - this.opsNet;
    if (level >= this.peakLevel) {
      if (this.inMax && dd.recoveredAtMs === null) {
        dd.recoveredAtMs = timeMs;
        dd.recovered = true;
        this.inMax = false;
      }
      this.peakAt = timeMs;
      this.peakLevel = level;
      return;
    }
    const down = this.peakLevel - level;
    if (down > dd.money) {
      dd.money = down;
      dd.percent = this.peakLevel > 0 ? (down / this.peakLevel) * 100 : 0;
      const peakAt = Number.isNaN(this.peakAt) ? null : this.peakAt;
      if (dd.peakAtMs !== peakAt) {
        // a new, deeper drawdown from another peak: its recovery is still to come
        dd.recoveredAtMs = null;
        dd.recovered = false;
      }
      dd.peakAtMs = peakAt;
      dd.troughAtMs = timeMs;
      this.inMax = true;
    }
  }

  finish(): Drawdown {
    const dd = this.dd;
    if (dd.money > 0 && dd.peakAtMs !== null) {
      const end =
        dd.recoveredAtMs ?? (Number.isNaN(this.lastTime) ? null : this.lastTime) ?? dd.troughAtMs ?? dd.peakAtMs;
      dd.durationSeconds = Math.max(0, (end - dd.peakAtMs) / 1000);
    } else {
      dd.peakAtMs = null;
    }
    return dd;
  }
}

const mean = (sum: number, n: number) => (n === 0 ? null : sum / n);
const isoDate = (epochDay: number) => new Date(epochDay * DAY_MS).toISOString().slice(0, 10);

/**
 * What one pass over the trades (in close order) gathers: per-trade columns the later passes read instead of the
 * trade objects, every bucket's sums, and the overview's running figures.
 */
class TradePass {
  readonly figures: TradeFigures[];
  readonly ids: string[];
  readonly closeMs: Float64Array;
  readonly openMs: Float64Array;
  readonly profit: Float64Array;
  readonly commission: Float64Array;
  readonly swap: Float64Array;
  readonly volume: Float64Array;
  readonly openPrice: Float64Array;
  readonly stop: Float64Array;
  readonly minorPerPrice: Float64Array;
  /** BUY, HAS_STOP, HAS_MINOR_PER_PRICE, HAS_MFE, HAS_MAE. */
  readonly flags: Uint8Array;
  readonly mfeMinor: Float64Array;
  readonly nets: Float64Array;
  readonly closedDays: Int32Array;
  readonly cumulative: Float64Array;
  /** The adverse excursion's time, NaN without an adverse one; its money (0 without one). */
  readonly maeTime: Float64Array;
  readonly maeMinor: Float64Array;
  readonly hourOf: Uint8Array;
  readonly weekdayIndexOf: Uint8Array;
  readonly sessionIndexOf: Uint8Array;
  readonly holdingOf: Uint8Array;
  readonly daySlotOf: Int32Array;
  readonly weekSlotOf: Int32Array;
  readonly symbolSlotOf: Int32Array;

  // the buckets, from the tables computeTrades fills
  all = new Acc();
  long = new Acc();
  short = new Acc();
  hours: Acc[] = [];
  sessions: Acc[] = [];
  weekdays: Acc[] = [];
  holding: Acc[] = [];
  readonly days = new DayAccs();
  readonly weeks = new DayAccs();
  readonly symbolNames: string[] = [];
  symbolAll: Acc[] = [];
  symbolLong: Acc[] = [];
  symbolShort: Acc[] = [];

  largestWin: TradeFigures | null = null;
  largestLoss: TradeFigures | null = null;
  winStreak: Streak = { length: 0, net: 0, tradeIds: [] };
  lossStreak: Streak = { length: 0, net: 0, tradeIds: [] };
  totalVolume = 0;
  holdSum = 0;
  winHold = 0;
  lossHold = 0;
  captureSum = 0;
  captureN = 0;
  mfeRSum = 0;
  mfeRN = 0;
  maeRSum = 0;
  maeRN = 0;
  firstOpen = Number.POSITIVE_INFINITY;

  constructor(readonly n: number) {
    this.figures = new Array(n);
    this.ids = new Array(n);
    const c = columnsFor(n);
    this.closeMs = c.f64(n);
    this.openMs = c.f64(n);
    this.profit = c.f64(n);
    this.commission = c.f64(n);
    this.swap = c.f64(n);
    this.volume = c.f64(n);
    this.openPrice = c.f64(n);
    this.stop = c.f64(n);
    this.minorPerPrice = c.f64(n);
    this.mfeMinor = c.f64(n);
    this.maeTime = c.f64(n);
    this.maeMinor = c.f64(n);
    this.nets = c.f64(n);
    this.cumulative = c.f64(n);
    this.closedDays = c.i32(n);
    this.daySlotOf = c.i32(n);
    this.weekSlotOf = c.i32(n);
    this.symbolSlotOf = c.i32(n);
    this.flags = c.u8(n);
    this.hourOf = c.u8(n);
    this.weekdayIndexOf = c.u8(n);
    this.sessionIndexOf = c.u8(n);
    this.holdingOf = c.u8(n);
  }
}

/**
 * The typed per-trade columns of TradePass, kept between calls and grown to the largest input seen (about 150
 * bytes a trade): a call on 100,000 trades would otherwise allocate some 15 MB of array buffers, which the
 * collector counts as external memory and answers with extra collections. computeMetrics runs to its end without
 * yielding and nothing it returns refers to a column, so one set serves every call. Each call hands out views of
 * the first n entries; every entry a later step reads is written first in that call.
 */
class Columns {
  private readonly f64s: Float64Array[] = [];
  private readonly i32s: Int32Array[] = [];
  private readonly u8s: Uint8Array[] = [];
  private nf64 = 0;
  private ni32 = 0;
  private nu8 = 0;

  constructor(readonly capacity: number) {}

  f64(n: number): Float64Array {
    if (this.nf64 === this.f64s.length) this.f64s.push(new Float64Array(this.capacity));
    return this.f64s[this.nf64++]!.subarray(0, n);
  }

  i32(n: number): Int32Array {
    if (this.ni32 === this.i32s.length) this.i32s.push(new Int32Array(this.capacity));
    return this.i32s[this.ni32++]!.subarray(0, n);
  }

  u8(n: number): Uint8Array {
    if (this.nu8 === this.u8s.length) this.u8s.push(new Uint8Array(this.capacity));
    return this.u8s[this.nu8++]!.subarray(0, n);
  }

  /** Hands the columns out again from the first. */
  reset(): this {
    this.nf64 = 0;
    this.ni32 = 0;
    this.nu8 = 0;
    return this;
  }
}

let columns = new Columns(0);

function columnsFor(n: number): Columns {
  if (n > columns.capacity) columns = new Columns(n);
  return columns.reset();
}

// the flags of a trade (TradePass.flags)
const BUY = 1;
const HAS_STOP = 2;
const HAS_MINOR_PER_PRICE = 4;
const HAS_MFE = 8;
const HAS_MAE = 16;

/**
 * The one pass that reads the trade objects (then `computeTrades` works on what it read): each field a later step
 * needs goes into a typed column, in a short loop. The trades sit wherever they were allocated, not in close order,
 * so each trade is a few cache misses; a short loop lets the processor wait for several trades at once, where one
 * long loop body would wait for each in turn. With `checkOrder`, it stops and answers false at the first trade out
 * of close order (as byClose tells; then the caller sorts).
 */
function readTrades(trades: readonly MetricsTradeInput[], p: TradePass, checkOrder: boolean): boolean {
  const { ids, closeMs, openMs, profit, commission, swap, volume, openPrice, stop, minorPerPrice, flags } = p;
  const { mfeMinor, maeTime, maeMinor, symbolSlotOf, symbolNames } = p;
  const symbolSlots = new Map<string, number>();
  let prevClose = Number.NEGATIVE_INFINITY;
  let prevId = '';
  for (let i = 0; i < trades.length; i++) {
    const t = trades[i]!;
    const closedAt = t.closedAtMs;
    const id = t.id;
    if (checkOrder) {
      const d = prevClose - closedAt;
      if (d > 0 || (!(d < 0) && i > 0 && prevId > id)) return false;
      prevClose = closedAt;
      prevId = id;
    }
    ids[i] = id;
    closeMs[i] = closedAt;
    openMs[i] = t.openedAtMs;
    profit[i] = t.profitMinor;
    commission[i] = t.commissionMinor;
    swap[i] = t.swapMinor;
    volume[i] = t.volume;
    openPrice[i] = t.openPrice;
    let flag = t.side === 'buy' ? BUY : 0;
    const sl = t.initialStopLoss;
    if (sl !== null) {
      flag |= HAS_STOP;
      stop[i] = sl;
    } else stop[i] = 0;
    const mpp = t.minorPerPrice;
    if (mpp !== null) {
      flag |= HAS_MINOR_PER_PRICE;
      minorPerPrice[i] = mpp;
    } else minorPerPrice[i] = 0;
    const mfe = t.mfe;
    if (mfe) {
      flag |= HAS_MFE;
      mfeMinor[i] = mfe.minor;
    } else mfeMinor[i] = 0;
    const mae = t.mae;
    if (mae) {
      flag |= HAS_MAE;
      maeMinor[i] = mae.minor;
      maeTime[i] = mae.timeMs;
    } else {
      maeMinor[i] = 0;
      maeTime[i] = Number.NaN;
    }
    flags[i] = flag;
    let sym = symbolSlots.get(t.symbol);
    if (sym === undefined) {
      sym = symbolNames.length;
      symbolSlots.set(t.symbol, sym);
      symbolNames.push(t.symbol);
    }
    symbolSlotOf[i] = sym;
  }
  return true;
}

/**
 * Each trade's figures (as figuresOf), the per-trade columns of the later passes and every bucket's sums, from the
 * columns readTrades filled, in close order.
 */
function computeTrades(trades: readonly MetricsTradeInput[], zone: string, p: TradePass): void {
  const n = p.n;
  const openClock = new LocalClock(zone);
  const closeClock = new LocalClock(zone);
  const sessionHours = new SessionHours();
  const { figures, ids, closeMs, openMs, profit, commission, swap, volume, openPrice, stop, minorPerPrice } = p;
  const { flags, mfeMinor, maeTime, maeMinor, nets, closedDays, cumulative } = p;
  const { hourOf, weekdayIndexOf, sessionIndexOf, holdingOf, daySlotOf, weekSlotOf, symbolSlotOf } = p;
  const { days, weeks, symbolNames } = p;
  const fixed = new Float64Array(FIXED_ROWS * SUMS);
  // a symbol's rows: all its trades, its longs, its shorts
  const bySymbol = new Float64Array(symbolNames.length * 3 * SUMS);
  let largestWin: TradeFigures | null = null;
  let largestLoss: TradeFigures | null = null;
  // streaks as index ranges of the close order; their ids are sliced once at the end
  let winStart = 0;
  let winLength = 0;
  let winNet = 0;
  let lossStart = 0;
  let lossLength = 0;
  let lossNet = 0;
  let runStart = 0;
  let runKind = 0;
  let runNet = 0;
  let totalVolume = 0;
  let holdSum = 0;
  let winHold = 0;
  let lossHold = 0;
  let captureSum = 0;
  let captureN = 0;
  let mfeRSum = 0;
  let mfeRN = 0;
  let maeRSum = 0;
  let maeRN = 0;
  let firstOpen = Number.POSITIVE_INFINITY;
  let cum = 0;
  const lastHolding = HOLDING_BUCKET_BOUNDS.length - 1;

  for (let i = 0; i <= n; i++) {
    const last = i === n;
    const gross = last ? 0 : profit[i]!;
    const comm = last ? 0 : commission[i]!;
    const sw = last ? 0 : swap[i]!;
    const net = gross + comm + sw;
    const kind = last ? Number.NaN : Math.sign(net);
    // a run of wins or losses ends where the sign of the net changes (and after the last trade)
    if (kind !== runKind) {
      const length = i - runStart;
      if (runKind !== 0 && length !== 0) {
        if (runKind > 0) {
          if (length > winLength) {
            winStart = runStart;
            winLength = length;
            winNet = runNet;
          }
        } else if (length > lossLength) {
          lossStart = runStart;
          lossLength = length;
          lossNet = runNet;
        }
      }
      runStart = i;
      runKind = kind;
      runNet = 0;
    }
    if (last) break;

    // the trade's figures, as figuresOf computes them
    const flag = flags[i]!;
    const buy = (flag & BUY) !== 0;
    const openedAt = openMs[i]!;
    const closedAt = closeMs[i]!;
    let risk: number | null = null;
    if ((flag & HAS_STOP) !== 0 && (flag & HAS_MINOR_PER_PRICE) !== 0) {
      const distance = (openPrice[i]! - stop[i]!) * (buy ? 1 : -1);
      if (distance > 0) risk = Math.round(distance * minorPerPrice[i]!);
      if (risk === 0) risk = null;
    }
    const hasMfe = (flag & HAS_MFE) !== 0;
    const hasMae = (flag & HAS_MAE) !== 0;
    const held = Math.max(0, (closedAt - openedAt) / 1000);
    const session = sessionHours.at(openedAt);
    const r = risk === null ? null : net / risk;
    const mfeR = risk === null || !hasMfe ? null : mfeMinor[i]! / risk;
    const maeR = risk === null || !hasMae ? null : maeMinor[i]! / risk;
    const bestExitNet = hasMfe ? mfeMinor[i]! + comm + sw : null;
    const f: TradeFigures = {
      trade: trades[i]!,
      net,
      holdingSeconds: held,
      session: SESSION_LABELS[session]!,
      risk,
      r,
      mfeR,
      maeR,
      bestExitNet,
    };
    figures[i] = f;
    nets[i] = net;

    const rOrNaN = r ?? Number.NaN;
    addTo(fixed, ROW_ALL, net, gross, comm, sw, rOrNaN);
    addTo(fixed, buy ? ROW_LONG : ROW_SHORT, net, gross, comm, sw, rOrNaN);
    openClock.at(openedAt);
    const hour = openClock.hour;
    hourOf[i] = hour;
    addTo(fixed, ROW_HOURS + hour, net, gross, comm, sw, rOrNaN);
    const weekday = openClock.weekday - 1;
    weekdayIndexOf[i] = weekday;
    addTo(fixed, ROW_WEEKDAYS + weekday, net, gross, comm, sw, rOrNaN);
    sessionIndexOf[i] = session;
    addTo(fixed, ROW_SESSIONS + session, net, gross, comm, sw, rOrNaN);
    let h = lastHolding;
    while (h > 0 && held < HOLDING_BUCKET_BOUNDS[h]!.fromSeconds) h--;
    holdingOf[i] = h;
    addTo(fixed, ROW_HOLDING + h, net, gross, comm, sw, rOrNaN);
    closeClock.at(closedAt);
    const closedDay = closeClock.epochDay;
    closedDays[i] = closedDay;
    const day = days.slot(closedDay);
    daySlotOf[i] = day;
    addTo(days.table, day, net, gross, comm, sw, rOrNaN);
    const week = weeks.slot(closedDay - (closeClock.weekday - 1));
    weekSlotOf[i] = week;
    addTo(weeks.table, week, net, gross, comm, sw, rOrNaN);
    const sym = symbolSlotOf[i]! * 3;
    addTo(bySymbol, sym, net, gross, comm, sw, rOrNaN);
    addTo(bySymbol, sym + (buy ? 1 : 2), net, gross, comm, sw, rOrNaN);

    if (net > 0 && (largestWin === null || net > largestWin.net)) largestWin = f;
    if (net < 0 && (largestLoss === null || net < largestLoss.net)) largestLoss = f;
    runNet += net;

    totalVolume += volume[i]!;
    holdSum += held;
    if (net > 0) winHold += held;
    else if (net < 0) lossHold += held;
    if (net > 0 && bestExitNet !== null && bestExitNet > 0) {
      captureSum += (net / bestExitNet) * 100;
      captureN++;
    }
    if (mfeR !== null) {
      mfeRSum += mfeR;
      mfeRN++;
    }
    if (maeR !== null) {
      maeRSum += maeR;
      maeRN++;
    }
    if (openedAt < firstOpen) firstOpen = openedAt;
    // the curve's adverse excursions: the time of an adverse one (NaN otherwise), the money (0 without one)
    if (!(hasMae && maeMinor[i]! < 0)) maeTime[i] = Number.NaN;
    cum += net;
    cumulative[i] = cum;
  }

  p.all = accOf(fixed, ROW_ALL);
  p.long = accOf(fixed, ROW_LONG);
  p.short = accOf(fixed, ROW_SHORT);
  p.hours = accsOf(fixed, ROW_HOURS, 24);
  p.sessions = accsOf(fixed, ROW_SESSIONS, SESSION_LABELS.length);
  p.weekdays = accsOf(fixed, ROW_WEEKDAYS, 7);
  p.holding = accsOf(fixed, ROW_HOLDING, HOLDING_BUCKET_BOUNDS.length);
  days.finish();
  weeks.finish();
  p.symbolAll = symbolNames.map((_, k) => accOf(bySymbol, 3 * k));
  p.symbolLong = symbolNames.map((_, k) => accOf(bySymbol, 3 * k + 1));
  p.symbolShort = symbolNames.map((_, k) => accOf(bySymbol, 3 * k + 2));
  p.largestWin = largestWin;
  p.largestLoss = largestLoss;
  if (winLength > 0)
    p.winStreak = { length: winLength, net: winNet, tradeIds: ids.slice(winStart, winStart + winLength) };
  if (lossLength > 0) {
    p.lossStreak = { length: lossLength, net: lossNet, tradeIds: ids.slice(lossStart, lossStart + lossLength) };
  }
  p.totalVolume = totalVolume;
  p.holdSum = holdSum;
  p.winHold = winHold;
  p.lossHold = lossHold;
  p.captureSum = captureSum;
  p.captureN = captureN;
  p.mfeRSum = mfeRSum;
  p.mfeRN = mfeRN;
  p.maeRSum = maeRSum;
  p.maeRN = maeRN;
  p.firstOpen = firstOpen;
}

/**
 * The first and one-past-last trade index of each slot, when every slot's trades are one run of the close order
 * (days and weeks, whose trades come together since trades are in close order); null when one is not.
 */
function contiguousRanges(slotOf: Int32Array, slots: readonly Acc[]): Int32Array | null {
  const ranges = new Int32Array(slots.length * 2).fill(-1);
  for (let i = 0; i < slotOf.length; i++) {
    const s = slotOf[i]!;
    if (ranges[2 * s]! < 0) ranges[2 * s] = i;
    ranges[2 * s + 1] = i + 1;
  }
  for (let s = 0; s < slots.length; s++) {
    if (ranges[2 * s + 1]! - ranges[2 * s]! !== slots[s]!.count) return null;
  }
  return ranges;
}

/** Each slot's ids, a run of the close order (see contiguousRanges). */
function sliceIds(slots: readonly Acc[], ranges: Int32Array, ids: readonly string[]) {
  for (let s = 0; s < slots.length; s++) slots[s]!.ids = ids.slice(ranges[2 * s], ranges[2 * s + 1]);
}

/**
 * Every figure of the metrics screen from closed trades and balance operations. One pass over the trades reads
 * each trade object once (and checks their close order: trades given out of order are sorted, a copy, and read
 * again); the later passes (bucket ids, curves) read typed per-trade arrays it filled.
 */
export function computeMetrics(input: MetricsInput): Metrics {
  let sorted = input.trades;
  let pass = new TradePass(sorted.length);
  if (!readTrades(sorted, pass, true)) {
    sorted = [...input.trades].sort(byClose);
    pass = new TradePass(sorted.length);
    readTrades(sorted, pass, false);
  }
  computeTrades(sorted, input.timeZone, pass);
  const n = pass.n;
  const { figures, ids, closeMs, nets, closedDays, cumulative, flags, hourOf, weekdayIndexOf } = pass;
  const { sessionIndexOf, holdingOf, daySlotOf, weekSlotOf, symbolSlotOf } = pass;
  const { all, long, short, hours, sessions, weekdays, holding, days, weeks } = pass;
  const { symbolNames, symbolAll, symbolLong, symbolShort, largestWin, largestLoss, firstOpen } = pass;

  // each bucket's trade ids in close order: a day's or a week's are a run of the close order, sliced at once;
  // the other buckets' go into arrays of the bucket's size (all trades' is `ids` itself)
  all.ids = ids;
  const dayRanges = contiguousRanges(daySlotOf, days.accs);
  const weekRanges = contiguousRanges(weekSlotOf, weeks.accs);
  const byTrade = [long, short, hours, sessions, weekdays, holding, symbolAll, symbolLong, symbolShort];
  if (!dayRanges) byTrade.push(days.accs);
  if (!weekRanges) byTrade.push(weeks.accs);
  for (const a of byTrade.flat()) a.takeIds();
  if (dayRanges) sliceIds(days.accs, dayRanges, ids);
  if (weekRanges) sliceIds(weeks.accs, weekRanges, ids);
  for (let i = 0; i < n; i++) {
    const id = ids[i]!;
    const sym = symbolSlotOf[i]!;
    if ((flags[i]! & BUY) !== 0) {
      long.putId(id);
      symbolLong[sym]!.putId(id);
    } else {
      short.putId(id);
      symbolShort[sym]!.putId(id);
    }
    hours[hourOf[i]!]!.putId(id);
    weekdays[weekdayIndexOf[i]!]!.putId(id);
    sessions[sessionIndexOf[i]!]!.putId(id);
    holding[holdingOf[i]!]!.putId(id);
    symbolAll[sym]!.putId(id);
  }
  if (!dayRanges) for (let i = 0; i < n; i++) days.accs[daySlotOf[i]!]!.putId(ids[i]!);
  if (!weekRanges) for (let i = 0; i < n; i++) weeks.accs[weekSlotOf[i]!]!.putId(ids[i]!);

  // balance curve: balance operations and trade closes in time order (operations first at the same instant),
  // with the equity dipping at each adverse excursion
  const ops = [...(input.balanceOperations ?? [])].sort((a, b) => a.timeMs - b.timeMs);
  const maes = maeOrder(pass.maeTime, pass.maeMinor, ids, columns);
  const maeCount = maes.times.length;
  const firstAt: number | null = n > 0 ? Math.min(firstOpen, ops[0]?.timeMs ?? firstOpen) : (ops[0]?.timeMs ?? null);
  const curve = new CurveBuilder(ops.length + n + maeCount, input.startingBalanceMinor, firstAt);
  const maePoint = (k: number) => curve.point(maes.times[k]!, curve.balance + maes.minors[k]!, maes.ids[k]!, 'mae');
  const dayBalance = new Array<number>(days.accs.length).fill(0);
  const daily: { day: number; start: number; net: number }[] = [];
  let oi = 0;
  let mi = 0;
  for (let i = 0; i < n; i++) {
    const closedAt = closeMs[i]!;
    while (oi < ops.length && ops[oi]!.timeMs <= closedAt) {
      const op = ops[oi++]!;
      while (mi < maeCount && maes.times[mi]! < op.timeMs) maePoint(mi++);
      curve.operation(op.timeMs, op.amountMinor);
    }
    while (mi < maeCount && maes.times[mi]! < closedAt) maePoint(mi++);
    const day = closedDays[i]!;
    const net = nets[i]!;
    const last = daily[daily.length - 1];
    // a zone whose clocks go back over midnight can repeat a date: it stays one day
    if (last && last.day >= day) last.net += net;
    else daily.push({ day, start: curve.balance, net });
    curve.balance += net;
    dayBalance[daySlotOf[i]!] = curve.balance;
    curve.point(closedAt, curve.balance, ids[i]!, 'close');
    curve.onBalance(closedAt);
  }
  while (mi < maeCount) maePoint(mi++);
  while (oi < ops.length) {
    const op = ops[oi++]!;
    curve.operation(op.timeMs, op.amountMinor);
  }
  const dd = curve.finish();

  // daily returns over every weekday from the first to the last trading day (weekend days with trades too)
  const returns: number[] = [];
  if (daily.length > 0) {
    let k = 0;
    let running = daily[0]!.start;
    for (let day = daily[0]!.day; day <= daily[daily.length - 1]!.day; day++) {
      const entry = daily[k];
      if (entry && entry.day === day) {
        running = entry.start;
        if (running > 0) returns.push(entry.net / running);
        running += entry.net;
        k++;
      } else {
        if (weekdayOf(day) <= 5 && running > 0) returns.push(0);
      }
    }
  }
  const { sharpe, sortino } = sharpeSortino(returns);

  const overviewBucket = all.bucket();
  const dayBuckets: DayBucket[] = days.sortedSlots().map((slot) => {
    const epochDay = days.keys[slot]!;
    return { ...days.accs[slot]!.bucket(), epochDay, date: isoDate(epochDay), balance: dayBalance[slot]! };
  });
  const weekDays = new Map<number, number>();
  for (const d of dayBuckets) {
    const ws = d.epochDay - (weekdayOf(d.epochDay) - 1);
    weekDays.set(ws, (weekDays.get(ws) ?? 0) + 1);
  }
  let best: DayBucket | null = null;
  let worst: DayBucket | null = null;
  let winningDays = 0;
  let losingDays = 0;
  for (const d of dayBuckets) {
    if (d.net > 0) winningDays++;
    if (d.net < 0) losingDays++;
    if (!best || d.net > best.net) best = d;
    if (!worst || d.net < worst.net) worst = d;
  }
  const longBucket = long.bucket();
  const shortBucket = short.bucket();

  return {
    overview: {
      ...overviewBucket,
      longCount: long.count,
      shortCount: short.count,
      expectancy: overviewBucket.averageNet,
      averageWin: mean(all.winSum, all.wins),
      averageLoss: mean(all.lossSum, all.losses),
      largestWin: largestWin?.net ?? null,
      largestLoss: largestLoss?.net ?? null,
      largestWinTradeId: largestWin?.trade.id ?? null,
      largestLossTradeId: largestLoss?.trade.id ?? null,
      tradesWithR: all.rCount,
      maxDrawdown: dd,
      startingBalance: input.startingBalanceMinor,
      returnPercent: input.startingBalanceMinor > 0 ? (all.net / input.startingBalanceMinor) * 100 : null,
      sharpe,
      sortino,
      kRatio: kRatio(cumulative),
      longestWinStreak: pass.winStreak,
      longestLossStreak: pass.lossStreak,
      flags: { profitFactorInfinite: all.wins > 0 && all.losses === 0 },
    },
    byHour: hours.map((a, hour) => ({ ...a.bucket(), hour })),
    bySession: sessions.map((a, i) => ({ ...a.bucket(), session: SESSION_LABELS[i]! })),
    dayOfWeek: weekdays.map((a, i) => ({ ...a.bucket(), weekday: i + 1 })),
    hodl: holding.map((a, i) => ({ ...a.bucket(), ...HOLDING_BUCKET_BOUNDS[i]! })),
    days: dayBuckets,
    weeks: weeks.sortedSlots().map((slot) => {
      const ws = weeks.keys[slot]!;
      return { ...weeks.accs[slot]!.bucket(), weekStart: isoDate(ws), tradingDays: weekDays.get(ws) ?? 0 };
    }),
    symbols: symbolNames
      .map((symbol, s) => ({
        ...symbolAll[s]!.bucket(),
        symbol,
        long: symbolLong[s]!.bucket(),
        short: symbolShort[s]!.bucket(),
      }))
      .sort((a, b) => b.net - a.net || (a.symbol < b.symbol ? -1 : 1)),
    general: {
      firstTradeAtMs: n > 0 ? firstOpen : null,
      lastTradeAtMs: n > 0 ? closeMs[n - 1]! : null,
      tradingDays: dayBuckets.length,
      winningDays,
      losingDays,
      bestDay: best,
      worstDay: worst,
      averageDailyNet: mean(all.net, dayBuckets.length),
      averageTradesPerDay: mean(n, dayBuckets.length),
      totalVolume: Number(pass.totalVolume.toFixed(8)),
      averageVolume: n === 0 ? null : Number((pass.totalVolume / n).toFixed(8)),
      averageHoldingSeconds: mean(pass.holdSum, n),
      averageWinHoldingSeconds: mean(pass.winHold, all.wins),
      averageLossHoldingSeconds: mean(pass.lossHold, all.losses),
      long: longBucket,
      short: shortBucket,
      averageMfeCapturePercent: mean(pass.captureSum, pass.captureN),
      averageMfeR: mean(pass.mfeRSum, pass.mfeRN),
      averageMaeR: mean(pass.maeRSum, pass.maeRN),
    },
    curve: curve.points,
    trades: figures,
  };
}
