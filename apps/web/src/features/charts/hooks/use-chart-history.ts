import { useCallback, useEffect, useRef, useState } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import type { ApiError } from '../../../shared/api/api-error';
import { chartApi, HISTORY_PAGE, useHistoricalCandlesQuery } from '../chart-api';
import { type Candle, mergeCandles } from '../model/candles';
import type { Timeframe } from '../model/timeframes';

/** The spec's fetch states. */
export type FetchState = 'idle' | 'loading' | 'succeeded' | 'failed';

/**
 * The bars of one chart: the latest page when the chart opens (or its symbol or timeframe changes), and older
 * pages in front as the view reaches the oldest loaded bar.
 */
export function useChartHistory(args: { symbol: string; source: string; timeframe: Timeframe }) {
  const { symbol, source, timeframe } = args;
  const dispatch = useAppDispatch();
  const latest = useHistoricalCandlesQuery({ symbol, source, timeframe, limit: HISTORY_PAGE });
  // The bars with the symbol and timeframe they belong to, so a view never fits one chart's bars to another's key.
  const [loaded, setLoaded] = useState<{ key: string; candles: Candle[] }>({ key: '', candles: [] });
  const [older, setOlder] = useState<{ loading: boolean; exhausted: boolean; error: ApiError | null }>({
    loading: false,
    exhausted: false,
    error: null,
  });
  const key = `${symbol}|${source}|${timeframe}`;
  const candles = loaded.key === key ? loaded.candles : [];
  const setCandles = useCallback(
    (update: (current: Candle[]) => Candle[]) =>
      setLoaded((l) => ({ key: keyRef.current, candles: update(l.key === keyRef.current ? l.candles : []) })),
    [],
  );
  const candlesRef = useRef(candles);
  candlesRef.current = candles;
  const olderBusy = useRef(false);
  const keyRef = useRef(key);
  keyRef.current = key;

  useEffect(() => {
    void key;
    setOlder({ loading: false, exhausted: false, error: null });
  }, [key]);

  const page = latest.currentData;
  useEffect(() => {
    if (page) setCandles((current) => mergeCandles(current, page.candles));
  }, [page, setCandles]);

  const loadOlder = useCallback(async () => {
    const loaded = candlesRef.current;
    if (olderBusy.current || loaded.length === 0 || older.exhausted) return;
    olderBusy.current = true;
    const requestKey = keyRef.current;
    setOlder((o) => ({ ...o, loading: true, error: null }));
    const oldest = loaded[0]!.time;
    // The page of bars just before the oldest one loaded (the feed skips closed sessions by itself).
    const result = await dispatch(
      chartApi.endpoints.historicalCandles.initiate(
        { symbol, source, timeframe, limit: HISTORY_PAGE, endTime: oldest },
        { subscribe: false },
      ),
    );
    olderBusy.current = false;
    if (keyRef.current !== requestKey) return;
    if (result.error || !result.data) {
      setOlder((o) => ({ ...o, loading: false, error: result.error as ApiError }));
      return;
    }
    const page = result.data.candles.filter((c) => c.time < oldest);
    setOlder({ loading: false, exhausted: page.length === 0, error: null });
    if (page.length > 0) setCandles((current) => mergeCandles(current, page));
  }, [dispatch, symbol, source, timeframe, older.exhausted, setCandles]);

  const status: FetchState = latest.isUninitialized
    ? 'idle'
    : latest.isError && candles.length === 0
      ? 'failed'
      : // Bars to show, or an answer for these very arguments that has none (not the previous timeframe's answer,
        // which the query keeps while the new one loads: that is still loading, not "no candles").
        candles.length > 0 || latest.currentData?.candles.length === 0
        ? 'succeeded'
        : 'loading';

  return {
    status,
    candles,
    /** The symbol and timeframe the candles are of. */
    candlesKey: loaded.key === key ? key : '',
    simulated: latest.data?.simulated ?? false,
    error: (latest.error as ApiError | undefined) ?? null,
    retry: latest.refetch,
    retrying: latest.isFetching,
    loadOlder,
    older,
  };
}
