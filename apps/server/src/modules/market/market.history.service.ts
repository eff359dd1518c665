import {
  type HistoricalAnswer,
  type HistoryDataSource,
  MAX_HISTORY_CANDLES,
  type MarketSource,
  type MarketTimeframe,
  SIMULATED_LABEL,
} from '@tradedesk/contracts';
import {
  type Candle,
  candleTimeOf,
  type Instrument,
  SIM_MAX_TIME_MS,
  SIM_MIN_TIME_MS,
  type SimulatedMarket,
  timeframeSeconds,
} from '@tradedesk/core';
import type { Clock } from '../../platform/clock.js';
import type { CandlesService } from '../candles/candles.service.js';
import { resolveInstrument } from './market.catalogue.service.js';
import { marketError } from './market.errors.js';

const MIN_SEC = SIM_MIN_TIME_MS / 1000;
const MAX_SEC = SIM_MAX_TIME_MS / 1000;

/** Bars of one symbol and timeframe, as the history routes and the indicator calculation read them. */
export type HistoryRequest = {
  /** The caller: their imported bars come first, then the deployment's. */
  userId: string | null;
  symbol: string;
  source?: MarketSource | undefined;
  timeframe: MarketTimeframe;
  limit: number;
} & (
  | { mode: 'latest'; endTime?: number | undefined }
  | { mode: 'from'; startTime: number; endTime?: number | undefined }
);

export type History = {
  instrument: Instrument;
  answer: HistoricalAnswer;
  /**
   * True when no later request can get other bars for this range from the simulator: every bar is final (its
   * period has ended) and no new bar can join the answer. Imports can still replace them, hence "private".
   */
  closed: boolean;
};

const LABELS: Record<HistoryDataSource, string> = {
  Simulated: SIMULATED_LABEL,
  Imported: 'Imported data',
  Mixed: `Imported data and ${SIMULATED_LABEL.toLowerCase()}`,
};

/**
 * Candle history: the deterministic simulated market, with the caller's (then the deployment's) imported bars in
 * place of the simulator's over the ranges they cover. "Now" is the injected clock's; the bar containing it is
 * the forming bar, later ones do not exist yet.
 */
