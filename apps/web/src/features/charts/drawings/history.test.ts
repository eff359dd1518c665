import { describe, expect, it } from 'vitest';
import {
  canRedo,
  canUndo,
  commit,
  createHistory,
  diffDrawings,
  HISTORY_LIMIT,
  isEmptyDiff,
  redo,
  replacePresent,
  undo,
} from './history';
import type { ChartDrawing } from './model';

const line = (id: string, price = 1): ChartDrawing => ({
  id,
  tool: 'trend_line',
  points: [
    { time: 0, price },
    { time: 60, price: price + 1 },
  ],
  style: {},
  locked: false,
  hidden: false,
});

describe('drawings history', () => {
  it('undoes and redoes in order', () => {
    const a = [line('a')];
    const ab = [...a, line('b')];
    let h = commit(commit(createHistory(), a), ab);
    expect(h.present).toBe(ab);
    h = undo(h);
    expect(h.present).toBe(a);
    h = undo(h);
    expect(h.present).toEqual([]);
    expect(canUndo(h)).toBe(false);
    h = redo(h);
    expect(h.present).toBe(a);
    h = redo(h);
    expect(h.present).toBe(ab);
    expect(canRedo(h)).toBe(false);
  });

  it('forgets what could be redone after a new change', () => {
    let h = commit(createHistory(), [line('a')]);
    h = undo(h);
    expect(canRedo(h)).toBe(true);
    h = commit(h, [line('c')]);
    expect(canRedo(h)).toBe(false);
    expect(undo(h).present).toEqual([]);
  });

  it('undo and redo on an empty history change nothing', () => {
    const h = createHistory();
    expect(undo(h)).toBe(h);
    expect(redo(h)).toBe(h);
  });

  it('keeps at most HISTORY_LIMIT steps', () => {
    let h = createHistory();
    for (let i = 0; i < HISTORY_LIMIT + 20; i++) h = commit(h, [line(`d${i}`)]);
    expect(h.past).toHaveLength(HISTORY_LIMIT);
  });

  it('replacing the present (a load, a drag in progress) is not a step', () => {
    const h = replacePresent(createHistory(), [line('a')]);
    expect(canUndo(h)).toBe(false);
    expect(h.present).toHaveLength(1);
  });
});

describe('diffDrawings', () => {
  it('finds created, updated and deleted drawings', () => {
    const a = line('a');
    const b = line('b');
    const diff = diffDrawings([a, b], [a, { ...b, locked: true }, line('c')]);
    expect(diff.created.map((d) => d.id)).toEqual(['c']);
    expect(diff.updated.map((d) => d.id)).toEqual(['b']);
    expect(diff.deleted).toEqual([]);
    expect(diffDrawings([a, b], [b]).deleted).toEqual(['a']);
  });

  it('a copy with the same content is no change', () => {
    const a = line('a');
    expect(isEmptyDiff(diffDrawings([a], [{ ...a }]))).toBe(true);
  });
});
