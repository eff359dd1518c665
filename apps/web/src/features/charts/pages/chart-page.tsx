import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { useTheme } from '@mui/material/styles';
import type { IndicatorCalculation } from '@tradedesk/contracts';
import { findInstrument, instrumentSessionStatus } from '@tradedesk/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useFormatters } from '../../../shared/format/format-preferences';
import { ErrorState } from '../../../shared/states/error-state';
import { LoadingState } from '../../../shared/states/loading-state';
import { AccountFormatPreferences } from '../../account/account-format-preferences';
import { isTypingTarget } from '../../shell/shortcuts';
import { SymbolSearchDialog } from '../../symbol-search/lazy-symbol-search-dialog';
import { MAX_HISTORY_LIMIT } from '../chart-api';
import { ChartCanvas } from '../components/chart-canvas';
import {
  type ChartEngine,
  type ChartType,
  chartTypes,
  type EngineEvents,
  type EngineOptions,
} from '../components/chart-engine';
import { createHoverStore, HoverLegend } from '../components/chart-legend';
import { ChartToolbar } from '../components/chart-toolbar';
import { DrawingSettingsBar } from '../components/drawing-settings-bar';
import { DrawingToolbar } from '../components/drawing-toolbar';
import { DrawingsList } from '../components/drawings-list';
import { TimeframeEntry } from '../components/timeframe-entry';
import type { ChartDrawing, DrawingTool } from '../drawings/model';
import { rememberToolStyle, toolStyle } from '../drawings/tool-styles';
import { useChartDrawings } from '../hooks/use-chart-drawings';
import { useChartHistory } from '../hooks/use-chart-history';
import { useLiveBar } from '../hooks/use-live-bar';
import { useIndicatorListQuery } from '../indicators/indicator-api';
import { IndicatorRow } from '../indicators/indicator-legend';

import { IndicatorSettingsDialog, IndicatorsDialog } from '../indicators/lazy-indicator-dialogs';
import {
  type ChartIndicatorState,
  decodeIndicators,
  encodeIndicators,
  MAX_CHART_INDICATORS,
  nextIndicatorKey,
} from '../indicators/model';
import { heikinAshi } from '../model/candles';
import { chartTimeFormatters } from '../model/chart-time';
import { DEFAULT_SYMBOL, DEFAULT_TIMEFRAME, isTimeframeKey, TIMEFRAMES, type Timeframe } from '../model/timeframes';

const SYMBOL_PATTERN = /^[A-Z0-9._-]{1,20}$/;

function readSymbol(value: string | null): string {
  const upper = (value ?? '').toUpperCase();
  return SYMBOL_PATTERN.test(upper) ? upper : DEFAULT_SYMBOL;
}

function readTimeframe(value: string | null): Timeframe {
  return TIMEFRAMES.find((t) => t.id === value)?.id ?? DEFAULT_TIMEFRAME;
}

/** Market open or closed for the instrument, checked each minute. */
function useMarketClosedText(symbol: string, known: boolean, format: (ms: number) => string): string | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  if (!known) return null;
  const status = instrumentSessionStatus(symbol, now);
  if (status.open) return null;
  return status.nextOpenMs === null ? 'Market closed' : `Market closed · opens ${format(status.nextOpenMs)}`;
}

