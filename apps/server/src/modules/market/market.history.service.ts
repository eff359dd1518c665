import { createHash } from 'node:crypto';
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
  /**
   * When the answer is a run of final simulated bars kept in memory plus the last bar: that run (the same array
   * on every request until a new bar starts), whose serialised form is kept too.
   */
  finalPrefix?: Candle[];
};

/** A history answer ready to send: its JSON bytes and a weak ETag. */
export type SerialisedHistory = { body: Buffer; etag: string; closed: boolean };

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
  candles: Pick<CandlesService, 'findImportedBars' | 'importsVersion'>;
  /** Answers of final simulated bars kept in memory (default 256). */
  cacheEntries?: number;
  /** Serialised answers of closed ranges kept in memory (default 512). */
  answerEntries?: number;
}) {
  const { market, clock, candles } = deps;
  const finalBars = new FinalBarsCache<Candle[]>(deps.cacheEntries ?? 256);
  const closedAnswers = new FinalBarsCache<SerialisedHistory>(deps.answerEntries ?? 512);
  // the last bar as of an instant: under load many requests share the clock's millisecond
  const lastBars = new FinalBarsCache<Candle[]>(64);
  // a run of final bars with the last bar it was last answered with (never changed once built, like the run)
  const withLast = new WeakMap<Candle[], { tail: Candle; bars: Candle[] }>();
  // the latest answer per request as of one clock millisecond: an answer depends only on the request, the
  // symbol's import version and the instant, so the requests of one millisecond share its bytes and ETag
  const instantAnswers = new Map<string, { ms: number; answer: SerialisedHistory }>();
  type Fragment = { json: Buffer; hash: string; last?: { head: string; tail: string; answer: SerialisedHistory } };
  const fragments = new WeakMap<Candle[], Fragment>();

  /**
   * The answer's bytes. A final run plus the last bar reuses the run's serialised bytes and their hash (the ETag
   * hashes the rest of the answer with the run's hash), so a request for the latest bars serialises one bar.
   */
  function serialise(history: History): SerialisedHistory {
    const { answer, finalPrefix, closed } = history;
    const last = answer.candles[answer.candles.length - 1];
    if (!finalPrefix || finalPrefix.length === 0 || !last || finalPrefix.length !== answer.candles.length - 1) {
      const json = JSON.stringify(answer);
      return { body: Buffer.from(json), etag: weakEtag(json), closed };
    }
    let fragment = fragments.get(finalPrefix);
    if (!fragment) {
      const json = JSON.stringify(finalPrefix).slice(1, -1);
      fragment = { json: Buffer.from(json), hash: hashOf(json) };
      fragments.set(finalPrefix, fragment);
    }
    // the answer's fields in their order, candles last: `{...,"candles":[` (`{...,"candles":[]}` without `]}`)
    const head = JSON.stringify({ ...answer, candles: [] }).slice(0, -2);
    const tail = JSON.stringify(last);
    // the previous answer again while the last bar has not moved (within a millisecond, or a closed market)
    const previous = fragment.last;
    if (previous && previous.head === head && previous.tail === tail && previous.answer.closed === closed) {
      return previous.answer;
    }
    const body = Buffer.concat([Buffer.from(head), fragment.json, Buffer.from(`,${tail}]}`)]);
    const serialised = { body, etag: weakEtag(`${head}\n${fragment.hash}\n${tail}`), closed };
    fragment.last = { head, tail, answer: serialised };
    return serialised;
  }

  /**
   * The simulator's bars. Bars whose period has ended never change (the market is deterministic), so they are
   * computed once per process and kept: for the latest bars only the last one is computed on each call.
   */
  function simulated(
    id: string,
    timeframe: MarketTimeframe,
    q: { startTime: number | undefined; endTime: number | undefined; limit: number; asOfMs: number },
  ): { bars: Candle[]; finalPrefix?: Candle[] } {
    const to = q.endTime !== undefined ? { to: q.endTime } : {};
    if (q.startTime === undefined) {
      const last = lastBars.get(`${id}|${timeframe}|<${q.endTime ?? ''}|@${q.asOfMs}`, 0, () =>
        market.candles(id, timeframe, { ...to, limit: 1, asOfMs: q.asOfMs }),
      );
      const tail = last[0];
      if (!tail || q.limit === 1) return { bars: last };
      // every bar before the last one has ended
      const before = finalBars.get(`${id}|${timeframe}|<${tail.time}|${q.limit - 1}`, 0, () =>
        market.candles(id, timeframe, { to: tail.time, limit: q.limit - 1, asOfMs: q.asOfMs }),
      );
      // the run plus the last bar, built once per last bar (the requests of one millisecond share it)
      const joined = withLast.get(before);
      if (joined?.tail === tail) return { bars: joined.bars, finalPrefix: before };
      const bars = [...before, tail];
      withLast.set(before, { tail, bars });
      return { bars, finalPrefix: before };
    }
    const nowSec = Math.floor(q.asOfMs / 1000);
    const key = `${id}|${timeframe}|>=${q.startTime}|<${q.endTime ?? ''}|${q.limit}`;
    const hit = finalBars.peek(key, nowSec);
    if (hit) return { bars: hit };
    const bars = market.candles(id, timeframe, { from: q.startTime, ...to, limit: q.limit, asOfMs: q.asOfMs });
    const last = bars[bars.length - 1];
    const complete = bars.length === q.limit || (q.endTime !== undefined && q.endTime <= nowSec);
    if (last && complete && !isForming(id, timeframe, last.time, nowSec)) finalBars.set(key, bars, nowSec);
    return { bars };
  }

  const service = {
    /** A computed answer's bytes and ETag. */
    serialise,

    /**
     * The answer of `candles` serialised, for the history route. Answers of closed ranges are kept (bytes and
     * ETag) under the caller, the request and the symbol's import version, so a repeat neither recomputes nor
     * serialises; an import of the symbol added or deleted anywhere moves the version and so drops them.
     */
    async serialised(req: HistoryRequest): Promise<SerialisedHistory> {
      const instrument = resolveInstrument(req.symbol, req.source);
      // read before the bars: an import committed meanwhile moves it, and what is stored under it is never found
      const version = await candles.importsVersion(instrument.id);
      const nowMs = clock.now().getTime();
      const nowSec = Math.floor(nowMs / 1000);
      const key = [
        req.userId ?? '',
        instrument.id,
        req.timeframe,
        req.mode,
        req.mode === 'from' ? req.startTime : '',
        req.endTime ?? '',
        req.limit,
        version,
      ].join('|');
      const hit = closedAnswers.peek(key, nowSec);
      if (hit) return hit;
      const instant = instantAnswers.get(key);
      if (instant && instant.ms === nowMs) return instant.answer;
      const answer = serialise(await candlesAt(req, nowMs));
      if (answer.closed) closedAnswers.set(key, answer, nowSec);
      else {
        // bounded: any caller picks the request; the entries of past instants are only dropped by this
        if (instantAnswers.size >= 256) instantAnswers.clear();
        instantAnswers.set(key, { ms: nowMs, answer });
      }
      return answer;
    },

    async candles(req: HistoryRequest): Promise<History> {
      return candlesAt(req, clock.now().getTime());
    },

    /** The answer of `candles` as of the instant `nowMs` (the alerts read the chart's bars as of their run). */
    candlesAsOf: (req: HistoryRequest, nowMs: number): Promise<History> => candlesAt(req, nowMs),
  };

  /** The answer of `candles` as of the instant `nowMs`. */
  async function candlesAt(req: HistoryRequest, nowMs: number): Promise<History> {
    const instrument = resolveInstrument(req.symbol, req.source);
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
    const fromSimulator = outside
      ? { bars: [] }
      : simulated(instrument.id, timeframe, { startTime, endTime, limit, asOfMs });
    const sim = fromSimulator.bars;

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
      ...(merged === sim && fromSimulator.finalPrefix ? { finalPrefix: fromSimulator.finalPrefix } : {}),
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
  }
  return service;
}
export type MarketHistoryService = ReturnType<typeof createMarketHistoryService>;

