import { findIndicator } from '../indicators/catalogue.js';
import type { SeriesEntry } from '../indicators/define.js';
import { computeIndicator } from '../indicators/run.js';
import type { CandleArrays } from '../indicators/types.js';
import type { Candle } from '../market/candles.js';
import { roundToDigits } from '../market/instruments/build.js';
import type { Instrument } from '../market/instruments/types.js';
import { type Excursion, tradeExcursions } from '../metrics/excursions.js';
import { computeMetrics, type Metrics, type MetricsTradeInput } from '../metrics/metrics.js';
import { closeProfitMinor, markPosition, type OpenPosition } from '../trading/account.js';
import {
  commissionCost,
  direction,
  marginRequired,
  positionProfit,
  rolloverSwapMinor,
  type Side,
  swapRollovers,
} from '../trading/contract.js';
import { closingPrice, fillMarketOrder } from '../trading/fills.js';
import { bookMinor, minorToNumber, minorUnitDigits } from '../trading/money.js';
import { floorVolume, lotsForRisk, stopIssue, stopPriceFromPips } from '../trading/orders.js';
import type { BidAsk, QuoteBook } from '../trading/rates.js';
import { evaluateGraph, type GraphContext } from './evaluate.js';
import type { Graph, GraphActionType, GraphEntryData, GraphExit, GraphNodeOf } from './graph.js';

/**
 * The backtester: a graph run over closed bars of one instrument, bar by bar, with no look-ahead, through the
 * virtual broker's rules. Rules (docs/strategy-graph.md, "Fill rules"):
 * - Bars are mid prices (the simulated market's candles; imported candles are read the same way). A price p
 *   quotes bid = p - half the instrument's typical spread (rounded to its digits) and ask = bid + the spread, as
 *   the simulated market quotes at its typical spread.
 * - An action whose signal is true on the closed bar i acts at the open of bar i + 1 (none when bar i is the
 *   last): first the close actions (at the bid for a long, the ask for a short), then the entries (a buy at the
 *   ask, a sell at the bid: `fillMarketOrder`). Signals of the last bar are counted as skipped.
 * - One position per direction at a time (hedging): a buy while a long is open is skipped, while a short is open
 *   it opens a long beside it; a close action closes the side it names (or both).
 * - Size: lots rounded down to the volume step and clamped to the instrument's minimum and maximum; or risk %:
 *   `lotsForRisk` on the equity at the open with the stop's distance (skipped below the minimum volume). An
 *   entry is skipped when its SL or TP breaks the broker's stop rules (`stopIssue`) or the margin does not fit.
 * - SL/TP: pips from the fill, ATR (the ATR of the signal bar x multiplier) from the fill, or a fixed price. Inside
 *   a bar a long's SL and TP are tested on the bid (bar low/high - half spread), a short's on the ask. A price
 *   that opens beyond the level fills at the open (a gap); otherwise at the level. When the SL and TP are both
 *   inside one bar the stop is taken first (the bar cannot tell which came first; the cautious assumption).
 *   A position opened at a bar's open can be stopped in that same bar; an intrabar exit is dated at the bar's end.
 * - Commission per side through the instrument's commission class (`commissionCost`), booked as the virtual
 *   broker books it; swap at every rollover (`swapRollovers`, `rolloverSwapMinor`), booked at the first bar
 *   opening at or after the rollover, valued at that bar's open; profit through `closeProfitMinor`.
 * - Positions still open after the last bar close at its close (`end_of_data`).
 */

