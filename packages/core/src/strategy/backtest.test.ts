import { describe, expect, it } from 'vitest';
import { randomCandles } from '../indicators/testing/candles.js';
import type { CandleArrays } from '../indicators/types.js';
import { getInstrument } from '../market/instruments/catalogue.js';
import { closeProfitMinor, type OpenPosition } from '../trading/account.js';
import { commissionCost, rolloverSwapMinor, swapRollovers } from '../trading/contract.js';
import { fillMarketOrder, stopLossTriggered, takeProfitTriggered } from '../trading/fills.js';
import { bookMinor } from '../trading/money.js';
import { stopPriceFromPips } from '../trading/orders.js';
import type { BidAsk } from '../trading/rates.js';
import { type BacktestOptions, backtest, barQuote } from './backtest.js';
import { evaluateGraph } from './evaluate.js';
import type { Graph } from './graph.js';
import { barsOf, edge, graphOf, LOTS, MONDAY, node } from './testing.js';

const EURUSD = getInstrument('EURUSD');
const USDJPY = getInstrument('USDJPY');
const OPTIONS: BacktestOptions = { currency: 'USD', initialBalance: 10_000, leverage: 100, barSeconds: 3600 };

/** RSI crossing 50 opens a long and closes it; close under its SMA with a falling close opens a short (ATR stop). */
function busyGraph(): Graph {
  return graphOf(
    [
      node('p', 'price', { field: 'close' }),
      node('rsi', 'indicator', { indicatorId: 'rsi', inputs: { period: 14 }, output: 'rsi' }),
      node('sma', 'indicator', { indicatorId: 'sma', inputs: { period: 20 }, output: 'sma' }),
      node('mid', 'constant', { value: 50 }),
      node('up', 'cross', { direction: 'above' }),
      node('down', 'cross', { direction: 'below' }),
      node('under', 'compare', { operator: '<' }),
      node('falling', 'trend', { direction: 'falling', bars: 2 }),
      node('both', 'and'),
      node('buy', 'buy_action', {
        size: { mode: 'lots', lots: 0.5 },
        stopLoss: { mode: 'pips', pips: 30 },
        takeProfit: { mode: 'none' },
      }),
      node('sell', 'sell_action', {
        size: { mode: 'risk', percent: 1 },
        stopLoss: { mode: 'atr', period: 14, multiplier: 2 },
        takeProfit: { mode: 'pips', pips: 30 },
      }),
      node('exitLong', 'close_action', { side: 'long' }),
      node('exitShort', 'close_action', { side: 'short' }),
    ],
    [
      edge('rsi', 'value', 'up', 'a'),
      edge('mid', 'value', 'up', 'b'),
      edge('rsi', 'value', 'down', 'a'),
      edge('mid', 'value', 'down', 'b'),
      edge('up', 'result', 'buy', 'signal'),
      edge('down', 'result', 'exitLong', 'signal'),
      edge('p', 'value', 'under', 'a'),
      edge('sma', 'value', 'under', 'b'),
      edge('p', 'value', 'falling', 'in'),
      edge('under', 'result', 'both', 'a'),
      edge('falling', 'result', 'both', 'b'),
      edge('both', 'result', 'sell', 'signal'),
      edge('up', 'result', 'exitShort', 'signal'),
    ],
  );
}

/** Bars after `cut` replaced by another random walk that starts where bar `cut` closed. */
function changedAfter(bars: CandleArrays, cut: number, seed: number): CandleArrays {
  const other = randomCandles(bars.close.length, seed, bars.close[cut]!, 0.00001, bars.time[0]!);
  const out = {
    time: bars.time.slice(),
    open: bars.open.slice(),
    high: bars.high.slice(),
    low: bars.low.slice(),
    close: bars.close.slice(),
    volume: bars.volume.slice(),
  };
  for (let i = cut + 1; i < out.close.length; i++) {
    const k = i - cut - 1;
    out.open[i] = other.open[k]!;
    out.high[i] = other.high[k]!;
    out.low[i] = other.low[k]!;
    out.close[i] = other.close[k]!;
    out.volume[i] = other.volume[k]!;
  }
  return out;
}

const CTX = { symbol: 'EURUSD', currencies: ['EUR', 'USD'], barSeconds: 3600 };

