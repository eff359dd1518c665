import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTheme } from '@mui/material/styles';
import type { IndicatorCalculation } from '@tradedesk/contracts';
import { findInstrument, instrumentSessionStatus } from '@tradedesk/core';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useSearchParams } from 'react-router';
import { useFormatters } from '../../../shared/format/format-preferences';
import { ErrorState } from '../../../shared/states/error-state';
import { LoadingState } from '../../../shared/states/loading-state';
import { useTradingLines } from '../../positions/use-trading-lines';
import { isTypingTarget } from '../../shell/shortcuts';
import { SymbolSearchDialog } from '../../symbol-search/lazy-symbol-search-dialog';
import { MAX_HISTORY_LIMIT } from '../chart-api';
import { ChartCanvas } from '../components/chart-canvas';
import { ALERTABLE_TOOLS, ChartAlertMenu, type ChartMenuTarget } from '../components/chart-context-menu';
import type { ChartEngine, ChartType, EngineEvents, EngineOptions } from '../components/chart-engine';
import { createHoverStore, HoverLegend } from '../components/chart-legend';
import { ChartToolbar } from '../components/chart-toolbar';
import { DrawingSettingsBar } from '../components/drawing-settings-bar';
import { DrawingToolbar } from '../components/drawing-toolbar';
import { DrawingsList } from '../components/drawings-list';
import { TimeframeEntry } from '../components/timeframe-entry';
import { hitTestDrawings } from '../drawings/geometry';
import type { ChartDrawing, DrawingTool } from '../drawings/model';
import { toolStyle } from '../drawings/tool-styles';
import { useCalendarMarks } from '../hooks/use-calendar-marks';
import { useChartDrawings } from '../hooks/use-chart-drawings';
import { useChartHistory } from '../hooks/use-chart-history';
import { useLiveBar } from '../hooks/use-live-bar';
import { useIndicatorListQuery } from '../indicators/indicator-api';
import { IndicatorRow } from '../indicators/indicator-legend';

import { IndicatorSettingsDialog, IndicatorsDialog } from '../indicators/lazy-indicator-dialogs';
import { type ChartIndicatorState, MAX_CHART_INDICATORS, nextIndicatorKey } from '../indicators/model';
import { heikinAshi } from '../model/candles';
import { chartTimeFormatters } from '../model/chart-time';
import { isTimeframeKey, TIMEFRAMES, type Timeframe } from '../model/timeframes';
import { ChartTools } from '../tools/chart-tools';
import { useChartTemplate } from '../tools/use-chart-template';
import { useDrawingTemplates } from '../tools/use-drawing-templates';
import type { PaneSync } from './pane-sync';
import type { PanePatch, PaneState } from './workspace-model';

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

export type ChartPaneProps = {
  pane: PaneState;
  /** The pane with the toolbars, the keyboard and the symbol search. */
  active: boolean;
  /** More than one chart on screen: the active one is outlined. */
  multi: boolean;
  onChange(patch: PanePatch): void;
  onActivate(): void;
  /** Where the active pane puts its chart toolbar and drawing toolbar (the workspace's rows). */
  toolbarSlot: HTMLElement | null;
  drawingSlot: HTMLElement | null;
  /** The charts menu (save, open, rename...), shown in the active pane's toolbar. */
  chartsMenu?: ReactNode;
  sync: PaneSync;
};

/**
 * One chart of the workspace: its candles, live bar, indicators, drawings and legend, with its own toolbar
 * state. The toolbars show in the workspace's rows while the pane is the active one.
 */