export interface BacktestOptions {
  /** The backtest's account: currency and balance in major units (exact to the minor unit), leverage. */
  currency: string;
  initialBalance: number;
  leverage: number;
  /** Length of a bar in seconds. */
  barSeconds: number;
  /** Scheduled events for calendar-event nodes. */
  events?: GraphContext['events'];
  /** Quotes of other symbols at an instant, for converting profit to the account currency (the simulated market). */
  quoteAt?: (symbol: string, timeMs: number) => BidAsk | undefined;
  /** Called now and then with the share of bars done (0 to 1). */
  onProgress?: (done: number) => void;
  /** Ids of the trades (UUIDs); default a counter written as a UUID. */
  newId?: () => string;
  /** Account id the trades carry for the metrics engine; default a fixed UUID. */
  accountId?: string;
  /** Strategy name the trades carry. */
  strategy?: string | null;
  /** Time zone of the metrics' days and hours (default UTC). */
  timeZone?: string;
  /** The equity curve keeps at most this many points (every k-th bar and the last); default 2000. */
  maxEquityPoints?: number;
}

export type BacktestExitReason = 'stop_loss' | 'take_profit' | 'close_action' | 'end_of_data';

export interface BacktestTradeResult extends MetricsTradeInput {
  side: Side;
  entryNodeId: string;
  exitNodeId: string | null;
  exitReason: BacktestExitReason;
  takeProfit: number | null;
}

/** A booked deal: an opening or closing fill (with its commission and profit) or a swap at a rollover. */
export interface BacktestDeal {
  tradeId: string;
  timeMs: number;
  kind: 'in' | 'out' | 'swap';
  side: Side;
  volume: number;
  price: number;
  profitMinor: number;
  commissionMinor: number;
  swapMinor: number;
  reason: 'signal' | BacktestExitReason | 'rollover';
}

export interface BacktestSignalCount {
  nodeId: string;
  type: GraphActionType;
  signals: number;
  filled: number;
  skipped: number;
}

export interface BacktestEquityPoint {
  timeMs: number;
  balanceMinor: number;
  /** Balance plus floating profit at the bar's close (a double in major units). */
  equity: number;
}

export interface BacktestResult {
  trades: BacktestTradeResult[];
  deals: BacktestDeal[];
  equity: BacktestEquityPoint[];
  signals: BacktestSignalCount[];
  finalBalanceMinor: number;
  metrics: Metrics;
}

interface Open extends OpenPosition {
  entryNodeId: string;
  initialStopLoss: number | null;
  commissionMinor: number;
  swapMinor: number;
  swapUntilMs: number;
  nextRolloverMs: number;
}

const DEFAULT_ACCOUNT_ID = '00000000-0000-4000-8000-000000000000';

