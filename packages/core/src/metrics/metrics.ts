import { zoneOffsetMinutes } from '../market/time-zones.js';
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
 * Local calendar day, hour and ISO weekday of instants in one zone, with the zone's offset kept per UTC hour
 * (an hour whose offset changes inside it, at a transition, is computed each time).
 */
class LocalClock {
  private readonly offsets = new Map<number, number>();
  constructor(private readonly zone: string) {}

  private offsetMs(ms: number): number {
    const hour = Math.floor(ms / HOUR_MS);
    let o = this.offsets.get(hour);
    if (o === undefined) {
      const a = zoneOffsetMinutes(this.zone, hour * HOUR_MS);
      const b = zoneOffsetMinutes(this.zone, hour * HOUR_MS + HOUR_MS - 1);
      o = a === b ? a * 60_000 : Number.NaN;
      this.offsets.set(hour, o);
    }
    return Number.isNaN(o) ? zoneOffsetMinutes(this.zone, ms) * 60_000 : o;
  }

  /** Epoch day of the last `at`. */
  epochDay = 0;
  /** Hour (0-23) of the last `at`. */
  hour = 0;
  /** ISO weekday (1 Monday ... 7 Sunday) of the last `at`. */
  weekday = 1;

  /** Reads the local epoch day, hour and weekday of an instant into the fields (no allocation per trade). */
  at(ms: number): void {
    const local = ms + this.offsetMs(ms);
    const epochDay = Math.floor(local / DAY_MS);
    this.epochDay = epochDay;
    this.hour = Math.floor((local - epochDay * DAY_MS) / HOUR_MS);
    this.weekday = weekdayOf(epochDay);
  }
}

/** ISO weekday of an epoch day (1970-01-01 was a Thursday). */
const weekdayOf = (epochDay: number) => ((((epochDay + 3) % 7) + 7) % 7) + 1;