/** Whether the bar stamped `time` may still change at `nowSec`: it holds now, or its period has not ended yet. */
function isForming(instrumentId: string, timeframe: MarketTimeframe, time: number, nowSec: number): boolean {
  if (time + timeframeSeconds(timeframe) > nowSec) return true;
  return candleTimeOf(instrumentId, timeframe, nowSec) === time;
}

function hashOf(text: string): string {
  return createHash('sha1').update(text).digest('base64url');
}

/** Weak: the same JSON leaves compressed or not, depending on the client's Accept-Encoding. */
function weakEtag(text: string): string {
  return `W/"${hashOf(text)}"`;
}

/**
 * Runs of final simulated bars (or answers made of them) by request, least recently used dropped first. An entry
 * is valid from the instant it was found final (a clock moved back, as in tests, does not see bars of its future).
 */
class FinalBarsCache<T> {
  readonly #entries = new Map<string, { bars: T; since: number }>();
  constructor(readonly size: number) {}

  peek(key: string, nowSec: number): T | undefined {
    const e = this.#entries.get(key);
    if (!e || nowSec < e.since) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, e);
    return e.bars;
  }

  set(key: string, bars: T, since: number): void {
    this.#entries.delete(key);
    this.#entries.set(key, { bars, since });
    if (this.#entries.size > this.size) this.#entries.delete(this.#entries.keys().next().value!);
  }

  get(key: string, since: number, compute: () => T): T {
    const hit = this.peek(key, Number.POSITIVE_INFINITY);
    if (hit) return hit;
    const bars = compute();
    this.set(key, bars, since);
    return bars;
  }
}
