import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { findInstrument } from '@tradedesk/core';
import {
  CandlestickSeries,
  ColorType,
  createChart,
  createSeriesMarkers,
  LineStyle,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { ErrorState } from '../../shared/states/error-state';
import { LoadingState } from '../../shared/states/loading-state';
import { useHistoricalCandlesQuery } from '../charts/chart-api';
import type { Timeframe } from '../charts/model/timeframes';

export type TradeWindow = {
  symbol: string;
  side: 'buy' | 'sell';
  entryTime: string;
  entryPrice: number;
  /** Null while open: the window runs to now. */
  exitTime: string | null;
  exitPrice: number | null;
  stopLoss?: number | null;
  takeProfit?: number | null;
};

const STEPS: Array<[Timeframe, number]> = [
  ['1m', 60],
  ['5m', 300],
  ['15m', 900],
  ['1h', 3600],
  ['4h', 14_400],
  ['1D', 86_400],
];
const PAD_BARS = 30;
const MAX_BARS = 400;

/** The bars that show a trade: a timeframe that fits its duration in at most ~300 bars, with a margin either side. */
export function tradeChartRange(entryMs: number, exitMs: number) {
  const seconds = Math.max(60, (exitMs - entryMs) / 1000);
  const [timeframe, step] = STEPS.find(([, s]) => seconds / s <= MAX_BARS - 2 * PAD_BARS) ?? STEPS[STEPS.length - 1]!;
  const bars = Math.min(MAX_BARS, Math.ceil(seconds / step) + 2 * PAD_BARS);
  const endTime = Math.floor(exitMs / 1000 / step) * step + PAD_BARS * step;
  return { timeframe, step, limit: bars, endTime };
}

/** A small candle chart of one trade's window, with its entry and exit marked, and its SL and TP when given. */
export function TradeChart(props: { trade: TradeWindow; height?: number; now?: number }) {
  const { trade } = props;
  const theme = useTheme();
  const ref = useRef<HTMLDivElement>(null);
  const entryMs = Date.parse(trade.entryTime);
  const exitMs = trade.exitTime ? Date.parse(trade.exitTime) : (props.now ?? Date.now());
  const range = tradeChartRange(entryMs, exitMs);
  const bare = trade.symbol.includes(':') ? trade.symbol.split(':')[1]! : trade.symbol;
  const instrument = findInstrument(bare);
  const digits = instrument?.digits ?? 5;
  const history = useHistoricalCandlesQuery({
    symbol: bare,
    source: instrument?.source ?? 'FOREX',
    timeframe: range.timeframe,
    limit: range.limit,
    // Open trades: the latest bars (an end in the future would ask for bars that are not there yet).
    ...(trade.exitTime ? { endTime: range.endTime } : {}),
  });
  const candles = history.data?.candles;

  useEffect(() => {
    const el = ref.current;
    if (!el || !candles) return;
    const dark = theme.palette.mode === 'dark';
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
      timeScale: { timeVisible: true, rightOffset: 6 },
      handleScroll: false,
      handleScale: false,
    });
    const series = chart.addSeries(CandlestickSeries, {
      priceFormat: { type: 'price', precision: digits, minMove: 10 ** -digits },
      upColor: '#26A69A',
      downColor: '#EF5350',
      borderVisible: false,
      wickUpColor: '#26A69A',
      wickDownColor: '#EF5350',
      lastValueVisible: false,
      priceLineVisible: false,
    });
    series.setData(
      candles.map((c) => ({ time: c.time as UTCTimestamp, open: c.open, high: c.high, low: c.low, close: c.close })),
    );
    const barOf = (ms: number) => (Math.floor(ms / 1000 / range.step) * range.step) as UTCTimestamp;
    const buy = trade.side === 'buy';
    const markers = [
      {
        time: barOf(entryMs),
        position: buy ? ('belowBar' as const) : ('aboveBar' as const),
        shape: buy ? ('arrowUp' as const) : ('arrowDown' as const),
        color: dark ? '#5B8CFF' : '#1D4ED8',
        text: `${buy ? 'Buy' : 'Sell'} ${trade.entryPrice.toFixed(digits)}`,
      },
    ];
    if (trade.exitTime && trade.exitPrice !== null) {
      markers.push({
        time: barOf(exitMs),
        position: buy ? ('aboveBar' as const) : ('belowBar' as const),
        shape: buy ? ('arrowDown' as const) : ('arrowUp' as const),
        // Readable on either background: amber on dark, a deep orange on light.
        color: dark ? '#FF9800' : '#B45309',
        text: `Exit ${trade.exitPrice.toFixed(digits)}`,
      });
    }
    createSeriesMarkers(series, markers);
    series.createPriceLine({ price: trade.entryPrice, color: '#2962FF', lineStyle: LineStyle.Dashed, title: 'Entry' });
    if (trade.stopLoss) series.createPriceLine({ price: trade.stopLoss, color: '#EF5350', title: 'SL' });
    if (trade.takeProfit) series.createPriceLine({ price: trade.takeProfit, color: '#26A69A', title: 'TP' });
    chart.timeScale().fitContent();
    return () => chart.remove();
  }, [candles, theme, digits, trade, entryMs, exitMs, range.step]);

  const height = props.height ?? 260;
  if (history.isError) {
    return <ErrorState title="The chart of the trade could not be loaded." onRetry={() => history.refetch()} />;
  }
  if (!candles) return <LoadingState label="Loading the chart" />;
  return (
    <Box
      ref={ref}
      role="img"
      aria-label={`${trade.symbol} chart from ${new Date(entryMs).toUTCString()}${trade.exitTime ? ` to ${new Date(exitMs).toUTCString()}` : ''}, entry and exit marked`}
      sx={{ height, width: '100%' }}
    />
  );
}
