import {
  BACKTEST_MAX_BARS,
  BACKTEST_MAX_PER_STRATEGY,
  type Backtest,
  type BacktestBody,
  type BacktestSummary,
  type BacktestTrade,
  backtestInstant,
  emptyStrategyGraph,
  type GraphValidation,
  MAX_HISTORY_CANDLES,
  type MarketTimeframe,
  type StrategyGraph,
} from '@tradedesk/contracts';
import {
  type BidAsk,
  backtest,
  type Candle,
  findInstrument,
  GRAPH_CATALOGUE,
  GraphInvalidError,
  minorToDecimal,
  minorUnitDigits,
  type NewsEvent,
  type SimulatedMarket,
  timeframeSeconds,
  toCandleArrays,
  validateGraph,
} from '@tradedesk/core';
import type { Clock } from '../../platform/clock.js';
import { newId } from '../../platform/ids.js';
import type { PlanGate } from '../billing/entitlements/entitlements.js';
import type { MarketHistoryService } from '../market/market.history.service.js';
import { toWire } from '../metrics/metrics.service.js';
import type { StrategiesService } from '../strategies/strategies.service.js';
import type { UsersService } from '../users/users.service.js';
import { backtestError } from './backtests.errors.js';
import type { BacktestsRepository } from './backtests.repository.js';
import type { BacktestRow, BacktestSummaryFigures } from './backtests.table.js';

const DATA_SOURCES = { Simulated: 'simulated', Imported: 'imported', Mixed: 'mixed' } as const;

type Parsed = {
  symbol: string;
  timeframe: MarketTimeframe;
  from: string;
  to: string;
  initial_balance: number;
  currency: Backtest['request']['currency'];
  leverage: number;
};

/**
 * Backtests of the caller's strategies: the strategy's saved graph, validated by the core, run over the bars the
 * chart history serves (the simulated market, the caller's imported candles in its place where they cover the
 * range), through the core backtester; the trades go through the metrics engine to the metrics screen's report.
 * A run happens inside the request (a year of 15-minute bars takes well under a second; at most BACKTEST_MAX_BARS
 * bars): the row is written as running first, then finished as done or failed.
 */
