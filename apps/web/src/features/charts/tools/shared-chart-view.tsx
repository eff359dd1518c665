import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { IndicatorCalculation, SharedChart } from '@tradedesk/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useFormatters } from '../../../shared/format/format-preferences';
import { ErrorState } from '../../../shared/states/error-state';
import { LoadingState } from '../../../shared/states/loading-state';
import { useGuestWsClient } from '../../../shared/ws/use-guest-ws-client';
import { MAX_HISTORY_LIMIT } from '../chart-api';
import { ChartCanvas } from '../components/chart-canvas';
import type { ChartEngine, EngineEvents, EngineOptions } from '../components/chart-engine';
import { createHoverStore, HoverLegend } from '../components/chart-legend';
import type { ChartDrawing } from '../drawings/model';
import { useChartHistory } from '../hooks/use-chart-history';
import { useLiveBar } from '../hooks/use-live-bar';
import { apiErrorMessage } from '../indicators/errors';
import { useIndicatorCalculationQuery, useIndicatorListQuery } from '../indicators/indicator-api';
import type { ChartIndicatorState } from '../indicators/model';
import { heikinAshi } from '../model/candles';
import { chartTimeFormatters } from '../model/chart-time';
import { TIMEFRAMES } from '../model/timeframes';
import { indicatorState, useSharedIndicatorQuery } from './tools-api';

type Bars = { symbol: string; source: string; timeframe: string; limit: number; startTime: number } | null;

/**
 * One indicator of a shared chart and its values: a signed-in visitor calculates it over the candles they see
 * (their own imported bars included); a signed-out one asks the share link for it over the public candles.
 */
function SharedIndicator(props: {
  token: string;
  signedIn: boolean;
  indicator: ChartIndicatorState;
  title: string;
  bars: Bars;
  onCalc(key: string, calc: IndicatorCalculation | null): void;
}) {
  const { indicator: ind, bars, onCalc, signedIn } = props;
  const own = useIndicatorCalculationQuery(
    bars ? { ...bars, name: ind.name, settings: ind.settings, styles: ind.styles } : (undefined as never),
    { skip: bars === null || !signedIn },
  );
  const shared = useSharedIndicatorQuery(
    bars
      ? { token: props.token, indicatorId: ind.key, limit: bars.limit, startTime: bars.startTime }
      : (undefined as never),
    { skip: bars === null || signedIn },
  );
  const query = signedIn ? own : shared;
  const data = query.currentData;
  useEffect(() => onCalc(ind.key, data ?? null), [ind.key, data, onCalc]);
  const values = Object.values(data?.settings ?? ind.settings).join(', ');
  return (
    <Typography
      role="listitem"
      variant="caption"
      sx={{
        fontWeight: 600,
        bgcolor: 'background.paper',
        opacity: 0.9,
        borderRadius: 1,
        px: 0.75,
        width: 'fit-content',
      }}
    >
      {props.title}
      {values ? ` ${values}` : ''}
      {query.isError && (
        <Box component="span" sx={{ color: 'error.main', fontWeight: 400, ml: 1 }}>
          {apiErrorMessage(query.error, 'Values could not be calculated.')}
        </Box>
      )}
    </Typography>
  );
}

/**
 * The chart of a share link, read-only: candles, the shared indicators and the chart's drawings (locked). The
 * shared-chart page shows it full size; `compact` is the preview a post embeds (a fixed height, no pointer
 * input: the page scrolls over it and the link beside it opens it full size).
 */
