import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import FullscreenIcon from '@mui/icons-material/Fullscreen';
import FullscreenExitIcon from '@mui/icons-material/FullscreenExit';
import GridViewIcon from '@mui/icons-material/GridView';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useCallback, useEffect, useId, useMemo, useReducer, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useAppDispatch } from '../../../app/hooks';
import type { ApiError } from '../../../shared/api/api-error';
import { useFormatters } from '../../../shared/format/format-preferences';
import { ErrorState } from '../../../shared/states/error-state';
import { LoadingState } from '../../../shared/states/loading-state';
import { toast } from '../../../shared/toast/toast';
import { setActiveChart } from '../../alerts/alert-dialog-store';
import { ChartNewsButton } from '../../news/chart-news-button';
import { isTypingTarget } from '../../shell/shortcuts';
import { LazyChartTradingPanel } from '../../trading/lazy-chart-trading-panel';
import { chartApi } from '../chart-api';
import { type ChartType, chartTypes } from '../components/chart-engine';
import { decodeIndicators, encodeIndicators } from '../indicators/model';
import {
  DEFAULT_SYMBOL,
  DEFAULT_TIMEFRAME,
  TIMEFRAMES,
  type Timeframe,
  timeframeShortLabels,
} from '../model/timeframes';
import { useChartSettings } from '../tools/use-chart-settings';
import { useChartTemplate } from '../tools/use-chart-template';
import { ChartPane } from './chart-pane';
import { ChartsMenu } from './charts-menu';
import { LayoutsDialog } from './layouts-dialog';

import { PaneSync } from './pane-sync';
import {
  useCreateChartMutation,
  useCreateLayoutMutation,
  useDeleteChartMutation,
  useLayoutsQuery,
  useLazyLayoutQuery,
  useUpdateChartMutation,
  useUpdateLayoutMutation,
} from './saved-charts-api';
import { useSavedChart } from './use-saved-chart';
import {
  gridOf,
  LAYOUT_COUNTS,
  type LayoutCount,
  layoutFields,
  newPane,
  type PanePatch,
  type PaneState,
  paneFieldsOf,
  SYNC_LABELS,
  type SyncFlags,
  singleWorkspace,
  toContractIndicators,
  type WorkspaceAction,
  type WorkspaceState,
  workspaceFromLayout,
  workspaceReducer,
} from './workspace-model';

const SYMBOL_PATTERN = /^[A-Z0-9._-]{1,20}$/;
/** Quiet time after the last change before a layout is written. */
const LAYOUT_SAVE_MS = 600;

/**
 * What a chart shows when its address names no timeframe or type: the chart settings' default timeframe and the
 * chart template's type (the address's `tpl`, else the user's default template).
 */
export type PaneDefaults = { timeframe: Timeframe; type: ChartType };
const BUILT_IN_DEFAULTS: PaneDefaults = { timeframe: DEFAULT_TIMEFRAME, type: 'candles' };

/** A one-chart workspace from the address: `?chart=<id>` (a saved chart) or `?symbol&tf&type&ind`. */
function paneFromUrl(params: URLSearchParams, defaults: PaneDefaults = BUILT_IN_DEFAULTS): PaneState {
  const chartId = params.get('chart');
  if (chartId) return newPane({ chartId });
  const upper = (params.get('symbol') ?? '').toUpperCase();
  return newPane({
    symbol: SYMBOL_PATTERN.test(upper) ? upper : DEFAULT_SYMBOL,
    timeframe: TIMEFRAMES.find((t) => t.id === params.get('tf'))?.id ?? defaults.timeframe,
    type: chartTypes.find((t) => t === params.get('type')) ?? defaults.type,
    indicators: decodeIndicators(params.get('ind')),
  });
}

/** Whether the address already says what the workspace shows. */
function urlMatches(
  params: URLSearchParams,
  state: WorkspaceState,
  layoutId: string | null,
  defaults: PaneDefaults,
): boolean {
  if (layoutId) return params.get('layout') === layoutId;
  if (state.count > 1) return true; // its layout is being saved; the address follows when it is
  if (params.get('layout')) return false;
  const pane = state.panes[0]!;
  if (pane.chartId) return params.get('chart') === pane.chartId;
  if (params.get('chart')) return false;
  const read = paneFromUrl(params, defaults);
  return (
    read.symbol === pane.symbol &&
    read.timeframe === pane.timeframe &&
    read.type === pane.type &&
    encodeIndicators(read.indicators) === encodeIndicators(pane.indicators)
  );
}