// --- buckets ---------------------------------------------------------------------------------------------------

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

  add(f: TradeFigures) {
    const t = f.trade;
    this.count++;
    this.net += f.net;
    this.gross += t.profitMinor;
    this.commission += t.commissionMinor;
    this.swap += t.swapMinor;
    if (f.net > 0) {
      this.wins++;
      this.winSum += f.net;
    } else if (f.net < 0) {
      this.losses++;
      this.lossSum += f.net;
    } else this.breakEven++;
    if (f.r !== null) {
      this.rSum += f.r;
      this.rCount++;
    }
    this.ids.push(t.id);
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

function keyed<K>(map: Map<K, Acc>, key: K): Acc {
  let a = map.get(key);
  if (!a) {
    a = new Acc();
    map.set(key, a);
  }
  return a;
}

// --- per trade ----------------------------------------------------------------------------------------------------

/** The figures of one trade: net, holding time, session, risk and R, excursions in R, best-exit net. */
export function tradeFigures(t: MetricsTradeInput): TradeFigures {
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
    session: sessionOf(t.openedAtMs),
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
export function kRatio(cumulative: readonly number[]): number | null {
  const n = cumulative.length;
  if (n < 3) return null;
  const meanX = (n + 1) / 2;
  let meanY = 0;
  for (const y of cumulative) meanY += y;
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

function isSortedByClose(trades: readonly MetricsTradeInput[]): boolean {
  for (let i = 1; i < trades.length; i++) if (byClose(trades[i - 1]!, trades[i]!) > 0) return false;
  return true;
}

/**
 * Indexes of the trades with an adverse excursion, in the order of its time (then of the trades): the keys pack
 * the time in seconds and the index into one double, so a plain numeric sort orders them.
 */
function maeOrder(figures: readonly TradeFigures[]): number[] {
  const n = figures.length;
  let scale = 1;
  while (scale <= n) scale *= 2;
  const keys: number[] = [];
  for (let i = 0; i < n; i++) {
    const mae = figures[i]!.trade.mae;
    if (mae && mae.minor < 0) keys.push(Math.floor(mae.timeMs / 1000) * scale + i);
  }
  const packed = Float64Array.from(keys).sort();
  const out: number[] = new Array(packed.length);
  for (let k = 0; k < packed.length; k++) out[k] = packed[k]! % scale;
  return out;
}

const mean = (sum: number, n: number) => (n === 0 ? null : sum / n);

/** Every figure of the metrics screen from closed trades and balance operations. */
export function computeMetrics(input: MetricsInput): Metrics {
  const clock = new LocalClock(input.timeZone);
  const sorted = isSortedByClose(input.trades) ? input.trades : [...input.trades].sort(byClose);
  const n = sorted.length;
  const figures: TradeFigures[] = new Array(n);

  const all = new Acc();
  const long = new Acc();
  const short = new Acc();
  const hours = accs(24);
  const sessions = accs(SESSION_LABELS.length);
  const weekdays = accs(7);
  const holding = accs(HOLDING_BUCKET_BOUNDS.length);
  const days = new Map<number, Acc>();
  const dayBalance = new Map<number, number>();
  const weeks = new Map<number, Acc>();
  const weekDays = new Map<number, number>();
  const symbols = new Map<string, { all: Acc; long: Acc; short: Acc }>();

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
  const cumulative: number[] = new Array(n);
  const closedDays: number[] = new Array(n);
  let cum = 0;

  const closeRun = (end: number) => {
    const length = end - runStart;
    if (runKind === 0 || length === 0) return;
    const best = runKind > 0 ? winStreak : lossStreak;
    if (length > best.length) {
      const streak = { length, net: runNet, tradeIds: sorted.slice(runStart, end).map((t) => t.id) };
      if (runKind > 0) winStreak = streak;
      else lossStreak = streak;
    }
  };

  const sessionIndex = new Map<SessionLabel, number>(SESSION_LABELS.map((s, i) => [s, i]));
  for (let i = 0; i < n; i++) {
    const t = sorted[i]!;
    const f = tradeFigures(t);
    figures[i] = f;
    all.add(f);
    (t.side === 'buy' ? long : short).add(f);
    clock.at(t.openedAtMs);
    hours[clock.hour]!.add(f);
    weekdays[clock.weekday - 1]!.add(f);
    sessions[sessionIndex.get(f.session)!]!.add(f);
    let h = HOLDING_BUCKET_BOUNDS.length - 1;
    while (h > 0 && f.holdingSeconds < HOLDING_BUCKET_BOUNDS[h]!.fromSeconds) h--;
    holding[h]!.add(f);
    clock.at(t.closedAtMs);
    const closedDay = clock.epochDay;
    closedDays[i] = closedDay;
    keyed(days, closedDay).add(f);
    const weekStart = closedDay - (clock.weekday - 1);
    keyed(weeks, weekStart).add(f);
    let sym = symbols.get(t.symbol);
    if (!sym) {
      sym = { all: new Acc(), long: new Acc(), short: new Acc() };
      symbols.set(t.symbol, sym);
    }
    sym.all.add(f);
    (t.side === 'buy' ? sym.long : sym.short).add(f);

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
    cum += f.net;
    cumulative[i] = cum;
  }
  closeRun(n);

  // balance curve: balance operations and trade closes in time order (operations first at the same instant)
  const ops = [...(input.balanceOperations ?? [])].sort((a, b) => a.timeMs - b.timeMs);
  const curve: CurvePoint[] = [];
  const maes = maeOrder(figures);
  const maeOf = (k: number) => figures[maes[k]!]!.trade;
  let balance = input.startingBalanceMinor;
  let peakBalance = balance;
  let peakEquity = balance;
  let peakAt: number | null = n > 0 ? Math.min(firstOpen, ops[0]?.timeMs ?? firstOpen) : (ops[0]?.timeMs ?? null);
  const dd: Drawdown = {
    money: 0,
    percent: 0,
    peakAtMs: null,
    troughAtMs: null,
    recoveredAtMs: null,
    recovered: false,
    durationSeconds: 0,
  };
  let inMax = false;
  let lastTime: number | null = null;
  const daily: { day: number; start: number; net: number }[] = [];
  const point = (timeMs: number, equity: number, tradeId: string | null, kind: CurvePoint['kind']) => {
    if (equity > peakEquity) peakEquity = equity;
    const down = peakEquity - equity;
    curve.push({
      timeMs,
      balance,
      equity,
      drawdown: down,
      drawdownPercent: peakEquity > 0 ? (down / peakEquity) * 100 : 0,
      tradeId,
      kind,
    });
  };
  const onBalance = (timeMs: number) => {
    lastTime = timeMs;
    if (balance >= peakBalance) {
      if (inMax && dd.recoveredAtMs === null) {
        dd.recoveredAtMs = timeMs;
        dd.recovered = true;
        inMax = false;
      }
      peakAt = timeMs;
      peakBalance = balance;
      return;
    }
    const down = peakBalance - balance;
    if (down > dd.money) {
      dd.money = down;
      dd.percent = peakBalance > 0 ? (down / peakBalance) * 100 : 0;
      if (dd.peakAtMs !== peakAt) {
        // a new, deeper drawdown from another peak: its recovery is still to come
        dd.recoveredAtMs = null;
        dd.recovered = false;
      }
      dd.peakAtMs = peakAt;
      dd.troughAtMs = timeMs;
      inMax = true;
    }
  };
  let oi = 0;
  let mi = 0;
  const trackDay = (day: number, net: number) => {
    const last = daily[daily.length - 1];
    if (last && last.day === day) last.net += net;
    else daily.push({ day, start: balance, net });
  };
  for (let i = 0; i < n; i++) {
    const f = figures[i]!;
    const t = f.trade;
    while (oi < ops.length && ops[oi]!.timeMs <= t.closedAtMs) {
      const op = ops[oi++]!;
      while (mi < maes.length && maeOf(mi).mae!.timeMs < op.timeMs) {
        const m = maeOf(mi++);
        point(m.mae!.timeMs, balance + m.mae!.minor, m.id, 'mae');
      }
      balance += op.amountMinor;
      point(op.timeMs, balance, null, 'balance');
      onBalance(op.timeMs);
    }
    while (mi < maes.length && maeOf(mi).mae!.timeMs < t.closedAtMs) {
      const m = maeOf(mi++);
      point(m.mae!.timeMs, balance + m.mae!.minor, m.id, 'mae');
    }
    trackDay(closedDays[i]!, f.net);
    balance += f.net;
    dayBalance.set(closedDays[i]!, balance);
    point(t.closedAtMs, balance, t.id, 'close');
    onBalance(t.closedAtMs);
  }
  while (mi < maes.length) {
    const m = maeOf(mi++);
    point(m.mae!.timeMs, balance + m.mae!.minor, m.id, 'mae');
  }
  while (oi < ops.length) {
    const op = ops[oi++]!;
    balance += op.amountMinor;
    point(op.timeMs, balance, null, 'balance');
    onBalance(op.timeMs);
  }
  if (dd.money > 0 && dd.peakAtMs !== null) {
    const end = dd.recoveredAtMs ?? lastTime ?? dd.troughAtMs ?? dd.peakAtMs;
    dd.durationSeconds = Math.max(0, (end - dd.peakAtMs) / 1000);
  } else {
    dd.peakAtMs = null;
  }

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
  const dayBuckets: DayBucket[] = [...days.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([epochDay, acc]) => ({
      ...acc.bucket(),
      epochDay,
      date: new Date(epochDay * 86_400_000).toISOString().slice(0, 10),
      balance: dayBalance.get(epochDay) ?? 0,
    }));
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
    weeks: [...weeks.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([ws, acc]) => ({
        ...acc.bucket(),
        weekStart: new Date(ws * 86_400_000).toISOString().slice(0, 10),
        tradingDays: weekDays.get(ws) ?? 0,
      })),
    symbols: [...symbols.entries()]
      .map(([symbol, s]) => ({ ...s.all.bucket(), symbol, long: s.long.bucket(), short: s.short.bucket() }))
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
    curve,
    trades: figures,
  };
}
