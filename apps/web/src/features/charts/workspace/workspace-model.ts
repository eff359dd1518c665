import type { Chart, ChartIndicator, Layout } from '@tradedesk/contracts';
import type { ChartType } from '../components/chart-engine';
import type { ChartIndicatorState } from '../indicators/model';
import { DEFAULT_SYMBOL, DEFAULT_TIMEFRAME, type Timeframe } from '../model/timeframes';

/** The layouts the workspace offers: 1, 2, 4 or 8 charts (the layouts API's counts). */
export const LAYOUT_COUNTS = [1, 2, 4, 8] as const;
export type LayoutCount = (typeof LAYOUT_COUNTS)[number];

export type SyncFlags = { symbol: boolean; interval: boolean; crosshair: boolean; time: boolean };
export const SYNC_LABELS: Record<keyof SyncFlags, string> = {
  symbol: 'Sync symbol',
  interval: 'Sync interval',
  crosshair: 'Sync crosshair',
  time: 'Sync time',
};
export const NO_SYNC: SyncFlags = { symbol: false, interval: false, crosshair: false, time: false };

/** One chart of the workspace: what it shows, and the saved chart it is bound to (autosaved), if any. */
export type PaneState = {
  /** The workspace's own key for the pane (stable while it is open). */
  id: string;
  chartId: string | null;
  /** The saved chart's name and version, once read. */
  chartName: string | null;
  chartVersion: number;
  /** False while the saved chart is being read: the pane waits for its symbol and indicators. */
  loaded: boolean;
  symbol: string;
  timeframe: Timeframe;
  type: ChartType;
  indicators: ChartIndicatorState[];
};

export type WorkspaceState = {
  count: LayoutCount;
  direction: 'horizontal' | 'vertical';
  panes: PaneState[];
  /** Index of the pane that has the toolbars and keyboard. */
  active: number;
  sync: SyncFlags;
};

let paneSeq = 0;
export function newPaneId(): string {
  paneSeq += 1;
  return `pane-${paneSeq}`;
}

export function newPane(fields: Partial<Omit<PaneState, 'id'>> = {}): PaneState {
  return {
    id: newPaneId(),
    chartId: null,
    chartName: null,
    chartVersion: 0,
    loaded: !fields.chartId,
    symbol: DEFAULT_SYMBOL,
    timeframe: DEFAULT_TIMEFRAME,
    type: 'candles',
    indicators: [],
    ...fields,
  };
}

export function singleWorkspace(pane: PaneState): WorkspaceState {
  return { count: 1, direction: 'horizontal', panes: [pane], active: 0, sync: NO_SYNC };
}

/**
 * The workspace a layout opens: an unsaved chart with the slot's instrument, type and indicators; a saved chart
 * is read from /charts (its own type and indicators win over the slot's).
 */
export function workspaceFromLayout(layout: Layout): WorkspaceState {
  const count = (LAYOUT_COUNTS as readonly number[]).includes(layout.count) ? (layout.count as LayoutCount) : 1;
  const panes = layout.charts.slice(0, count).map((slot) =>
    slot.chartId
      ? newPane({ chartId: slot.chartId, symbol: slot.symbol, timeframe: slot.timeframe })
      : newPane({
          symbol: slot.symbol,
          timeframe: slot.timeframe,
          // a layout answered before slots kept them has neither
          type: slot.type ?? 'candles',
          indicators: fromContractIndicators(slot.indicators ?? []),
        }),
  );
  while (panes.length < count) panes.push(newPane());
  return { count, direction: layout.direction, panes, active: 0, sync: { ...layout.sync } };
}

/** A slot of a layout as the workspace saves it. */
export type LayoutSlotFields = {
  chartId: string | null;
  symbol: string;
  timeframe: Timeframe;
  type?: ChartType;
  indicators?: ChartIndicator[];
};

/**
 * What a layout saves: the count, direction, each pane's instrument and saved chart, and the sync options. An
 * unsaved chart's type and indicators go with its slot; a saved chart keeps its own (its autosave writes them).
 */
export function layoutFields(state: WorkspaceState) {
  return {
    count: state.count,
    direction: state.direction,
    charts: state.panes.map(
      (p): LayoutSlotFields =>
        p.chartId
          ? { chartId: p.chartId, symbol: p.symbol, timeframe: p.timeframe }
          : {
              chartId: null,
              symbol: p.symbol,
              timeframe: p.timeframe,
              type: p.type,
              indicators: toContractIndicators(p.indicators),
            },
    ),
    sync: state.sync,
  };
}

export function toContractIndicators(list: readonly ChartIndicatorState[]): ChartIndicator[] {
  return list.map((i) => ({ id: i.key, name: i.name, settings: i.settings, styles: i.styles, visible: !i.hidden }));
}

export function fromContractIndicators(list: readonly ChartIndicator[]): ChartIndicatorState[] {
  return list.map((i) => ({ key: i.id, name: i.name, settings: i.settings, styles: i.styles, hidden: !i.visible }));
}

