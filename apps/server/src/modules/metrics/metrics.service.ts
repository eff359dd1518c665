import type {
  ErrorCategory,
  MetricsBucket,
  MetricsQuery,
  MetricsResponse,
  MetricsSession,
  MetricsTrade,
  metricsErrorCodes,
} from '@tradedesk/contracts';
import {
  type BidAsk,
  type Bucket,
  type Candle,
  type ComplianceFilter,
  computeMetrics,
  dateToEpochDay,
  decimalToMinor,
  type Excursion,
  filterByCompliance,
  filterTrades,
  getInstrument,
  isEmptyComplianceFilter,
  localToUtcMs,
  type Metrics,
  type MetricsTradeInput,
  minorUnitDigits,
  positionProfit,
  type SimulatedMarket,
  tradeExcursions,
} from '@tradedesk/core';
import { defineErrors } from '../../platform/errors.js';
import type { CandlesService } from '../candles/candles.service.js';
import type { ComplianceRepository } from '../compliance/compliance.repository.js';
import type { MarketHistoryService } from '../market/market.history.service.js';
import type { AccountsService } from '../trading/accounts.service.js';
import type { TradingAccountRow, TradingPositionRow } from '../trading/trading.table.js';
import type { UsersService } from '../users/users.service.js';
import type { MetricsRepository } from './metrics.repository.js';
import type { TradingPositionExcursionRow } from './metrics.table.js';

export const metricsError = defineErrors({
  METRICS_MIXED_CURRENCIES: 'unprocessable',
  METRICS_INVALID_RANGE: 'validation',
} as const satisfies Record<(typeof metricsErrorCodes)[number], ErrorCategory>);

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const MINUTE_MS = 60_000;
/** Bars read per history call while scanning a long trade. */
const BARS_PER_CALL = 5_000;
/** Excursions kept in memory (closed trades never change; an import of the symbol moves its version). */
const EXCURSION_CACHE_ENTRIES = 200_000;

type Excursions = { mfe: Excursion; mae: Excursion } | null;

/**
 * GET /trading/metrics/{accountID}: the caller's closed trades of one account (or all of them, in one currency)
 * through the core's metrics, with MFE/MAE scanned from the 1-minute bars the chart history serves (the
 * simulated market, the caller's imported candles in its place where they cover it).
 */