function urlOf(state: WorkspaceState, layoutId: string | null): URLSearchParams {
  if (layoutId) return new URLSearchParams({ layout: layoutId });
  const pane = state.panes[0]!;
  if (pane.chartId) return new URLSearchParams({ chart: pane.chartId });
  // An unsaved chart lives in the address (indicators in `ind`), so a reload or a shared link shows it again.
  const next = new URLSearchParams({ symbol: pane.symbol, tf: pane.timeframe, type: pane.type });
  if (pane.indicators.length > 0) next.set('ind', encodeIndicators(pane.indicators));
  return next;
}

const tfShort = (tf: Timeframe) => timeframeShortLabels[tf];
const countLabel = (n: number) => `${n} chart${n === 1 ? '' : 's'}`;

/** The layout menu's choices: two charts side by side or stacked, larger layouts as grids. */
type LayoutChoice = { count: LayoutCount; direction: 'horizontal' | 'vertical'; label: string };
const LAYOUT_CHOICES: LayoutChoice[] = [
  ...LAYOUT_COUNTS.map((count): LayoutChoice => ({ count, direction: 'horizontal', label: countLabel(count) })),
  { count: 2, direction: 'vertical', label: '2 charts stacked' } satisfies LayoutChoice,
].sort((a, b) => a.count - b.count);

/** One pane and its saved chart (read and autosaved). */
function WorkspacePane(props: {
  pane: PaneState;
  index: number;
  state: WorkspaceState;
  dispatch(action: WorkspaceAction): void;
  toolbarSlot: HTMLElement | null;
  drawingSlot: HTMLElement | null;
  sync: PaneSync;
  menu: React.ReactNode;
  autosave: boolean;
  /** Tells the workspace how to save this pane's chart now, and whether it has unsaved changes. */
  onSaver(id: string, saver: { save(): Promise<void>; unsaved: boolean } | null): void;
}) {
  const { pane, index, dispatch, onSaver } = props;
  const bind = useCallback(
    (fields: Partial<PaneState>) => dispatch({ type: 'bind', id: pane.id, fields }),
    [dispatch, pane.id],
  );
  const saved = useSavedChart(pane, bind, { autosave: props.autosave });
  const { save, unsaved } = saved;
  useEffect(() => onSaver(pane.id, { save, unsaved }), [onSaver, pane.id, save, unsaved]);
  useEffect(() => () => onSaver(pane.id, null), [onSaver, pane.id]);
  const active = props.state.active === index;
  if (!pane.loaded) {
    return (
      <Box
        role="region"
        aria-label={`Saved chart ${index + 1}`}
        aria-busy={!saved.loadError}
        onPointerDownCapture={() => dispatch({ type: 'activate', index })}
        sx={{ display: 'grid', placeItems: 'center', minHeight: 0, minWidth: 0, p: 2 }}
      >
        {saved.loadError ? (
          <ErrorState
            title="The saved chart could not be opened."
            message={saved.loadError.message}
            onRetry={saved.retry}
          />
        ) : (
          <LoadingState label="Opening the saved chart" />
        )}
      </Box>
    );
  }
  return (
    <ChartPane
      pane={pane}
      active={active}
      multi={props.state.count > 1}
      onChange={(patch) => dispatch({ type: 'patch', id: pane.id, patch })}
      onActivate={() => {
        if (!active) dispatch({ type: 'activate', index });
      }}
      toolbarSlot={props.toolbarSlot}
      drawingSlot={props.drawingSlot}
      chartsMenu={active ? props.menu : undefined}
      sync={props.sync}
    />
  );
}

