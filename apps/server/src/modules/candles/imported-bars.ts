import {
  type CandleImportTimeframe,
  importBucketStart,
  importNextBucketStart,
  importTimeframeDivides,
  importTimeframeKind,
  importTimeframeSeconds,
} from '@tradedesk/core';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { BarRow, CandlesRepository } from './candles.repository.js';
import type { ImportVersions } from './import-versions.js';

export type FindImportedBarsInput = {
  /** The caller: their own imports come first, then the deployment's. Null: the deployment's only. */
  userId: string | null;
  symbol: string;
  timeframe: CandleImportTimeframe;
  /** Bar start times, unix seconds, both inclusive. */
  from: number;
  to: number;
  /** At most this many bars (1 to 5000). */
  limit: number;
  /** With more bars in range than `limit`: the newest ones (the default is the oldest). */
  newest?: boolean;
};

/** A stretch served by imported bars: every bar start from `from` to `to` (inclusive) comes from imports. */
export type ImportedRange = { from: number; to: number };

export type ImportedBars = {
  /** In time order; a covered bucket without a bar is a closed market, not a gap to fill. */
  bars: BarRow[];
  /** Where imported bars replace the simulator within [from, to], whatever `limit` cut from `bars`. */
  ranges: ImportedRange[];
};

type Assignment = { ownerId: string | null; source: CandleImportTimeframe; start: number; end: number };

export const MAX_IMPORTED_BARS = 5000;
const TIMEFRAMES_CACHE_ENTRIES = 10_000;

/**
 * The history feature's view of imported candles. Each bar start of the requested timeframe is served by exactly
 * one source, in this order: the user's own imports before the deployment's, and within each, bars of the
 * requested timeframe before bars merged from a finer one (1m bars build 5m ... 4h bars; daily bars build weeks
 * and months). Daily bars are not built from intraday ones: where a trading day ends is the instrument's business.
 */
export function createImportedBarsReader(repo: CandlesRepository, versions: Pick<ImportVersions, 'version'>) {
  const { importedTimeframes } = createImportedTimeframes(repo, versions);
  return {
    findImportedBars: (input: FindImportedBarsInput): Promise<ImportedBars> =>
      readImportedBars(repo, importedTimeframes, input),
    importedTimeframes,
  };
}

/**
 * Which timeframes of a symbol a caller has imports of (their own and the deployment's): asked on every history
 * request and by the alerts of every watched symbol, and nearly always "none", so kept under the symbol's import
 * version (which any import added or deleted moves). A symbol nobody imported answers without a per-user query.
 */
function createImportedTimeframes(repo: CandlesRepository, versions: Pick<ImportVersions, 'version'>) {
  const timeframesCache = new Map<string, { version: number; timeframes: CandleImportTimeframe[] }>();
  /** Whether anyone imported bars of the symbol, by symbol, under its version. */
  const anyCache = new Map<string, { version: number; any: boolean }>();
  async function importedTimeframes(userId: string | null, symbol: string): Promise<CandleImportTimeframe[]> {
    const version = await versions.version(symbol);
    const any = anyCache.get(symbol);
    if (any?.version === version && !any.any) return [];
    const key = `${userId ?? ''}|${symbol}`;
    const hit = timeframesCache.get(key);
    if (hit && hit.version === version) return hit.timeframes;
    if (any?.version !== version) {
      const found = (await repo.importsFingerprint(symbol)) !== '';
      anyCache.delete(symbol);
      anyCache.set(symbol, { version, any: found });
      if (anyCache.size > TIMEFRAMES_CACHE_ENTRIES) anyCache.delete(anyCache.keys().next().value!);
      if (!found) return [];
    }
    const timeframes = await repo.importedTimeframes(userId, symbol);
    timeframesCache.delete(key);
    timeframesCache.set(key, { version, timeframes });
    if (timeframesCache.size > TIMEFRAMES_CACHE_ENTRIES) timeframesCache.delete(timeframesCache.keys().next().value!);
    return timeframes;
  }
  return { importedTimeframes };
}