describe('no look-ahead', () => {
  const bars = randomCandles(600, 7, 1.1, 0.00001, MONDAY);

  it('changing the bars after i never changes the signals up to i', () => {
    const full = evaluateGraph(busyGraph(), bars, CTX);
    let fired = 0;
    for (const cut of [30, 100, 250, 420, 590]) {
      const changed = evaluateGraph(busyGraph(), changedAfter(bars, cut, cut), CTX);
      for (const a of full.actions) {
        const other = changed.actions.find((x) => x.nodeId === a.nodeId)!;
        expect([...other.signals.slice(0, cut + 1)]).toEqual([...a.signals.slice(0, cut + 1)]);
        fired += a.signals.slice(0, cut + 1).reduce((s, v) => s + v, 0);
      }
      // the future did change something, so the comparison is not vacuous
      expect(changed.actions.some((x, j) => x.signals.some((v, i) => v !== full.actions[j]!.signals[i]))).toBe(true);
    }
    expect(fired).toBeGreaterThan(20);
  });

  it('every entry fills at the open of the bar after its signal, on the right side of the quote', () => {
    const progress: number[] = [];
    const result = backtest(busyGraph(), bars, EURUSD, { ...OPTIONS, onProgress: (p) => progress.push(p) });
    expect(progress.length).toBeGreaterThan(10);
    expect(progress.every((p, i) => i === 0 || p > progress[i - 1]!)).toBe(true);
    expect(progress.at(-1)).toBe(1);
    const ev = evaluateGraph(busyGraph(), bars, CTX);
    expect(result.trades.length).toBeGreaterThan(5);
    expect(result.trades.some((t) => t.side === 'sell')).toBe(true);
    for (const t of result.trades) {
      const k = bars.time.indexOf(t.openedAtMs / 1000);
      expect(k).toBeGreaterThan(0);
      expect(ev.actions.find((a) => a.nodeId === t.entryNodeId)!.signals[k - 1]).toBe(1);
      const q = barQuote(EURUSD, bars.open[k]!);
      expect(t.openPrice).toBe(t.side === 'buy' ? q.ask : q.bid);
    }
  });

  it('trades closed by bar i are the same whatever comes after it', () => {
    const full = backtest(busyGraph(), bars, EURUSD, OPTIONS);
    for (const cut of [120, 300, 480]) {
      const changed = backtest(busyGraph(), changedAfter(bars, cut, cut + 1), EURUSD, OPTIONS);
      const before = (r: typeof full) =>
        r.trades.filter((t) => t.closedAtMs <= bars.time[cut]! * 1000).map(({ mfe, mae, ...t }) => t);
      expect(before(full).length).toBeGreaterThan(0);
      expect(before(changed)).toEqual(before(full));
    }
  });
});

