import type { ChartDrawing } from './model';

/** Undo history of the chart's drawings: each entry is the whole list at one moment. */
export type DrawingsHistory = {
  past: readonly (readonly ChartDrawing[])[];
  present: readonly ChartDrawing[];
  future: readonly (readonly ChartDrawing[])[];
};

/** Steps kept for undo; older ones are forgotten. */
export const HISTORY_LIMIT = 100;

export function createHistory(present: readonly ChartDrawing[] = []): DrawingsHistory {
  return { past: [], present, future: [] };
}

/** A change made by the user: undoable, and it clears what could be redone. */
export function commit(history: DrawingsHistory, next: readonly ChartDrawing[]): DrawingsHistory {
  if (next === history.present) return history;
  const past = [...history.past, history.present];
  return { past: past.slice(Math.max(0, past.length - HISTORY_LIMIT)), present: next, future: [] };
}

/** Replaces the present without an undo step (drawings loaded from the server, a drag still in progress). */
export function replacePresent(history: DrawingsHistory, next: readonly ChartDrawing[]): DrawingsHistory {
  return { ...history, present: next };
}

export function undo(history: DrawingsHistory): DrawingsHistory {
  const previous = history.past[history.past.length - 1];
  if (!previous) return history;
  return { past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future] };
}

export function redo(history: DrawingsHistory): DrawingsHistory {
  const [next, ...rest] = history.future;
  if (!next) return history;
  return { past: [...history.past, history.present], present: next, future: rest };
}

export const canUndo = (h: DrawingsHistory) => h.past.length > 0;
export const canRedo = (h: DrawingsHistory) => h.future.length > 0;

/** What the server must be told to go from one list of drawings to another. */
export type DrawingsDiff = { created: ChartDrawing[]; updated: ChartDrawing[]; deleted: string[] };

/**
 * The difference between two lists by id. Drawings are replaced, never mutated, so an unchanged drawing is the
 * same object and costs one comparison.
 */
export function diffDrawings(before: readonly ChartDrawing[], after: readonly ChartDrawing[]): DrawingsDiff {
  const old = new Map(before.map((d) => [d.id, d]));
  const created: ChartDrawing[] = [];
  const updated: ChartDrawing[] = [];
  for (const d of after) {
    const prev = old.get(d.id);
    if (!prev) created.push(d);
    else if (prev !== d && JSON.stringify(prev) !== JSON.stringify(d)) updated.push(d);
    old.delete(d.id);
  }
  return { created, updated, deleted: [...old.keys()] };
}

export function isEmptyDiff(diff: DrawingsDiff): boolean {
  return diff.created.length === 0 && diff.updated.length === 0 && diff.deleted.length === 0;
}