export function createMetricsService(deps: {
  repo: MetricsRepository;
  accounts: Pick<AccountsService, 'owned'>;
  users: Pick<UsersService, 'getById'>;
  history: Pick<MarketHistoryService, 'candles'>;
  candles: Pick<CandlesService, 'importsVersion' | 'findImportedBars'>;
  market: SimulatedMarket;
  /** The strategy each trade is linked to (the journal's trade annotations), by position id. */
  strategies: { strategiesOf(positionIds: readonly string[]): Promise<Map<string, string>> };
  /** The journal's annotations and the playbook, for the compliance filters (approach, checklist_item, ...). */
  compliance: Pick<ComplianceRepository, 'annotationsOf' | 'playbookOf'>;
}) {
  const { repo, accounts, users, history, candles, market, strategies, compliance } = deps;
  const excursionCache = new Map<string, Excursions>();

  async function accountsFor(userId: string, accountID: string, currency?: string): Promise<TradingAccountRow[]> {
    if (accountID !== 'all') {
      const account = await accounts.owned(userId, accountID);
      if (currency && account.currency !== currency) {
        throw metricsError.onField(
          'currency',
          'METRICS_MIXED_CURRENCIES',
          `currency is ${currency} but this account is kept in ${account.currency}; metrics do not convert between currencies.`,
        );
      }
      return [account];
    }
    const all = (await repo.accountsOf(userId)).filter((a) => !currency || a.currency === currency);
    const currencies = [...new Set(all.map((a) => a.currency))].sort();
    if (currencies.length > 1) {
      throw metricsError.onField(
        'currency',
        'METRICS_MIXED_CURRENCIES',
        `Your accounts are kept in ${currencies.join(', ')}: metrics of all accounts together need one currency, so choose it with currency (metrics do not convert between currencies).`,
      );
    }
    return all;
  }

  /** The instant a `from` or `to` stands for: a date is that day's midnight (to: the next day's) in the zone. */
  function instantOf(value: string | undefined, zone: string, end: boolean): Date | undefined {
    if (value === undefined) return undefined;
    if (!DATE_ONLY.test(value)) return new Date(value);
    return new Date(localToUtcMs(zone, dateToEpochDay(value) + (end ? 1 : 0), 0));
  }

  /** A lazy quote book on the simulated market at an instant (conversion rates for an unmoved trade's value). */
  function quotesAt(ms: number) {
    const cache = new Map<string, BidAsk | undefined>();
    return {
      get(symbol: string): BidAsk | undefined {
        if (!cache.has(symbol)) {
          try {
            const q = market.quote(symbol, ms);
            cache.set(symbol, { bid: q.bid, ask: q.ask, time: ms });
          } catch {
            cache.set(symbol, undefined);
          }
        }
        return cache.get(symbol);
      },
    };
  }

  /**
   * Minor units the whole trade gains per 1.0 of price in its favour: from its booked profit and price move (so at
   * the rate it was booked at), or, when it closed at its open price, from the instrument at the close's rates.
   */
  function minorPerPrice(p: TradingPositionRow, exit: number, profitMinor: number, currency: string): number | null {
    const dir = p.side === 'buy' ? 1 : -1;
    const move = (exit - p.openPrice) * dir;
    if (Math.abs(move) > 1e-12 && profitMinor !== 0) {
      const value = profitMinor / move;
      if (value > 0) return value;
    }
    try {
      const instrument = getInstrument(p.symbol);
      const side = p.side === 'sell' ? 'sell' : 'buy';
      const one = positionProfit(
        instrument,
        side,
        p.initialVolume,
        p.openPrice,
        p.openPrice + dir * instrument.pointSize,
        currency,
        quotesAt(p.closedAt!.getTime()),
      );
      const value = (one / instrument.pointSize) * 10 ** minorUnitDigits(currency);
      return Number.isFinite(value) && value > 0 ? value : null;
    } catch {
      return null;
    }
  }

  /** The 1-minute bars from the trade's opening minute to its close, as the chart history serves them. */
  async function minuteBars(userId: string, t: MetricsTradeInput): Promise<Candle[]> {
    const bars: Candle[] = [];
    let start = Math.floor(t.openedAtMs / MINUTE_MS) * 60;
    const end = Math.floor(t.closedAtMs / 1000) + 1;
    while (start < end) {
      const { answer } = await history.candles({
        userId,
        symbol: t.symbol,
        timeframe: '1m',
        mode: 'from',
        startTime: start,
        endTime: end,
        limit: BARS_PER_CALL,
      });
      for (const c of answer.candles) bars.push(c);
      const last = answer.candles[answer.candles.length - 1];
      if (!last || answer.candles.length < BARS_PER_CALL) break;
      start = last.time + 60;
    }
    return bars;
  }

  /**
   * Where the caller's (or the deployment's) imported 1-minute candles replace the simulator for a symbol over a
   * span (unix seconds); null when that cannot be told (then nothing of the symbol is kept or read back).
   */
  async function importedRanges(userId: string, symbol: string, from: number, to: number) {
    try {
      const { ranges } = await candles.findImportedBars({ userId, symbol, timeframe: '1m', from, to, limit: 1 });
      return ranges;
    } catch {
      return null;
    }
  }

  /**
   * MFE/MAE of each trade: from memory (under the symbol's import version), else kept in the database (where no
   * imported candles cover the trade: the simulator's bars never change), else scanned from the 1-minute bars and
   * kept.
   */
  async function excursionsOf(userId: string, accountIds: string[], trades: MetricsTradeInput[]): Promise<void> {
    const versions = new Map<string, string>();
    const missing: { trade: MetricsTradeInput; key: string }[] = [];
    for (const t of trades) {
      if (t.minorPerPrice === null) continue;
      let version = versions.get(t.symbol);
      if (version === undefined) {
        version = String(await candles.importsVersion(t.symbol));
        versions.set(t.symbol, version);
      }
      const key = `${userId}|${t.id}|${version}`;
      const found = excursionCache.get(key);
      if (found === undefined) missing.push({ trade: t, key });
      else {
        t.mfe = found?.mfe ?? null;
        t.mae = found?.mae ?? null;
      }
    }
    if (missing.length === 0) return;

    // the imported ranges of each symbol over the span of its missing trades
    const spans = new Map<string, { from: number; to: number }>();
    for (const { trade: t } of missing) {
      const from = Math.floor(t.openedAtMs / MINUTE_MS) * 60;
      const to = Math.floor(t.closedAtMs / 1000);
      const span = spans.get(t.symbol);
      spans.set(t.symbol, span ? { from: Math.min(span.from, from), to: Math.max(span.to, to) } : { from, to });
    }
    const ranges = new Map<string, { from: number; to: number }[] | null>();
    for (const [symbol, span] of spans) ranges.set(symbol, await importedRanges(userId, symbol, span.from, span.to));
    const kept = await repo.keptExcursions(accountIds);
    const toKeep: TradingPositionExcursionRow[] = [];

    for (const { trade: t, key } of missing) {
      const from = Math.floor(t.openedAtMs / MINUTE_MS) * 60;
      const to = Math.floor(t.closedAtMs / 1000);
      const imported = ranges.get(t.symbol);
      const simulatedOnly =
        imported !== null && imported !== undefined && !imported.some((r) => r.from <= to && r.to >= from);
      const row = simulatedOnly ? kept.get(t.id) : undefined;
      let found: Excursions;
      if (row) {
        found = {
          mfe: { price: row.mfePrice, timeMs: row.mfeTime.getTime(), minor: row.mfeMinor },
          mae: { price: row.maePrice, timeMs: row.maeTime.getTime(), minor: row.maeMinor },
        };
      } else {
        try {
          const bars = await minuteBars(userId, t);
          found = tradeExcursions({ ...t, minorPerPrice: t.minorPerPrice! }, bars);
          if (simulatedOnly) {
            toKeep.push({
              positionId: t.id,
              mfePrice: found.mfe.price,
              mfeTime: new Date(found.mfe.timeMs),
              mfeMinor: found.mfe.minor,
              maePrice: found.mae.price,
              maeTime: new Date(found.mae.timeMs),
              maeMinor: found.mae.minor,
              computedAt: new Date(),
            });
          }
        } catch {
          // a symbol the market does not know (an old import since deleted): no excursions
          found = null;
        }
      }
      if (excursionCache.size >= EXCURSION_CACHE_ENTRIES) excursionCache.clear();
      excursionCache.set(key, found);
      t.mfe = found?.mfe ?? null;
      t.mae = found?.mae ?? null;
    }
    if (toKeep.length > 0) await repo.keepExcursions(toKeep);
  }

  /**
   * The caller's closed trades of one account (or `all`, in one currency) whose close falls in the range, as the
   * core's trade input (money in minor units, each with the strategy its journal annotation links it to): what
   * the metrics are computed from, and the compliance analytics too.
   */
  async function closedTrades(
    userId: string,
    accountID: string,
    query: Pick<MetricsQuery, 'from' | 'to' | 'tz' | 'currency' | 'symbol' | 'direction'>,
  ) {
    const accountRows = await accountsFor(userId, accountID, query.currency);
    const currency = accountRows[0]?.currency ?? query.currency ?? 'USD';
    const timeZone = query.tz ?? (await users.getById(userId)).timeZone;
    const from = instantOf(query.from, timeZone, false);
    const to = instantOf(query.to, timeZone, true);
    if (from && to && to <= from) {
      throw metricsError.onField('to', 'METRICS_INVALID_RANGE', 'to must be later than from.');
    }
    const ids = accountRows.map((a) => a.id);
    const side = query.direction === 'long' ? 'buy' : query.direction === 'short' ? 'sell' : undefined;
    const [rows, exits, stops] = await Promise.all([
      repo.closedPositions(ids, { from, to, symbol: query.symbol, side }),
      repo.exitPrices(ids),
      repo.firstStops(ids),
    ]);
    const minor = (s: string) => decimalToMinor(s, currency);
    const strategyOf = await strategies.strategiesOf(rows.map((p) => p.id));

    const trades: MetricsTradeInput[] = rows.map((p) => {
      const exit = exits.get(p.id) ?? p.closePrice ?? p.openPrice;
      const profitMinor = minor(p.profit);
      return {
        id: p.id,
        accountId: p.accountId,
        symbol: p.symbol,
        side: p.side === 'sell' ? 'sell' : 'buy',
        volume: p.initialVolume,
        openPrice: p.openPrice,
        closePrice: exit,
        openedAtMs: p.openedAt.getTime(),
        closedAtMs: p.closedAt!.getTime(),
        profitMinor,
        commissionMinor: minor(p.commission),
        swapMinor: minor(p.swap),
        initialStopLoss: stops.has(p.id) ? (stops.get(p.id) ?? null) : p.stopLoss,
        minorPerPrice: minorPerPrice(p, exit, profitMinor, currency),
        strategy: strategyOf.get(p.id) ?? null,
      };
    });
    return { accountRows, accountIds: ids, currency, timeZone, from, to, trades };
  }

  return {
    closedTrades,

    async metrics(userId: string, accountID: string, query: MetricsQuery): Promise<MetricsResponse> {
      const {
        accountRows,
        accountIds: ids,
        currency,
        timeZone,
        from,
        to,
        trades: inputs,
      } = await closedTrades(userId, accountID, query);
      const [balanceDeals, moved] = await Promise.all([
        repo.balanceDeals(ids, from, to),
        from ? repo.movedBefore(ids, from) : Promise.resolve([]),
      ]);
      const minor = (s: string) => decimalToMinor(s, currency);
      const filter: ComplianceFilter = {
        approach: query.approach,
        checklistItem: query.checklist_item,
        checklist: query.checklist,
        reviewed: query.reviewed,
        discipline: query.discipline,
      };
      let trades = filterTrades(inputs, { session: query.session, strategy: query.strategy });
      if (!isEmptyComplianceFilter(filter)) {
        const [annotations, playbook] = await Promise.all([
          compliance.annotationsOf(
            userId,
            trades.map((t) => t.id),
          ),
          compliance.playbookOf(userId),
        ]);
        trades = filterByCompliance(trades, annotations, playbook, filter);
      }
      await excursionsOf(userId, ids, trades);

      let startingBalanceMinor = 0;
      for (const a of accountRows) startingBalanceMinor += minor(a.startingBalance);
      for (const m of moved) startingBalanceMinor += minor(m.sum);
      const metrics = computeMetrics({
        trades,
        balanceOperations: balanceDeals.map((d) => ({ timeMs: d.time.getTime(), amountMinor: minor(d.amount) })),
        startingBalanceMinor,
        timeZone,
      });
      return toWire(metrics, {
        accountIds: ids,
        currency,
        timeZone,
        from: from?.toISOString() ?? null,
        to: to?.toISOString() ?? null,
        query,
      });
    },
  };
}
export type MetricsService = ReturnType<typeof createMetricsService>;