export function createBacktestsService(deps: {
  repo: BacktestsRepository;
  history: Pick<MarketHistoryService, 'candles'>;
  market: SimulatedMarket;
  users: Pick<UsersService, 'getById'>;
  /** The strategies module's service: the caller's strategy with its saved graph. */
  strategies: Pick<StrategiesService, 'find'>;
  clock: Clock;
  /** The plan's backtesting switch and backtests per day (billing); absent in tests of the rules alone. */
  entitlements?: PlanGate;
}) {
  const { repo, history, market, users, strategies, clock } = deps;

  /** Closed bars of the range (the forming bar left out: a backtest never reads a bar that has not closed). */
  async function barsOf(userId: string, p: Parsed, fromSec: number, toSec: number) {
    const bars: Candle[] = [];
    let start = fromSec;
    let source: 'Simulated' | 'Imported' | 'Mixed' | null = null;
    let label = '';
    for (;;) {
      const { answer } = await history.candles({
        userId,
        symbol: p.symbol,
        timeframe: p.timeframe,
        mode: 'from',
        startTime: start,
        endTime: toSec,
        limit: MAX_HISTORY_CANDLES,
      });
      const got = answer.forming ? answer.candles.slice(0, -1) : answer.candles;
      if (got.length > 0) {
        source = source === null || source === answer.dataSource ? answer.dataSource : 'Mixed';
        label = answer.label;
      }
      for (const c of got) bars.push(c);
      if (bars.length > BACKTEST_MAX_BARS) {
        throw backtestError.onField(
          'from',
          'BACKTEST_TOO_MANY_BARS',
          `A backtest reads at most ${BACKTEST_MAX_BARS.toLocaleString('en-US')} bars; shorten the range from ${p.from} to ${p.to} or pick a longer timeframe than ${p.timeframe}.`,
        );
      }
      const last = answer.candles[answer.candles.length - 1];
      if (!last || answer.candles.length < MAX_HISTORY_CANDLES || answer.forming) break;
      start = last.time + 1;
    }
    if (source === 'Mixed') label = 'Imported data and simulated market data';
    return { bars, source: source ?? 'Simulated', label };
  }

  /** The simulated market's scheduled events (its calendar included) around the range, as the prop news blackout reads them. */
  function eventsAround(fromMs: number, toMs: number): NewsEvent[] {
    const out: NewsEvent[] = [];
    for (const e of market.eventsBetween(fromMs - 86_400_000, toMs + 86_400_000 + 1)) {
      const timeMs = e.time * 1000;
      out.push({ id: e.id, timeMs, impact: e.impact, currencies: e.currencies, symbols: e.instruments });
    }
    return out;
  }

  /** Quotes of other symbols for profit conversion: the simulated market's at the instant, one per symbol kept. */
  function quoteReader() {
    const last = new Map<string, { ms: number; quote: BidAsk | undefined }>();
    return (symbol: string, ms: number): BidAsk | undefined => {
      const hit = last.get(symbol);
      if (hit && hit.ms === ms) return hit.quote;
      let quote: BidAsk | undefined;
      try {
        const q = market.quote(symbol, ms);
        quote = { bid: q.bid, ask: q.ask, time: ms };
      } catch {
        quote = undefined;
      }
      last.set(symbol, { ms, quote });
      return quote;
    };
  }

  function problemsOf(graph: StrategyGraph | null) {
    return validateGraph(graph ?? emptyStrategyGraph(), GRAPH_CATALOGUE);
  }

  return {
    validate(graph: StrategyGraph): GraphValidation {
      const problems = problemsOf(graph);
      return { valid: problems.length === 0, problems };
    },

    async run(userId: string, strategyId: string, body: BacktestBody): Promise<Backtest> {
      const p = body as Parsed;
      const strategy = await strategies.find(userId, strategyId);
      if (!strategy) {
        throw backtestError('BACKTEST_STRATEGY_NOT_FOUND', 'You have no strategy with this id.');
      }
      const graph = strategy.graph ?? emptyStrategyGraph();
      const problems = problemsOf(strategy.graph);
      if (problems.length > 0) {
        throw backtestError(
          'BACKTEST_GRAPH_INVALID',
          `The strategy’s graph cannot be backtested: ${problems[0]!.message}${problems.length > 1 ? ` (and ${problems.length - 1} more problem${problems.length > 2 ? 's' : ''})` : ''}`,
          { problems },
        );
      }
      const instrument = findInstrument(p.symbol);
      if (!instrument) {
        throw backtestError.onField(
          'symbol',
          'BACKTEST_UNKNOWN_SYMBOL',
          `No instrument has the symbol ${p.symbol}; pick one from the market's symbols.`,
        );
      }
      const from = backtestInstant(p.from, false);
      const to = backtestInstant(p.to, true);
      const { bars, source, label } = await barsOf(
        userId,
        p,
        Math.floor(from.getTime() / 1000),
        Math.ceil(to.getTime() / 1000),
      );
      if (bars.length === 0) {
        throw backtestError.onField(
          'from',
          'BACKTEST_NO_BARS',
          `There are no closed ${instrument.id} ${p.timeframe} bars from ${p.from} to ${p.to}; pick a range in the past with market hours in it.`,
        );
      }

      // counted once the run is sure to start: a refused request costs no use of the day
      await deps.entitlements?.assertIncluded(userId, 'strategy_backtesting');
      await deps.entitlements?.takeToday(userId, 'backtests_per_day');
      const id = newId();
      const request = {
        strategyId,
        symbol: instrument.id,
        timeframe: p.timeframe,
        from: from.toISOString(),
        to: to.toISOString(),
        initialBalance: p.initial_balance,
        currency: p.currency,
        leverage: p.leverage,
      };
      const firstBar = bars[0]!;
      const lastBar = bars[bars.length - 1]!;
      await repo.insert({
        id,
        userId,
        strategyId,
        status: 'running',
        progress: 0,
        request,
        graph,
        graphVersion: graph.version,
        strategyUpdatedAt: new Date(strategy.updatedAt),
        dataSource: DATA_SOURCES[source],
        dataLabel: label,
        bars: bars.length,
        firstBarAt: new Date(firstBar.time * 1000),
        lastBarAt: new Date(lastBar.time * 1000),
        createdAt: clock.now(),
      });

      const timeZone = (await users.getById(userId)).timeZone;
      const started = performance.now();
      let row: BacktestRow;
      try {
        const result = backtest(graph, toCandleArrays(bars), instrument, {
          currency: p.currency,
          initialBalance: p.initial_balance,
          leverage: p.leverage,
          barSeconds: timeframeSeconds(p.timeframe),
          events: eventsAround(from.getTime(), to.getTime()),
          quoteAt: quoteReader(),
          newId,
          accountId: id,
          strategy: strategy.name,
          timeZone,
        });
        const report = toWire(result.metrics, {
          accountIds: [id],
          currency: p.currency,
          timeZone,
          from: request.from,
          to: request.to,
          query: {},
        });
        const extra = new Map(result.trades.map((t) => [t.id, t]));
        const trades: BacktestTrade[] = report.trades.map((t) => {
          const x = extra.get(t.id)!;
          return {
            ...t,
            entryNodeId: x.entryNodeId,
            exitNodeId: x.exitNodeId,
            exitReason: x.exitReason,
            takeProfit: x.takeProfit,
          };
        });
        const scale = 10 ** minorUnitDigits(p.currency);
        const equity = result.equity.map((e) => ({
          time: new Date(e.timeMs).toISOString(),
          balance: e.balanceMinor / scale,
          equity: Math.round(e.equity * scale) / scale,
        }));
        const o = report.overview;
        const summary: BacktestSummaryFigures = {
          tradeCount: o.count,
          net: o.net,
          returnPercent: o.returnPercent,
          maxDrawdownPercent: o.maxDrawdown.percent,
          winRate: o.winRate,
          profitFactor: o.profitFactor,
        };
        row = await repo.update(id, {
          status: 'done',
          progress: 1,
          result: { trades, report, equity },
          signals: result.signals,
          summary,
          finalBalance: minorToDecimal(result.finalBalanceMinor, p.currency),
          durationMs: Math.round(performance.now() - started),
          finishedAt: clock.now(),
        });
      } catch (error) {
        if (!(error instanceof RangeError) && !(error instanceof GraphInvalidError)) {
          await repo.update(id, {
            status: 'failed',
            progress: 1,
            error: 'The backtest stopped on an internal error; nothing was saved of its results.',
            finishedAt: clock.now(),
          });
          throw error;
        }
        row = await repo.update(id, {
          status: 'failed',
          progress: 1,
          error: `The backtest could not finish: ${error.message}`,
          durationMs: Math.round(performance.now() - started),
          finishedAt: clock.now(),
        });
      }
      await repo.trim(strategyId, BACKTEST_MAX_PER_STRATEGY);
      return toBacktest(row);
    },

    async list(userId: string, strategyId: string): Promise<BacktestSummary[]> {
      if (!(await strategies.find(userId, strategyId))) {
        throw backtestError('BACKTEST_STRATEGY_NOT_FOUND', 'You have no strategy with this id.');
      }
      const rows = await repo.list(userId, strategyId);
      return rows.map((r) => ({
        ...base(r),
        tradeCount: r.summary?.tradeCount ?? 0,
        net: r.summary?.net ?? null,
        returnPercent: r.summary?.returnPercent ?? null,
        maxDrawdownPercent: r.summary?.maxDrawdownPercent ?? null,
        winRate: r.summary?.winRate ?? null,
        profitFactor: r.summary?.profitFactor ?? null,
      }));
    },

    async get(userId: string, id: string): Promise<Backtest> {
      const row = await repo.get(userId, id);
      if (!row) throw backtestError('BACKTEST_NOT_FOUND', 'You have no backtest with this id.');
      return toBacktest(row);
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!(await repo.remove(userId, id)))
        throw backtestError('BACKTEST_NOT_FOUND', 'You have no backtest with this id.');
    },
  };
}
export type BacktestsService = ReturnType<typeof createBacktestsService>;

type ListRow = Omit<BacktestRow, 'result' | 'graph' | 'userId'> & { userId?: string };

function base(r: ListRow): Omit<Backtest, 'trades' | 'report' | 'equity'> {
  return {
    id: r.id,
    strategyId: r.strategyId,
    status: r.status,
    progress: r.progress,
    request: r.request,
    graphVersion: r.graphVersion,
    strategyUpdatedAt: r.strategyUpdatedAt.toISOString(),
    dataSource: r.dataSource,
    dataLabel: r.dataLabel,
    bars: r.bars,
    firstBarAt: r.firstBarAt?.toISOString() ?? null,
    lastBarAt: r.lastBarAt?.toISOString() ?? null,
    signals: r.signals,
    finalBalance: r.finalBalance === null ? null : Number(r.finalBalance),
    error: r.error,
    durationMs: r.durationMs,
    createdAt: r.createdAt.toISOString(),
    finishedAt: r.finishedAt?.toISOString() ?? null,
  };
}

function toBacktest(row: BacktestRow): Backtest {
  return {
    ...base(row),
    trades: row.result?.trades ?? [],
    report: row.result?.report ?? null,
    equity: row.result?.equity ?? [],
  };
}
