import { describe, expect, it } from 'vitest';
import {
  type ApproachesState,
  approachCount,
  approachesReducer,
  emptyApproaches,
  groupByStatus,
  selectedApproach,
} from './approaches-state';

type A = { id: string; status: 'entry' | 'management' | 'exit'; name: string };
const a1: A = { id: 'a1', status: 'entry', name: 'Breakout' };
const a2: A = { id: 'a2', status: 'entry', name: 'Pullback' };
const a3: A = { id: 'a3', status: 'management', name: 'Trail' };
const a4: A = { id: 'a4', status: 'exit', name: 'Target' };

const loaded = (list: A[], selectedId: string | null = null): ApproachesState<A> =>
  approachesReducer({ ...emptyApproaches<A>(), selectedId }, { type: 'loaded', approaches: list });

const ids = (s: ApproachesState<A>) => ({
  entry: s.groups.entry.map((a) => a.id),
  management: s.groups.management.map((a) => a.id),
  exit: s.groups.exit.map((a) => a.id),
});

describe('approaches grouped by status (spec section 4)', () => {
  it('groups a loaded list by status, each group in the order given', () => {
    expect(groupByStatus([a4, a1, a3, a2]).entry.map((a) => a.id)).toEqual(['a1', 'a2']);
    expect(ids(loaded([a4, a1, a3, a2]))).toEqual({ entry: ['a1', 'a2'], management: ['a3'], exit: ['a4'] });
  });

  it('a reload keeps the selection while the approach is there, and drops it when it is gone', () => {
    expect(loaded([a1, a3], 'a3').selectedId).toBe('a3');
    expect(loaded([a1], 'a3').selectedId).toBeNull();
  });

  it('adding puts the approach at the end of its own group only', () => {
    const s = approachesReducer(loaded([a1, a3]), { type: 'added', approach: a4 });
    expect(ids(s)).toEqual({ entry: ['a1'], management: ['a3'], exit: ['a4'] });
    const t = approachesReducer(s, { type: 'added', approach: a2 });
    expect(ids(t)).toEqual({ entry: ['a1', 'a2'], management: ['a3'], exit: ['a4'] });
    // Adding one that is already there (a repeated answer) does not list it twice.
    expect(ids(approachesReducer(t, { type: 'added', approach: a2 })).entry).toEqual(['a1', 'a2']);
  });

  it('updating replaces the approach in place when its status is the same', () => {
    const renamed = { ...a1, name: 'Range breakout' };
    const s = approachesReducer(loaded([a1, a2]), { type: 'updated', approach: renamed });
    expect(ids(s).entry).toEqual(['a1', 'a2']);
    expect(s.groups.entry[0]).toBe(renamed);
  });

  it('updating with a new status moves the approach to its new group, keeping the selection', () => {
    const s = approachesReducer(loaded([a1, a2, a3], 'a1'), { type: 'updated', approach: { ...a1, status: 'exit' } });
    expect(ids(s)).toEqual({ entry: ['a2'], management: ['a3'], exit: ['a1'] });
    expect(s.selectedId).toBe('a1');
    expect(selectedApproach(s)?.status).toBe('exit');
  });

  it('deleting removes the approach and clears the selection if it was selected', () => {
    const s = approachesReducer(loaded([a1, a2, a3], 'a2'), { type: 'removed', id: 'a2' });
    expect(ids(s)).toEqual({ entry: ['a1'], management: ['a3'], exit: [] });
    expect(s.selectedId).toBeNull();
    expect(selectedApproach(s)).toBeNull();
  });

  it('deleting another approach keeps the selection', () => {
    const s = approachesReducer(loaded([a1, a2, a3], 'a3'), { type: 'removed', id: 'a1' });
    expect(s.selectedId).toBe('a3');
    expect(selectedApproach(s)).toBe(a3);
    expect(approachCount(s)).toBe(2);
  });

  it('selecting picks the approach, and a selection of an unknown id selects nothing', () => {
    const s = approachesReducer(loaded([a1, a3]), { type: 'selected', id: 'a3' });
    expect(selectedApproach(s)).toBe(a3);
    expect(selectedApproach(approachesReducer(s, { type: 'selected', id: 'nope' }))).toBeNull();
  });
});

describe('the cached approach list follows the same rules (applyApproachChange)', () => {
  it('adds, moves and removes by status, the list ordered entry, management, exit', async () => {
    const { applyApproachChange } = await import('./strategies-api');
    type Full = Parameters<typeof applyApproachChange>[0][number];
    const full = (a: A) => a as unknown as Full;
    const list = [full(a4), full(a1), full(a3)];
    const added = applyApproachChange(list, { type: 'added', approach: full(a2) });
    expect(added.map((a) => a.id)).toEqual(['a1', 'a2', 'a3', 'a4']);
    const moved = applyApproachChange(added, { type: 'updated', approach: full({ ...a4, status: 'entry' }) });
    expect(moved.map((a) => `${a.id}:${a.status}`)).toEqual(['a1:entry', 'a2:entry', 'a4:entry', 'a3:management']);
    expect(applyApproachChange(moved, { type: 'removed', id: 'a2' }).map((a) => a.id)).toEqual(['a1', 'a4', 'a3']);
  });
});
