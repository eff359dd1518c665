import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { Backtest } from '@tradedesk/contracts';
import { findInstrument, timeframeSeconds } from '@tradedesk/core';
import {
  CandlestickSeries,
  ColorType,
  createChart,
  createSeriesMarkers,
  type SeriesMarker,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ErrorState } from '../../../shared/states/error-state';
import { LoadingState } from '../../../shared/states/loading-state';
import { MAX_HISTORY_LIMIT, useHistoricalCandlesQuery } from '../../charts/chart-api';

/** The open time of the last bar at or before `time` (seconds), in ascending `times`; the first bar before any. */
export function barAt(times: readonly number[], time: number): number | undefined {
  let lo = 0;
  let hi = times.length - 1;
  if (hi < 0) return undefined;
  if (time < (times[0] ?? 0)) return times[0];
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((times[mid] ?? 0) <= time) lo = mid;
    else hi = mid - 1;
  }
  return times[lo];
}

/** Above this many trades in view the markers carry no text: letters on every bar would pile up unreadably. */
export const DENSE_TRADES = 40;

type MarkerTrade = Pick<Backtest['trades'][number], 'direction' | 'openedAt' | 'closedAt' | 'net'>;

/**
 * Each trade's entry (an arrow, "B" for a buy, "S" for a sell) and exit (a circle, "x"; green for a win, red for a
 * loss) on the bars open at those times, in time order; trades closed before the first bar are left out. With
 * `dense` (many trades in view) the markers carry no text, only their shape and colour.
 */
export function tradeMarkers(
  trades: readonly MarkerTrade[],
  times: readonly number[],
  options: { dense: boolean; dark: boolean },
): SeriesMarker<UTCTimestamp>[] {
  const out: SeriesMarker<UTCTimestamp>[] = [];
  if (times.length === 0) return out;
  for (const t of trades) {
    const long = t.direction === 'long';
    const entry = barAt(times, Date.parse(t.openedAt) / 1000);
    const exit = barAt(times, Date.parse(t.closedAt) / 1000);
    if (entry === undefined || exit === undefined || Date.parse(t.closedAt) / 1000 < (times[0] ?? 0)) continue;
    out.push({
      time: entry as UTCTimestamp,
      position: long ? 'belowBar' : 'aboveBar',
      shape: long ? 'arrowUp' : 'arrowDown',
      color: options.dark ? '#5B8CFF' : '#1D4ED8',
      size: options.dense ? 0.6 : 1,
      ...(options.dense ? {} : { text: long ? 'B' : 'S' }),
    });
    out.push({
      time: exit as UTCTimestamp,
      position: long ? 'aboveBar' : 'belowBar',
      shape: 'circle',
      color: t.net >= 0 ? '#26A69A' : '#EF5350',
      size: options.dense ? 0.5 : 0.8,
      ...(options.dense ? {} : { text: 'x' }),
    });
  }
  return out.sort((a, b) => a.time - b.time);
}

/** How many trades open between `from` and `to` (seconds, both included), from the entries of `markers`. */
export function tradesInView(markers: readonly SeriesMarker<UTCTimestamp>[], from: number, to: number): number {
  let n = 0;
  for (const m of markers) if (m.shape !== 'circle' && m.time >= from && m.time <= to) n++;
  return n;
}

/** The backtest's bars (the latest 5,000 of a longer range) as candles, each trade's entry and exit marked. */
export default function BacktestChart(props: { backtest: Backtest; height?: number }) {
  const { backtest } = props;
  const theme = useTheme();
  const ref = useRef<HTMLDivElement>(null);
  const symbol = backtest.request.symbol;
  const instrument = findInstrument(symbol);
  const digits = instrument?.digits ?? 5;
  const step = timeframeSeconds(backtest.request.timeframe);
  const last = backtest.lastBarAt ? Date.parse(backtest.lastBarAt) / 1000 : Date.parse(backtest.request.to) / 1000;
  const limit = Math.max(1, Math.min(MAX_HISTORY_LIMIT, backtest.bars || 1));
  const history = useHistoricalCandlesQuery({
    symbol,
    source: instrument?.source ?? 'FOREX',
    timeframe: backtest.request.timeframe,
    limit,
    endTime: last + step,
  });
  const candles = history.data?.candles;
  const times = useMemo(() => candles?.map((c) => c.time) ?? [], [candles]);
  const dark = theme.palette.mode === 'dark';
  const markers = useMemo(
    () => tradeMarkers(backtest.trades, times, { dense: false, dark }),
    [times, backtest.trades, dark],
  );
  const denseMarkers = useMemo(
    () => tradeMarkers(backtest.trades, times, { dense: true, dark }),
    [times, backtest.trades, dark],
  );
  const [dense, setDense] = useState(false);

  useEffect(() => {
    const el = ref.current;
    if (!el || !candles) return;
    const chart = createChart(el, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: theme.palette.background.paper },
        textColor: theme.palette.text.secondary,
        attributionLogo: false,
      },
      grid: {
        vertLines: { color: dark ? '#2A2E39' : '#EEF0F3' },
        horzLines: { color: dark ? '#2A2E39' : '#EEF0F3' },
      },
      timeScale: { timeVisible: step < 86_400, rightOffset: 4 },
    });
    const series = chart.addSeries(CandlestickSeries, {
      priceFormat: { type: 'price', precision: digits, minMove: 10 ** -digits },
      upColor: '#26A69A',
      downColor: '#EF5350',
      borderVisible: false,
      wickUpColor: '#26A69A',
      wickDownColor: '#EF5350',
      priceLineVisible: false,
    });
    series.setData(
      candles.map((c) => ({ time: c.time as UTCTimestamp, open: c.open, high: c.high, low: c.low, close: c.close })),
    );
    const plugin = createSeriesMarkers(series, markers);
    // Letters while few trades are in view; shapes only when more than DENSE_TRADES are (zoomed out).
    let shownDense: boolean | null = null;
    const onRange = () => {
      const range = chart.timeScale().getVisibleRange();
      const inView = range ? tradesInView(markers, Number(range.from), Number(range.to)) : markers.length / 2;
      const next = inView > DENSE_TRADES;
      if (next === shownDense) return;
      shownDense = next;
      plugin.setMarkers(next ? denseMarkers : markers);
      setDense(next);
    };
    chart.timeScale().subscribeVisibleTimeRangeChange(onRange);
    chart.timeScale().fitContent();
    onRange();
    return () => {
      chart.timeScale().unsubscribeVisibleTimeRangeChange(onRange);
      chart.remove();
    };
  }, [candles, markers, denseMarkers, theme, dark, digits, step]);

  if (history.isError) {
    return <ErrorState title="The bars of this backtest could not be loaded." onRetry={() => history.refetch()} />;
  }
  if (!candles) return <LoadingState label="Loading the chart" />;
  return (
    <Box>
      <Box
        ref={ref}
        role="img"
        data-testid="backtest-chart"
        data-markers={markers.length}
        data-dense={dense}
        aria-label={`${symbol} ${backtest.request.timeframe} chart of the backtest, ${backtest.trades.length} trades with entries (B buy, S sell) and exits (x) marked`}
        sx={{ height: props.height ?? 360, width: '100%' }}
      />
      {backtest.bars > MAX_HISTORY_LIMIT && (
        <Typography variant="caption" color="text.secondary">
          The chart shows the last {MAX_HISTORY_LIMIT.toLocaleString('en')} of {backtest.bars.toLocaleString('en')}{' '}
          bars.
        </Typography>
      )}
    </Box>
  );
}