function LayoutMenu(props: {
  state: WorkspaceState;
  layoutId: string | null;
  onCount(count: LayoutCount, direction: 'horizontal' | 'vertical'): void;
  onSync(flag: keyof SyncFlags, on: boolean): void;
  onOpenLayout(id: string): void;
  onManageLayouts(): void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const layouts = useLayoutsQuery(undefined, { skip: anchor === null });
  const { count, sync } = props.state;
  return (
    <>
      <Tooltip title="Layout and sync">
        <Button
          size="small"
          color="inherit"
          startIcon={<GridViewIcon />}
          aria-label={`Layout: ${countLabel(count)}`}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          {count}
        </Button>
      </Tooltip>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <ListSubheader>Layout</ListSubheader>
        {LAYOUT_CHOICES.map((choice) => {
          const checked = count === choice.count && (choice.count !== 2 || props.state.direction === choice.direction);
          return (
            <MenuItem
              key={choice.label}
              role="menuitemradio"
              aria-checked={checked}
              selected={checked}
              onClick={() => {
                setAnchor(null);
                props.onCount(choice.count, choice.direction);
              }}
            >
              {choice.label}
            </MenuItem>
          );
        })}
        <Divider />
        <ListSubheader>Sync across charts</ListSubheader>
        {(Object.keys(SYNC_LABELS) as (keyof SyncFlags)[]).map((flag) => (
          <MenuItem
            key={flag}
            role="menuitemcheckbox"
            aria-checked={sync[flag]}
            disabled={count === 1}
            onClick={() => props.onSync(flag, !sync[flag])}
          >
            <Box component="span" aria-hidden sx={{ width: 20, display: 'inline-block' }}>
              {sync[flag] ? '✓' : ''}
            </Box>
            {SYNC_LABELS[flag]}
          </MenuItem>
        ))}
        {layouts.data && layouts.data.length > 0 && <Divider />}
        {layouts.data && layouts.data.length > 0 && <ListSubheader>Saved layouts</ListSubheader>}
        {layouts.data?.map((l) => (
          <MenuItem
            key={l.id}
            selected={l.id === props.layoutId}
            onClick={() => {
              setAnchor(null);
              props.onOpenLayout(l.id);
            }}
          >
            {l.name} ({countLabel(l.count)})
          </MenuItem>
        ))}
        <Divider />
        <MenuItem
          onClick={() => {
            setAnchor(null);
            props.onManageLayouts();
          }}
        >
          Manage layouts…
        </MenuItem>
      </Menu>
    </>
  );
}

/** Fullscreen of an element (the chart area), Shift+F to enter or leave; Escape leaves (the browser's). */
function useFullscreen(target: React.RefObject<HTMLElement | null>) {
  const [on, setOn] = useState(false);
  useEffect(() => {
    const onChange = () => setOn(document.fullscreenElement !== null && document.fullscreenElement === target.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [target]);
  const toggle = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen?.();
    else void target.current?.requestFullscreen?.();
  }, [target]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || isTypingTarget(e.target) || e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.target instanceof Element && e.target.closest('.MuiPopover-root, .MuiModal-root')) return;
      if (e.shiftKey && e.code === 'KeyF') {
        e.preventDefault();
        e.stopPropagation();
        toggle();
      }
    };
    document.addEventListener('keydown', onKey, { capture: true });
    return () => document.removeEventListener('keydown', onKey, { capture: true });
  }, [toggle]);
  return { on, toggle, supported: typeof document !== 'undefined' && document.fullscreenEnabled === true };
}

/**
 * The chart workspace: 1, 2, 4 or 8 charts in a grid with the charts bar (the open charts as tabs), the layout
 * picker and sync options, and the active chart's toolbars. One chart follows the address (`?symbol&tf&type&ind`
 * or `?chart=<id>` for a saved chart); more than one is a saved layout (`?layout=<id>`, /layouts).
 */