function ChartScreen() {
  const [params, setParams] = useSearchParams();
  const symbol = readSymbol(params.get('symbol'));
  const timeframe = readTimeframe(params.get('tf'));
  const chartId = params.get('chart');
  const instrument = findInstrument(symbol);
  const digits = instrument?.digits ?? 5;
  const source = instrument?.source ?? 'FOREX';
  const barSeconds = TIMEFRAMES.find((t) => t.id === timeframe)!.seconds;
  const daily = barSeconds >= 86_400;

  const theme = useTheme();
  const f = useFormatters();
  const history = useChartHistory({ symbol, source, timeframe });
  const drawings = useChartDrawings({ symbol, chartId });
  const engine = useRef<ChartEngine | null>(null);

  const type: ChartType = chartTypes.find((t) => t === params.get('type')) ?? 'candles';
  const [tool, setTool] = useState<DrawingTool | null>(null);
  const [magnet, setMagnet] = useState(false);
  const [stayInDrawing, setStayInDrawing] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const hover = useMemo(() => createHoverStore(), []);
  const [entry, setEntry] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);
  const [pickingIndicator, setPickingIndicator] = useState(false);
  const [editingKey, setEditingKey] = useState<string | null>(null);
  const indParam = params.get('ind');
  const indicators = useMemo(() => decodeIndicators(indParam), [indParam]);
  const catalogue = useIndicatorListQuery({}, { skip: indicators.length === 0 && !pickingIndicator });
  const definitionOf = useCallback(
    (name: string) => catalogue.data?.indicators.find((d) => d.id === name || d.shortName === name),
    [catalogue.data],
  );
  const [calcs, setCalcs] = useState<Record<string, IndicatorCalculation | null>>({});
  const onCalc = useCallback(
    (key: string, calc: IndicatorCalculation | null) => setCalcs((c) => (c[key] === calc ? c : { ...c, [key]: calc })),
    [],
  );

  const setParam = useCallback(
    (name: string, value: string) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          next.set(name, value);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const setTimeframe = useCallback((tf: Timeframe) => setParam('tf', tf), [setParam]);
  // The chart's indicators live in the URL (`ind`), so a reload or a shared link shows them again.
  const setIndicators = useCallback(
    (update: (list: ChartIndicatorState[]) => ChartIndicatorState[]) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          const list = update(decodeIndicators(p.get('ind')));
          if (list.length === 0) next.delete('ind');
          else next.set('ind', encodeIndicators(list));
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const setType = useCallback((t: ChartType) => setParam('type', t), [setParam]);

  const times = useMemo(
    () => chartTimeFormatters(f.preferences, { daily, locale: f.preferences.locale }),
    [f.preferences, daily],
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
      barSeconds,
      timeFormatter: times.crosshair,
      tickFormatter: times.tick,
      formatPrice: (p) => f.price(p, digits),
    }),
    [theme, upColor, downColor, digits, barSeconds, times, f],
  );

  const needOlder = history.loadOlder;
  const events = useMemo(
    (): EngineEvents => ({
      commit: (next) => drawings.commit(next),
      select: setSelectedId,
      toolDone: () => setTool(null),
      redraw: () => {},
      crosshair: hover.set,
      needOlder: () => void needOlder(),
    }),
    [drawings.commit, needOlder, hover],
  );

  // The engine's controller follows the committed drawings (loads, undo, redo) and the toolbar's modes.
  useEffect(() => {
    engine.current?.controller.setDrawings(drawings.drawings);
  }, [drawings.drawings]);
  useEffect(() => {
    const c = engine.current?.controller;
    if (!c) return;
    c.styleFor = toolStyle;
    engine.current?.setMagnet(magnet);
    c.stayInDrawing = stayInDrawing;
    c.tick = 10 ** -digits;
  }, [magnet, stayInDrawing, digits]);
  useEffect(() => {
    const c = engine.current?.controller;
    if (c && c.tool !== tool) c.setTool(tool);
  }, [tool]);

  useLiveBar({
    symbol,
    timeframe,
    enabled: history.status === 'succeeded',
    onBar: (bar) => engine.current?.updateBar(bar),
  });

  const selected = selectedId ? drawings.drawings.find((d) => d.id === selectedId) : undefined;
  const replaceDrawing = useCallback(
    (next: ChartDrawing) => {
      // The tool's next drawing starts with the style the user just chose (a drawing template per tool).
      rememberToolStyle(next.tool, next.style);
      drawings.commit(drawings.drawings.map((d) => (d.id === next.id ? next : d)));
    },
    [drawings],
  );
  const deleteSelected = useCallback(() => {
    if (!selectedId) return;
    drawings.commit(drawings.drawings.filter((d) => d.id !== selectedId));
    setSelectedId(null);
  }, [drawings, selectedId]);

  // Keyboard: undo/redo, delete, Escape, and typing a timeframe.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || isTypingTarget(e.target) || searching) return;
      // Keys inside a popup (the drawings list, a menu) are the popup's.
      if (e.target instanceof Element && e.target.closest('.MuiPopover-root, .MuiModal-root')) return;
      const mod = e.ctrlKey || e.metaKey;
      const key = e.key.toLowerCase();
      if (mod && key === 'z' && !e.shiftKey) {
        e.preventDefault();
        drawings.undo();
      } else if (mod && (key === 'y' || (key === 'z' && e.shiftKey))) {
        e.preventDefault();
        drawings.redo();
      } else if ((e.key === 'Delete' || e.key === 'Backspace') && selectedId && !mod) {
        e.preventDefault();
        deleteSelected();
      } else if (e.key === 'Escape') {
        engine.current?.controller.cancel();
      } else if (e.altKey && !mod && e.code === 'KeyI') {
        e.preventDefault();
        setPickingIndicator(true);
      } else if (!mod && !e.altKey && isTimeframeKey(e.key) && entry === null) {
        e.preventDefault();
        e.stopPropagation();
        setEntry(e.key);
      }
    };
    document.addEventListener('keydown', onKey, { capture: true });
    return () => document.removeEventListener('keydown', onKey, { capture: true });
  }, [drawings, selectedId, deleteSelected, entry, searching]);

  const candles = history.candles;
  // The indicators' values line up with the loaded bars (at most one feed call's worth, the latest).
  const barsArgs = useMemo(() => {
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
  const editing = editingKey ? indicators.find((i) => i.key === editingKey) : undefined;
  // The legend shows the bars as drawn: Heikin-Ashi values on a Heikin-Ashi chart.
  const legendBars = useMemo(() => (type === 'heikin_ashi' ? heikinAshi(candles) : candles), [type, candles]);
  const closedText = useMarketClosedText(symbol, instrument !== undefined, (ms) => f.dateTime(ms));
  const tfLabel = TIMEFRAMES.find((t) => t.id === timeframe)!.label;

  return (
    <Box sx={{ height: 'calc(100dvh - 56px)', display: 'flex', flexDirection: 'column', minHeight: 360 }}>
      <ChartToolbar
        symbol={symbol}
        description={instrument?.name ?? ''}
        onSearchSymbol={() => setSearching(true)}
        onIndicators={() => setPickingIndicator(true)}
        timeframe={timeframe}
        onTimeframe={setTimeframe}
        type={type}
        onType={setType}
        simulated={history.simulated}
        closedText={closedText}
      />
      <Box sx={{ flexGrow: 1, display: 'flex', minHeight: 0 }}>
        <DrawingToolbar
          tool={tool}
          onTool={setTool}
          magnet={magnet}
          onMagnet={setMagnet}
          stayInDrawing={stayInDrawing}
          onStayInDrawing={setStayInDrawing}
          canUndo={drawings.canUndo}
          canRedo={drawings.canRedo}
          onUndo={drawings.undo}
          onRedo={drawings.redo}
          hiddenCount={drawings.drawings.filter((d) => d.hidden).length}
          onShowHidden={() => drawings.commit(drawings.drawings.map((d) => (d.hidden ? { ...d, hidden: false } : d)))}
          drawingCount={drawings.drawings.length}
          onRemoveAll={() => drawings.commit([])}
          list={
            <DrawingsList
              drawings={drawings.drawings}
              selectedId={selectedId}
              onSelect={(id) => engine.current?.controller.select(id)}
              onChange={replaceDrawing}
              onDelete={(id) => {
                drawings.commit(drawings.drawings.filter((d) => d.id !== id));
                if (id === selectedId) setSelectedId(null);
              }}
            />
          }
        />
        <Box
          component="section"
          aria-label={`${symbol} chart, ${tfLabel}`}
          aria-busy={history.status === 'loading'}
          sx={{ position: 'relative', flexGrow: 1, minWidth: 0 }}
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
            title={`${symbol} · ${tfLabel}`}
            digits={digits}
            formatTime={times.crosshair}
          />
          {indicators.length > 0 && (
            <Box
              role="list"
              aria-label="Indicators"
              sx={{
                position: 'absolute',
                top: 40,
                left: 12,
                zIndex: 3,
                display: 'grid',
                gap: 0.25,
                pointerEvents: 'none',
              }}
            >
              {indicators.map((ind) => (
                <IndicatorRow
                  key={ind.key}
                  indicator={ind}
                  definition={definitionOf(ind.name)}
                  bars={barsArgs}
                  onCalc={onCalc}
                  onToggle={() =>
                    setIndicators((list) => list.map((i) => (i.key === ind.key ? { ...i, hidden: !i.hidden } : i)))
                  }
                  onSettings={() => setEditingKey(ind.key)}
                  onRemove={() => setIndicators((list) => list.filter((i) => i.key !== ind.key))}
                />
              ))}
            </Box>
          )}
          {selected && <DrawingSettingsBar drawing={selected} onChange={replaceDrawing} onDelete={deleteSelected} />}
          {entry !== null && <TimeframeEntry initial={entry} onApply={setTimeframe} onClose={() => setEntry(null)} />}
          {history.status === 'loading' && (
            <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', zIndex: 4 }}>
              <LoadingState label={`Loading ${symbol} ${tfLabel} candles`} />
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
          {history.status === 'succeeded' && candles.length === 0 && (
            <Box
              sx={{
                position: 'absolute',
                inset: 0,
                display: 'grid',
                placeItems: 'center',
                zIndex: 4,
                pointerEvents: 'none',
              }}
            >
              <Alert severity="info">
                No candles for {symbol} at {tfLabel}.
              </Alert>
            </Box>
          )}
          <Box sx={{ position: 'absolute', bottom: 36, left: 12, zIndex: 3, display: 'grid', gap: 1, maxWidth: 420 }}>
            {history.older.error && (
              <Alert
                severity="warning"
                action={
                  <Button color="inherit" size="small" onClick={() => void history.loadOlder()}>
                    Try again
                  </Button>
                }
              >
                Older candles could not be loaded. {history.older.error.message}
              </Alert>
            )}
            {drawings.status === 'failed' && (
              <Alert
                severity="warning"
                action={
                  <Button color="inherit" size="small" onClick={() => drawings.retryLoad()}>
                    Try again
                  </Button>
                }
              >
                Saved drawings could not be loaded; new ones are not kept. {drawings.loadError?.message}
              </Alert>
            )}
            {drawings.saveError && (
              <Alert
                severity="warning"
                action={
                  <Button color="inherit" size="small" onClick={() => void drawings.retrySave()}>
                    Try again
                  </Button>
                }
              >
                Drawings could not be saved. {drawings.saveError.message}
              </Alert>
            )}
          </Box>
        </Box>
      </Box>
      <SymbolSearchDialog
        open={searching}
        onClose={() => setSearching(false)}
        onPick={(picked) => {
          setSearching(false);
          setParam('symbol', picked.ticker);
        }}
      />
      <IndicatorsDialog
        open={pickingIndicator}
        onClose={() => setPickingIndicator(false)}
        onPick={(d) => {
          setPickingIndicator(false);
          setIndicators((list) =>
            list.length >= MAX_CHART_INDICATORS
              ? list
              : [...list, { key: nextIndicatorKey(d.id, list), name: d.id, settings: {}, styles: {}, hidden: false }],
          );
        }}
      />
      {editing && (
        <IndicatorSettingsDialog
          indicator={editing}
          definition={definitionOf(editing.name)}
          bars={barsArgs}
          onClose={() => setEditingKey(null)}
          onSave={(next) => {
            setEditingKey(null);
            setIndicators((list) => list.map((i) => (i.key === next.key ? next : i)));
          }}
        />
      )}
      <Box
        component="footer"
        sx={{ px: 1, py: 0.25, borderTop: 1, borderColor: 'divider', fontSize: 11, color: 'text.secondary' }}
      >
        Charts by{' '}
        <Link href="https://www.tradingview.com/" target="_blank" rel="noopener noreferrer" color="inherit">
          TradingView Lightweight Charts™
        </Link>
        , Copyright © 2025 TradingView, Inc.
      </Box>
    </Box>
  );
}

/** The chart screen (`/chart?symbol=EURUSD&tf=15m`), in the user's time zone and clock. */
export function Component() {
  return (
    <AccountFormatPreferences>
      <ChartScreen />
    </AccountFormatPreferences>
  );
}
