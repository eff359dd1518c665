import { describe, expect, it } from 'vitest';
import { countFor, gridOf, newPane, singleWorkspace, type WorkspaceState, workspaceReducer } from './workspace-model';

function two(): WorkspaceState {
  const one = singleWorkspace(newPane({ symbol: 'XAUUSD', timeframe: '1h' }));
  return workspaceReducer(one, { type: 'count', count: 2 });
}

describe('workspace model', () => {
  it('opens new charts of a larger layout on the active chart, and a smaller layout keeps the first ones', () => {
    const state = two();
    expect(state.count).toBe(2);
    expect(state.panes.map((p) => [p.symbol, p.timeframe, p.chartId])).toEqual([
      ['XAUUSD', '1h', null],
      ['XAUUSD', '1h', null],
    ]);
    const eight = workspaceReducer({ ...state, active: 1 }, { type: 'count', count: 8 });
    expect(eight.panes).toHaveLength(8);
    expect(eight.active).toBe(1);
    const stacked = workspaceReducer(state, { type: 'count', count: 2, direction: 'vertical' });
    expect(stacked.direction).toBe('vertical');
    expect(stacked.panes.map((p) => p.id)).toEqual(state.panes.map((p) => p.id));
    const back = workspaceReducer(eight, { type: 'count', count: 1 });
    expect(back.panes).toEqual([eight.panes[0]]);
    expect(back.active).toBe(0);
  });

  it('adds a chart by moving to the next layout, and closing one moves back down', () => {
    const added = workspaceReducer(two(), { type: 'add' });
    expect(added.count).toBe(4);
    expect(added.active).toBe(2);
    const ids = added.panes.map((p) => p.id);
    const closed = workspaceReducer(added, { type: 'close', index: 0 });
    expect(closed.count).toBe(2);
    expect(closed.panes.map((p) => p.id)).toEqual([ids[1], ids[2]]);
    // The active chart stays active where it is kept.
    expect(closed.panes[closed.active]!.id).toBe(ids[2]);
    expect(workspaceReducer(singleWorkspace(newPane()), { type: 'close', index: 0 }).panes).toHaveLength(1);
    expect(countFor(7)).toBe(4);
    expect(countFor(3)).toBe(2);
  });

  it('syncs the symbol and the interval across charts only while those syncs are on', () => {
    let state = two();
    const [a, b] = state.panes;
    state = workspaceReducer(state, { type: 'patch', id: b!.id, patch: { symbol: 'BTCUSD', timeframe: '4h' } });
    expect(state.panes.map((p) => p.symbol)).toEqual(['XAUUSD', 'BTCUSD']);

    state = workspaceReducer({ ...state, active: 1 }, { type: 'sync', flag: 'symbol', on: true });
    // Turning it on brings every chart to the active chart's symbol.
    expect(state.panes.map((p) => p.symbol)).toEqual(['BTCUSD', 'BTCUSD']);
    state = workspaceReducer(state, { type: 'patch', id: a!.id, patch: { symbol: 'EURUSD', timeframe: '1D' } });
    expect(state.panes.map((p) => p.symbol)).toEqual(['EURUSD', 'EURUSD']);
    expect(state.panes.map((p) => p.timeframe)).toEqual(['1D', '4h']);

    state = workspaceReducer(state, { type: 'sync', flag: 'interval', on: true });
    state = workspaceReducer(state, { type: 'patch', id: a!.id, patch: { timeframe: '5m' } });
    expect(state.panes.map((p) => p.timeframe)).toEqual(['5m', '5m']);
    expect(state.sync).toEqual({ symbol: true, interval: true, crosshair: false, time: false });
  });

  it('lays out 2 charts side by side or stacked, 4 in a square and 8 in two rows', () => {
    expect(gridOf(2, 'horizontal')).toEqual({ columns: 2, rows: 1 });
    expect(gridOf(2, 'vertical')).toEqual({ columns: 1, rows: 2 });
    expect(gridOf(4, 'horizontal')).toEqual({ columns: 2, rows: 2 });
    expect(gridOf(8, 'horizontal')).toEqual({ columns: 4, rows: 2 });
  });
});