export function ChartWorkspace() {
  const [params, setParams] = useSearchParams();
  const appDispatch = useAppDispatch();
  const f = useFormatters();
  const [state, dispatch] = useReducer(workspaceReducer, params, (p) => singleWorkspace(paneFromUrl(p)));
  const [layoutId, setLayoutId] = useState<string | null>(null);
  const [managingLayouts, setManagingLayouts] = useState(false);
  const [loadingLayout, setLoadingLayout] = useState<string | null>(() => params.get('layout'));
  const [layoutError, setLayoutError] = useState<ApiError | null>(null);
  const layoutSaved = useRef<{ version: number; projection: string | null }>({ version: 0, projection: null });
  const layoutInflight = useRef(false);
  const creatingLayout = useRef(false);
  const [fetchLayout] = useLazyLayoutQuery();
  const [createLayout] = useCreateLayoutMutation();
  const [updateLayout] = useUpdateLayoutMutation();
  const [createChart] = useCreateChartMutation();
  const [updateChart] = useUpdateChartMutation();
  const [deleteChart] = useDeleteChartMutation();
  const sync = useMemo(() => new PaneSync(), []);
  sync.flags = state.sync;
  // The alerts panel's "Create alert" starts from the active chart's symbol and timeframe.
  const activeSymbol = state.panes[state.active]?.symbol;
  const activeTimeframe = state.panes[state.active]?.timeframe;
  useEffect(() => {
    setActiveChart(activeSymbol && activeTimeframe ? { symbol: activeSymbol, timeframe: activeTimeframe } : null);
    return () => setActiveChart(null);
  }, [activeSymbol, activeTimeframe]);
  const root = useRef<HTMLDivElement>(null);
  const fullscreen = useFullscreen(root);
  // A chart whose address names no timeframe (`/chart`, `/chart?symbol=X`) shows the chart settings' default
  // timeframe, and one that names no type the chart template's type; it follows them when they are read or
  // changed (until the user picks a timeframe or type, which the address then names).
  const stateRef = useRef(state);
  stateRef.current = state;
  const chartSettings = useChartSettings();
  const look = useChartTemplate(params.get('tpl'));
  const defaultTimeframe = chartSettings.settings.defaultTimeframe;
  const defaultType: ChartType = look.chartType ?? 'candles';
  const defaults = useMemo(
    (): PaneDefaults => ({ timeframe: defaultTimeframe, type: defaultType }),
    [defaultTimeframe, defaultType],
  );
  const defaultsRef = useRef(defaults);
  defaultsRef.current = defaults;
  const paramsRef = useRef(params);
  paramsRef.current = params;
  useEffect(() => {
    const p = paramsRef.current;
    const current = stateRef.current;
    const pane = current.panes[0];
    if (!pane || current.count !== 1 || pane.chartId || p.get('chart') || p.get('layout')) return;
    const patch: PanePatch = {};
    if (!p.get('tf') && pane.timeframe !== defaults.timeframe) patch.timeframe = defaults.timeframe;
    if (!p.get('type') && pane.type !== defaults.type) patch.type = defaults.type;
    if (patch.timeframe || patch.type) dispatch({ type: 'patch', id: pane.id, patch });
  }, [defaults]);
  const [toolbarSlot, setToolbarSlot] = useState<HTMLElement | null>(null);
  const [drawingSlot, setDrawingSlot] = useState<HTMLElement | null>(null);

  // The workspace → the address.
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the workspace, not the address
  useEffect(() => {
    if (loadingLayout || urlMatches(params, state, layoutId, defaultsRef.current)) return;
    const next = urlOf(state, layoutId);
    // The chart template chosen for this screen, and a ticket the order panel has yet to open (a link from the
    // dashboard's buy/sell widget), stay in the address whatever the charts show.
    for (const key of ['tpl', 'ticket']) {
      const value = params.get(key);
      if (value) next.set(key, value);
    }
    setParams(next, { replace: true });
  }, [state, layoutId, loadingLayout]);

  // The address → the workspace (a link, the symbol search, back and forward).
  const paramsText = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the address only
  useEffect(() => {
    const wanted = params.get('layout');
    if (wanted) {
      if (wanted !== layoutId && wanted !== loadingLayout) setLoadingLayout(wanted);
      return;
    }
    if (loadingLayout) setLoadingLayout(null);
    setLayoutError(null);
    const current = stateRef.current;
    if (urlMatches(params, current, layoutId, defaultsRef.current)) return;
    // The symbol search of the top bar opens `/chart?symbol=X`: on a layout or a saved chart, the active chart
    // changes symbol (as it would from its own toolbar) instead of leaving them.
    const symbolOnly = [...params.keys()].every((k) => k === 'symbol');
    const activePane = current.panes[current.active];
    if (symbolOnly && activePane && (layoutId || activePane.chartId)) {
      const symbol = paneFromUrl(params, defaultsRef.current).symbol;
      dispatch({ type: 'patch', id: activePane.id, patch: { symbol } });
      setParams(urlOf(current, layoutId), { replace: true });
      return;
    }
    setLayoutId(null);
    dispatch({ type: 'reset', state: singleWorkspace(paneFromUrl(params, defaultsRef.current)) });
  }, [paramsText]);

  // Reading a layout.
  const openLayout = useCallback(
    async (id: string) => {
      setLayoutError(null);
      try {
        const layout = await fetchLayout(id).unwrap();
        const next = workspaceFromLayout(layout);
        layoutSaved.current = { version: layout.version, projection: JSON.stringify(layoutFields(next)) };
        dispatch({ type: 'reset', state: next });
        setLayoutId(layout.id);
        setLoadingLayout(null);
      } catch (error) {
        setLayoutError(error as ApiError);
      }
    },
    [fetchLayout],
  );
  useEffect(() => {
    if (loadingLayout) void openLayout(loadingLayout);
  }, [loadingLayout, openLayout]);

  // More than one chart: the workspace becomes a saved layout.
  useEffect(() => {
    if (layoutId || loadingLayout || state.count === 1 || creatingLayout.current) return;
    creatingLayout.current = true;
    const fields = layoutFields(state);
    // Named by when it was made: its charts change later, its name does not.
    createLayout({ name: `Layout of ${f.dateTime(Date.now())}`, ...fields })
      .unwrap()
      .then((layout) => {
        layoutSaved.current = { version: layout.version, projection: JSON.stringify(fields) };
        setLayoutId(layout.id);
      })
      .catch((error: ApiError) => {
        toast.show({ variant: 'error', title: 'The layout could not be saved', message: error.message });
      })
      .finally(() => {
        creatingLayout.current = false;
      });
  }, [state, layoutId, loadingLayout, createLayout, f]);

  // Autosave of the layout: count, charts, sync (debounced, with the version read).
  const layoutProjection = layoutId && !loadingLayout ? JSON.stringify(layoutFields(state)) : null;
  const saveLayout = useCallback(async (): Promise<void> => {
    const id = layoutId;
    if (!id || layoutInflight.current) return;
    const fields = layoutFields(stateRef.current);
    const projection = JSON.stringify(fields);
    if (projection === layoutSaved.current.projection) return;
    layoutInflight.current = true;
    try {
      const layout = await updateLayout({ id, version: layoutSaved.current.version, ...fields }).unwrap();
      layoutSaved.current = { version: layout.version, projection };
    } catch (e) {
      const error = e as ApiError;
      toast.show({
        variant: error.status === 409 ? 'warning' : 'error',
        title: error.status === 409 ? 'This layout was changed in another tab' : 'The layout could not be saved',
        message:
          error.status === 409 ? 'Reload to see the saved layout; what is on screen is not saved.' : error.message,
        action:
          error.status === 409
            ? { label: 'Reload', onClick: () => setLoadingLayout(id) }
            : { label: 'Try again', onClick: () => void saveLayout() },
        durationMs: error.status === 409 ? null : undefined,
      });
      return;
    } finally {
      layoutInflight.current = false;
    }
    if (JSON.stringify(layoutFields(stateRef.current)) !== layoutSaved.current.projection) void saveLayout();
  }, [layoutId, updateLayout]);
  useEffect(() => {
    if (layoutProjection === null || layoutProjection === layoutSaved.current.projection) return;
    const timer = setTimeout(() => void saveLayout(), LAYOUT_SAVE_MS);
    return () => clearTimeout(timer);
  }, [layoutProjection, saveLayout]);

  // Each pane's way to save its chart now (the charts menu's Save, with autosave off).
  const savers = useRef(new Map<string, () => Promise<void>>());
  const [unsavedPanes, setUnsavedPanes] = useState<ReadonlySet<string>>(() => new Set());
  const onSaver = useCallback((id: string, saver: { save(): Promise<void>; unsaved: boolean } | null) => {
    if (saver) savers.current.set(id, saver.save);
    else savers.current.delete(id);
    const unsaved = saver?.unsaved ?? false;
    setUnsavedPanes((set) => {
      if (set.has(id) === unsaved) return set;
      const next = new Set(set);
      if (unsaved) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);

  // The charts menu acts on the active chart.
  const active = state.panes[state.active] ?? state.panes[0]!;
  const bindActive = (fields: Partial<PaneState>) => dispatch({ type: 'bind', id: active.id, fields });
  const menu = (
    <ChartsMenu
      chartId={active.chartId}
      chartName={active.chartName}
      suggestedName={`${active.symbol} ${tfShort(active.timeframe)}`}
      onSave={() => void savers.current.get(active.id)?.()}
      unsaved={unsavedPanes.has(active.id)}
      onSaveAs={async (name) => {
        const chart = await createChart({
          name,
          symbol: active.symbol,
          timeframe: active.timeframe,
          chartType: active.type,
          indicators: toContractIndicators(active.indicators),
        }).unwrap();
        // The drawings on screen go with it.
        const drawings = await appDispatch(
          chartApi.endpoints.drawings.initiate(
            { symbol: active.symbol, chartId: active.chartId },
            { subscribe: false },
          ),
        ).unwrap();
        for (const d of drawings) {
          const { id: _id, symbol: _s, chartId: _c, createdAt: _ca, updatedAt: _ua, ...shape } = d;
          await appDispatch(
            chartApi.endpoints.createDrawing.initiate({ symbol: active.symbol, chartId: chart.id, shape }),
          ).unwrap();
        }
        bindActive({ ...paneFieldsOf(chart), indicators: active.indicators });
      }}
      onRename={async (name) => {
        if (!active.chartId) return;
        const chart = await updateChart({ id: active.chartId, version: active.chartVersion, name }).unwrap();
        bindActive({ chartName: chart.name, chartVersion: chart.version });
      }}
      onOpen={(id) => bindActive({ chartId: id, chartName: null, loaded: false })}
      onNew={() => bindActive({ chartId: null, chartName: null, chartVersion: 0, indicators: [], type: 'candles' })}
      onDelete={async () => {
        const id = active.chartId;
        if (!id) return;
        await deleteChart(id).unwrap();
        for (const p of stateRef.current.panes)
          if (p.chartId === id)
            dispatch({ type: 'bind', id: p.id, fields: { chartId: null, chartName: null, chartVersion: 0 } });
      }}
    />
  );

  const grid = gridOf(state.count, state.direction);
  return (
    <Box
      ref={root}
      sx={{
        height: fullscreen.on ? '100dvh' : 'calc(100dvh - 56px)',
        display: 'flex',
        flexDirection: 'column',
        minHeight: 360,
        bgcolor: 'background.default',
      }}
    >
      <Box
        role="toolbar"
        aria-label="Charts bar"
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
          px: 1,
          minHeight: 34,
          borderBottom: 1,
          borderColor: 'divider',
          overflowX: 'auto',
        }}
      >
        {state.panes.map((p, i) => {
          const name = `${p.symbol} ${tfShort(p.timeframe)}`;
          const isActive = i === state.active;
          return (
            <Box
              key={p.id}
              sx={{
                display: 'flex',
                alignItems: 'center',
                borderBottom: 2,
                borderColor: isActive ? 'primary.main' : 'transparent',
                flexShrink: 0,
              }}
            >
              <Button
                size="small"
                color="inherit"
                aria-pressed={isActive}
                aria-label={`Chart ${i + 1}: ${name}${p.chartName ? ` (${p.chartName})` : ''}`}
                onClick={() => dispatch({ type: 'activate', index: i })}
                sx={{ textTransform: 'none', fontWeight: isActive ? 700 : 400, minWidth: 0, px: 1 }}
              >
                {name}
              </Button>
              {state.panes.length > 1 && (
                <Tooltip title="Close chart">
                  <IconButton
                    size="small"
                    aria-label={`Close chart ${i + 1}: ${name}`}
                    onClick={() => dispatch({ type: 'close', index: i })}
                  >
                    <CloseIcon sx={{ fontSize: 14 }} />
                  </IconButton>
                </Tooltip>
              )}
            </Box>
          );
        })}
        <Tooltip title="Add chart">
          <span>
            <IconButton
              size="small"
              aria-label="Add chart"
              disabled={state.count === 8}
              onClick={() => {
                // One chart becoming a layout: the new layout holds the chart settings' default count of charts.
                const wanted = chartSettings.settings.defaultLayout;
                if (state.count === 1 && wanted > 2) {
                  dispatch({ type: 'count', count: wanted });
                  dispatch({ type: 'activate', index: 1 });
                } else dispatch({ type: 'add' });
              }}
            >
              <AddIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
        <Box sx={{ flexGrow: 1 }} />
        <LayoutMenu
          state={state}
          layoutId={layoutId}
          onCount={(count, direction) => dispatch({ type: 'count', count, direction })}
          onSync={(flag, on) => dispatch({ type: 'sync', flag, on })}
          onOpenLayout={(id) => {
            if (id !== layoutId) setLoadingLayout(id);
          }}
          onManageLayouts={() => setManagingLayouts(true)}
        />
        {managingLayouts && (
          <LayoutsDialog
            currentId={layoutId}
            onClose={() => setManagingLayouts(false)}
            onOpen={(id) => {
              if (id !== layoutId) setLoadingLayout(id);
            }}
            onRenamed={(layout) => {
              // The open layout's autosave goes on from the renamed version.
              layoutSaved.current = { ...layoutSaved.current, version: layout.version };
            }}
            onDeleted={(id) => {
              if (id !== layoutId) return;
              // The open layout is gone: its active chart stays on screen, on its own.
              const pane = stateRef.current.panes[stateRef.current.active]!;
              setLayoutId(null);
              dispatch({ type: 'reset', state: singleWorkspace(pane) });
            }}
          />
        )}
        <ChartNewsButton symbol={state.panes[state.active]?.symbol ?? DEFAULT_SYMBOL} />
        <Tooltip title={fullscreen.on ? 'Exit full screen (Shift+F)' : 'Full screen (Shift+F)'}>
          <IconButton
            size="small"
            aria-label={fullscreen.on ? 'Exit full screen' : 'Full screen'}
            aria-keyshortcuts="Shift+F"
            aria-pressed={fullscreen.on}
            onClick={fullscreen.toggle}
          >
            {fullscreen.on ? <FullscreenExitIcon fontSize="small" /> : <FullscreenIcon fontSize="small" />}
          </IconButton>
        </Tooltip>
      </Box>
      <Box ref={setToolbarSlot} />
      <Box sx={{ flexGrow: 1, display: 'flex', minHeight: 0 }}>
        <Box ref={setDrawingSlot} sx={{ display: 'flex' }} />
        {loadingLayout || layoutError ? (
          <Box sx={{ flexGrow: 1, display: 'grid', placeItems: 'center' }} aria-busy={!layoutError}>
            {layoutError ? (
              <ErrorState
                title="The layout could not be opened."
                message={layoutError.message}
                onRetry={() => loadingLayout && void openLayout(loadingLayout)}
              />
            ) : (
              <LoadingState label="Opening the layout" />
            )}
          </Box>
        ) : (
          <Box
            data-testid="chart-grid"
            sx={{
              flexGrow: 1,
              minWidth: 0,
              display: 'grid',
              gridTemplateColumns: `repeat(${grid.columns}, minmax(0, 1fr))`,
              gridTemplateRows: `repeat(${grid.rows}, minmax(0, 1fr))`,
            }}
          >
            {state.panes.map((p, i) => (
              <WorkspacePane
                key={p.id}
                pane={p}
                index={i}
                state={state}
                dispatch={dispatch}
                toolbarSlot={toolbarSlot}
                drawingSlot={drawingSlot}
                sync={sync}
                menu={menu}
                autosave={chartSettings.settings.autosave}
                onSaver={onSaver}
              />
            ))}
          </Box>
        )}
        <LazyChartTradingPanel symbol={state.panes[state.active]?.symbol ?? DEFAULT_SYMBOL} />
      </Box>
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