export function SharedChartView(props: { shared: SharedChart; signedIn: boolean; compact?: boolean }) {
  const { shared, signedIn, compact = false } = props;
  const { symbol, timeframe } = shared;
  const source = shared.instrument.source;
  const digits = shared.instrument.digits;
  const tf = TIMEFRAMES.find((t) => t.id === timeframe)!;
  const theme = useTheme();
  const f = useFormatters();
  const history = useChartHistory({ symbol, source, timeframe });
  const engine = useRef<ChartEngine | null>(null);
  const hover = useMemo(() => createHoverStore(), []);
  const type = shared.settings.chartType;
  const times = useMemo(
    () => chartTimeFormatters(f.preferences, { daily: tf.seconds >= 86_400, locale: f.preferences.locale }),
    [f.preferences, tf.seconds],
  );
  const upColor = f.pnlColor('up');
  const downColor = f.pnlColor('down');
  const options = useMemo(
    (): EngineOptions => ({
      colors: {
        background: theme.palette.background.default,
        text: theme.palette.text.secondary,
        grid: theme.palette.mode === 'dark' ? 'rgba(255,255,255,0.05)' : 'rgba(0,0,0,0.05)',
        border: theme.palette.divider,
        up: upColor,
        down: downColor,
        line: theme.palette.info.main,
      },
      digits,
      barSeconds: tf.seconds,
      timeFormatter: times.crosshair,
      tickFormatter: times.tick,
      formatPrice: (p) => f.price(p, digits),
    }),
    [theme, upColor, downColor, digits, tf.seconds, times, f],
  );
  const needOlder = history.loadOlder;
  const events = useMemo(
    (): EngineEvents => ({
      // Read-only: the drawings are locked and nothing is saved.
      commit: () => {},
      select: () => {},
      toolDone: () => {},
      redraw: () => {},
      crosshair: hover.set,
      needOlder: () => void needOlder(),
    }),
    [needOlder, hover],
  );
  const drawings = useMemo(
    (): ChartDrawing[] =>
      shared.drawings.map((d) => ({
        id: d.id,
        tool: d.tool,
        points: d.points,
        style: d.style ?? {},
        ...(d.text !== undefined ? { text: d.text } : {}),
        locked: true,
        hidden: d.hidden ?? false,
      })),
    [shared.drawings],
  );
  const candles = history.candles;
  useEffect(() => {
    engine.current?.controller.setDrawings(drawings);
  }, [drawings]);
  // Live for everyone: a signed-out visitor gets the forming bar over a guest connection (public channels only).
  const guest = useGuestWsClient(!signedIn);
  useLiveBar({
    symbol,
    timeframe,
    enabled: history.status === 'succeeded',
    onBar: (bar) => engine.current?.updateBar(bar),
    ...(guest ? { client: guest } : {}),
  });

  const indicators = useMemo(() => shared.indicators.map(indicatorState), [shared.indicators]);
  const catalogue = useIndicatorListQuery({}, { skip: indicators.length === 0 });
  const [calcs, setCalcs] = useState<Record<string, IndicatorCalculation | null>>({});
  const onCalc = useCallback(
    (key: string, calc: IndicatorCalculation | null) => setCalcs((c) => (c[key] === calc ? c : { ...c, [key]: calc })),
    [],
  );
  const bars = useMemo((): Bars => {
    if (candles.length === 0) return null;
    const limit = Math.min(candles.length, MAX_HISTORY_LIMIT);
    return { symbol, source, timeframe, limit, startTime: candles[candles.length - limit]!.time };
  }, [candles, symbol, source, timeframe]);
  useEffect(() => {
    engine.current?.setIndicators(
      indicators.flatMap((i) => {
        const calc = calcs[i.key];
        return calc ? [{ key: i.key, hidden: i.hidden, calc }] : [];
      }),
    );
  }, [indicators, calcs]);
  const legendBars = useMemo(() => (type === 'heikin_ashi' ? heikinAshi(candles) : candles), [type, candles]);
  const titleOf = (name: string) =>
    catalogue.data?.indicators.find((d) => d.id === name)?.shortName ?? name.toUpperCase();

  return (
    <Box
      component="section"
      aria-label={`${symbol} chart, ${tf.label}`}
      aria-busy={history.status === 'loading'}
      sx={
        compact
          ? { position: 'relative', height: 240, pointerEvents: 'none' }
          : { position: 'relative', height: { xs: 420, md: 'calc(100dvh - 200px)' }, minHeight: 360 }
      }
    >
      <ChartCanvas
        ref={engine}
        candles={candles}
        seriesKey={history.candlesKey}
        type={type}
        options={options}
        events={events}
      />
      <HoverLegend
        hover={hover}
        bars={legendBars}
        title={`${symbol} · ${tf.label}`}
        digits={digits}
        formatTime={times.crosshair}
      />
      {indicators.length > 0 && (
        <Box
          role="list"
          aria-label="Indicators"
          sx={{ position: 'absolute', top: 40, left: 12, zIndex: 3, display: 'grid', gap: 0.25, pointerEvents: 'none' }}
        >
          {indicators.map((i) => (
            <SharedIndicator
              key={i.key}
              token={shared.token}
              signedIn={signedIn}
              indicator={i}
              title={titleOf(i.name)}
              bars={bars}
              onCalc={onCalc}
            />
          ))}
        </Box>
      )}
      {history.status === 'loading' && (
        <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', zIndex: 4 }}>
          <LoadingState label={`Loading ${symbol} ${tf.label} candles`} />
        </Box>
      )}
      {history.status === 'failed' && (
        <Box
          sx={{
            position: 'absolute',
            inset: 0,
            display: 'grid',
            placeItems: 'center',
            zIndex: 4,
            bgcolor: 'background.default',
          }}
        >
          <ErrorState
            title={`The ${symbol} candles could not be loaded.`}
            message={history.error?.message}
            onRetry={history.retry}
            retrying={history.retrying}
          />
        </Box>
      )}
    </Box>
  );
}
