import { describe, expect, it } from 'vitest';
import { defaultColumnState, moveColumn, parseColumnState, reconcileColumnState } from './column-state';

const columns = ['symbol', 'side', 'volume', 'pnl'].map((id) => ({ id, hideable: id !== 'symbol', sortable: true }));

describe('column state', () => {
  it('defaults to the columns in their order, nothing hidden or resized', () => {
    expect(defaultColumnState(columns, [{ id: 'pnl', desc: true }])).toEqual({
      order: ['symbol', 'side', 'volume', 'pnl'],
      hidden: [],
      widths: {},
      sort: [{ id: 'pnl', desc: true }],
    });
  });

  it('fits a saved state to the columns of today: gone ones dropped, new ones at their default place', () => {
    const saved = {
      order: ['pnl', 'removed', 'symbol', 'volume'],
      hidden: ['removed', 'volume'],
      widths: { removed: 300, pnl: 140 },
      sort: [{ id: 'removed', desc: false }],
    };
    expect(reconcileColumnState(saved, columns)).toEqual({
      order: ['pnl', 'symbol', 'side', 'volume'],
      hidden: ['volume'],
      widths: { pnl: 140 },
      sort: [],
    });
  });

  it('keeps a column that may not be hidden visible, and never hides them all', () => {
    const all = { order: [], hidden: ['symbol', 'side', 'volume', 'pnl'], widths: {}, sort: [] };
    expect(reconcileColumnState(all, columns).hidden).toEqual(['side', 'volume', 'pnl']);
    const onlyHideable = columns.map((c) => ({ ...c, hideable: true }));
    expect(reconcileColumnState(all, onlyHideable).hidden).toEqual([]);
  });

  it('moves a column one place either way, not past the ends', () => {
    expect(moveColumn(['a', 'b', 'c'], 'b', 1)).toEqual(['a', 'c', 'b']);
    expect(moveColumn(['a', 'b', 'c'], 'b', -1)).toEqual(['b', 'a', 'c']);
    expect(moveColumn(['a', 'b', 'c'], 'a', -1)).toEqual(['a', 'b', 'c']);
  });

  it.each([
    ['a string', 'columns'],
    ['a missing field', { order: [], hidden: [], widths: {} }],
    ['a width below the minimum', { order: [], hidden: [], widths: { a: 2 }, sort: [] }],
    ['a sort without direction', { order: [], hidden: [], widths: {}, sort: [{ id: 'a' }] }],
  ])('refuses a corrupt saved state: %s', (_name, state) => {
    expect(parseColumnState(state)).toBeNull();
  });
});