describe('fills agree with the virtual broker', () => {
  const q = (mid: number) => barQuote(EURUSD, mid);
  const book = (quote: BidAsk) => new Map([['EURUSD', quote]]);
  /** Active on the first bar only: Monday 00:00-01:00 UTC. */
  const firstBar = node('t', 'time', { from: '00:00', to: '01:00', timeZone: 'UTC', days: [1] });

  it('a long with SL and TP in pips held over two rollovers, stopped out: price, commission, swap, profit', () => {
    const g = graphOf(
      [
        firstBar,
        node('buy', 'buy_action', {
          size: { mode: 'lots', lots: 1.237 },
          stopLoss: { mode: 'pips', pips: 20 },
          takeProfit: { mode: 'pips', pips: 40 },
        }),
      ],
      [edge('t', 'active', 'buy', 'signal')],
    );
    // 48 flat hourly bars at 1.10000, then a bar whose low reaches 1.09700
    const rows: (number | [number, number, number, number])[] = new Array(48).fill(1.1);
    rows.push([1.1, 1.1002, 1.097, 1.098]);
    const result = backtest(g, barsOf(rows), EURUSD, OPTIONS);
    expect(result.trades).toHaveLength(1);
    const t = result.trades[0]!;

    // the virtual broker's functions, step by step
    const openQuote = q(1.1);
    const fill = fillMarketOrder(EURUSD, 'buy', openQuote);
    expect(fill.ok).toBe(true);
    expect(t.openPrice).toBe(fill.price);
    expect(t.openedAtMs).toBe((MONDAY + 3600) * 1000);
    expect(t.volume).toBe(1.23); // rounded down to the 0.01 step
    const sl = stopPriceFromPips(EURUSD, 'buy', fill.price, 20, 'sl');
    expect(t.initialStopLoss).toBe(sl);
    expect(t.takeProfit).toBe(stopPriceFromPips(EURUSD, 'buy', fill.price, 40, 'tp'));
    const lowQuote = q(1.097);
    expect(stopLossTriggered('buy', sl, lowQuote)).toBe(true);
    expect(t.exitReason).toBe('stop_loss');
    expect(t.closePrice).toBe(sl);

    const position: OpenPosition = {
      id: 'p',
      symbol: 'EURUSD',
      side: 'buy',
      volume: 1.23,
      openPrice: fill.price,
      openTimeMs: t.openedAtMs,
      stopLoss: sl,
      takeProfit: null,
    };
    expect(t.profitMinor).toBe(closeProfitMinor(position, 1.23, sl, 'USD', book(lowQuote)));
    const commission = (price: number) =>
      -bookMinor(commissionCost(EURUSD, 1.23, price, 'USD', book(openQuote)), 'USD');
    expect(t.commissionMinor).toBe(commission(fill.price) + commission(sl));
    expect(t.commissionMinor).toBeLessThan(0);

    const rollovers = swapRollovers(EURUSD, t.openedAtMs, t.closedAtMs);
    expect(rollovers).toHaveLength(2);
    const swap = rollovers.reduce(
      (s, r) => s + rolloverSwapMinor(EURUSD, 'buy', 1.23, openQuote.bid, r, 'USD', book(openQuote)),
      0,
    );
    expect(t.swapMinor).toBe(swap);
    expect(t.swapMinor).toBeLessThan(0); // EURUSD longs pay swap

    // the balance is the exact sum of the booked deals
    const booked = result.deals.reduce((s, d) => s + d.profitMinor + d.commissionMinor + d.swapMinor, 0);
    expect(result.finalBalanceMinor).toBe(1_000_000 + booked);
    expect(result.finalBalanceMinor).toBe(1_000_000 + t.profitMinor + t.commissionMinor + t.swapMinor);
    expect(result.metrics.overview.net).toBe(t.profitMinor + t.commissionMinor + t.swapMinor);
  });

  it('a short on USDJPY with profit converted from yen, taken at the TP', () => {
    const g = graphOf(
      [
        firstBar,
        node('sell', 'sell_action', {
          size: { mode: 'lots', lots: 2 },
          stopLoss: { mode: 'none' },
          takeProfit: { mode: 'pips', pips: 25 },
        }),
      ],
      [edge('t', 'active', 'sell', 'signal')],
    );
    const result = backtest(g, barsOf([150, 150, 150, [150, 150.01, 149.5, 149.6]]), USDJPY, OPTIONS);
    const t = result.trades[0]!;
    const openQuote = barQuote(USDJPY, 150);
    const fill = fillMarketOrder(USDJPY, 'sell', openQuote);
    expect(t.openPrice).toBe(fill.price);
    const tp = stopPriceFromPips(USDJPY, 'sell', fill.price, 25, 'tp');
    const lowQuote = barQuote(USDJPY, 149.5);
    expect(takeProfitTriggered('sell', tp, lowQuote)).toBe(true);
    expect([t.exitReason, t.closePrice]).toEqual(['take_profit', tp]);
    // the yen profit is converted through the pair's own quote at the exit bar's open, as the broker's quote book does
    const position: OpenPosition = {
      id: 'p',
      symbol: 'USDJPY',
      side: 'sell',
      volume: 2,
      openPrice: fill.price,
      openTimeMs: 0,
      stopLoss: null,
      takeProfit: tp,
    };
    const exitBook = new Map([['USDJPY', barQuote(USDJPY, 150)]]);
    expect(t.profitMinor).toBe(closeProfitMinor(position, 2, tp, 'USD', exitBook));
    expect(t.profitMinor).toBeGreaterThan(0);
  });

  it('SL and TP both inside one bar: the stop is taken; a gap through the stop fills at the open', () => {
    const g = graphOf(
      [
        firstBar,
        node('buy', 'buy_action', {
          size: { mode: 'lots', lots: 1 },
          stopLoss: { mode: 'pips', pips: 10 },
          takeProfit: { mode: 'pips', pips: 10 },
        }),
      ],
      [edge('t', 'active', 'buy', 'signal')],
    );
    const both = backtest(g, barsOf([1.1, 1.1, [1.1, 1.102, 1.098, 1.1]]), EURUSD, OPTIONS).trades[0]!;
    expect(both.exitReason).toBe('stop_loss');
    expect(both.closePrice).toBe(both.initialStopLoss);
    const gap = backtest(g, barsOf([1.1, 1.1, [1.095, 1.096, 1.094, 1.095]]), EURUSD, OPTIONS).trades[0]!;
    expect(gap.exitReason).toBe('stop_loss');
    expect(gap.closePrice).toBe(barQuote(EURUSD, 1.095).bid);
    expect(gap.closePrice).toBeLessThan(gap.initialStopLoss!);
  });
});