/** The core's figures (minor units, epoch milliseconds) as the wire's (major units, ISO times). */
function toWire(
  m: Metrics,
  meta: {
    accountIds: string[];
    currency: string;
    timeZone: string;
    from: string | null;
    to: string | null;
    query: MetricsQuery;
  },
): MetricsResponse {
  const scale = 10 ** minorUnitDigits(meta.currency);
  const money = (minor: number) => minor / scale;
  const maybe = (minor: number | null) => (minor === null ? null : minor / scale);
  const iso = (ms: number) => new Date(ms).toISOString();
  const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));
  const bucket = (b: Bucket): MetricsBucket => ({
    count: b.count,
    wins: b.wins,
    losses: b.losses,
    breakEven: b.breakEven,
    net: money(b.net),
    gross: money(b.gross),
    commission: money(b.commission),
    swap: money(b.swap),
    winRate: b.winRate,
    profitFactor: b.profitFactor,
    averageNet: maybe(b.averageNet),
    averageR: b.averageR,
    tradeIds: b.tradeIds,
  });
  const day = (d: Metrics['days'][number]) => ({ ...bucket(d), date: d.date, balance: money(d.balance) });
  const o = m.overview;
  const overview = {
    ...bucket(o),
    longCount: o.longCount,
    shortCount: o.shortCount,
    expectancy: maybe(o.expectancy),
    averageWin: maybe(o.averageWin),
    averageLoss: maybe(o.averageLoss),
    largestWin: maybe(o.largestWin),
    largestLoss: maybe(o.largestLoss),
    largestWinTradeId: o.largestWinTradeId,
    largestLossTradeId: o.largestLossTradeId,
    tradesWithR: o.tradesWithR,
    maxDrawdown: {
      money: money(o.maxDrawdown.money),
      percent: o.maxDrawdown.percent,
      peakAt: isoOrNull(o.maxDrawdown.peakAtMs),
      troughAt: isoOrNull(o.maxDrawdown.troughAtMs),
      recoveredAt: isoOrNull(o.maxDrawdown.recoveredAtMs),
      recovered: o.maxDrawdown.recovered,
      durationSeconds: o.maxDrawdown.durationSeconds,
    },
    startingBalance: money(o.startingBalance),
    returnPercent: o.returnPercent,
    sharpe: o.sharpe,
    sortino: o.sortino,
    kRatio: o.kRatio,
    longestWinStreak: { ...o.longestWinStreak, net: money(o.longestWinStreak.net) },
    longestLossStreak: { ...o.longestLossStreak, net: money(o.longestLossStreak.net) },
    flags: o.flags,
  };
  const byHour = m.byHour.map((b) => ({ ...bucket(b), hour: b.hour }));
  const dayOfWeek = m.dayOfWeek.map((b) => ({ ...bucket(b), weekday: b.weekday }));
  const hodl = m.hodl.map((b) => ({
    ...bucket(b),
    id: b.id as MetricsResponse['hodl'][number]['id'],
    fromSeconds: b.fromSeconds,
    toSeconds: b.toSeconds,
  }));
  const g = m.general;
  const excursion = (e: Excursion | null | undefined, r: number | null) =>
    e ? { price: e.price, money: money(e.minor), time: iso(e.timeMs), r } : null;
  const trades: MetricsTrade[] = m.trades.map((f) => {
    const t = f.trade;
    return {
      id: t.id,
      accountId: t.accountId,
      symbol: t.symbol,
      direction: t.side === 'buy' ? 'long' : 'short',
      volume: t.volume,
      openPrice: t.openPrice,
      closePrice: t.closePrice,
      openedAt: iso(t.openedAtMs),
      closedAt: iso(t.closedAtMs),
      holdingSeconds: f.holdingSeconds,
      gross: money(t.profitMinor),
      commission: money(t.commissionMinor),
      swap: money(t.swapMinor),
      net: money(f.net),
      initialStopLoss: t.initialStopLoss,
      risk: maybe(f.risk),
      r: f.r,
      session: f.session as MetricsSession,
      strategy: t.strategy,
      mfe: excursion(t.mfe, f.mfeR),
      mae: excursion(t.mae, f.maeR),
      bestExitNet: maybe(f.bestExitNet),
    };
  });
  return {
    accountIds: meta.accountIds,
    currency: meta.currency,
    timeZone: meta.timeZone,
    from: meta.from,
    to: meta.to,
    filters: {
      symbol: meta.query.symbol ?? null,
      direction: meta.query.direction ?? null,
      session: meta.query.session ?? null,
      strategy: meta.query.strategy ?? null,
      approach: meta.query.approach ?? null,
      checklistItem: meta.query.checklist_item ?? null,
      checklist: meta.query.checklist_item ? (meta.query.checklist ?? 'followed') : null,
      reviewed: meta.query.reviewed ?? null,
      discipline: meta.query.discipline ?? null,
    },
    overview,
    timeAnalysis: { byHour, bySession: m.bySession.map((b) => ({ ...bucket(b), session: b.session })) },
    general: {
      firstTradeAt: isoOrNull(g.firstTradeAtMs),
      lastTradeAt: isoOrNull(g.lastTradeAtMs),
      tradingDays: g.tradingDays,
      winningDays: g.winningDays,
      losingDays: g.losingDays,
      bestDay: g.bestDay ? day(g.bestDay) : null,
      worstDay: g.worstDay ? day(g.worstDay) : null,
      averageDailyNet: maybe(g.averageDailyNet),
      averageTradesPerDay: g.averageTradesPerDay,
      totalVolume: g.totalVolume,
      averageVolume: g.averageVolume,
      averageHoldingSeconds: g.averageHoldingSeconds,
      averageWinHoldingSeconds: g.averageWinHoldingSeconds,
      averageLossHoldingSeconds: g.averageLossHoldingSeconds,
      long: bucket(g.long),
      short: bucket(g.short),
      averageMfeCapturePercent: g.averageMfeCapturePercent,
      averageMfeR: g.averageMfeR,
      averageMaeR: g.averageMaeR,
    },
    dailyPerf: {
      days: m.days.map(day),
      weeks: m.weeks.map((w) => ({ ...bucket(w), weekStart: w.weekStart, tradingDays: w.tradingDays })),
    },
    dayOfWeek,
    hodl,
    symbols: m.symbols.map((s) => ({ ...bucket(s), symbol: s.symbol, long: bucket(s.long), short: bucket(s.short) })),
    symbol: meta.query.symbol ? { symbol: meta.query.symbol, overview, byHour, dayOfWeek, hodl } : null,
    curves: {
      points: m.curve.map((p) => ({
        time: iso(p.timeMs),
        balance: money(p.balance),
        equity: money(p.equity),
        drawdown: money(p.drawdown),
        drawdownPercent: p.drawdownPercent,
        tradeId: p.tradeId,
        kind: p.kind,
      })),
    },
    trades,
  };
}
