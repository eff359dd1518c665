import { z } from 'zod';

/** What a user changes about a table's columns, saved per user with the table's `persistKey`. */
export type ColumnState = {
  /** Every column id, in display order. */
  order: string[];
  /** Ids of hidden columns. */
  hidden: string[];
  /** Widths in pixels of columns the user resized. */
  widths: Record<string, number>;
  /** Sort order, first key first. */
  sort: Array<{ id: string; desc: boolean }>;
};

export const COLUMN_STATE_VERSION = 1;
export const MIN_COLUMN_WIDTH = 48;
export const MAX_COLUMN_WIDTH = 1200;

const id = z.string().min(1).max(64);
export const columnStateSchema = z.object({
  order: z.array(id).max(200),
  hidden: z.array(id).max(200),
  widths: z.record(id, z.number().min(MIN_COLUMN_WIDTH).max(MAX_COLUMN_WIDTH)),
  sort: z.array(z.object({ id, desc: z.boolean() })).max(10),
});

export function parseColumnState(state: unknown): ColumnState | null {
  const parsed = columnStateSchema.safeParse(state);
  return parsed.success ? parsed.data : null;
}

type ColumnInfo = { id: string; hideable: boolean; sortable: boolean };

/**
 * A saved state made to fit the table's columns as they are now: ids of columns that no longer exist are
 * dropped, new columns appear at their place in the default order, and at least one column stays visible.
 */
export function reconcileColumnState(saved: ColumnState, columns: readonly ColumnInfo[]): ColumnState {
  const known = new Map(columns.map((c) => [c.id, c]));
  const order = saved.order.filter((columnId, i) => known.has(columnId) && saved.order.indexOf(columnId) === i);
  columns.forEach((column, defaultIndex) => {
    if (order.includes(column.id)) return;
    // After the nearest column that precedes it in the default order.
    const before = columns.slice(0, defaultIndex).map((c) => c.id);
    const anchor = Math.max(-1, ...before.map((b) => order.indexOf(b)));
    order.splice(anchor + 1, 0, column.id);
  });
  let hidden = saved.hidden.filter((columnId) => known.get(columnId)?.hideable);
  if (hidden.length >= order.length) hidden = [];
  const widths = Object.fromEntries(Object.entries(saved.widths).filter(([columnId]) => known.has(columnId)));
  const sort = saved.sort.filter((s) => known.get(s.id)?.sortable);
  return { order, hidden, widths, sort };
}

/** The table's own defaults: its column order, nothing hidden or resized, its initial sort. */
export function defaultColumnState(columns: readonly ColumnInfo[], sort: ColumnState['sort'] = []): ColumnState {
  return { order: columns.map((c) => c.id), hidden: [], widths: {}, sort };
}

/** Moves a column one place earlier (-1) or later (+1) in the order. */
export function moveColumn(order: readonly string[], columnId: string, by: -1 | 1): string[] {
  const from = order.indexOf(columnId);
  const to = from + by;
  if (from < 0 || to < 0 || to >= order.length) return [...order];
  const next = [...order];
  next.splice(from, 1);
  next.splice(to, 0, columnId);
  return next;
}