export function createMarketHistoryService(deps: {
  market: SimulatedMarket;
  clock: Clock;
  candles: Pick<CandlesService, 'findImportedBars'>;
  /** Answers of final simulated bars kept in memory (default 256). */
  cacheEntries?: number;
}) {
  const { market, clock, candles } = deps;
  const finalBars = new FinalBarsCache(deps.cacheEntries ?? 256);

  /**
   * The simulator's bars. Bars whose period has ended never change (the market is deterministic), so they are
   * computed once per process and kept: for the latest bars only the last one is computed on each call.
   */
  function simulated(
    id: string,
    timeframe: MarketTimeframe,
    q: { startTime: number | undefined; endTime: number | undefined; limit: number; asOfMs: number },
  ): Candle[] {
    const to = q.endTime !== undefined ? { to: q.endTime } : {};
    if (q.startTime === undefined) {
      const last = market.candles(id, timeframe, { ...to, limit: 1, asOfMs: q.asOfMs });
      const tail = last[0];
      if (!tail || q.limit === 1) return last;
      // every bar before the last one has ended
      const before = finalBars.get(`${id}|${timeframe}|<${tail.time}|${q.limit - 1}`, 0, () =>
        market.candles(id, timeframe, { to: tail.time, limit: q.limit - 1, asOfMs: q.asOfMs }),
      );
      return [...before, tail];
    }
    const nowSec = Math.floor(q.asOfMs / 1000);
    const key = `${id}|${timeframe}|>=${q.startTime}|<${q.endTime ?? ''}|${q.limit}`;
    const hit = finalBars.peek(key, nowSec);
    if (hit) return hit;
    const bars = market.candles(id, timeframe, { from: q.startTime, ...to, limit: q.limit, asOfMs: q.asOfMs });
    const last = bars[bars.length - 1];
    const complete = bars.length === q.limit || (q.endTime !== undefined && q.endTime <= nowSec);
    if (last && complete && !isForming(id, timeframe, last.time, nowSec)) finalBars.set(key, bars, nowSec);
    return bars;
  }

  return {
    async candles(req: HistoryRequest): Promise<History> {
      const instrument = resolveInstrument(req.symbol, req.source);
      const nowMs = clock.now().getTime();
      const nowSec = Math.floor(nowMs / 1000);
      const { timeframe, limit } = req;
      if (limit < 1 || limit > MAX_HISTORY_CANDLES) {
        throw marketError.onField(
          'limit',
          'MARKET_RANGE_TOO_LARGE',
          `limit must be a whole number from 1 to ${MAX_HISTORY_CANDLES}.`,
        );
      }
      const endTime = req.endTime === undefined ? undefined : Math.min(req.endTime, MAX_SEC);
      const startTime = req.mode === 'from' ? Math.max(req.startTime, MIN_SEC) : undefined;
      if (startTime !== undefined && endTime !== undefined && endTime <= startTime) {
        throw marketError.onField('endTime', 'MARKET_RANGE_INVALID', 'endTime must be later than startTime.');
      }
      const asOfMs = Math.min(Math.max(nowMs, SIM_MIN_TIME_MS), SIM_MAX_TIME_MS);

      // nothing before the simulated range, and no bar starts after now
      const outside = (endTime !== undefined && endTime <= MIN_SEC) || (startTime !== undefined && startTime > nowSec);
      const sim: Candle[] = outside ? [] : simulated(instrument.id, timeframe, { startTime, endTime, limit, asOfMs });

      // the window the answer covers: where imported bars may take the simulator's place
      const windowFrom = startTime ?? sim[0]?.time;
      const windowTo = Math.min(endTime === undefined ? nowSec : endTime - 1, nowSec);
      let merged = sim;
      let ranges: { from: number; to: number }[] = [];
      let importedCount = 0;
      if (windowFrom !== undefined && windowTo >= windowFrom) {
        const imported = await candles.findImportedBars({
          userId: req.userId,
          symbol: instrument.id,
          timeframe,
          from: windowFrom,
          to: windowTo,
          limit: MAX_HISTORY_CANDLES,
          newest: startTime === undefined,
        });
        if (imported.ranges.length > 0) {
          ranges = imported.ranges;
          const covered = (t: number) => ranges.some((r) => t >= r.from && t <= r.to);
          merged = sim.filter((c) => !covered(c.time));
          for (const b of imported.bars) merged.push({ ...b });
          merged.sort((a, b) => a.time - b.time);
          merged = startTime !== undefined ? merged.slice(0, limit) : merged.slice(-limit);
          importedCount = merged.filter((c) => covered(c.time)).length;
        }
      }

      const last = merged[merged.length - 1];
      const forming = last !== undefined && isForming(instrument.id, timeframe, last.time, nowSec);
      const dataSource: HistoryDataSource =
        importedCount === 0 ? 'Simulated' : importedCount === merged.length ? 'Imported' : 'Mixed';
      const first = merged[0];
      const importedRanges =
        first && last
          ? ranges
              .filter((r) => r.to >= first.time && r.from <= last.time)
              .map((r) => ({ from: Math.max(r.from, first.time), to: Math.min(r.to, last.time) }))
          : [];
      const closed =
        !forming &&
        (req.mode === 'from'
          ? merged.length === limit || (endTime !== undefined && endTime <= nowSec)
          : endTime !== undefined && endTime <= nowSec);
      return {
        instrument,
        closed,
        answer: {
          symbol: `${instrument.source}:${instrument.ticker}`,
          source: instrument.source,
          timeframe,
          digits: instrument.digits,
          dataSource,
          label: LABELS[dataSource],
          importedRanges,
          forming,
          candles: merged,
        },
      };
    },
  };
}
export type MarketHistoryService = ReturnType<typeof createMarketHistoryService>;

/** Whether the bar stamped `time` may still change at `nowSec`: it holds now, or its period has not ended yet. */
function isForming(instrumentId: string, timeframe: MarketTimeframe, time: number, nowSec: number): boolean {
  if (time + timeframeSeconds(timeframe) > nowSec) return true;
  return candleTimeOf(instrumentId, timeframe, nowSec) === time;
}

/**
 * Runs of final simulated bars by request, least recently used dropped first. An entry is valid from the instant
 * it was found final (a clock moved back, as in tests, does not see bars of its future).
 */
class FinalBarsCache {
  readonly #entries = new Map<string, { bars: Candle[]; since: number }>();
  constructor(readonly size: number) {}

  peek(key: string, nowSec: number): Candle[] | undefined {
    const e = this.#entries.get(key);
    if (!e || nowSec < e.since) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, e);
    return e.bars;
  }

  set(key: string, bars: Candle[], since: number): void {
    this.#entries.delete(key);
    this.#entries.set(key, { bars, since });
    if (this.#entries.size > this.size) this.#entries.delete(this.#entries.keys().next().value!);
  }

  get(key: string, since: number, compute: () => Candle[]): Candle[] {
    const hit = this.peek(key, Number.POSITIVE_INFINITY);
    if (hit) return hit;
    const bars = compute();
    this.set(key, bars, since);
    return bars;
  }
}
