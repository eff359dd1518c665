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
 * The running sums of one bucket. Its trade ids are written once the bucket's size is known (`takeIds`, then
 * `putId` in trade order): one exact array per bucket instead of arrays grown by a push per trade.
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

  /** Adds a trade: its net, gross profit, commission, swap and R (NaN without one). */
  add(net: number, gross: number, commission: number, swap: number, r: number) {
    this.count++;
    this.net += net;
    this.gross += gross;
    this.commission += commission;
    this.swap += swap;
    if (net > 0) {
      this.wins++;
      this.winSum += net;
    } else if (net < 0) {
      this.losses++;
      this.lossSum += net;
    } else this.breakEven++;
    if (!Number.isNaN(r)) {
      this.rSum += r;
      this.rCount++;
    }
  }

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

const accs = (n: number) => Array.from({ length: n }, () => new Acc());

/** Buckets keyed by a day or week (epoch day), numbered in order of first use (each trade records its number). */
class DayAccs {
  readonly keys: number[] = [];
  readonly accs: Acc[] = [];
  private readonly slots = new Map<number, number>();
  // trades come in close order, so consecutive trades mostly share a day and a week: the last is kept
  private lastKey = Number.NaN;
  private lastSlot = -1;

  slot(key: number): number {
    if (key === this.lastKey) return this.lastSlot;
    let s = this.slots.get(key);
    if (s === undefined) {
      s = this.accs.length;
      this.slots.set(key, s);
      this.keys.push(key);
      this.accs.push(new Acc());
    }
    this.lastKey = key;
    this.lastSlot = s;
    return s;
  }

  /** Slot numbers in ascending key order. */
  sortedSlots(): number[] {
    return this.keys.map((_, i) => i).sort((a, b) => this.keys[a]! - this.keys[b]!);
  }
}

/**
 * The session (index in SESSION_LABELS) of instants within a range of UTC hours. Sessions open and close on whole
 * hours of their zones (each with its own DST), so the label is the same through a UTC hour (see sessionOf); it is
 * kept per hour in a flat table, which is much cheaper per trade than sessionOf's shared map.
 */
class SessionHours {
  private readonly table: Int8Array;
  constructor(
    private readonly firstHour: number,
    hours: number,
  ) {
    this.table = new Int8Array(hours).fill(-1);
  }

  /** A table for instants in [fromMs, toMs]; null where the range is too long to hold (a few years fit easily). */
  static forRange(fromMs: number, toMs: number): SessionHours | null {
    const first = Math.floor(fromMs / HOUR_MS);
    const hours = Math.floor(toMs / HOUR_MS) - first + 1;
    return hours > 0 && hours <= MAX_SESSION_HOURS ? new SessionHours(first, hours) : null;
  }

  at(ms: number): number {
    const k = Math.floor(ms / HOUR_MS) - this.firstHour;
    if (!(k >= 0 && k < this.table.length)) return SESSION_LABELS.indexOf(sessionOf(ms));
    let s = this.table[k]!;
    if (s < 0) {
      s = SESSION_LABELS.indexOf(sessionOf(ms));
      this.table[k] = s;
    }
    return s;
  }
}

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

/** Whether the trades are in close order, and the earliest and latest open times, in one look at each trade. */
function scanTrades(trades: readonly MetricsTradeInput[]): { sorted: boolean; openFrom: number; openTo: number } {
  let sorted = true;
  let openFrom = Number.POSITIVE_INFINITY;
  let openTo = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < trades.length; i++) {
    const t = trades[i]!;
    if (sorted && i > 0 && byClose(trades[i - 1]!, t) > 0) sorted = false;
    if (t.openedAtMs < openFrom) openFrom = t.openedAtMs;
    if (t.openedAtMs > openTo) openTo = t.openedAtMs;
  }
  return { sorted, openFrom, openTo };
}

/**
 * The adverse excursions in time order (then trade order), as parallel arrays, from the per-trade arrays the main
 * loop filled (NaN: no adverse excursion): the keys pack the time in seconds and the trade's index into one
 * double, so a plain numeric sort orders them, and nothing reads the trade objects again.
 */