export function ChartPane(props: ChartPaneProps) {
  const { pane, active, onChange, sync } = props;
  const { symbol, timeframe, chartId, indicators } = pane;
  const [params, setParams] = useSearchParams();
  // The chart's template (the address's `tpl`, else the user's default) gives its colours; the template
  // editor's draft type shows while it is open.
  const look = useChartTemplate(params.get('tpl'));
  const type: ChartType = look.draft?.chartType ?? pane.type;
  const drawingTemplates = useDrawingTemplates();
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
  // Every pane shows the template's colours (the tools in the toolbar belong to the active pane only).
  useEffect(() => {
    engine.current?.applyAppearance(look.appearance);
  }, [look.appearance]);

  const [tool, setTool] = useState<DrawingTool | null>(null);
  const [magnet, setMagnet] = useState(false);
  const [stayInDrawing, setStayInDrawing] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const hover = useMemo(() => createHoverStore(), []);
  const [entry, setEntry] = useState<string | null>(null);
  const [menu, setMenu] = useState<ChartMenuTarget | null>(null);
  const [searching, setSearching] = useState(false);
  const [pickingIndicator, setPickingIndicator] = useState(false);
  const [editingKey, setEditingKey] = useState<string | null>(null);
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

  const change = useRef(onChange);
  change.current = onChange;
  const setTimeframe = useCallback((tf: Timeframe) => change.current({ timeframe: tf }), []);
  // The workspace keeps the indicators (in the URL, or in the saved chart); updates read the latest list.
  const latestIndicators = useRef(indicators);
  latestIndicators.current = indicators;
  const setIndicators = useCallback((update: (list: ChartIndicatorState[]) => ChartIndicatorState[]) => {
    const next = update(latestIndicators.current);
    latestIndicators.current = next;
    change.current({ indicators: next });
  }, []);
  const setType = useCallback((t: ChartType) => change.current({ type: t }), []);

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
      crosshair: (time) => {
        hover.set(time);
        sync.crosshair(pane.id, time);
      },
      needOlder: () => void needOlder(),
    }),
    [drawings.commit, needOlder, hover, sync, pane.id],
  );

  // Crosshair and time sync: the workspace reaches this chart's engine, and hears of its visible range.
  useEffect(() => sync.register(pane.id, () => engine.current), [sync, pane.id]);
  useEffect(() => {
    const scale = engine.current?.chart.timeScale();
    if (!scale) return;
    const onRange = (range: { from: unknown; to: unknown } | null) =>
      sync.range(pane.id, range ? { from: range.from as number, to: range.to as number } : null);
    scale.subscribeVisibleTimeRangeChange(onRange);
    return () => scale.unsubscribeVisibleTimeRangeChange(onRange);
  }, [sync, pane.id]);

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

  // The active trading account's positions and orders of this symbol, as draggable price lines.
  useTradingLines(engine, symbol);
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
      drawingTemplates.remember(next.tool, next.style);
      drawings.commit(drawings.drawings.map((d) => (d.id === next.id ? next : d)));
    },
    [drawings, drawingTemplates.remember],
  );
  const deleteSelected = useCallback(() => {
    if (!selectedId) return;
    drawings.commit(drawings.drawings.filter((d) => d.id !== selectedId));
    setSelectedId(null);
  }, [drawings, selectedId]);

  // Keyboard: undo/redo, delete, Escape, and typing a timeframe.
  useEffect(() => {
    if (!active) return;
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
  }, [drawings, selectedId, deleteSelected, entry, searching, active]);

  // Right-click: the price under the pointer (and the alertable drawing there) for the chart's menu.
  const openMenu = (e: React.MouseEvent<HTMLElement>) => {
    const proj = engine.current?.projection();
    if (!proj) return;
    const rect = e.currentTarget.getBoundingClientRect();
    const p = { x: e.clientX - rect.left, y: e.clientY - rect.top };
    if (p.x < 0 || p.y < 0 || p.x >= proj.width || p.y >= proj.height) return;
    const price = proj.yToPrice(p.y);
    if (price === null || !Number.isFinite(price) || price <= 0) return;
    e.preventDefault();
    const hit = hitTestDrawings(drawings.drawings, p, proj, null);
    const drawing = hit ? (drawings.drawings.find((d) => d.id === hit.id) ?? null) : null;
    const rounded = Number(price.toFixed(digits));
    setMenu({
      x: e.clientX,
      y: e.clientY,
      price: rounded,
      priceText: f.price(rounded, digits),
      drawing: drawing && ALERTABLE_TOOLS.includes(drawing.tool) ? drawing : null,
    });
  };

  const candles = history.candles;
  useCalendarMarks(engine, { symbol, candles, barSeconds, type });
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

  const toolbar = (
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
      chartsMenu={props.chartsMenu}
      actions={
        <ChartTools
          engine={engine}
          look={look}
          themeColors={options.colors}
          chartType={type}
          symbol={symbol}
          timeframe={timeframe}
          timeframeLabel={tfLabel}
          chartId={chartId}
          indicators={indicators}
          onApplyTemplate={(t) => {
            setParams(
              (p) => {
                const next = new URLSearchParams(p);
                next.set('tpl', t.id);
                return next;
              },
              { replace: true },
            );
            if (t.settings.chartType) setType(t.settings.chartType);
          }}
        />
      }
    />
  );
  const drawingToolbar = (
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
  );

  return (
    <Box
      data-testid="chart-pane"
      data-active={active}
      onPointerDownCapture={props.onActivate}
      onFocusCapture={props.onActivate}
      onPointerEnter={() => sync.lead(pane.id)}
      onPointerLeave={() => sync.lead(null)}
      sx={{
        position: 'relative',
        display: 'flex',
        minWidth: 0,
        minHeight: 0,
        borderRight: props.multi ? 1 : 0,
        borderBottom: props.multi ? 1 : 0,
        borderColor: 'divider',
      }}
    >
      {props.multi && active && (
        // The active chart's frame, over the canvas.
        <Box
          aria-hidden
          sx={{
            position: 'absolute',
            inset: 0,
            border: 2,
            borderColor: 'primary.main',
            pointerEvents: 'none',
            zIndex: 6,
          }}
        />
      )}
      {active && props.toolbarSlot && createPortal(toolbar, props.toolbarSlot)}
      {active && props.drawingSlot && createPortal(drawingToolbar, props.drawingSlot)}
      <Box
        component="section"
        aria-label={`${symbol} chart, ${tfLabel}`}
        aria-busy={history.status === 'loading'}
        onContextMenu={openMenu}
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
              top: { xs: 52, sm: 40 },
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
      <ChartAlertMenu
        target={menu}
        onClose={() => setMenu(null)}
        chart={{ symbol, timeframe, digits, saveDrawing: drawings.saveDrawing }}
      />
      <SymbolSearchDialog
        open={searching}
        onClose={() => setSearching(false)}
        onPick={(picked) => {
          setSearching(false);
          change.current({ symbol: picked.ticker });
        }}
      />
      <IndicatorsDialog
        open={pickingIndicator}
        onClose={() => setPickingIndicator(false)}
        current={indicators}
        onApplyTemplate={(list) => {
          setPickingIndicator(false);
          setIndicators(() => list.slice(0, MAX_CHART_INDICATORS));
        }}
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
    </Box>
  );
}