async function readImportedBars(
  repo: CandlesRepository,
  importedTimeframes: (userId: string | null, symbol: string) => Promise<CandleImportTimeframe[]>,
  input: FindImportedBarsInput,
): Promise<ImportedBars> {
  const { symbol, timeframe: target } = input;
  const limit = Math.max(1, Math.min(MAX_IMPORTED_BARS, Math.floor(input.limit)));
  if (input.to < input.from) return { bars: [], ranges: [] };
  const available = await importedTimeframes(input.userId, symbol);
  const sources = available.filter((tf) => importTimeframeDivides(tf, target));
  if (sources.length === 0) return { bars: [], ranges: [] };

  const windowStart = importBucketStart(target, input.from);
  const windowEnd = importNextBucketStart(target, importBucketStart(target, input.to));
  const covered = await repo.coveredRanges(input.userId, symbol, sources, windowStart, windowEnd - 1);
  // Priority: own before the deployment's; the requested timeframe (the coarsest source) before finer ones.
  covered.sort(
    (a, b) =>
      Number(a.ownerId === null) - Number(b.ownerId === null) ||
      importTimeframeSeconds(b.timeframe) - importTimeframeSeconds(a.timeframe) ||
      a.from - b.from,
  );

  const assignments: Assignment[] = [];
  for (const range of covered) {
    const start = Math.max(windowStart, importBucketStart(target, range.from));
    const end = Math.min(windowEnd, importNextBucketStart(target, importBucketStart(target, range.to)));
    for (const [s, e] of subtract([start, end], assignments)) {
      assignments.push({ ownerId: range.ownerId, source: range.timeframe, start: s, end: e });
    }
  }
  assignments.sort((a, b) => a.start - b.start);

  const bars: BarRow[] = [];
  const ordered = input.newest ? [...assignments].reverse() : assignments;
  for (const a of ordered) {
    const remaining = limit - bars.length;
    if (remaining <= 0) break;
    const range = { from: a.start, to: a.end - 1, limit: remaining, newest: input.newest ?? false };
    const part =
      a.source === target
        ? await repo.bars(a.ownerId, symbol, target, range)
        : await repo.aggregatedBars(a.ownerId, symbol, a.source, bucketSql(target), range);
    if (input.newest) bars.unshift(...part);
    else bars.push(...part);
  }
  return { bars, ranges: merge(assignments, target) };
}

/** SQL for the start of a bar's bucket of the timeframe, from its time (unix seconds). */
function bucketSql(target: CandleImportTimeframe): (time: SQLWrapper) => SQL {
  const kind = importTimeframeKind(target);
  if (kind === 'intraday' || kind === 'daily') {
    const size = importTimeframeSeconds(target);
    return (time) => sql`(${time} - mod(${time}, ${sql.raw(String(size))}))`;
  }
  // weeks start on Monday: the epoch (1970-01-01) was a Thursday, three days after one
  if (kind === 'weekly') return (time) => sql`(${time} - mod(${time} + 259200, 604800))`;
  return (time) => sql`extract(epoch from date_trunc('month', to_timestamp(${time}) at time zone 'UTC'))::bigint`;
}

/** The parts of [start, end) that no assignment holds yet. */
function subtract(interval: [number, number], taken: readonly Assignment[]): Array<[number, number]> {
  let parts: Array<[number, number]> = interval[0] < interval[1] ? [interval] : [];
  for (const t of taken) {
    const next: Array<[number, number]> = [];
    for (const [s, e] of parts) {
      if (t.end <= s || t.start >= e) {
        next.push([s, e]);
        continue;
      }
      if (s < t.start) next.push([s, t.start]);
      if (t.end < e) next.push([t.end, e]);
    }
    parts = next;
  }
  return parts;
}

/** Touching assignments as one range, with the last bar start (inclusive) as its end. */
function merge(assignments: readonly Assignment[], target: CandleImportTimeframe): ImportedRange[] {
  const out: Array<{ from: number; end: number }> = [];
  for (const a of assignments) {
    const last = out[out.length - 1];
    if (last && a.start <= last.end) last.end = Math.max(last.end, a.end);
    else out.push({ from: a.start, end: a.end });
  }
  return out.map((r) => ({ from: r.from, to: lastBucketBefore(target, r.end) }));
}

function lastBucketBefore(target: CandleImportTimeframe, end: number): number {
  return importBucketStart(target, end - 1);
}