function maeOrder(
  timeByTrade: Float64Array,
  minorByTrade: Float64Array,
  idByTrade: readonly string[],
): { times: Float64Array; minors: Float64Array; ids: string[] } {
  const n = timeByTrade.length;
  let scale = 1;
  while (scale <= n) scale *= 2;
  let count = 0;
  for (let i = 0; i < n; i++) if (!Number.isNaN(timeByTrade[i]!)) count++;
  const packed = new Float64Array(count);
  let k = 0;
  for (let i = 0; i < n; i++) {
    const t = timeByTrade[i]!;
    if (!Number.isNaN(t)) packed[k++] = Math.floor(t / 1000) * scale + i;
  }
  packed.sort();
  const times = new Float64Array(count);
  const minors = new Float64Array(count);
  const ids: string[] = new Array(count);
  for (let j = 0; j < count; j++) {
    const key = packed[j]!;
    // the trade's index is the key's remainder (floored, so that times before 1970 decode too)
    const i = key - Math.floor(key / scale) * scale;
    times[j] = timeByTrade[i]!;
    minors[j] = minorByTrade[i]!;
    ids[j] = idByTrade[i]!;
  }
  return { times, minors, ids };
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
 * Every figure of the metrics screen from closed trades and balance operations. One pass over the trades reads
 * each trade object once; the later passes (bucket ids, curves) read typed per-trade arrays it filled.
 */
export function computeMetrics(input: MetricsInput): Metrics {
  const openClock = new LocalClock(input.timeZone);
  const closeClock = new LocalClock(input.timeZone);
  const scan = scanTrades(input.trades);
  const sorted = scan.sorted ? input.trades : [...input.trades].sort(byClose);
  const n = sorted.length;
  const figures: TradeFigures[] = new Array(n);

  const all = new Acc();
  const long = new Acc();
  const short = new Acc();
  const hours = accs(24);
  const sessions = accs(SESSION_LABELS.length);
  const weekdays = accs(7);
  const holding = accs(HOLDING_BUCKET_BOUNDS.length);
  const sessionHours = SessionHours.forRange(scan.openFrom, scan.openTo);
  const days = new DayAccs();
  const weeks = new DayAccs();
  const symbolSlots = new Map<string, number>();
  const symbolNames: string[] = [];
  const symbolAll: Acc[] = [];
  const symbolLong: Acc[] = [];
  const symbolShort: Acc[] = [];

  // per trade, in close order: what the later passes need, so they never read the trade objects again
  const ids: string[] = new Array(n);
  const closeMs = new Float64Array(n);
  const nets = new Float64Array(n);
  const closedDays = new Int32Array(n);
  const cumulative = new Float64Array(n);
  const maeTimeByTrade = new Float64Array(n);
  const maeMinorByTrade = new Float64Array(n);
  const isBuy = new Uint8Array(n);
  const hourOf = new Uint8Array(n);
  const weekdayIndexOf = new Uint8Array(n);
  const sessionOfTrade = new Uint8Array(n);
  const holdingOf = new Uint8Array(n);
  const daySlotOf = new Int32Array(n);
  const weekSlotOf = new Int32Array(n);
  const symbolSlotOf = new Int32Array(n);

  let largestWin: TradeFigures | null = null;
  let largestLoss: TradeFigures | null = null;
  let winStreak: Streak = { length: 0, net: 0, tradeIds: [] };
  let lossStreak: Streak = { length: 0, net: 0, tradeIds: [] };
  let runStart = 0;
  let runKind = 0;
  let runNet = 0;
  let volume = 0;
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

  const closeRun = (end: number) => {
    const length = end - runStart;
    if (runKind === 0 || length === 0) return;
    const best = runKind > 0 ? winStreak : lossStreak;
    if (length > best.length) {
      const streak = { length, net: runNet, tradeIds: ids.slice(runStart, end) };
      if (runKind > 0) winStreak = streak;
      else lossStreak = streak;
    }
  };

  for (let i = 0; i < n; i++) {
    const t = sorted[i]!;
    const session = sessionHours ? sessionHours.at(t.openedAtMs) : SESSION_LABELS.indexOf(sessionOf(t.openedAtMs));
    const f = figuresOf(t, SESSION_LABELS[session]!);
    const net = f.net;
    const gross = t.profitMinor;
    const commission = t.commissionMinor;
    const swap = t.swapMinor;
    const r = f.r ?? Number.NaN;
    figures[i] = f;
    ids[i] = t.id;
    closeMs[i] = t.closedAtMs;
    nets[i] = f.net;
    all.add(net, gross, commission, swap, r);
    const buy = t.side === 'buy';
    isBuy[i] = buy ? 1 : 0;
    (buy ? long : short).add(net, gross, commission, swap, r);
    openClock.at(t.openedAtMs);
    hourOf[i] = openClock.hour;
    hours[openClock.hour]!.add(net, gross, commission, swap, r);
    weekdayIndexOf[i] = openClock.weekday - 1;
    weekdays[openClock.weekday - 1]!.add(net, gross, commission, swap, r);
    sessionOfTrade[i] = session;
    sessions[session]!.add(net, gross, commission, swap, r);
    let h = HOLDING_BUCKET_BOUNDS.length - 1;
    while (h > 0 && f.holdingSeconds < HOLDING_BUCKET_BOUNDS[h]!.fromSeconds) h--;
    holdingOf[i] = h;
    holding[h]!.add(net, gross, commission, swap, r);
    closeClock.at(t.closedAtMs);
    const closedDay = closeClock.epochDay;
    closedDays[i] = closedDay;
    const day = days.slot(closedDay);
    daySlotOf[i] = day;
    days.accs[day]!.add(net, gross, commission, swap, r);
    const week = weeks.slot(closedDay - (closeClock.weekday - 1));
    weekSlotOf[i] = week;
    weeks.accs[week]!.add(net, gross, commission, swap, r);
    let sym = symbolSlots.get(t.symbol);
    if (sym === undefined) {
      sym = symbolNames.length;
      symbolSlots.set(t.symbol, sym);
      symbolNames.push(t.symbol);
      symbolAll.push(new Acc());
      symbolLong.push(new Acc());
      symbolShort.push(new Acc());
    }
    symbolSlotOf[i] = sym;
    symbolAll[sym]!.add(net, gross, commission, swap, r);
    (buy ? symbolLong : symbolShort)[sym]!.add(net, gross, commission, swap, r);

    if (f.net > 0 && (!largestWin || f.net > largestWin.net)) largestWin = f;
    if (f.net < 0 && (!largestLoss || f.net < largestLoss.net)) largestLoss = f;
    const kind = Math.sign(f.net);
    if (kind !== runKind) {
      closeRun(i);
      runStart = i;
      runKind = kind;
      runNet = 0;
    }
    runNet += f.net;

    volume += t.volume;
    holdSum += f.holdingSeconds;
    if (f.net > 0) winHold += f.holdingSeconds;
    else if (f.net < 0) lossHold += f.holdingSeconds;
    if (f.net > 0 && f.bestExitNet !== null && f.bestExitNet > 0) {
      captureSum += (f.net / f.bestExitNet) * 100;
      captureN++;
    }
    if (f.mfeR !== null) {
      mfeRSum += f.mfeR;
      mfeRN++;
    }
    if (f.maeR !== null) {
      maeRSum += f.maeR;
      maeRN++;
    }
    if (t.openedAtMs < firstOpen) firstOpen = t.openedAtMs;
    const mae = t.mae;
    maeTimeByTrade[i] = mae && mae.minor < 0 ? mae.timeMs : Number.NaN;
    maeMinorByTrade[i] = mae ? mae.minor : 0;
    cum += f.net;
    cumulative[i] = cum;
  }
  closeRun(n);

  // each bucket's trade ids, in close order, into arrays of the bucket's size (all trades' is `ids` itself)
  all.ids = ids;
  const buckets = [
    long,
    short,
    hours,
    sessions,
    weekdays,
    holding,
    days.accs,
    weeks.accs,
    symbolAll,
    symbolLong,
    symbolShort,
  ];
  for (const a of buckets.flat()) a.takeIds();
  for (let i = 0; i < n; i++) {
    const id = ids[i]!;
    const sym = symbolSlotOf[i]!;
    if (isBuy[i] === 1) {
      long.putId(id);
      symbolLong[sym]!.putId(id);
    } else {
      short.putId(id);
      symbolShort[sym]!.putId(id);
    }
    hours[hourOf[i]!]!.putId(id);
    weekdays[weekdayIndexOf[i]!]!.putId(id);
    sessions[sessionOfTrade[i]!]!.putId(id);
    holding[holdingOf[i]!]!.putId(id);
    days.accs[daySlotOf[i]!]!.putId(id);
    weeks.accs[weekSlotOf[i]!]!.putId(id);
    symbolAll[sym]!.putId(id);
  }

  // balance curve: balance operations and trade closes in time order (operations first at the same instant),
  // with the equity dipping at each adverse excursion
  const ops = [...(input.balanceOperations ?? [])].sort((a, b) => a.timeMs - b.timeMs);
  const maes = maeOrder(maeTimeByTrade, maeMinorByTrade, ids);
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
      longestWinStreak: winStreak,
      longestLossStreak: lossStreak,
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
      lastTradeAtMs: n > 0 ? sorted[n - 1]!.closedAtMs : null,
      tradingDays: dayBuckets.length,
      winningDays,
      losingDays,
      bestDay: best,
      worstDay: worst,
      averageDailyNet: mean(all.net, dayBuckets.length),
      averageTradesPerDay: mean(n, dayBuckets.length),
      totalVolume: Number(volume.toFixed(8)),
      averageVolume: n === 0 ? null : Number((volume / n).toFixed(8)),
      averageHoldingSeconds: mean(holdSum, n),
      averageWinHoldingSeconds: mean(winHold, all.wins),
      averageLossHoldingSeconds: mean(lossHold, all.losses),
      long: longBucket,
      short: shortBucket,
      averageMfeCapturePercent: mean(captureSum, captureN),
      averageMfeR: mean(mfeRSum, mfeRN),
      averageMaeR: mean(maeRSum, maeRN),
    },
    curve: curve.points,
    trades: figures,
  };
}