describe('backtest rules', () => {
  const always = node('t', 'time', { from: '00:00', to: '23:59', timeZone: 'UTC', days: [1, 2, 3, 4, 5, 6, 7] });

  it('one position per direction: repeated buy signals open one long; a sell opens a short beside it', () => {
    const g = graphOf(
      [always, node('buy', 'buy_action', LOTS(1)), node('sell', 'sell_action', LOTS(0.001))],
      [edge('t', 'active', 'buy', 'signal'), edge('t', 'active', 'sell', 'signal')],
    );
    const r = backtest(g, barsOf([1.1, 1.1, 1.1, 1.1, 1.1]), EURUSD, OPTIONS);
    expect(r.trades.map((t) => [t.side, t.volume, t.exitReason])).toEqual([
      ['buy', 1, 'end_of_data'],
      ['sell', 0.01, 'end_of_data'], // 0.001 lots clamped to the minimum 0.01
    ]);
    const buy = r.signals.find((s) => s.nodeId === 'buy')!;
    // 5 signals: one filled, three while the long was open, the last bar's has no next bar
    expect(buy).toMatchObject({ signals: 5, filled: 1, skipped: 4 });
  });

  it('close actions close their side at the next open; risk sizing from the stop distance', () => {
    const g = graphOf(
      [
        firstBarNode(),
        node('t2', 'time', { from: '03:00', to: '04:00', timeZone: 'UTC', days: [1] }),
        node('buy', 'buy_action', {
          size: { mode: 'risk', percent: 2 },
          stopLoss: { mode: 'pips', pips: 50 },
          takeProfit: { mode: 'none' },
        }),
        node('x', 'close_action', { side: 'short' }),
        node('y', 'close_action', { side: 'long' }),
      ],
      [edge('t', 'active', 'buy', 'signal'), edge('t2', 'active', 'x', 'signal'), edge('t2', 'active', 'y', 'signal')],
    );
    const r = backtest(g, barsOf([1.1, 1.1, 1.1, 1.1, 1.101, 1.1]), EURUSD, OPTIONS);
    expect(r.trades).toHaveLength(1);
    const t = r.trades[0]!;
    // 2 % of 10,000 USD over 50 pips at 10 USD a pip per lot: 0.4 lots
    expect(t.volume).toBe(0.4);
    expect([t.exitReason, t.exitNodeId, t.closedAtMs]).toEqual(['close_action', 'y', (MONDAY + 4 * 3600) * 1000]);
    expect(t.closePrice).toBe(barQuote(EURUSD, 1.101).bid);
    expect(r.signals.find((s) => s.nodeId === 'x')).toMatchObject({ signals: 1, filled: 0, skipped: 1 });
  });

  it('skips an entry whose margin does not fit', () => {
    const g = graphOf([firstBarNode(), node('buy', 'buy_action', LOTS(50))], [edge('t', 'active', 'buy', 'signal')]);
    const r = backtest(g, barsOf([1.1, 1.1, 1.1]), EURUSD, OPTIONS);
    expect(r.trades).toHaveLength(0);
    expect(r.signals[0]).toMatchObject({ signals: 1, filled: 0, skipped: 1 });
    expect(r.finalBalanceMinor).toBe(1_000_000);
  });
});

function firstBarNode() {
  return node('t', 'time', { from: '00:00', to: '01:00', timeZone: 'UTC', days: [1] });
}