/** A saved chart's fields as the pane shows them. */
export function paneFieldsOf(chart: Chart): Partial<PaneState> {
  return {
    chartId: chart.id,
    chartName: chart.name,
    chartVersion: chart.version,
    loaded: true,
    symbol: chart.symbol,
    timeframe: chart.timeframe as Timeframe,
    type: chart.settings.chartType,
    indicators: fromContractIndicators(chart.indicators),
  };
}

/** The part of a pane its saved chart keeps: a change here is autosaved. */
export function savedProjection(p: PaneState): string {
  return JSON.stringify([p.symbol, p.timeframe, p.type, toContractIndicators(p.indicators)]);
}

export type PanePatch = Partial<Pick<PaneState, 'symbol' | 'timeframe' | 'type' | 'indicators'>>;

export type WorkspaceAction =
  | { type: 'reset'; state: WorkspaceState }
  | { type: 'count'; count: LayoutCount; direction?: 'horizontal' | 'vertical' }
  | { type: 'activate'; index: number }
  | { type: 'patch'; id: string; patch: PanePatch }
  | { type: 'bind'; id: string; fields: Partial<PaneState> }
  | { type: 'sync'; flag: keyof SyncFlags; on: boolean }
  | { type: 'add' }
  | { type: 'close'; index: number };

/** The largest layout that holds `n` charts. */
export function countFor(n: number): LayoutCount {
  return [...LAYOUT_COUNTS].reverse().find((c) => c <= n) ?? 1;
}

function withCount(state: WorkspaceState, count: LayoutCount, panes = state.panes): WorkspaceState {
  const active = panes[state.active] ?? panes[0]!;
  const next = panes.slice(0, count);
  // New charts open on the active chart's instrument and timeframe.
  while (next.length < count) next.push(newPane({ symbol: active.symbol, timeframe: active.timeframe }));
  const activeIndex = next.findIndex((p) => p.id === active.id);
  return { ...state, count, panes: next, active: activeIndex === -1 ? 0 : activeIndex };
}

export function workspaceReducer(state: WorkspaceState, action: WorkspaceAction): WorkspaceState {
  switch (action.type) {
    case 'reset':
      return action.state;
    case 'count':
      return withCount({ ...state, direction: action.direction ?? state.direction }, action.count);
    case 'activate':
      return action.index >= 0 && action.index < state.panes.length ? { ...state, active: action.index } : state;
    case 'patch': {
      const { patch } = action;
      // With symbol or interval sync on, every chart follows the one that changed.
      const shared: PanePatch = {};
      if (patch.symbol !== undefined && state.sync.symbol) shared.symbol = patch.symbol;
      if (patch.timeframe !== undefined && state.sync.interval) shared.timeframe = patch.timeframe;
      return {
        ...state,
        panes: state.panes.map((p) => (p.id === action.id ? { ...p, ...patch } : { ...p, ...shared })),
      };
    }
    case 'bind':
      return { ...state, panes: state.panes.map((p) => (p.id === action.id ? { ...p, ...action.fields } : p)) };
    case 'sync': {
      const sync = { ...state.sync, [action.flag]: action.on };
      const active = state.panes[state.active]!;
      // Turning a sync on brings every chart to the active one's symbol or interval at once.
      const panes = state.panes.map((p) => ({
        ...p,
        ...(action.on && action.flag === 'symbol' ? { symbol: active.symbol } : {}),
        ...(action.on && action.flag === 'interval' ? { timeframe: active.timeframe } : {}),
      }));
      return { ...state, sync, panes };
    }
    case 'add': {
      const next = LAYOUT_COUNTS.find((c) => c > state.count);
      if (!next) return state;
      const added = withCount(state, next);
      return { ...added, active: state.count };
    }
    case 'close': {
      if (state.panes.length <= 1) return state;
      const rest = state.panes.filter((_, i) => i !== action.index);
      const closedActive = action.index === state.active;
      const kept = withCount({ ...state, active: closedActive ? 0 : state.active }, countFor(rest.length), rest);
      if (closedActive) return { ...kept, active: Math.min(action.index, kept.panes.length - 1) };
      const activeId = state.panes[state.active]!.id;
      const idx = kept.panes.findIndex((p) => p.id === activeId);
      return { ...kept, active: idx === -1 ? 0 : idx };
    }
  }
}

/** Grid columns and rows for a layout. */
export function gridOf(count: LayoutCount, direction: 'horizontal' | 'vertical'): { columns: number; rows: number } {
  switch (count) {
    case 1:
      return { columns: 1, rows: 1 };
    case 2:
      return direction === 'horizontal' ? { columns: 2, rows: 1 } : { columns: 1, rows: 2 };
    case 4:
      return { columns: 2, rows: 2 };
    case 8:
      return { columns: 4, rows: 2 };
  }
}