function counterIds(): () => string {
  let n = 0;
  return () => {
    n++;
    return `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
  };
}

/** Bid and ask of a mid price at the instrument's typical spread, as the simulated market quotes. */
export function barQuote(instrument: Instrument, mid: number): BidAsk {
  const bid = roundToDigits(mid - (instrument.typicalSpread * instrument.pointSize) / 2, instrument.digits);
  return { bid, ask: roundToDigits(bid + instrument.typicalSpread * instrument.pointSize, instrument.digits) };
}

/** Commission of one side booked as the virtual broker books it: a negative amount in minor units. */
export function commissionMinorOf(
  instrument: Instrument,
  lots: number,
  price: number,
  currency: string,
  quotes: QuoteBook,
): number {
  const cost = commissionCost(instrument, lots, price, currency, quotes);
  return cost === 0 ? 0 : -bookMinor(Math.abs(cost), currency);
}

/**
 * Runs the graph over the bars (oldest first, each a closed bar) and returns the trades, the deals, the equity
 * curve, the signal counts and the metrics engine's report of the trades. Throws GraphInvalidError for a graph
 * with problems, and a RangeError when a profit cannot be converted to the account currency.
 */
export function backtest(
  graph: Graph,
  bars: CandleArrays,
  instrument: Instrument,
  options: BacktestOptions,
): BacktestResult {
  const { currency } = options;
  const n = bars.close.length;
  const evaluation = evaluateGraph(graph, bars, {
    symbol: instrument.id,
    currencies: [...new Set([instrument.baseCurrency, instrument.quoteCurrency, instrument.profitCurrency])],
    barSeconds: options.barSeconds,
    events: options.events ?? [],
  });
  const newId = options.newId ?? counterIds();
  const accountId = options.accountId ?? DEFAULT_ACCOUNT_ID;
  const barMs = options.barSeconds * 1000;
  const minorDigits = minorUnitDigits(currency);
  let balanceMinor = Math.round(options.initialBalance * 10 ** minorDigits);
  const startMinor = balanceMinor;

  // the quote book of the moment: this instrument from the bar, others from options.quoteAt
  let current: BidAsk = { bid: 0, ask: 0 };
  let nowMs = 0;
  const quotes: QuoteBook = {
    get: (symbol) => (symbol === instrument.id ? current : options.quoteAt?.(symbol, nowMs)),
  };

  const nodes = new Map(graph.nodes.map((node) => [node.id, node]));
  const counts = new Map<string, BacktestSignalCount>(
    evaluation.actions.map((a) => [a.nodeId, { nodeId: a.nodeId, type: a.type, signals: 0, filled: 0, skipped: 0 }]),
  );
  for (const a of evaluation.actions) {
    let s = 0;
    for (let i = 0; i < n; i++) s += a.signals[i]!;
    counts.get(a.nodeId)!.signals = s;
  }
  const closers = evaluation.actions.filter((a) => a.type === 'close_action');
  const openers = evaluation.actions.filter((a) => a.type !== 'close_action');
  const atrCache = new Map<number, Float64Array>();
  const atrOf = (period: number) => {
    let a = atrCache.get(period);
    if (!a) {
      a = computeIndicator(findIndicator('atr') as SeriesEntry, { period }, bars)[0]!;
      atrCache.set(period, a);
    }
    return a;
  };

  const trades: BacktestTradeResult[] = [];
  const deals: BacktestDeal[] = [];
  const equityAll: BacktestEquityPoint[] = [];
  const positions: { buy: Open | null; sell: Open | null } = { buy: null, sell: null };

  const bookSwaps = (p: Open, uptoMs: number) => {
    // the next rollover is looked up once, then only passed by (a schedule walk per bar would dominate the run)
    if (uptoMs < p.nextRolloverMs) return;
    for (const r of swapRollovers(instrument, p.swapUntilMs, uptoMs)) {
      const amount = rolloverSwapMinor(
        instrument,
        p.side,
        p.volume,
        closingPrice(p.side, current),
        r,
        currency,
        quotes,
      );
      if (amount !== 0) {
        p.swapMinor += amount;
        balanceMinor += amount;
        deals.push({
          tradeId: p.id,
          timeMs: r.atMs,
          kind: 'swap',
          side: p.side,
          volume: p.volume,
          price: closingPrice(p.side, current),
          profitMinor: 0,
          commissionMinor: 0,
          swapMinor: amount,
          reason: 'rollover',
        });
      }
    }
    if (uptoMs > p.swapUntilMs) p.swapUntilMs = uptoMs;
    p.nextRolloverMs = nextRollover(p.swapUntilMs);
  };
  const nextRollover = (afterMs: number) =>
    swapRollovers(instrument, afterMs, afterMs + 10 * 86_400_000)[0]?.atMs ?? afterMs + 10 * 86_400_000;

  const close = (
    p: Open,
    price: number,
    atMs: number,
    reason: BacktestExitReason,
    exitNodeId: string | null,
    firstBar: number,
    lastBar: number,
  ) => {
    bookSwaps(p, atMs);
    const profitMinor = closeProfitMinor(p, p.volume, price, currency, quotes, () => instrument);
    const commission = commissionMinorOf(instrument, p.volume, price, currency, quotes);
    balanceMinor += profitMinor + commission;
    deals.push({
      tradeId: p.id,
      timeMs: atMs,
      kind: 'out',
      side: p.side,
      volume: p.volume,
      price,
      profitMinor,
      commissionMinor: commission,
      swapMinor: 0,
      reason,
    });
    const minorPerPrice = perPrice(p, price, profitMinor);
    const trade: BacktestTradeResult = {
      id: p.id,
      accountId,
      symbol: instrument.id,
      side: p.side,
      volume: p.volume,
      openPrice: p.openPrice,
      closePrice: price,
      openedAtMs: p.openTimeMs,
      closedAtMs: atMs,
      profitMinor,
      commissionMinor: p.commissionMinor + commission,
      swapMinor: p.swapMinor,
      initialStopLoss: p.initialStopLoss,
      minorPerPrice,
      strategy: options.strategy ?? null,
      entryNodeId: p.entryNodeId,
      exitNodeId,
      exitReason: reason,
      takeProfit: p.takeProfit,
    };
    if (minorPerPrice !== null) {
      const ex = excursions(trade, minorPerPrice, firstBar, lastBar);
      trade.mfe = ex.mfe;
      trade.mae = ex.mae;
    }
    trades.push(trade);
    positions[p.side] = null;
  };

  /** Minor units per 1.0 of price in the trade's favour, from its booked profit or, at no move, one point's value. */
  const perPrice = (p: Open, exit: number, profitMinor: number): number | null => {
    const move = (exit - p.openPrice) * direction(p.side);
    if (Math.abs(move) > 1e-12 && profitMinor !== 0 && profitMinor / move > 0) return profitMinor / move;
    const one = positionProfit(
      instrument,
      p.side,
      p.volume,
      p.openPrice,
      p.openPrice + direction(p.side) * instrument.pointSize,
      currency,
      quotes,
    );
    const value = (one / instrument.pointSize) * 10 ** minorDigits;
    return Number.isFinite(value) && value > 0 ? value : null;
  };

  /** MFE and MAE from the backtest's own bars, on the side the position is valued at (bid long, ask short). */
  const excursions = (t: BacktestTradeResult, minorPerPrice: number, firstBar: number, lastBar: number) => {
    const span: Candle[] = [];
    const long = t.side === 'buy';
    for (let k = firstBar; k <= lastBar; k++) {
      const hi = barQuote(instrument, bars.high[k]!);
      const lo = barQuote(instrument, bars.low[k]!);
      span.push({
        time: bars.time[k]!,
        open: 0,
        high: long ? hi.bid : hi.ask,
        low: long ? lo.bid : lo.ask,
        close: 0,
        volume: 0,
      });
    }
    const ex = tradeExcursions({ ...t, minorPerPrice }, span);
    return { mfe: ex.mfe as Excursion, mae: ex.mae as Excursion };
  };

  const exitPrice = (exit: GraphExit, side: Side, entry: number, kind: 'sl' | 'tp', signalBar: number) => {
    switch (exit.mode) {
      case 'none':
        return { price: null as number | null };
      case 'pips':
        return { price: stopPriceFromPips(instrument, side, entry, exit.pips, kind) };
      case 'price':
        return { price: exit.price };
      case 'atr': {
        const atr = atrOf(exit.period)[signalBar]!;
        if (!Number.isFinite(atr) || atr <= 0) return { price: null, unavailable: true };
        const sign = (kind === 'sl' ? -1 : 1) * direction(side);
        return { price: roundToDigits(entry + sign * atr * exit.multiplier, instrument.digits) };
      }
    }
  };

  const open = (nodeId: string, side: Side, data: GraphEntryData, i: number, atMs: number): boolean => {
    if (positions[side]) return false;
    const fill = fillMarketOrder(instrument, side, current);
    if (!fill.ok) return false;
    const entry = fill.price;
    const sl = exitPrice(data.stopLoss, side, entry, 'sl', i - 1);
    const tp = exitPrice(data.takeProfit, side, entry, 'tp', i - 1);
    if ('unavailable' in sl || 'unavailable' in tp) return false;
    const reference = closingPrice(side, current);
    if (sl.price !== null && stopIssue(instrument, side, reference, sl.price, 'sl', 'Stop loss')) return false;
    if (tp.price !== null && stopIssue(instrument, side, reference, tp.price, 'tp', 'Take profit')) return false;
    let lots: number;
    if (data.size.mode === 'lots') {
      lots = Math.min(Math.max(floorVolume(instrument, data.size.lots), instrument.volumeMin), instrument.volumeMax);
    } else {
      if (sl.price === null) return false;
      const pips = Math.abs(entry - sl.price) / instrument.pipSize;
      const sized = lotsForRisk({
        instrument,
        equity: equityNow(),
        riskPercent: data.size.percent,
        stopLossPips: pips,
        accountCurrency: currency,
        quotes,
      });
      if (!sized.ok) return false;
      lots = sized.lots;
    }
    // margin: the new position's and the open ones' must fit in the equity
    const needed =
      marginRequired(instrument, side, lots, entry, currency, quotes, options.leverage).amount + marginInUse();
    if (needed > equityNow() + 1e-9) return false;
    const commission = commissionMinorOf(instrument, lots, entry, currency, quotes);
    balanceMinor += commission;
    const id = newId();
    positions[side] = {
      id,
      symbol: instrument.id,
      side,
      volume: lots,
      openPrice: entry,
      openTimeMs: atMs,
      stopLoss: sl.price,
      takeProfit: tp.price,
      entryNodeId: nodeId,
      initialStopLoss: sl.price,
      commissionMinor: commission,
      swapMinor: 0,
      swapUntilMs: atMs,
      nextRolloverMs: nextRollover(atMs),
    };
    openedAt.set(id, i);
    deals.push({
      tradeId: id,
      timeMs: atMs,
      kind: 'in',
      side,
      volume: lots,
      price: entry,
      profitMinor: 0,
      commissionMinor: commission,
      swapMinor: 0,
      reason: 'signal',
    });
    return true;
  };
  const openedAt = new Map<string, number>();

  const floating = () => {
    let sum = 0;
    for (const p of [positions.buy, positions.sell])
      if (p)
        sum += positionProfit(
          instrument,
          p.side,
          p.volume,
          p.openPrice,
          closingPrice(p.side, current),
          currency,
          quotes,
        );
    return sum;
  };
  const marginInUse = () => {
    let sum = 0;
    for (const p of [positions.buy, positions.sell])
      if (p) sum += markPosition(p, { currency, leverage: options.leverage }, quotes, () => instrument).margin;
    return sum;
  };
  const equityNow = () => minorToNumber(balanceMinor, currency) + floating();

  const progressEvery = Math.max(1, Math.floor(n / 50));
  for (let i = 0; i < n; i++) {
    const t = bars.time[i]! * 1000;
    nowMs = t;
    current = barQuote(instrument, bars.open[i]!);
    if (positions.buy) bookSwaps(positions.buy, t);
    if (positions.sell) bookSwaps(positions.sell, t);

    if (i > 0) {
      // actions signalled on the closed bar i - 1 act at this bar's open: closes first, then entries
      for (const a of closers) {
        if (!a.signals[i - 1]) continue;
        const node = nodes.get(a.nodeId) as GraphNodeOf<'close_action'>;
        let closed = false;
        for (const side of ['buy', 'sell'] as const) {
          const p = positions[side];
          if (!p) continue;
          if (node.data.side === 'all' || (node.data.side === 'long') === (side === 'buy')) {
            close(p, closingPrice(side, current), t, 'close_action', a.nodeId, openedAt.get(p.id)!, i);
            closed = true;
          }
        }
        const c = counts.get(a.nodeId)!;
        if (closed) c.filled++;
        else c.skipped++;
      }
      for (const a of openers) {
        if (!a.signals[i - 1]) continue;
        const node = nodes.get(a.nodeId) as GraphNodeOf<'buy_action' | 'sell_action'>;
        const ok = open(a.nodeId, node.type === 'buy_action' ? 'buy' : 'sell', node.data, i, t);
        const c = counts.get(a.nodeId)!;
        if (ok) c.filled++;
        else c.skipped++;
      }
    }

    // stop loss and take profit through the bar: the open (gaps), then the range; both inside: the stop first
    if (positions.buy || positions.sell) {
      const openQ = current;
      const hiQ = barQuote(instrument, bars.high[i]!);
      const loQ = barQuote(instrument, bars.low[i]!);
      const endMs = i + 1 < n ? Math.min(t + barMs, bars.time[i + 1]! * 1000) : t + barMs;
      const long = positions.buy;
      if (long) {
        const sl = long.stopLoss;
        const tp = long.takeProfit;
        const fresh = long.openTimeMs === t;
        const first = openedAt.get(long.id)!;
        if (!fresh && sl !== null && openQ.bid <= sl) close(long, openQ.bid, t, 'stop_loss', null, first, i);
        else if (!fresh && tp !== null && openQ.bid >= tp) close(long, openQ.bid, t, 'take_profit', null, first, i);
        else if (sl !== null && loQ.bid <= sl) close(long, sl, endMs, 'stop_loss', null, first, i);
        else if (tp !== null && hiQ.bid >= tp) close(long, tp, endMs, 'take_profit', null, first, i);
      }
      const short = positions.sell;
      if (short) {
        const sl = short.stopLoss;
        const tp = short.takeProfit;
        const fresh = short.openTimeMs === t;
        const first = openedAt.get(short.id)!;
        if (!fresh && sl !== null && openQ.ask >= sl) close(short, openQ.ask, t, 'stop_loss', null, first, i);
        else if (!fresh && tp !== null && openQ.ask <= tp) close(short, openQ.ask, t, 'take_profit', null, first, i);
        else if (sl !== null && hiQ.ask >= sl) close(short, sl, endMs, 'stop_loss', null, first, i);
        else if (tp !== null && loQ.ask <= tp) close(short, tp, endMs, 'take_profit', null, first, i);
      }
    }

    current = barQuote(instrument, bars.close[i]!);
    const equity = positions.buy || positions.sell ? equityNow() : minorToNumber(balanceMinor, currency);
    equityAll.push({ timeMs: t, balanceMinor, equity });
    if (options.onProgress && i % progressEvery === 0) options.onProgress(i / n);
  }

  // signals on the last bar have no next bar to act on
  for (const a of evaluation.actions) if (n > 0 && a.signals[n - 1]) counts.get(a.nodeId)!.skipped++;
  if (n > 0) {
    const t = bars.time[n - 1]! * 1000;
    nowMs = t;
    current = barQuote(instrument, bars.close[n - 1]!);
    const endMs = t + barMs;
    for (const side of ['buy', 'sell'] as const) {
      const p = positions[side];
      if (p) close(p, closingPrice(side, current), endMs, 'end_of_data', null, openedAt.get(p.id)!, n - 1);
    }
    const last = equityAll[equityAll.length - 1]!;
    last.balanceMinor = balanceMinor;
    last.equity = minorToNumber(balanceMinor, currency);
  }
  options.onProgress?.(1);

  trades.sort((a, b) => a.closedAtMs - b.closedAtMs);
  const metrics = computeMetrics({
    trades,
    startingBalanceMinor: startMinor,
    timeZone: options.timeZone ?? 'UTC',
  });
  return {
    trades,
    deals,
    equity: thin(equityAll, options.maxEquityPoints ?? 2000),
    signals: [...counts.values()],
    finalBalanceMinor: balanceMinor,
    metrics,
  };
}

function thin<T>(points: T[], max: number): T[] {
  if (points.length <= max) return points;
  const step = Math.ceil(points.length / (max - 1));
  const out: T[] = [];
  for (let k = 0; k < points.length - 1; k += step) out.push(points[k]!);
  out.push(points[points.length - 1]!);
  return out;
}
